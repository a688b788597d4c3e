/**
 * The link between a shot and the script lines it covers: fingerprints taken at breakdown time,
 * compared later with the script as it is now, to say 'Script changed' and what changed.
 */
import type { ScreenplayElement } from "../screenplay/elements";
import type { Scene, Shot, ShotScriptLink } from "../shotlists/schema";

/** A script's elements by id: how links find their lines. */
export const elementsById = (elements: readonly ScreenplayElement[]): Map<string, ScreenplayElement> =>
  new Map(elements.map((e) => [e.id, e]));

/** FNV-1a, 32 bits, as 8 hex digits: enough to tell an edited line from an untouched one. */
export function fingerprint(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0).toString(16).padStart(8, "0");
}

/** Enough of the old line to show what it said; kept short because every covered line of every shot carries it. */
const LINE_WAS_MAX = 120;

/** The link's line list for the given element ids, as the script reads now. */
export function linkLines(ids: readonly string[], elementsById: ReadonlyMap<string, ScreenplayElement>): ShotScriptLink["lines"] {
  return ids.flatMap((id) => {
    const el = elementsById.get(id);
    return el ? [{ id, hash: fingerprint(`${el.type}\n${el.content}`), was: el.content.slice(0, LINE_WAS_MAX) }] : [];
  });
}

/** The fields a person edits on a shot, fingerprinted: a shot whose fingerprint still matches was not edited. */
export function shotFieldsFingerprint(shot: Pick<Shot, "description" | "subject" | "shotSize" | "shotType" | "movement">): string {
  return fingerprint([shot.description, shot.subject, shot.shotSize, shot.shotType, shot.movement].join("\u0000"));
}

export function sceneFieldsFingerprint(scene: Pick<Scene, "title" | "description" | "location" | "weather" | "lighting">): string {
  return fingerprint([scene.title, scene.description, scene.location, scene.weather, scene.lighting].join("\u0000"));
}

/** Whether a breakdown shot still has the fields the breakdown gave it. A shot the user added is never "untouched". */
export const isUntouched = (shot: Shot): boolean => !!shot.script && shot.script.proposed === shotFieldsFingerprint(shot);

export interface LineChange {
  id: string;
  was: string;
  /** The line's text now; null when the line was removed from the script. */
  now: string | null;
  /** The line's fingerprint now (null when removed), so the user can mark the change as seen. */
  hash: string | null;
}

/** What changed in the lines a shot covers since it was broken down: empty when nothing did. */
export function scriptChanges(shot: Pick<Shot, "script">, elementsById: ReadonlyMap<string, ScreenplayElement>): LineChange[] {
  if (!shot.script) return [];
  const changes: LineChange[] = [];
  for (const line of shot.script.lines) {
    const el = elementsById.get(line.id);
    if (!el) {
      changes.push({ id: line.id, was: line.was, now: null, hash: null });
      continue;
    }
    const hash = fingerprint(`${el.type}\n${el.content}`);
    if (hash !== line.hash) changes.push({ id: line.id, was: line.was, now: el.content, hash });
  }
  return changes;
}

/** 'Script changed' in a sentence: "2 lines edited, 1 removed". */
export function describeChanges(changes: readonly LineChange[]): string {
  const edited = changes.filter((c) => c.now !== null).length;
  const removed = changes.length - edited;
  const parts = [
    edited ? `${edited} ${edited === 1 ? "line" : "lines"} edited` : "",
    removed ? `${removed} ${removed === 1 ? "line" : "lines"} removed` : "",
  ].filter(Boolean);
  return parts.join(", ");
}

/** The changes the shot has not been brought up to date with yet (a change marked as seen drops out). */
export function pendingChanges(shot: Pick<Shot, "script">, changes: readonly LineChange[] | undefined): LineChange[] {
  if (!shot.script || !changes) return [];
  const lines = new Map(shot.script.lines.map((l) => [l.id, l.hash]));
  return changes.filter((c) => lines.has(c.id) && lines.get(c.id) !== c.hash);
}

/**
 * 'Mark as seen': the shot's link takes the script's lines as they are now (removed lines leave it), and
 * keeps its fields. The shot stops saying 'Script changed' until the lines change again.
 */
export function acknowledgeChanges(scenes: readonly Scene[], shotId: string, changes: readonly LineChange[]): Scene[] {
  const byId = new Map(changes.map((c) => [c.id, c]));
  return scenes.map((scene) => {
    if (!scene.shots.some((s) => s.id === shotId)) return scene;
    return {
      ...scene,
      shots: scene.shots.map((shot) => {
        if (shot.id !== shotId || !shot.script) return shot;
        const lines = shot.script.lines.flatMap((l) => {
          const c = byId.get(l.id);
          if (!c) return [l];
          return c.now === null || c.hash === null ? [] : [{ id: l.id, hash: c.hash, was: c.now.slice(0, LINE_WAS_MAX) }];
        });
        return { ...shot, script: { ...shot.script, lines } };
      }),
    };
  });
}
