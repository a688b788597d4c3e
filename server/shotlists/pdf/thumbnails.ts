import sharp from "sharp";
import type { Scene } from "../../../domain/shotlists/schema";
import type { Db } from "../../db/client";
import { findMedia } from "../../services/mediaService";
import type { MediaStorage } from "../../storage/storage";

/** Thumbnails are drawn at most ~230 pt wide; 600 px keeps them sharp in print without bloating the file. */
const THUMB_WIDTH_PX = 600;
/** A stored image larger than this is not read for a thumbnail (uploads are capped at 50 MB anyway). */
const MAX_SOURCE_BYTES = 25 * 1024 * 1024;
const PARALLEL = 4;
const MEDIA_PATH = /^\/api\/media\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;

/**
 * JPEG thumbnails of the shots' images, by shot id, for the PDF (pdfkit draws only JPEG and PNG; sharp
 * converts WebP and GIF, flattens transparency onto white and applies EXIF rotation).
 * Only the studio's own media of the same project are read: a shot pointing at another project's file, or at
 * an outside URL, prints without a thumbnail (no fetching of user-given URLs, no reading across projects).
 */
export async function loadThumbnails(
  db: Db,
  storage: MediaStorage,
  projectId: string,
  scenes: readonly Scene[],
): Promise<Map<string, Buffer>> {
  const wanted = scenes.flatMap((s) => s.shots).filter((s) => s.image && MEDIA_PATH.test(s.image));
  const out = new Map<string, Buffer>();
  const cache = new Map<string, Promise<Buffer | null>>();
  const one = (mediaId: string) => {
    if (!cache.has(mediaId))
      cache.set(
        mediaId,
        thumbnail(db, storage, projectId, mediaId).catch(() => null),
      );
    return cache.get(mediaId)!;
  };
  for (let i = 0; i < wanted.length; i += PARALLEL) {
    await Promise.all(
      wanted.slice(i, i + PARALLEL).map(async (shot) => {
        const jpeg = await one(MEDIA_PATH.exec(shot.image!)![1]!);
        if (jpeg) out.set(shot.id, jpeg);
      }),
    );
  }
  return out;
}

async function thumbnail(db: Db, storage: MediaStorage, projectId: string, mediaId: string): Promise<Buffer | null> {
  const row = await findMedia(db, mediaId);
  if (!row || row.projectId !== projectId || !row.contentType.startsWith("image/") || row.size > MAX_SOURCE_BYTES) return null;
  const object = await storage.get(row.key);
  if (!object) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of object.body) chunks.push(chunk as Buffer);
  return sharp(Buffer.concat(chunks), { animated: false })
    .rotate()
    .resize({ width: THUMB_WIDTH_PX, withoutEnlargement: true })
    .flatten({ background: "#ffffff" })
    .jpeg({ quality: 82 })
    .toBuffer();
}
