/**
 * Merging a new breakdown into a shot list ("breaking down again merges"):
 * - shots the user added, or edited since the breakdown wrote them, are kept as they are;
 * - untouched shots follow the script (new fields and line fingerprints, same id and image);
 * - a shot whose lines were removed from the script is kept, so it can say so, never deleted;
 * - an untouched shot the rules no longer call for (its lines still there, no image) goes;
 * - new shots and scenes land after their neighbour in script order.
 * The same for scenes: a scene's fields follow its heading until the user edits them.
 */
import type { ScreenplayElement } from "../screenplay/elements";
import { renumber } from "../shotlists/edits";
import { newItemId } from "../shotlists/factories";
import type { Scene, Shot } from "../shotlists/schema";
import type { Breakdown, ProposedScene } from "./breakDown";
import { isUntouched, linkLines, sceneFieldsFingerprint, shotFieldsFingerprint } from "./scriptLink";
import type { ProposedShot } from "./shotRules";

export interface MergeContext {
  elementsById: ReadonlyMap<string, ScreenplayElement>;
  now: number;
  newId?: (kind: "scene" | "shot") => string;
}

/**
 * `current` with each item whose key is proposed replaced by `update(old, proposed)` (or dropped when that
 * gives null), and each new proposed item placed after the nearest earlier proposed item already there.
 */
function mergeOrdered<Old, New>(
  current: readonly Old[],
  proposed: readonly New[],
  keys: { current(o: Old): string | undefined; proposed(n: New): string },
  update: (old: Old | undefined, n: New) => Old | null,
  keepUnproposed: (old: Old) => boolean,
): Old[] {
  const proposedByKey = new Map(proposed.map((n) => [keys.proposed(n), n]));
  const result: Array<{ item: Old; key?: string }> = [];
  for (const old of current) {
    const key = keys.current(old);
    const n = key !== undefined ? proposedByKey.get(key) : undefined;
    if (n) {
      const merged = update(old, n);
      if (merged) result.push({ item: merged, key });
    } else if (keepUnproposed(old)) result.push({ item: old, key });
  }
  const placed = new Set(result.map((r) => r.key).filter((k): k is string => k !== undefined));
  let insertAt = 0;
  for (const n of proposed) {
    const key = keys.proposed(n);
    if (placed.has(key)) {
      insertAt = result.findIndex((r) => r.key === key) + 1;
      continue;
    }
    const item = update(undefined, n);
    if (!item) continue;
    result.splice(insertAt, 0, { item, key });
    placed.add(key);
    insertAt++;
  }
  return result.map((r) => r.item);
}

function shotFrom(proposed: ProposedShot, base: Shot | undefined, ctx: MergeContext, id: string): Shot {
  const at = new Date(ctx.now).toISOString();
  const fields = {
    description: proposed.description,
    subject: proposed.subject,
    shotSize: proposed.shotSize,
    shotType: proposed.shotType,
    movement: proposed.movement,
  };
  const script = { key: proposed.key, lines: linkLines(proposed.lines, ctx.elementsById), proposed: shotFieldsFingerprint(fields) };
  if (base) {
    const same = shotFieldsFingerprint(base) === script.proposed && JSON.stringify(base.script) === JSON.stringify(script);
    return same ? base : { ...base, ...fields, script, updatedAt: at };
  }
  return { id, shotNumber: 1, ...fields, image: null, script, createdAt: at, updatedAt: at };
}

const linesRemoved = (shot: Shot, ctx: MergeContext) => !!shot.script?.lines.some((l) => !ctx.elementsById.has(l.id));

function mergeShots(
  current: readonly Shot[],
  proposed: readonly ProposedShot[],
  ctx: MergeContext,
  newId: (kind: "scene" | "shot") => string,
): Shot[] {
  return mergeOrdered(
    current,
    proposed,
    { current: (s) => s.script?.key, proposed: (p) => p.key },
    (old, p) => (old && !isUntouched(old) ? old : shotFrom(p, old, ctx, old?.id ?? newId("shot"))),
    (old) => !old.script || !isUntouched(old) || !!old.image || linesRemoved(old, ctx),
  );
}

function sceneFrom(proposed: ProposedScene, base: Scene | undefined, ctx: MergeContext, newId: (kind: "scene" | "shot") => string): Scene {
  const at = new Date(ctx.now).toISOString();
  const shots = mergeShots(base?.shots ?? [], proposed.shots, ctx, newId);
  const untouched = base?.script && base.script.proposed === sceneFieldsFingerprint(base);
  const fields = !base || untouched ? proposed.fields : {};
  const script = {
    key: proposed.key,
    proposed: base && !untouched ? (base.script?.proposed ?? "") : sceneFieldsFingerprint(proposed.fields),
    ...proposed.link,
  };
  if (!base) return { id: newId("scene"), ...proposed.fields, shots, script, createdAt: at, updatedAt: at };
  return { ...base, ...fields, shots, script, updatedAt: at };
}

/** The shot list's scenes after `breakdown`; shots renumbered through the list. */
export function mergeBreakdown(current: readonly Scene[], breakdown: Breakdown, ctx: MergeContext): Scene[] {
  const newId = ctx.newId ?? ((kind: "scene" | "shot") => newItemId(kind, ctx.now));
  // A list that is only the blank scene a new list starts with is replaced, not added to.
  const blank =
    current.length === 1 &&
    !current[0]!.script &&
    current[0]!.shots.every((s) => !s.script && !s.image && s.description === "Description...");
  const base = blank ? [] : current;
  const scenes = mergeOrdered(
    base,
    breakdown.scenes,
    { current: (s) => s.script?.key, proposed: (p) => p.key },
    (old, p) => sceneFrom(p, old, ctx, newId),
    () => true,
  );
  return renumber(scenes);
}
