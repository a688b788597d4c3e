import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { changesFromAutosave, changesFromStructure } from "../../domain/canvas/changeWire";
import { autosaveRequestSchema, structureRequestSchema } from "../../domain/canvas/node";
import { projectIdSchema } from "../../domain/projects";
import { requireUser } from "../auth/session";
import type { Db } from "../db/client";
import { authorizeProject } from "../policies/projectPolicy";
import type { RealtimeHub } from "../realtime/hub";
import { applyChanges, loadCanvas } from "../services/canvasService";
import { parse } from "./errors";

const projectQuery = z.object({ projectId: projectIdSchema });
const projectParams = z.object({ id: projectIdSchema });

export function registerCanvasRoutes(app: FastifyInstance, db: Db, hub: RealtimeHub) {
  /** The project's nodes (spec: canvas 7), with its edges and viewport. */
  app.get("/api/projects/nodes", async (request) => {
    const caller = requireUser(request);
    const { projectId } = parse(projectQuery, request.query);
    await authorizeProject(db, caller.id, projectId, "view");
    return loadCanvas(db, projectId);
  });

  /** Node data writes under the revision rule; answers the writes that did not land as conflicts. */
  app.post("/api/workflows/autosave", async (request) => {
    const caller = requireUser(request);
    const body = parse(autosaveRequestSchema, request.body ?? {});
    const origin = { source: "user" as const, actor: { userId: caller.id }, clientId: body.clientId };
    const { conflicts } = await applyChanges(db, hub, body.projectId, changesFromAutosave(body.updates), origin);
    return { success: true, conflicts };
  });

  /** Positions, new and deleted nodes, edges and viewport. */
  app.post("/api/projects/:id/structure", async (request) => {
    const caller = requireUser(request);
    const { id } = parse(projectParams, request.params);
    const body = parse(structureRequestSchema, request.body ?? {});
    const origin = { source: "user" as const, actor: { userId: caller.id }, clientId: body.clientId };
    const { applied } = await applyChanges(db, hub, id, changesFromStructure(body), origin);
    return { success: true, edgesAdded: applied.flatMap((c) => (c.type === "edge-added" ? [c.edge.id] : [])) };
  });
}
