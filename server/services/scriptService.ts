import { and, desc, eq, sql } from "drizzle-orm";
import { randomUUID } from "node:crypto";
import type { ScreenplayElement, ScriptMetadata } from "../../domain/screenplay/elements";
import type { ScriptFile, ScriptFileType, ScriptSummary } from "../../domain/scripts";
import { SCRIPT_MESSAGES } from "../../domain/scripts";
import type { Db } from "../db/client";
import { scripts } from "../db/schema";
import { conflict, notFound } from "../errors";

type Row = typeof scripts.$inferSelect;

/** Up to 10 elements for the card preview (spec: shell 2; the client fits them by its height estimate). */
const PREVIEW_ELEMENTS = 10;

const present = (r: Row): ScriptFile => ({
  id: r.id,
  projectId: r.projectId,
  name: r.name,
  fileType: r.fileType as ScriptFileType,
  elements: r.elements as ScreenplayElement[],
  content: r.content,
  metadata: r.metadata as ScriptMetadata,
  version: r.version,
  lastEditedBy: r.lastEditedBy,
  lastEditedAt: r.updatedAt.toISOString(),
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

export async function listScripts(db: Db, projectId: string): Promise<ScriptSummary[]> {
  const rows = await db
    .select({
      id: scripts.id,
      projectId: scripts.projectId,
      name: scripts.name,
      fileType: scripts.fileType,
      // Only the first elements travel to the list, not whole scripts.
      preview: sql<
        ScreenplayElement[] | null
      >`(select jsonb_agg(e) from (select e from jsonb_array_elements(${scripts.elements}) with ordinality as t(e, i) order by i limit ${PREVIEW_ELEMENTS}) p)`,
      content: sql<string>`left(${scripts.content}, 600)`,
      createdAt: scripts.createdAt,
      updatedAt: scripts.updatedAt,
    })
    .from(scripts)
    .where(eq(scripts.projectId, projectId))
    .orderBy(desc(scripts.updatedAt));
  return rows.map((r) => ({
    id: r.id,
    projectId: r.projectId,
    name: r.name,
    fileType: r.fileType as ScriptFileType,
    preview:
      r.fileType === "screenplay"
        ? (r.preview ?? []).map((e) => ({ type: e.type, content: e.content }))
        : [{ type: "action", content: r.content }],
    lastEditedAt: r.updatedAt.toISOString(),
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  }));
}

export async function createScript(
  db: Db,
  input: {
    projectId: string;
    name: string;
    fileType: ScriptFileType;
    userId: string;
    elements?: ScreenplayElement[];
    metadata?: ScriptMetadata;
  },
): Promise<ScriptFile> {
  const [row] = await db
    .insert(scripts)
    .values({
      id: randomUUID(),
      projectId: input.projectId,
      name: input.name,
      fileType: input.fileType,
      elements: input.elements ?? [],
      metadata: input.metadata ?? {},
      lastEditedBy: input.userId,
    })
    .returning();
  return present(row!);
}

/** The script and its project, for the policy check that follows. */
export async function findScript(db: Db, id: string): Promise<ScriptFile> {
  const [row] = await db.select().from(scripts).where(eq(scripts.id, id));
  if (!row) throw notFound(SCRIPT_MESSAGES.notFound);
  return present(row);
}

export async function updateScript(
  db: Db,
  id: string,
  userId: string,
  change: { elements?: ScreenplayElement[]; content?: string; metadata?: ScriptMetadata; name?: string; baseVersion: number },
): Promise<ScriptFile> {
  const where = and(eq(scripts.id, id), eq(scripts.version, change.baseVersion));
  const [row] = await db
    .update(scripts)
    .set({
      ...(change.elements ? { elements: change.elements } : {}),
      ...(change.content !== undefined ? { content: change.content } : {}),
      ...(change.metadata ? { metadata: change.metadata } : {}),
      ...(change.name ? { name: change.name } : {}),
      version: sql`${scripts.version} + 1`,
      lastEditedBy: userId,
      updatedAt: sql`now()`,
    })
    .where(where)
    .returning();
  if (!row) {
    await findScript(db, id); // 404 when it is gone
    throw conflict("This script changed in another window. Reload to get the latest version.");
  }
  return present(row);
}

/** Renames without taking a version: an editor open on the text saves on undisturbed. */
export async function renameScript(db: Db, id: string, name: string): Promise<ScriptFile> {
  const [row] = await db.update(scripts).set({ name, updatedAt: sql`now()` }).where(eq(scripts.id, id)).returning();
  if (!row) return findScript(db, id); // 404 when it is gone
  return present(row);
}

export async function deleteScript(db: Db, id: string): Promise<void> {
  await db.delete(scripts).where(eq(scripts.id, id));
}
