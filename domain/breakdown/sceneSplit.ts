import type { ScreenplayElement } from "../screenplay/elements";
import { hasHeadingPrefix, sceneLocation } from "../screenplay/sceneHeading";

/** One scene of a script as the breakdown reads it: its heading (when any) and the elements under it. */
export interface ScriptScene {
  /** The heading's element id; null for a script with no scene headings (one scene of everything). */
  headingId: string | null;
  heading: string;
  /** The heading's number as written, else its position (1-based). */
  number: string;
  setting: "INT" | "EXT" | "INT/EXT" | null;
  location: string | null;
  timeOfDay: string | null;
  /** The heading, then everything up to the next heading (the first scene also holds what came before it). */
  elements: ScreenplayElement[];
}

const TIME_SEPARATOR_RE = /\s+[-–—]\s+/g;

/** 'INT./EXT. CAR - MOVING - NIGHT' → setting INT/EXT, location 'CAR - MOVING', time 'NIGHT'. */
export function parseHeading(heading: string): Pick<ScriptScene, "setting" | "location" | "timeOfDay"> {
  const text = heading.trim();
  const head = text.slice(0, 8).toUpperCase();
  const setting = /^(INT\.?\/EXT|INT\/EXT|I\/E|EXT\.?\/INT)/.test(head)
    ? "INT/EXT"
    : /^INT/.test(head)
      ? "INT"
      : /^EXT/.test(head)
        ? "EXT"
        : null;
  const location = sceneLocation(text) ?? (hasHeadingPrefix(text) ? null : text.replace(/^\./, "").trim() || null);
  const separators = [...text.matchAll(TIME_SEPARATOR_RE)];
  const last = separators.pop();
  const timeOfDay = last && hasHeadingPrefix(text) ? text.slice((last.index ?? 0) + last[0].length).trim() || null : null;
  return { setting, location, timeOfDay };
}

/**
 * The script cut at its scene headings. What comes before the first heading (a cold open's action) belongs
 * to the first scene; a script with no headings is one scene (the caller says so to the user).
 */
export function splitScenes(elements: readonly ScreenplayElement[]): ScriptScene[] {
  const scenes: ScriptScene[] = [];
  const preamble: ScreenplayElement[] = [];
  for (const el of elements) {
    if (el.type === "slug") {
      const n = scenes.length + 1;
      // A cold open's action (before the first heading) stays in script order, in the first scene.
      const lead = n === 1 ? preamble : [];
      scenes.push({
        headingId: el.id,
        heading: el.content.trim(),
        number: el.sceneNumber ?? String(n),
        ...parseHeading(el.content),
        elements: [...lead, el],
      });
    } else if (scenes.length) scenes[scenes.length - 1]!.elements.push(el);
    else preamble.push(el);
  }
  if (scenes.length === 0)
    return [{ headingId: null, heading: "", number: "1", setting: null, location: null, timeOfDay: null, elements: preamble }];
  return scenes;
}
