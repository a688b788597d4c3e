import { sceneTitle } from "./constants";
import { newItemId, newScene, newShot } from "./factories";
import { renumber } from "./edits";
import { sceneSchema, shotSchema, type Scene, type Shot } from "./schema";

type Loose = Record<string, unknown>;
const isObject = (v: unknown): v is Loose => typeof v === "object" && v !== null && !Array.isArray(v);

/** Keeps each known field that is valid on its own; anything else falls back to the base's value. */
function keepValid<T extends Loose>(
  base: T,
  raw: Loose,
  shape: Record<string, { safeParse(v: unknown): { success: boolean; data?: unknown } }>,
  skip: string[],
): T {
  const out: Loose = { ...base };
  for (const [key, schema] of Object.entries(shape)) {
    if (skip.includes(key) || !(key in raw)) continue;
    const r = schema.safeParse(raw[key]);
    if (r.success && r.data !== undefined) out[key] = r.data;
  }
  return out as T;
}

function coerceShot(raw: unknown, n: number, now: number): Shot {
  const loose = isObject(raw) ? raw : {};
  const id = shotSchema.shape.id.safeParse(loose.id);
  return keepValid(newShot(n, now, id.success ? id.data : newItemId("shot", now)), loose, shotSchema.shape, ["id", "shots"]);
}

function coerceScene(raw: Loose, n: number, now: number): Scene {
  const id = sceneSchema.shape.id.safeParse(raw.id);
  const base = newScene(n, now, id.success ? id.data : newItemId("scene", now));
  const scene = keepValid(base, raw, sceneSchema.shape, ["id", "shots"]);
  const shots = Array.isArray(raw.shots) ? raw.shots.map((s, i) => coerceShot(s, i + 1, now)) : [];
  return { ...scene, shots };
}

/** JSON with object keys sorted: PostgreSQL's jsonb does not keep key order, so plain JSON text cannot compare. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_k, v: unknown) =>
    isObject(v)
      ? Object.fromEntries(
          Object.keys(v)
            .sort()
            .map((k) => [k, v[k]]),
        )
      : v,
  );
}

/** A stored item is a scene when it carries a shots array; otherwise it is a shot of the old shape. */
const isSceneLike = (v: unknown): v is Loose => isObject(v) && Array.isArray(v.shots);

/**
 * A stored shot list document made current (spec: shell 3 "Shot list", 4 "Shot list load"):
 * - the older shape, with shots directly on the list, is wrapped into one scene named 'Scene 1';
 * - a list with no scenes gets one default scene;
 * - fields a shot or scene lacks get the spec's defaults, and shots are renumbered.
 * `changed` says whether the result differs from what was stored, so the caller can save it.
 */
export function normalizeShotListDocument(
  doc: { scenes?: unknown; shots?: unknown },
  now: number = Date.now(),
): { scenes: Scene[]; changed: boolean } {
  const storedScenes = Array.isArray(doc.scenes) ? doc.scenes : [];
  const looseShots = [...(Array.isArray(doc.shots) ? doc.shots : []), ...storedScenes.filter((s) => !isSceneLike(s))];
  let scenes = storedScenes.filter(isSceneLike).map((s, i) => coerceScene(s, i + 1, now));
  if (looseShots.length) {
    const wrapped = { ...newScene(1, now), title: sceneTitle(1), shots: looseShots.map((s, i) => coerceShot(s, i + 1, now)) };
    scenes = [wrapped, ...scenes];
  }
  if (scenes.length === 0) scenes = [newScene(1, now)];
  scenes = renumber(scenes);
  const changed = canonical(scenes) !== canonical(doc.scenes ?? null) || doc.shots !== undefined;
  return { scenes, changed };
}
