import { collaborationMessages } from "../../domain/realtime";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { projectIdSchema } from "../../domain/projects";
import { createScriptSchema, renameScriptSchema, updateScriptSchema } from "../../domain/scripts";
import { requireUser } from "../auth/session";
import type { Db } from "../db/client";
import { authorizeProject } from "../policies/projectPolicy";
import type { RealtimeHub } from "../realtime/hub";
import { createScript, deleteScript, findScript, listScripts, renameScript, updateScript } from "../services/scriptService";
import { parse } from "../validation";

const projectParams = z.object({ id: projectIdSchema });
const scriptParams = z.object({ id: z.uuid({ error: "Script not found" }) });

export function registerScriptRoutes(app: FastifyInstance, db: Db, hub: RealtimeHub) {
  app.get("/api/projects/:id/scripts", async (request) => {
    const caller = requireUser(request);
    const { id } = parse(projectParams, request.params);
    await authorizeProject(db, caller.id, id, "view");
    return { scripts: await listScripts(db, id) };
  });

  app.post("/api/projects/:id/scripts", async (request, reply) => {
    const caller = requireUser(request);
    const { id } = parse(projectParams, request.params);
    const input = parse(createScriptSchema, request.body ?? {});
    await authorizeProject(db, caller.id, id, "edit");
    reply.status(201);
    return createScript(db, { projectId: id, name: input.name, fileType: input.fileType, userId: caller.id });
  });

  app.get("/api/scripts/:id", async (request) => {
    const caller = requireUser(request);
    const { id } = parse(scriptParams, request.params);
    const script = await findScript(db, id);
    const permission = await authorizeProject(db, caller.id, script.projectId, "view");
    return { ...script, permission };
  });

  app.put("/api/scripts/:id", async (request) => {
    const caller = requireUser(request);
    const { id } = parse(scriptParams, request.params);
    const change = parse(updateScriptSchema, request.body ?? {});
    const script = await findScript(db, id);
    await authorizeProject(db, caller.id, script.projectId, "edit");
    const saved = await updateScript(db, id, caller.id, change);
    const clientId = typeof request.headers["x-client-id"] === "string" ? request.headers["x-client-id"] : undefined;
    await hub.publish(
      script.projectId,
      collaborationMessages.script({ clientId, scriptId: id, version: saved.version, lastEditedBy: caller.id }),
    );
    return saved;
  });

  app.patch("/api/scripts/:id", async (request) => {
    const caller = requireUser(request);
    const { id } = parse(scriptParams, request.params);
    const { name } = parse(renameScriptSchema, request.body ?? {});
    const script = await findScript(db, id);
    await authorizeProject(db, caller.id, script.projectId, "edit");
    return renameScript(db, id, name);
  });

  app.delete("/api/scripts/:id", async (request) => {
    const caller = requireUser(request);
    const { id } = parse(scriptParams, request.params);
    const script = await findScript(db, id);
    await authorizeProject(db, caller.id, script.projectId, "edit");
    await deleteScript(db, id);
    return { success: true };
  });
}
