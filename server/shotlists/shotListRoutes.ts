import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import { projectIdSchema } from "../../domain/projects";
import { shotListCsvRows, toCsv } from "../../domain/shotlists/csv";
import { SHOT_LIST_MESSAGES } from "../../domain/shotlists/messages";
import { createShotListSchema, exportShotToCanvasSchema, shotListExportQuerySchema, updateShotListSchema } from "../../domain/shotlists/schema";
import { requireUser } from "../auth/session";
import type { Db } from "../db/client";
import { parse } from "../http/errors";
import { authorizeProject, permits } from "../policies/projectPolicy";
import type { RealtimeHub } from "../realtime/hub";
import type { MediaStorage } from "../storage/storage";
import { exportShotToCanvas } from "./exportToCanvas";
import { renderShotListPdf } from "./pdf/renderShotListPdf";
import { loadThumbnails } from "./pdf/thumbnails";
import { registerShotImageUpload } from "./shotImageUpload";
import { createShotList, deleteShotList, findShotList, listShotLists, updateShotList } from "./shotListService";

const projectParams = z.object({ id: projectIdSchema });
const listParams = z.object({ id: z.uuid({ error: SHOT_LIST_MESSAGES.notFound }) });

/** A file name safe for Content-Disposition: the list's name, ASCII-folded, with the studio's prefix. */
function downloadName(name: string, ext: string) {
  const base = name.normalize("NFKD").replace(/[^\w\- ]+/g, "").trim().replace(/\s+/g, "-").slice(0, 80) || "shot-list";
  return `reelgraph-${base}.${ext}`;
}

/** The studio's own address as the caller reached it, for absolute image links in the CSV. */
const origin = (request: FastifyRequest) => `${request.protocol}://${request.host}`;

/**
 * Shot lists (spec: shell 3, 4, 7; issue #6): list, create, read, save, delete, export as PDF or CSV,
 * shot images, and export of a shot to the project's canvas.
 * TODO(lead): POST /api/shot-list/generate-image `{shotId, prompt, shotListId?}` (generateShotImageSchema)
 * with the generation runner; the editor already calls it and shows its errors.
 */
export async function registerShotListRoutes(app: FastifyInstance, db: Db, hub: RealtimeHub, storage: MediaStorage) {
  app.get("/api/projects/:id/shot-lists", async (request) => {
    const caller = requireUser(request);
    const { id } = parse(projectParams, request.params);
    await authorizeProject(db, caller.id, id, "view");
    return { shotLists: await listShotLists(db, id) };
  });

  app.post("/api/projects/:id/shot-lists", async (request, reply) => {
    const caller = requireUser(request);
    const { id } = parse(projectParams, request.params);
    const input = parse(createShotListSchema, request.body ?? {});
    await authorizeProject(db, caller.id, id, "edit");
    reply.status(201);
    return createShotList(db, { projectId: id, name: input.name, shots: input.shots, userId: caller.id });
  });

  /** spec (shell 4 "Shot list load"): an old or empty document is made current, and saved if the caller may. */
  app.get("/api/shot-lists/:id", async (request) => {
    const caller = requireUser(request);
    const { id } = parse(listParams, request.params);
    const { normalized, ...list } = await findShotList(db, id);
    const permission = await authorizeProject(db, caller.id, list.projectId, "view");
    if (normalized && permits(permission, "edit")) return { ...(await updateShotList(db, id, { scenes: list.scenes })), permission };
    return { ...list, permission };
  });

  app.put("/api/shot-lists/:id", async (request) => {
    const caller = requireUser(request);
    const { id } = parse(listParams, request.params);
    const change = parse(updateShotListSchema, request.body ?? {});
    const list = await findShotList(db, id);
    await authorizeProject(db, caller.id, list.projectId, "edit");
    return updateShotList(db, id, change);
  });

  app.delete("/api/shot-lists/:id", async (request) => {
    const caller = requireUser(request);
    const { id } = parse(listParams, request.params);
    const list = await findShotList(db, id);
    await authorizeProject(db, caller.id, list.projectId, "edit");
    await deleteShotList(db, id);
    return { success: true };
  });

  app.get("/api/shot-lists/:id/export", async (request, reply) => {
    const caller = requireUser(request);
    const { id } = parse(listParams, request.params);
    const query = parse(shotListExportQuerySchema, request.query);
    const { normalized: _n, ...list } = await findShotList(db, id);
    await authorizeProject(db, caller.id, list.projectId, "view");
    reply.header("cache-control", "no-store");
    if (query.format === "csv") {
      const base = origin(request);
      const csv = toCsv(shotListCsvRows(list.scenes, (image) => (image.startsWith("/") ? base + image : image)));
      return reply
        .header("content-type", "text/csv; charset=utf-8")
        .header("content-disposition", `attachment; filename="${downloadName(list.name, "csv")}"`)
        .send(csv);
    }
    const thumbs = await loadThumbnails(db, storage, list.projectId, list.scenes);
    const pdf = await renderShotListPdf(list, query.layout, thumbs);
    const suffix = query.layout === "storyboard" ? "-storyboard" : "";
    return reply
      .header("content-type", "application/pdf")
      .header("content-disposition", `attachment; filename="${downloadName(list.name + suffix, "pdf")}"`)
      .send(pdf);
  });

  /** The server creates the shot's node on the project's canvas and announces it to open canvases. */
  app.post("/api/shot-list/export-to-canvas", async (request, reply) => {
    const caller = requireUser(request);
    const input = parse(exportShotToCanvasSchema, request.body ?? {});
    const { normalized: _n, ...list } = await findShotList(db, input.shotListId);
    await authorizeProject(db, caller.id, list.projectId, "edit");
    const node = await exportShotToCanvas(db, hub, list, input.shotId);
    reply.status(201);
    return { success: true, node };
  });

  await registerShotImageUpload(app, db, storage);
}
