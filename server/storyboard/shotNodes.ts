/**
 * Shots and their storyboard nodes ("each finished node updates its shot's image, and the
 * shot links to its node"): the link is written once the lane is on the canvas, and each time the node's
 * run finishes, its image becomes the shot's, so the shot list, its PDF storyboard and the canvas stay one
 * story.
 */
import { sql, type SQL } from "drizzle-orm";
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

/** The ids of a project's shot lists with a shot linked to `nodeId`, as a JSON array (asked as a run's success is recorded). */
export function shotListsLinking(projectId: string, nodeId: string): SQL {
  const probe = JSON.stringify([{ shots: [{ nodeId }] }]);
  return sql`(select coalesce(jsonb_agg(l.id), '[]'::jsonb) from ${shotLists} l where l.project_id = ${projectId} and l.scenes @> ${probe}::jsonb)`;
}

/** A storyboard node's run finished with an image: the shots linked to it, in the lists named, take it. */
export async function shotImageFromNode(db: Db, listIds: string[], nodeId: string, imageUrl: string): Promise<void> {
  for (const id of listIds) {
    await editShotList(db, id, (scenes) =>
      changeShots(scenes, (shot) => (shot.nodeId === nodeId && shot.image !== imageUrl ? { ...shot, image: imageUrl } : null)),
    );
  }
}
