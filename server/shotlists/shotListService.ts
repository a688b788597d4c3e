import { and, desc, eq, sql } from "drizzle-orm";
import { randomUUID } from "node:crypto";
import { blankScenes } from "../../domain/shotlists/factories";
import { shotCount } from "../../domain/shotlists/edits";
import { normalizeShotListDocument } from "../../domain/shotlists/normalize";
import { SHOT_LIST_MESSAGES } from "../../domain/shotlists/messages";
import type { Scene, ShotList, ShotListSummary } from "../../domain/shotlists/schema";
import type { Db } from "../db/client";
import { shotLists } from "../db/schema";
import { conflict, notFound } from "../errors";
import { authorizeProject, permits, type ProjectAction } from "../policies/projectPolicy";
import type { Permission } from "../../domain/permissions";

type Row = typeof shotLists.$inferSelect;

/** The row as the API shows it; old or empty documents are made current on the way out (spec: shell 4). */
function present(r: Row): ShotList & { normalized: boolean } {
  const { scenes, changed } = normalizeShotListDocument({ scenes: r.scenes });
  return {
    id: r.id,
    projectId: r.projectId,
    name: r.name,
    scriptId: r.scriptId,
    scenes,
    version: r.version,
    createdBy: r.createdBy,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
    normalized: changed,
  };
}

const firstImage = (scenes: readonly Scene[]): string | null => {
  for (const scene of scenes) for (const shot of scene.shots) if (shot.image) return shot.image;
  return null;
};

/** The project's lists, for a caller who may view it. */
export async function listShotLists(db: Db, userId: string, projectId: string): Promise<ShotListSummary[]> {
  await authorizeProject(db, userId, projectId, "view");
  const rows = await db.select().from(shotLists).where(eq(shotLists.projectId, projectId)).orderBy(desc(shotLists.updatedAt));
  return rows.map((r) => {
    const { scenes } = normalizeShotListDocument({ scenes: r.scenes });
    const count = shotCount(scenes);
    return {
      id: r.id,
      projectId: r.projectId,
      name: r.name,
      hasShots: count > 0,
      shotCount: count,
      sceneCount: scenes.length,
      firstImage: firstImage(scenes),
      createdAt: r.createdAt.toISOString(),
      updatedAt: r.updatedAt.toISOString(),
    };
  });
}

/** spec (shell 5 "Shot list setup"): a new list holds `shots` blank shots in one scene. */
export async function createShotList(db: Db, input: { projectId: string; name: string; shots: number; userId: string }): Promise<ShotList> {
  await authorizeProject(db, input.userId, input.projectId, "edit");
  const [row] = await db
    .insert(shotLists)
    .values({ id: randomUUID(), projectId: input.projectId, name: input.name, scenes: blankScenes(input.shots), createdBy: input.userId })
    .returning();
  return strip(present(row!));
}

const strip = ({ normalized: _n, ...list }: ShotList & { normalized: boolean }): ShotList => list;

/** The list (made current) and whether that changed it; 404 when there is none. */
export async function findShotList(db: Db, id: string): Promise<ShotList & { normalized: boolean }> {
  const [row] = await db.select().from(shotLists).where(eq(shotLists.id, id));
  if (!row) throw notFound(SHOT_LIST_MESSAGES.notFound);
  return present(row);
}

/** Saves the document, only over `baseVersion` (409 when another save came first). */
export async function updateShotList(
  db: Db,
  id: string,
  change: { name?: string; scenes: Scene[]; baseVersion: number },
): Promise<ShotList> {
  const [row] = await db
    .update(shotLists)
    .set({
      scenes: change.scenes,
      ...(change.name ? { name: change.name } : {}),
      version: sql`${shotLists.version} + 1`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(shotLists.id, id), eq(shotLists.version, change.baseVersion)))
    .returning();
  if (!row) {
    if ((await db.select({ id: shotLists.id }).from(shotLists).where(eq(shotLists.id, id))).length) {
      throw conflict(SHOT_LIST_MESSAGES.changedElsewhere);
    }
    throw notFound(SHOT_LIST_MESSAGES.notFound);
  }
  return strip(present(row));
}

const EDIT_ATTEMPTS = 3;

/**
 * A change the server makes to a list (a breakdown merged in, a storyboard node's image): read, changed by
 * `edit`, saved over the version read; when a save came in between (the editor's autosave), the change is
 * made again on that version. `edit` returning null leaves the list as it is (answered as read).
 */
export async function editShotList(db: Db, id: string, edit: (scenes: Scene[]) => Scene[] | null): Promise<ShotList> {
  for (let attempt = 1; ; attempt++) {
    const { normalized: _n, ...list } = await findShotList(db, id);
    const scenes = edit(list.scenes);
    if (!scenes) return list;
    try {
      return await updateShotList(db, id, { scenes, baseVersion: list.version });
    } catch (err) {
      if ((err as { status?: number }).status !== 409 || attempt === EDIT_ATTEMPTS) throw err;
    }
  }
}

/** The list as the caller may use it for `action`, with their permission on its project (404 when none). */
export async function openShotList(
  db: Db,
  userId: string,
  id: string,
  action: ProjectAction,
): Promise<{ list: ShotList & { normalized: boolean }; permission: Permission }> {
  const list = await findShotList(db, id);
  return { list, permission: await authorizeProject(db, userId, list.projectId, action) };
}

/**
 * The list for its editor: an old or empty document is made current, and saved if the caller may edit
 * (spec: shell 4 "Shot list load"), over the version just read: a save that landed in between is newer.
 */
export async function readShotList(db: Db, userId: string, id: string): Promise<ShotList & { permission: Permission }> {
  const {
    list: { normalized, ...list },
    permission,
  } = await openShotList(db, userId, id, "view");
  if (normalized && permits(permission, "edit")) {
    const saved = await updateShotList(db, id, { scenes: list.scenes, baseVersion: list.version }).catch((err: { status?: number }) => {
      if (err.status === 409) return null;
      throw err;
    });
    if (saved) return { ...saved, permission };
  }
  return { ...list, permission };
}

/** A save from the editor, by a caller who may edit the list's project. */
export async function saveShotList(
  db: Db,
  userId: string,
  id: string,
  change: { name?: string; scenes: Scene[]; baseVersion: number },
): Promise<ShotList> {
  await openShotList(db, userId, id, "edit");
  return updateShotList(db, id, change);
}

export async function deleteShotList(db: Db, userId: string, id: string): Promise<void> {
  await openShotList(db, userId, id, "edit");
  await db.delete(shotLists).where(eq(shotLists.id, id));
}

/**
 * The lists holding a shot with this id (ids are made by clients, so more than one is possible; the caller
 * picks the one it may edit). Uses jsonb containment, so no document is read in full to search.
 */
export async function listsWithShot(db: Db, shotId: string, limit = 20): Promise<{ id: string; projectId: string }[]> {
  const probe = JSON.stringify([{ shots: [{ id: shotId }] }]);
  return db
    .select({ id: shotLists.id, projectId: shotLists.projectId })
    .from(shotLists)
    .where(sql`${shotLists.scenes} @> ${probe}::jsonb`)
    .limit(limit);
}
