import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { SHOT_LIST_MESSAGES } from "../../domain/shotlists/messages";
import { linkShotNodesSchema } from "../../domain/shotlists/schema";
import { requireUser } from "../auth/session";
import type { Db } from "../db/client";
import { parse } from "../validation";
import { authorizeProject } from "../policies/projectPolicy";
import { findShotList } from "../shotlists/shotListService";
import { linkShotNodes } from "./shotNodes";

const listParams = z.object({ id: z.uuid({ error: SHOT_LIST_MESSAGES.notFound }) });

/** Storyboard lanes: the canvas applies the lane, then tells the list which node is whose. */
export function registerStoryboardRoutes(app: FastifyInstance, db: Db) {
  app.put("/api/shot-lists/:id/shot-nodes", async (request) => {
    const caller = requireUser(request);
    const { id } = parse(listParams, request.params);
    const { links } = parse(linkShotNodesSchema, request.body ?? {});
    const list = await findShotList(db, id);
    await authorizeProject(db, caller.id, list.projectId, "edit");
    return { linked: await linkShotNodes(db, id, links) };
  });
}
