import { randomUUID } from "node:crypto";
import { and, desc, eq, isNull } from "drizzle-orm";
import { ASSET_MESSAGES, libraryKindOf, type LibraryAsset, type LibraryKind } from "../../domain/assetLibrary";
import type { Db } from "../db/client";
import { media } from "../db/schema";
import { notFound } from "../errors";
import type { ReceivedUpload } from "../media/receiveUpload";
import { insertMediaForStoredObject, recordUpload, type MediaRow } from "../services/mediaService";
import { thumbnailKey } from "../media/thumbnail";
import type { MediaStorage } from "../storage/storage";

/**
 * A user's own media library (the canvas's Assets dialog, "My Files"): media rows with no project,
 * owned by the user and marked isAsset. Only the owner ever sees, serves or deletes them.
 */

const LIST_LIMIT = 1000;

export const libraryMediaUrl = (id: string) => `/api/media/${id}`;

export function toLibraryAsset(row: MediaRow): LibraryAsset {
  const at = row.createdAt.toISOString();
  return {
    id: row.id,
    url: libraryMediaUrl(row.id),
    filename: row.originalName ?? `asset-${row.id}`,
    contentType: row.contentType,
    size: row.size,
    uploadedAt: at,
    // Library files are never edited in place, so they last changed when they arrived.
    lastModified: at,
  };
}

/** The owner's library, newest first. */
export async function listLibraryAssets(db: Db, ownerId: string): Promise<LibraryAsset[]> {
  const rows = await db
    .select()
    .from(media)
    .where(and(eq(media.ownerId, ownerId), eq(media.isAsset, true), isNull(media.projectId)))
    .orderBy(desc(media.createdAt), desc(media.id))
    .limit(LIST_LIMIT);
  return rows.map(toLibraryAsset);
}

/** Records a stored upload as a library asset; if the row cannot be written the stored file goes too. */
export async function addLibraryAsset(
  db: Db,
  storage: MediaStorage,
  ownerId: string,
  upload: ReceivedUpload,
  fileName: string,
): Promise<LibraryAsset> {
  return toLibraryAsset(await recordUpload(db, storage, upload, { projectId: null, ownerId, fileName, isAsset: true }));
}

/** The caller's own library asset; anyone else's, and unknown ids, are the same 404. */
export async function ownLibraryAsset(db: Db, ownerId: string, assetId: string): Promise<MediaRow> {
  const [row] = await db
    .select()
    .from(media)
    .where(and(eq(media.id, assetId), eq(media.ownerId, ownerId), eq(media.isAsset, true), isNull(media.projectId)))
    .limit(1);
  if (!row) throw notFound(ASSET_MESSAGES.notFound);
  return row;
}

/** Removes the row first (so the file is never served again), then the stored object. */
export async function deleteLibraryAsset(db: Db, storage: MediaStorage, ownerId: string, assetId: string): Promise<void> {
  const row = await ownLibraryAsset(db, ownerId, assetId);
  await db.delete(media).where(eq(media.id, row.id));
  await storage.delete(row.key).catch(() => {
    // An orphaned object is harmless (nothing points at it); the user's delete has happened.
  });
  await storage.delete(thumbnailKey(row)).catch(() => {}); // its stored thumbnail, if one was ever made
}

/**
 * Copies a library asset into a project's media, so the node that shows it is readable by every member
 * of the project and survives the asset being deleted from the library later.
 */
export async function copyAssetIntoProject(
  db: Db,
  storage: MediaStorage,
  asset: MediaRow,
  projectId: string,
  callerId: string,
): Promise<{ url: string; contentType: string; kind: LibraryKind; filename: string }> {
  const kind = libraryKindOf(asset.contentType);
  const object = await storage.get(asset.key);
  if (!object || !kind) throw notFound(ASSET_MESSAGES.notFound);
  const id = randomUUID();
  const key = `${id.slice(0, 2)}/${id}${asset.key.slice(asset.key.lastIndexOf("."))}`;
  await storage.put(key, object.body, asset.contentType);
  await insertMediaForStoredObject(db, storage, {
    id,
    projectId,
    ownerId: callerId,
    key,
    contentType: asset.contentType,
    size: asset.size,
    originalName: asset.originalName,
  });
  return { url: libraryMediaUrl(id), contentType: asset.contentType, kind, filename: asset.originalName ?? `asset-${asset.id}` };
}
