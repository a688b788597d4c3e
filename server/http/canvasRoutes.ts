import type { FastifyInstance } from "fastify";
import websocket from "@fastify/websocket";
import { z } from "zod";
import { autosaveRequestSchema, structureRequestSchema } from "../../domain/canvas/node";
import { projectIdSchema } from "../../domain/projects";
import { requireUser } from "../auth/session";
import type { Db } from "../db/client";
import { authorizeProject } from "../policies/projectPolicy";
import type { RealtimeHub } from "../realtime/hub";
import { applyNodeUpdates, applyStructure, loadCanvas } from "../services/canvasService";
import { parse } from "./errors";

const projectQuery = z.object({ projectId: projectIdSchema });
const projectParams = z.object({ id: projectIdSchema });

export async function registerCanvasRoutes(app: FastifyInstance, db: Db, hub: RealtimeHub) {
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
    await authorizeProject(db, caller.id, body.projectId, "edit");
    const { applied, conflicts } = await applyNodeUpdates(db, body.projectId, body.updates);
    if (applied.length) await hub.publish(body.projectId, { type: "nodes", clientId: body.clientId, nodes: applied });
    return { success: true, conflicts };
  });

  /** Positions, new and deleted nodes, edges and viewport. */
  app.post("/api/projects/:id/structure", async (request) => {
    const caller = requireUser(request);
    const { id } = parse(projectParams, request.params);
    const change = parse(structureRequestSchema, request.body ?? {});
    await authorizeProject(db, caller.id, id, "edit");
    const applied = await applyStructure(db, id, change);
    if (applied.nodes.length || applied.restoredNodeIds.length || applied.deletedNodeIds.length || applied.edgesAdded.length || applied.edgesRemoved.length) {
      await hub.publish(id, {
        type: "structure",
        clientId: change.clientId,
        nodes: applied.nodes.map((n) => ({ id: n.id, type: n.type, position: n.position })),
        restoredNodeIds: applied.restoredNodeIds,
        deletedNodeIds: applied.deletedNodeIds,
        edgesAdded: applied.edgesAdded,
        edgesRemoved: applied.edgesRemoved,
      });
    }
    return { success: true, edgesAdded: applied.edgesAdded.map((e) => e.id) };
  });

  /** The project's live channel: node records and structure changes from other clients. */
  await app.register(websocket);
  app.get("/api/projects/:id/live", { websocket: true }, async (socket, request) => {
    try {
      const caller = requireUser(request);
      const { id } = parse(projectParams, request.params);
      await authorizeProject(db, caller.id, id, "view");
      const leave = hub.join(id, socket);
      socket.on("close", leave);
      socket.on("message", () => {
        /* clients only listen; pings keep proxies from closing idle sockets */
      });
      socket.send(JSON.stringify({ type: "ready" }));
    } catch (err) {
      const status = (err as { status?: number }).status ?? 500;
      socket.close(status === 401 ? 4401 : status === 403 ? 4403 : status === 404 ? 4404 : 1011, (err as Error).message.slice(0, 120));
    }
  });
}
