import sharp from "sharp";
import type { FastifyReply } from "fastify";
import { notFound } from "../errors";
import type { MediaRow } from "../services/mediaService";
import type { MediaStorage } from "../storage/storage";

/** The longest side of a thumbnail: the canvas's zoomed-out cards draw it at most ~40 px wide. */
export const THUMBNAIL_SIDE = 160;
export const NO_THUMBNAIL = "This media has no thumbnail";

const THUMBNAIL_TYPE = "image/webp";

/** Where a media file's thumbnail is kept, next to it: made once, then served from storage. */
export const thumbnailKey = (row: Pick<MediaRow, "key">) => `${row.key}.thumb${THUMBNAIL_SIDE}.webp`;

// Two cards asking for the same thumbnail at once share one rendition instead of racing two.
const inFlight = new Map<string, Promise<Buffer>>();

/**
 * A small WebP of an image (still images only: the first frame of a GIF), stored beside the original the
 * first time it is asked for. Other media (video, audio, models, text) have none: 404.
 */
export async function thumbnailOf(row: MediaRow, storage: MediaStorage): Promise<Buffer> {
  if (!row.contentType.startsWith("image/")) throw notFound(NO_THUMBNAIL);
  const key = thumbnailKey(row);
  const stored = await storage.get(key);
  if (stored) return readAll(stored.body);
  let making = inFlight.get(key);
  if (!making) {
    making = makeThumbnail(row, storage, key).finally(() => inFlight.delete(key));
    inFlight.set(key, making);
  }
  return making;
}

async function makeThumbnail(row: MediaRow, storage: MediaStorage, key: string): Promise<Buffer> {
  const original = await storage.get(row.key);
  if (!original) throw notFound(NO_THUMBNAIL);
  let small: Buffer;
  try {
    small = await sharp(await readAll(original.body), { limitInputPixels: 100_000_000 })
      .rotate() // follow the EXIF orientation, as the browser does for the full image
      .resize(THUMBNAIL_SIDE, THUMBNAIL_SIDE, { fit: "inside", withoutEnlargement: true })
      .webp({ quality: 70 })
      .toBuffer();
  } catch {
    // An image sharp cannot read (an SVG with external parts, a truncated file): no thumbnail, not a 500.
    throw notFound(NO_THUMBNAIL);
  }
  await storage.put(key, small, THUMBNAIL_TYPE);
  return small;
}

async function readAll(body: AsyncIterable<Buffer | string>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of body) chunks.push(typeof c === "string" ? Buffer.from(c) : c);
  return Buffer.concat(chunks);
}

/** Sent inert like the media itself: nosniff, a sandbox CSP, private caching (the id never changes). */
export function sendThumbnail(reply: FastifyReply, row: MediaRow, bytes: Buffer, headOnly: boolean) {
  reply
    .header("Content-Type", THUMBNAIL_TYPE)
    .header("X-Content-Type-Options", "nosniff")
    .header("Content-Security-Policy", "sandbox; default-src 'none'")
    .header("Cache-Control", "private, max-age=31536000, immutable")
    .header("Content-Disposition", `inline; filename="reelgraph-${row.id}-thumbnail.webp"`)
    .header("Content-Length", bytes.length);
  return headOnly ? reply.send() : reply.send(bytes);
}
