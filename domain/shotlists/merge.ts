import { renumber } from "./edits";
import type { Scene, Shot } from "./schema";

/**
 * Three-way merge of a shot list: `base` is the copy this editor last saved or loaded, `local` what it shows
 * now, `server` what another window saved meanwhile. Both sides' changes survive, item by item and field by
 * field; where both changed the same field of the same scene or shot, this editor's (unsaved, so newer)
 * change wins. A deletion wins over an untouched item; an item the other side edited is kept. Shot numbers
 * are renumbered at the end.
 */
export function mergeShotLists(base: readonly Scene[], local: readonly Scene[], server: readonly Scene[]): Scene[] {
  const baseScenes = byId(base);
  const localScenes = byId(local);
  const serverScenes = byId(server);
  const baseShots = shotIndex(base);
  const localShots = shotIndex(local);
  const serverShots = shotIndex(server);

  // Which shots survive, with what fields, in which scene.
  const shotIds = new Set([...localShots.keys(), ...serverShots.keys()]);
  const finalShots = new Map<string, { shot: Shot; sceneId: string }>();
  for (const id of shotIds) {
    const b = baseShots.get(id);
    const l = localShots.get(id);
    const s = serverShots.get(id);
    let shot: Shot | undefined;
    let sceneId: string | undefined;
    if (l && s) {
      shot = b ? mergeFields(b.shot, l.shot, s.shot) : l.shot;
      sceneId = b && l.sceneId !== b.sceneId ? l.sceneId : s.sceneId;
    } else if (l) {
      // Not on the server: new here, or deleted there (kept only if edited here).
      if (!b || changed(b.shot, l.shot)) [shot, sceneId] = [l.shot, l.sceneId];
    } else if (s) {
      // Not here: new there, or deleted here (kept only if edited there).
      if (!b || changed(b.shot, s.shot)) [shot, sceneId] = [s.shot, s.sceneId];
    }
    if (shot && sceneId) finalShots.set(id, { shot, sceneId });
  }

  // Which scenes survive, with what fields, in what order.
  const sceneOrder = mergeOrder(
    base.map((s) => s.id),
    local.map((s) => s.id),
    server.map((s) => s.id),
    (id) => {
      const b = baseScenes.get(id);
      const l = localScenes.get(id);
      const s = serverScenes.get(id);
      if (l && s) return true;
      const kept = l ?? s;
      // Deleted on one side: kept only if the other side changed it or one of its surviving shots.
      return !!kept && (!b || changed(withoutShots(b), withoutShots(kept)) || [...finalShots.values()].some((f) => f.sceneId === id));
    },
  );
  const scenes = sceneOrder.map((id) => {
    const b = baseScenes.get(id);
    const l = localScenes.get(id);
    const s = serverScenes.get(id);
    const fields = l && s && b ? mergeFields(withoutShots(b), withoutShots(l), withoutShots(s)) : withoutShots((l ?? s)!);
    const shotOrder = mergeOrder(
      (b?.shots ?? []).map((x) => x.id),
      (l?.shots ?? []).map((x) => x.id),
      (s?.shots ?? []).map((x) => x.id),
      (shotId) => finalShots.get(shotId)?.sceneId === id,
    );
    // Shots moved here from another scene on one side.
    for (const [shotId, f] of finalShots) if (f.sceneId === id && !shotOrder.includes(shotId)) shotOrder.push(shotId);
    return { ...fields, shots: shotOrder.map((shotId) => finalShots.get(shotId)!.shot) } as Scene;
  });
  return renumber(scenes);
}

/** The newer of two names: this editor's if it renamed, else the server's. */
export const mergeName = (base: string, local: string, server: string) => (local !== base ? local : server);

type Fields = Record<string, unknown>;
const BOOKKEEPING = new Set(["updatedAt", "shotNumber"]);
const same = (a: unknown, b: unknown) => a === b || JSON.stringify(a) === JSON.stringify(b);
const changed = (a: object, b: object) =>
  Object.keys({ ...a, ...b }).some((k) => !BOOKKEEPING.has(k) && !same((a as Fields)[k], (b as Fields)[k]));

function mergeFields<T extends object>(base: T, local: T, server: T): T {
  const out: Fields = { ...(server as Fields) };
  for (const key of Object.keys({ ...base, ...local })) {
    if (!same((local as Fields)[key], (base as Fields)[key])) out[key] = (local as Fields)[key];
  }
  return out as T;
}

const withoutShots = ({ shots: _shots, ...rest }: Scene) => rest;
const byId = (scenes: readonly Scene[]) => new Map(scenes.map((s) => [s.id, s]));

function shotIndex(scenes: readonly Scene[]) {
  const index = new Map<string, { shot: Shot; sceneId: string }>();
  for (const scene of scenes) for (const shot of scene.shots) index.set(shot.id, { shot, sceneId: scene.id });
  return index;
}

/**
 * The order of a list both sides may have changed: the side that reordered the items it shares with the
 * base gives the skeleton (this editor's when both did), and items only the other side has go in before
 * the item they precede there (at the end if none). `keep` says which ids belong in the result.
 */
function mergeOrder(base: string[], local: string[], server: string[], keep: (id: string) => boolean): string[] {
  const inBase = new Set(base);
  const reordered = (side: string[]) =>
    !same(
      side.filter((id) => inBase.has(id)),
      base.filter((id) => side.includes(id)),
    );
  const [first, second] = reordered(local) || !reordered(server) ? [local, server] : [server, local];
  const order = first.filter(keep);
  for (let i = 0; i < second.length; i++) {
    const id = second[i]!;
    if (order.includes(id) || !keep(id)) continue;
    const next = second.slice(i + 1).find((x) => order.includes(x));
    order.splice(next ? order.indexOf(next) : order.length, 0, id);
  }
  return order;
}
