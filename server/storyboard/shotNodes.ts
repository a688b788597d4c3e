/**
 * Shots and their storyboard nodes ("each finished node updates its shot's image, and the
 * shot links to its node"): the link is written once the lane is on the canvas, and each time the node's
 * run finishes, its image becomes the shot's, so the shot list, its PDF storyboard and the canvas stay one
 * story.
 */
import { sql } from "drizzle-orm";
import type { Scene, Shot } from "../../domain/shotlists/schema";
import type { Db } from "../db/client";
import { shotLists } from "../db/schema";
import { editShotList } from "../shotlists/shotListService";

/** The scenes with `change` applied to each shot it names (by returning a new shot); null when none changed. */
function changeShots(scenes: Scene[], change: (shot: Shot) => Shot | null): Scene[] | null {
  let changed = false;
  const next = scenes.map((scene) => ({
    ...scene,
    shots: scene.shots.map((shot) => {
      const updated = change(shot);
      if (!updated) return shot;
      changed = true;
      return { ...updated, updatedAt: new Date().toISOString() };
    }),
  }));
  return changed ? next : null;
}

/** Each shot named in `links` now points at its node. Returns how many shots were found. */
export async function linkShotNodes(db: Db, listId: string, links: ReadonlyArray<{ shotId: string; nodeId: string }>): Promise<number> {
  const byShot = new Map(links.map((l) => [l.shotId, l.nodeId]));
  const list = await editShotList(db, listId, (scenes) =>
    changeShots(scenes, (shot) => (byShot.has(shot.id) ? { ...shot, nodeId: byShot.get(shot.id)! } : null)),
  );
  return list.scenes.reduce((n, scene) => n + scene.shots.filter((s) => byShot.has(s.id)).length, 0);
}

/** A storyboard node's run finished with an image: the shots linked to it take it. */
export async function shotImageFromNode(db: Db, projectId: string, nodeId: string, imageUrl: string): Promise<void> {
  const probe = JSON.stringify([{ shots: [{ nodeId }] }]);
  const lists = await db
    .select({ id: shotLists.id })
    .from(shotLists)
    .where(sql`${shotLists.projectId} = ${projectId} and ${shotLists.scenes} @> ${probe}::jsonb`);
  for (const { id } of lists) {
    await editShotList(db, id, (scenes) =>
      changeShots(scenes, (shot) => (shot.nodeId === nodeId && shot.image !== imageUrl ? { ...shot, image: imageUrl } : null)),
    );
  }
}
