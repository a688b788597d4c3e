import { newScene, newShot } from "./factories";
import type { Scene, SceneFields, Shot, ShotFields } from "./schema";

/**
 * The editor's changes to a shot list, as pure functions over its scenes (spec: shell 4 "Shot list edits").
 * Each returns a new array and leaves its input alone; shot numbers are renumbered after every change that
 * can move a shot (add, delete, reorder).
 */

/** spec (shell 3 "Shot"): shot numbers run 1..N through the whole list, in scene order. */
export function renumber(scenes: readonly Scene[]): Scene[] {
  let n = 0;
  let changed = false;
  const out = scenes.map((scene) => {
    let sceneChanged = false;
    const shots = scene.shots.map((shot) => {
      n += 1;
      if (shot.shotNumber === n) return shot;
      sceneChanged = true;
      return { ...shot, shotNumber: n };
    });
    if (!sceneChanged) return scene;
    changed = true;
    return { ...scene, shots };
  });
  return changed ? out : [...scenes];
}

export const shotCount = (scenes: readonly Scene[]) => scenes.reduce((n, s) => n + s.shots.length, 0);

/** 'N shots across M scenes' (spec: shell 2 "Shot list screens"). */
export function shotsAcrossScenes(scenes: readonly Scene[]): string {
  const n = shotCount(scenes);
  const m = scenes.length;
  return `${n} ${n === 1 ? "shot" : "shots"} across ${m} ${m === 1 ? "scene" : "scenes"}`;
}

export function findShot(scenes: readonly Scene[], shotId: string): { scene: Scene; sceneIndex: number; shot: Shot; index: number } | null {
  for (let sceneIndex = 0; sceneIndex < scenes.length; sceneIndex++) {
    const scene = scenes[sceneIndex]!;
    const index = scene.shots.findIndex((s) => s.id === shotId);
    if (index >= 0) return { scene, sceneIndex, shot: scene.shots[index]!, index };
  }
  return null;
}

const iso = (now: number) => new Date(now).toISOString();

/** A new scene at the end, titled 'Scene N' where N is its position. */
export function addScene(scenes: readonly Scene[], now: number = Date.now(), id?: string): Scene[] {
  return [...scenes, newScene(scenes.length + 1, now, id)];
}

export function updateScene(scenes: readonly Scene[], sceneId: string, fields: Partial<SceneFields>, now: number = Date.now()): Scene[] {
  return scenes.map((s) => (s.id === sceneId ? { ...s, ...fields, updatedAt: iso(now) } : s));
}

export function deleteScene(scenes: readonly Scene[], sceneId: string): Scene[] {
  return renumber(scenes.filter((s) => s.id !== sceneId));
}

/** A new shot at the end of a scene. */
export function addShot(scenes: readonly Scene[], sceneId: string, now: number = Date.now(), id?: string): Scene[] {
  return renumber(scenes.map((s) => (s.id === sceneId ? { ...s, shots: [...s.shots, newShot(1, now, id)], updatedAt: iso(now) } : s)));
}

export function updateShot(scenes: readonly Scene[], shotId: string, fields: Partial<ShotFields>, now: number = Date.now()): Scene[] {
  return scenes.map((scene) =>
    scene.shots.some((s) => s.id === shotId)
      ? { ...scene, shots: scene.shots.map((s) => (s.id === shotId ? withFields(s, fields, now) : s)) }
      : scene,
  );
}

/** Applies changed fields; an optional field set to undefined is removed (a drop-down's "—" choice). */
function withFields(shot: Shot, fields: Partial<ShotFields>, now: number): Shot {
  const next: Record<string, unknown> = { ...shot, ...fields, updatedAt: iso(now) };
  for (const [k, v] of Object.entries(fields)) if (v === undefined) delete next[k];
  return next as Shot;
}

export function deleteShot(scenes: readonly Scene[], shotId: string): Scene[] {
  return renumber(scenes.map((s) => (s.shots.some((x) => x.id === shotId) ? { ...s, shots: s.shots.filter((x) => x.id !== shotId) } : s)));
}

export interface ShotPlace {
  sceneId: string;
  /** Position within the scene's shots. For the target: the index the shot ends up at. */
  index: number;
}

/**
 * Moves a shot (drag and drop, or Alt+Arrow) within its scene or into another one, then renumbers. The
 * target index is where the shot will sit afterwards; it is clamped to the scene's bounds. Unknown scenes
 * or indexes leave the list unchanged.
 */
export function moveShot(scenes: readonly Scene[], from: ShotPlace, to: ShotPlace): Scene[] {
  const source = scenes.find((s) => s.id === from.sceneId);
  const target = scenes.find((s) => s.id === to.sceneId);
  const shot = source?.shots[from.index];
  if (!source || !target || !shot) return [...scenes];
  const removed = scenes.map((s) => (s.id === source.id ? { ...s, shots: s.shots.filter((_, i) => i !== from.index) } : s));
  const into = removed.find((s) => s.id === target.id)!;
  const index = Math.max(0, Math.min(to.index, into.shots.length));
  if (source.id === target.id && index === from.index) return [...scenes];
  const placed = removed.map((s) =>
    s.id === target.id ? { ...s, shots: [...s.shots.slice(0, index), shot, ...s.shots.slice(index)] } : s,
  );
  return renumber(placed);
}

/**
 * The place one step up or down from a shot, for keyboard moves: within its scene, and across the scene
 * boundary at either end (to the end of the previous scene, or the start of the next). Null at the ends.
 */
export function stepPlace(scenes: readonly Scene[], shotId: string, direction: -1 | 1): { from: ShotPlace; to: ShotPlace } | null {
  const found = findShot(scenes, shotId);
  if (!found) return null;
  const from = { sceneId: found.scene.id, index: found.index };
  const within = found.index + direction;
  if (within >= 0 && within < found.scene.shots.length) return { from, to: { sceneId: found.scene.id, index: within } };
  const next = scenes[found.sceneIndex + direction];
  if (!next) return null;
  return { from, to: { sceneId: next.id, index: direction === -1 ? next.shots.length : 0 } };
}
