/** The library of reusable blocks (issue 34, 3): routes over libraryService.ts. */
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { blockIdSchema, saveBlockSchema } from "../../domain/library/api";
import { projectIdSchema } from "../../domain/projects";
import { requireUser } from "../auth/session";
import { parse } from "../validation";
import { deleteBlock, listBlocks, prepareBlock, saveBlock, type LibraryDeps } from "./libraryService";

const blockParams = z.object({ blockId: blockIdSchema });
const prepareParams = z.object({ id: projectIdSchema, blockId: blockIdSchema });

export function registerLibraryRoutes(app: FastifyInstance, deps: LibraryDeps) {
  app.get("/api/library/blocks", async (request) => ({ blocks: await listBlocks(deps.db, requireUser(request).id) }));

  app.post("/api/library/blocks", async (request, reply) => {
    const caller = requireUser(request);
    const block = await saveBlock(deps, caller.id, parse(saveBlockSchema, request.body ?? {}));
    return reply.code(201).send(block);
  });

  app.delete("/api/library/blocks/:blockId", async (request, reply) => {
    const caller = requireUser(request);
    const { blockId } = parse(blockParams, request.params);
    await deleteBlock(deps.db, caller.id, blockId);
    return reply.code(204).send();
  });

  app.post("/api/projects/:id/library/:blockId/prepare", async (request) => {
    const caller = requireUser(request);
    const { id, blockId } = parse(prepareParams, request.params);
    return prepareBlock(deps, caller.id, id, { id: blockId });
  });
}
