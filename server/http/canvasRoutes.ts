import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { changesFromAutosave, changesFromStructure } from "../../domain/canvas/changeWire";
import {
  autosaveEnvelopeSchema,
  autosaveUpdateSchema,
  structureRequestSchema,
  type AutosaveRefusal,
  type AutosaveUpdate,
} from "../../domain/canvas/node";
import { projectIdSchema } from "../../domain/projects";
import { requireUser } from "../auth/session";
import type { Db } from "../db/client";
import { authorizeProject } from "../policies/projectPolicy";
import type { RealtimeHub } from "../realtime/hub";
import { applyChanges, loadCanvas } from "../services/canvasService";
import { parse, parseItems } from "../validation";

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

  /**
   * Node data writes under the revision rule; answers the writes that did not land as conflicts. Each
   * update is validated on its own: a bad one is answered in `refused` and the rest are written, so one
   * bad node cannot hold its batch-mates back.
   */
  app.post("/api/workflows/autosave", { config: { textRule: "per-item" } }, async (request) => {
    const caller = requireUser(request);
    const body = parse(autosaveEnvelopeSchema, request.body ?? {}, "updates");
    const valid: AutosaveUpdate[] = [];
    const refused: AutosaveRefusal[] = [];
    parseItems(autosaveUpdateSchema, body.updates).forEach((r, index) => {
      if (r.ok) valid.push(r.value);
      else refused.push({ index, nodeId: body.updates[index]!.nodeId, error: r.error, code: "bad_request" });
    });
    const origin = { source: "user" as const, actor: { userId: caller.id }, clientId: body.clientId };
    const { conflicts } = await applyChanges(db, hub, body.projectId, changesFromAutosave(valid), origin);
    return { success: true, conflicts, ...(refused.length ? { refused } : {}) };
  });

  /**
   * Positions, new and deleted nodes, edges and viewport, then the node data that came with them (new
   * nodes' first data), all in one transaction: answers the edges it added and the data writes that
   * conflicted, like autosave.
   */
  app.post("/api/projects/:id/structure", async (request) => {
    const caller = requireUser(request);
    const { id } = parse(projectParams, request.params);
    const body = parse(structureRequestSchema, request.body ?? {});
    const origin = { source: "user" as const, actor: { userId: caller.id }, clientId: body.clientId };
    const { applied, conflicts } = await applyChanges(
      db,
      hub,
      id,
      [...changesFromStructure(body), ...changesFromAutosave(body.updates)],
      origin,
    );
    return { success: true, edgesAdded: applied.flatMap((c) => (c.type === "edge-added" ? [c.edge.id] : [])), conflicts };
  });
}
