/**
 * GET /api/projects/:id/assets/:nodeId/download: a result of the Assets screen saved under
 * a name a film maker would file it by ("Rain Chase – Shot 2.png", domain/assets.ts), told to the browser
 * in Content-Disposition (RFC 6266, with filename* for names beyond ASCII). The stored file keeps its
 * generated name. A media node sends its file (from storage, with the same access rule as /api/media); a
 * text node its words as a .txt.
 */
import { create as createDisposition } from "content-disposition";
import { and, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { assetDownloadName } from "../../domain/assets";
import { detectContentType, mediaUrlOf, textOf } from "../../domain/canvas/contentType";
import type { NodeData } from "../../domain/canvas/node";
import { isStudioMediaUrl } from "../../domain/mediaUrl";
import { projectIdSchema } from "../../domain/projects";
import { requireUser } from "../auth/session";
import type { Db } from "../db/client";
import { nodes } from "../db/schema";
import { notFound } from "../errors";
import { sendMedia } from "../media/sendMedia";
import { authorizeProject } from "../policies/projectPolicy";
import { mediaForCaller } from "../services/mediaService";
import { getProject } from "../services/projectService";
import type { MediaStorage } from "../storage/storage";
import { parse } from "../validation";

const params = z.object({ id: projectIdSchema, nodeId: z.string().min(1, "Invalid node id").max(64, "Invalid node id") });
export const ASSET_NOT_FOUND = "Asset not found";

/**
 * An attachment under `name`: filename* carries it exactly (UTF-8), and the plain filename an ASCII
 * spelling for old clients ("Été – Plan" → "Ete - Plan") rather than the library's question marks.
 */
export function attachment(name: string): string {
  const ascii = name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[\u2013\u2014]/g, "-")
    .replace(/[^\x20-\x7e]/g, "_");
  return createDisposition(name, { fallback: ascii });
}

export function registerProjectAssetRoutes(app: FastifyInstance, db: Db, storage: MediaStorage) {
  app.get("/api/projects/:id/assets/:nodeId/download", async (request, reply) => {
    const caller = requireUser(request);
    const { id, nodeId } = parse(params, request.params);
    const permission = await authorizeProject(db, caller.id, id, "view");
    const [row] = await db
      .select({ data: nodes.data })
      .from(nodes)
      .where(and(eq(nodes.projectId, id), eq(nodes.id, nodeId), eq(nodes.deleted, false)));
    if (!row) throw notFound(ASSET_NOT_FOUND);
    const data = row.data as NodeData;
    const project = await getProject(db, id, permission);
    const text = detectContentType(data) === "text" ? textOf(data) : undefined;
    if (text) {
      return reply
        .header("Content-Type", "text/plain; charset=utf-8")
        .header("X-Content-Type-Options", "nosniff")
        .header("Content-Disposition", attachment(assetDownloadName(project.name, data.title, "txt")))
        .send(text);
    }
    const url = mediaUrlOf(data);
    if (!url || !isStudioMediaUrl(url)) throw notFound(ASSET_NOT_FOUND);
    const media = await mediaForCaller(db, caller.id, url.slice("/api/media/".length).replace(/\.[A-Za-z0-9]+$/, ""));
    const ext = media.key.includes(".") ? media.key.slice(media.key.lastIndexOf(".") + 1) : "";
    return sendMedia(request, reply, media, storage, attachment(assetDownloadName(project.name, data.title, ext)));
  });
}
