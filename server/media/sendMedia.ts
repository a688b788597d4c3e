import type { FastifyReply, FastifyRequest } from "fastify";
import { notFound } from "../errors";
import { MEDIA_NOT_FOUND, type MediaRow } from "../services/mediaService";
import type { MediaStorage } from "../storage/storage";
import { parseByteRange } from "./byteRange";

const TEXTUAL = /^(text\/|application\/json$|model\/gltf\+json$)/;
const INLINE = /^(image|video|audio|model)\//;

/**
 * Streams a stored file with headers that keep it inert: the stored (sniffed) type, nosniff, a sandbox CSP
 * in case it is opened directly, and a download name we make. Byte ranges for video and audio seeking.
 */
export async function sendMedia(
  request: FastifyRequest,
  reply: FastifyReply,
  row: MediaRow,
  storage: MediaStorage,
  /** Overrides the default disposition (downloads ask for an attachment under a chosen name). */
  disposition?: string,
) {
  const range = parseByteRange(request.headers.range, row.size);
  if (range === "unsatisfiable") {
    return reply
      .code(416)
      .header("Content-Range", `bytes */${row.size}`)
      .send({ error: "Requested range not satisfiable", code: "bad_request" });
  }
  const headOnly = request.method === "HEAD"; // the spec's access test: no need to open the file
  const object = headOnly ? null : await storage.get(row.key, range ?? undefined);
  if (!headOnly && !object) {
    request.log.warn({ mediaId: row.id, key: row.key }, "media row without a stored object");
    throw notFound(MEDIA_NOT_FOUND);
  }
  const ext = row.key.slice(row.key.lastIndexOf(".") + 1);
  reply
    .header("Content-Type", TEXTUAL.test(row.contentType) ? `${row.contentType}; charset=utf-8` : row.contentType)
    .header("X-Content-Type-Options", "nosniff")
    .header("Content-Security-Policy", "sandbox; default-src 'none'")
    .header("Cache-Control", "private, max-age=31536000, immutable")
    .header(
      "Content-Disposition",
      disposition ?? `${INLINE.test(row.contentType) ? "inline" : "attachment"}; filename="reelgraph-${row.id}.${ext}"`,
    )
    .header("Accept-Ranges", "bytes");
  if (range) reply.code(206).header("Content-Range", `bytes ${range.start}-${range.end}/${row.size}`);
  reply.header("Content-Length", range ? range.end - range.start + 1 : row.size);
  // HEAD: send() without a payload keeps our Content-Length.
  return object ? reply.send(object.body) : reply.send();
}
