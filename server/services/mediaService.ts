import { authorizeProject } from "../policies/projectPolicy";
import { notFound } from "../http/errors";
import { eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { media } from "../db/schema";

export type MediaRow = typeof media.$inferSelect;

export async function insertMedia(
  db: Db,
  row: { id: string; projectId: string | null; ownerId: string; key: string; contentType: string; size: number; originalName: string | null },
): Promise<void> {
  await db.insert(media).values(row);
}

export async function findMedia(db: Db, id: string): Promise<MediaRow | null> {
  const [row] = await db.select().from(media).where(eq(media.id, id)).limit(1);
  return row ?? null;
}

export const MEDIA_NOT_FOUND = "Media not found";

/**
 * A media row the caller may read: view permission on its project, or their own upload when it has no
 * project. Malformed and unknown ids, and media a stranger may not see, all answer 404.
 */
export async function mediaForCaller(db: Db, callerId: string, id: string | undefined): Promise<MediaRow> {
  const row = id && UUID.test(id) ? await findMedia(db, id) : null;
  if (!row) throw notFound(MEDIA_NOT_FOUND);
  if (row.projectId) await authorizeProject(db, callerId, row.projectId, "view");
  else if (row.ownerId !== callerId) throw notFound(MEDIA_NOT_FOUND);
  return row;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
