import { SCENE_DEFAULTS, SHOT_DEFAULTS, sceneTitle } from "./constants";
import type { Scene, Shot } from "./schema";

type Random = () => number;

/**
 * An id for a scene or shot: prefix, time and 8 random base-36 characters. Made without
 * `crypto.randomUUID`, which browsers only offer on secure origins (a studio opened by LAN address is not).
 */
export function newItemId(prefix: "scene" | "shot", now: number = Date.now(), random: Random = Math.random): string {
  const r = Math.floor(Math.min(Math.max(random(), 0), 1 - Number.EPSILON) * 36 ** 8);
  return `${prefix}-${Math.trunc(now).toString(36)}-${r.toString(36).padStart(8, "0")}`;
}

/** spec (shell 3 "Shot"): a new shot with the spec's defaults and no image. */
export function newShot(shotNumber: number, now: number = Date.now(), id: string = newItemId("shot", now)): Shot {
  const at = new Date(now).toISOString();
  return {
    id,
    shotNumber,
    description: SHOT_DEFAULTS.description,
    subject: SHOT_DEFAULTS.subject,
    shotSize: SHOT_DEFAULTS.shotSize,
    shotType: SHOT_DEFAULTS.shotType,
    movement: SHOT_DEFAULTS.movement,
    image: null,
    createdAt: at,
    updatedAt: at,
  };
}

/** spec (shell 3 "Scene"): scene number n gets the title 'Scene n' and the default texts. */
export function newScene(n: number, now: number = Date.now(), id: string = newItemId("scene", now), shots: Shot[] = []): Scene {
  const at = new Date(now).toISOString();
  return { id, title: sceneTitle(n), ...SCENE_DEFAULTS, shots, createdAt: at, updatedAt: at };
}

/** A new list's document: one scene holding `count` blank shots numbered 1..count. */
export function blankScenes(count: number, now: number = Date.now(), random: Random = Math.random): Scene[] {
  const shots = Array.from({ length: count }, (_, i) => newShot(i + 1, now, newItemId("shot", now, random)));
  return [newScene(1, now, newItemId("scene", now, random), shots)];
}
