import { authorizeProject } from "../policies/projectPolicy";
import { HttpError, notFound } from "../errors";
import { eq, sql, type SQL } from "drizzle-orm";
import type { Db } from "../db/client";
import { media } from "../db/schema";
import type { MediaStorage } from "../storage/storage";
import { cleanName, type ReceivedUpload } from "../media/receiveUpload";

export type MediaRow = typeof media.$inferSelect;

export interface NewMediaRow {
  id: string;
  projectId: string | null;
  ownerId: string;
  key: string;
  contentType: string;
  size: number;
  originalName: string | null;
  /** A user's library asset (the Assets dialog's "My Files"), not a project's media. */
  isAsset?: boolean;
}

/** One media row, or several in one statement. */
export async function insertMedia(db: Db, rows: NewMediaRow | NewMediaRow[]): Promise<void> {
  const list = Array.isArray(rows) ? rows : [rows];
  if (list.length > 0) await db.insert(media).values(list);
}

/**
 * Project media rows as an expression of another statement (`record_media`, drizzle/0017): a run's products
 * are recorded in the statement that settles the run (runs/runRows.ts settleRunAsking).
 */
export function recordMediaCall(rows: NewMediaRow[]): SQL {
  const columns = rows.map((r) => ({
    id: r.id,
    project_id: r.projectId,
    owner_id: r.ownerId,
    key: r.key,
    content_type: r.contentType,
    size: r.size,
    original_name: r.originalName,
  }));
  return sql`record_media(${JSON.stringify(columns)}::jsonb)`;
}

/**
 * Records an object already put in storage; if the row cannot be written the object is deleted again,
 * so a failed upload leaves no file that nothing points at.
 */
export async function insertMediaForStoredObject(db: Db, storage: MediaStorage, row: NewMediaRow): Promise<MediaRow> {
  try {
    const [inserted] = await db.insert(media).values(row).returning();
    return inserted!;
  } catch (err) {
    await storage.delete(row.key).catch(() => {});
    throw err;
  }
}

/** A file the user uploaded into a project (or loose, projectId null), recorded as `insertMediaForStoredObject` does. */
export async function recordUpload(
  db: Db,
  storage: MediaStorage,
  upload: ReceivedUpload,
  owner: { projectId: string | null; ownerId: string; fileName: string; isAsset?: boolean },
): Promise<MediaRow> {
  return insertMediaForStoredObject(db, storage, {
    id: upload.id,
    projectId: owner.projectId,
    ownerId: owner.ownerId,
    key: upload.key,
    contentType: upload.contentType,
    size: upload.size,
    originalName: cleanName(owner.fileName),
    ...(owner.isAsset ? { isAsset: true } : {}),
  });
}

export async function findMedia(db: Db, id: string): Promise<MediaRow | null> {
  const [row] = await db.select().from(media).where(eq(media.id, id)).limit(1);
  return row ?? null;
}

export const MEDIA_NOT_FOUND = "Media not found";

/**
 * A media row the caller may read: view permission on its project; without a project (a user's library
 * assets, isAsset, and their own loose uploads) only its owner. Malformed and unknown ids, and media a
 * stranger may not see, all answer 404.
 */
export async function mediaForCaller(db: Db, callerId: string, id: string | undefined): Promise<MediaRow> {
  const row = id && UUID.test(id) ? await findMedia(db, id) : null;
  if (!row) throw notFound(MEDIA_NOT_FOUND);
  // A library asset is its owner's alone, whatever else it is linked to: no membership opens it.
  if (row.isAsset || !row.projectId) {
    if (row.ownerId !== callerId) throw notFound(MEDIA_NOT_FOUND);
  } else {
    try {
      await authorizeProject(db, callerId, row.projectId, "view");
    } catch (err) {
      // A stranger must not learn that an id exists: 404, as for an unknown id.
      if (err instanceof HttpError && err.status === 403) throw notFound(MEDIA_NOT_FOUND);
      throw err;
    }
  }
  return row;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
