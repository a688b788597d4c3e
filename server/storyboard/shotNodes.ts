/**
 * Shots and their storyboard nodes (issue 14, 2: "each finished node updates its shot's image, and the
 * shot links to its node"): the link is written once the lane is on the canvas, and each time the node's
 * run finishes, its image becomes the shot's, so the shot list, its PDF storyboard and the canvas stay one
 * story. Both are saved over the version they read, and read again when a save came in between.
 */
import { sql } from "drizzle-orm";
import type { Scene } from "../../domain/shotlists/schema";
import type { Db } from "../db/client";
import { shotLists } from "../db/schema";
import { findShotList, updateShotList } from "../shotlists/shotListService";

const ATTEMPTS = 3;

async function editList(db: Db, listId: string, edit: (scenes: Scene[]) => Scene[] | null): Promise<boolean> {
  for (let attempt = 1; ; attempt++) {
    const list = await findShotList(db, listId);
    const scenes = edit(list.scenes);
    if (!scenes) return false;
    try {
      await updateShotList(db, listId, { scenes, baseVersion: list.version });
      return true;
    } catch (err) {
      if ((err as { status?: number }).status !== 409 || attempt === ATTEMPTS) throw err;
    }
  }
}

const mapShots = (scenes: Scene[], fn: (shot: Scene["shots"][number]) => Scene["shots"][number]) => scenes.map((scene) => ({ ...scene, shots: scene.shots.map(fn) }));

/** Each shot named in `links` now points at its node. Returns how many shots were found. */
export async function linkShotNodes(db: Db, listId: string, links: ReadonlyArray<{ shotId: string; nodeId: string }>): Promise<number> {
  const byShot = new Map(links.map((l) => [l.shotId, l.nodeId]));
  let found = 0;
  await editList(db, listId, (scenes) => {
    found = 0;
    return mapShots(scenes, (shot) => {
      const nodeId = byShot.get(shot.id);
      if (!nodeId) return shot;
      found++;
      return { ...shot, nodeId, updatedAt: new Date().toISOString() };
    });
  });
  return found;
}

/** A storyboard node's run finished with an image: the shots linked to it take it. */
export async function shotImageFromNode(db: Db, projectId: string, nodeId: string, imageUrl: string): Promise<void> {
  const probe = JSON.stringify([{ shots: [{ nodeId }] }]);
  const lists = await db
    .select({ id: shotLists.id })
    .from(shotLists)
    .where(sql`${shotLists.projectId} = ${projectId} and ${shotLists.scenes} @> ${probe}::jsonb`);
  for (const { id } of lists) {
    await editList(db, id, (scenes) => {
      let changed = false;
      const next = mapShots(scenes, (shot) => {
        if (shot.nodeId !== nodeId || shot.image === imageUrl) return shot;
        changed = true;
        return { ...shot, image: imageUrl, updatedAt: new Date().toISOString() };
      });
      return changed ? next : null;
    });
  }
}

