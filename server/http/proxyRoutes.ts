import type { FastifyInstance, FastifyReply } from "fastify";
import { z } from "zod";
import { requireUser } from "../auth/session";
import type { Db } from "../db/client";
import { sendMedia } from "../media/sendMedia";
import { SAFE_FETCH_ERROR_CODES, SafeFetchError, safeFetch } from "../net/safeFetch";
import { mediaForCaller } from "../services/mediaService";
import type { MediaStorage } from "../storage/storage";
import { relayedError, unsupportedMediaType, upstreamFailed } from "../errors";
import { parse } from "../validation";

const downloadQuery = z.object({
  url: z.string({ error: "url is required" }).min(1, "url is required").max(4000),
  filename: z.string().max(200).optional(),
});
const proxyQuery = z.object({ url: z.string({ error: "url is required" }).min(1, "url is required").max(4000) });

/** The studio's own media: `/api/media/{id}`, relative or on this host. */
function studioMediaId(url: string, host: string | undefined): string | null {
  try {
    const parsed = new URL(url, "http://studio.invalid");
    const own = parsed.host === "studio.invalid" || (host !== undefined && parsed.host === host);
    return own ? (/^\/api\/media\/([0-9a-f-]{36})$/i.exec(parsed.pathname)?.[1] ?? null) : null;
  } catch {
    return null;
  }
}

/** 'reelgraph-{name}.{ext}', reduced to characters safe in a header and a file system. */
export function safeDownloadName(requested: string | undefined, fallbackExt: string): string {
  const cleaned = (requested ?? "")
    .normalize("NFKD")
    .replace(/[^\w.-]+/g, "-")
    .replace(/^[-.]+|[-.]+$/g, "")
    .slice(0, 120);
  const withPrefix = cleaned.startsWith("reelgraph-") ? cleaned : `reelgraph-${cleaned || "download"}`;
  return /\.[a-z0-9]{1,5}$/i.test(withPrefix) ? withPrefix : `${withPrefix}.${fallbackExt}`;
}

const EXT_BY_TYPE: Record<string, string> = {
  "image/png": "png",
  "image/jpeg": "jpg",
  "image/webp": "webp",
  "image/gif": "gif",
  "video/mp4": "mp4",
  "video/webm": "webm",
  "video/quicktime": "mov",
  "audio/mpeg": "mp3",
  "audio/wav": "wav",
  "audio/x-wav": "wav",
  "audio/ogg": "ogg",
  "model/gltf-binary": "glb",
  "model/gltf+json": "gltf",
  "text/plain": "txt",
};

/** Fetches a foreign URL through the SSRF rules; refusals become the matching HTTP answer. */
async function fetchForeign(url: string) {
  try {
    return await safeFetch(url);
  } catch (err) {
    if (err instanceof SafeFetchError) throw relayedError(err.status, SAFE_FETCH_ERROR_CODES[err.status], err.message);
    throw err;
  }
}

function sendInert(reply: FastifyReply, body: Buffer, contentType: string, disposition: string) {
  return reply
    .header("Content-Type", contentType)
    .header("X-Content-Type-Options", "nosniff")
    .header("Content-Security-Policy", "sandbox; default-src 'none'")
    .header("Cache-Control", "private, no-store")
    .header("Content-Disposition", disposition)
    .send(body);
}

/**
 * GET /api/download and GET /api/3d-proxy (spec: canvas 7): the studio's own media straight from storage
 * (with the caller's permission); anything else only over http(s) through safeFetch, which refuses
 * internal addresses, re-checks redirects, and caps time and size. No cookies are forwarded.
 */
export function registerProxyRoutes(app: FastifyInstance, db: Db, storage: MediaStorage) {
  app.get("/api/download", async (request, reply) => {
    const caller = requireUser(request);
    const { url, filename } = parse(downloadQuery, request.query);
    const own = studioMediaId(url, request.headers.host);
    if (own) {
      const row = await mediaForCaller(db, caller.id, own);
      const ext = row.key.slice(row.key.lastIndexOf(".") + 1);
      return sendMedia(request, reply, row, storage, `attachment; filename="${safeDownloadName(filename, ext)}"`);
    }
    const res = await fetchForeign(url);
    if (res.status >= 400) throw upstreamFailed(`The file could not be fetched (${res.status})`);
    const type = res.contentType.split(";")[0]!.trim().toLowerCase() || "application/octet-stream";
    // Foreign bytes are never rendered by us: always an attachment, with a type we do not let the browser guess.
    return sendInert(reply, res.body, type, `attachment; filename="${safeDownloadName(filename, EXT_BY_TYPE[type] ?? "bin")}"`);
  });

  app.get("/api/3d-proxy", async (request, reply) => {
    const caller = requireUser(request);
    const { url } = parse(proxyQuery, request.query);
    const own = studioMediaId(url, request.headers.host);
    if (own) return sendMedia(request, reply, await mediaForCaller(db, caller.id, own), storage);
    const res = await fetchForeign(url);
    if (res.status >= 400) throw upstreamFailed("Failed to load 3D model");
    const gltfJson = url.split(/[?#]/)[0]!.toLowerCase().endsWith(".gltf");
    const isGlb = res.body.subarray(0, 4).toString("latin1") === "glTF";
    if (!isGlb && !gltfJson) throw unsupportedMediaType("Failed to load 3D model. Please check the file format and try again.");
    return sendInert(reply, res.body, isGlb ? "model/gltf-binary" : "model/gltf+json", "inline");
  });
}
