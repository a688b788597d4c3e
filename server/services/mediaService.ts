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
