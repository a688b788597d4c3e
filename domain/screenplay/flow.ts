/**
 * The screenplay editor's element-type flows (spec: shell 4 "Element-type flow on Enter", "Tab",
 * "Shift+Tab", "Other keys"; shell 9 "Double Tab or Enter window 500 ms"). Pure: the editor component
 * owns focus and timing and asks these functions what to do.
 */
import { ELEMENT_TYPES, newElementId, type ElementType, type ScreenplayElement } from "./elements";
import { cueNamePart } from "./cue";
import { hasHeadingPrefix, sceneLocation } from "./sceneHeading";

/** spec 9: a second Enter or Tab counts as a double press within this window. */
export const DOUBLE_PRESS_MS = 500;

export interface KeyPress {
  elementId: string;
  at: number;
}

/** spec 4: a double press counts only within 500 ms on the same element (500 ms itself still counts). */
export function isDoublePress(prev: KeyPress | null, elementId: string, now: number): boolean {
  if (!prev || prev.elementId !== elementId) return false;
  const elapsed = now - prev.at;
  return elapsed >= 0 && elapsed <= DOUBLE_PRESS_MS;
}

const ENTER: Readonly<Record<ElementType, ElementType>> = {
  slug: "action",
  action: "action",
  character: "dialogue",
  parenthetical: "dialogue",
  dialogue: "dialogue",
  transition: "action",
  shot: "action",
};

/**
 * The type Enter leads to from an element of `type`, or null when Enter does nothing.
 * spec 4: Enter on an element with empty content does nothing, except on dialogue, where an empty
 * dialogue (or a quick second Enter) gives action: there the editor turns the empty element into action
 * (see enterOutcome), which is how "Enter twice ends the speech" feels in Final Draft.
 */
export function typeAfterEnter(type: ElementType, opts: { doublePress: boolean; empty: boolean }): ElementType | null {
  if (type === "dialogue" && (opts.doublePress || opts.empty)) return "action";
  if (opts.empty) return null;
  return ENTER[type];
}

export type EnterOutcome =
  | { kind: "none" }
  /** Retype the current (empty) element. */
  | { kind: "convert"; type: ElementType }
  /** Insert a new element of `type` after the current one and focus it. */
  | { kind: "insert"; type: ElementType };

/**
 * What the editor does on Enter: nothing, retype the current empty element, or insert a new one.
 * spec 4 "if the next element is empty, focus moves there" is the caller's check before inserting.
 */
export function enterOutcome(type: ElementType, opts: { doublePress: boolean; empty: boolean }): EnterOutcome {
  const next = typeAfterEnter(type, opts);
  if (next === null) return { kind: "none" };
  return opts.empty ? { kind: "convert", type: next } : { kind: "insert", type: next };
}

const TAB: Readonly<Record<ElementType, ElementType>> = {
  slug: "transition",
  action: "character",
  character: "parenthetical",
  parenthetical: "transition",
  dialogue: "parenthetical",
  transition: "slug",
  shot: "transition",
};

/**
 * spec 4 "Tab". "Action to character (twice to transition)": the first Tab already made the element a
 * character, so the second arrives as character + doublePress; both spellings give transition.
 */
export function typeAfterTab(type: ElementType, opts: { doublePress: boolean }): ElementType {
  if (opts.doublePress && (type === "action" || type === "character")) return "transition";
  return TAB[type];
}

const SHIFT_TAB: Readonly<Record<ElementType, ElementType>> = {
  slug: "transition",
  action: "slug",
  character: "action",
  parenthetical: "character",
  dialogue: "character",
  transition: "action",
  shot: "action",
};

/** spec 4 "Shift+Tab". */
export function typeAfterShiftTab(type: ElementType): ElementType {
  return SHIFT_TAB[type];
}

/** spec 4: Ctrl/Cmd+1..7 in the element-type order; null for any other digit. */
export function typeForShortcut(digit: number): ElementType | null {
  if (!Number.isInteger(digit) || digit < 1 || digit > ELEMENT_TYPES.length) return null;
  return ELEMENT_TYPES[digit - 1] ?? null;
}

export const CUT_TO = "CUT TO:";
export const NEW_SLUG_TEXT = "INT. ";

/** spec 4: Ctrl/Cmd+Enter inserts a 'CUT TO:' transition and a new slug starting 'INT. ' (focus the slug). */
export function cutToInsertion(newId: () => string = newElementId): [ScreenplayElement, ScreenplayElement] {
  return [
    { id: newId(), type: "transition", content: CUT_TO },
    { id: newId(), type: "slug", content: NEW_SLUG_TEXT },
  ];
}

/** spec 4: the scene-heading suggestion vocabulary, in this order. */
export const SCENE_SUGGESTIONS = [
  "INT.",
  "EXT.",
  "DAY",
  "NIGHT",
  "MORNING",
  "AFTERNOON",
  "EVENING",
  "CONTINUOUS",
  "LATER",
  "SAME TIME",
  "MOMENTS LATER",
] as const;

const PREFIXES = SCENE_SUGGESTIONS.filter((s) => s.endsWith("."));
const TIMES = SCENE_SUGGESTIONS.filter((s) => !s.endsWith("."));

export interface SceneSuggestion {
  /** The word shown, e.g. 'INT.' or 'NIGHT'. */
  value: string;
  /** The element's whole text once Tab accepts it, e.g. 'INT. ' or 'INT. HOUSE - NIGHT'. */
  text: string;
}

/**
 * What to suggest while typing a heading: first the prefix (''/'I'/'in' → 'INT.', 'E' → 'EXT.'), then,
 * once a place is followed by a dash, a time of day matching what is typed after it ('… - N' → NIGHT).
 * The separator is normalised to ' - '. Null while the place is being typed or nothing matches.
 */
export function sceneHeadingSuggestion(text: string): SceneSuggestion | null {
  const typed = text.trimStart();
  if (!hasHeadingPrefix(typed)) {
    const upper = typed.toUpperCase();
    const prefix = PREFIXES.find((p) => p.startsWith(upper) && p !== upper);
    return prefix ? { value: prefix, text: `${prefix} ` } : null;
  }
  // A dash after whitespace separates place and time; 'JEAN-LUC' is still the place.
  const parts = /^(.*\S)\s+[-–—]\s*([^-–—]*)$/.exec(typed);
  const place = parts?.[1];
  if (place === undefined || sceneLocation(place) === null) return null;
  const partial = (parts?.[2] ?? "").trim().toUpperCase();
  const time = TIMES.find((t) => t.startsWith(partial) && t !== partial);
  return time ? { value: time, text: `${place} - ${time}` } : null;
}

/** 'JOE (CONT'D)', 'JOE (V.O.)', 'Joe' all name JOE: extensions in trailing parentheses are dropped. */
export function characterName(cue: string): string {
  return cueNamePart(cue).toUpperCase();
}

/**
 * Names used in the script for the character-cue autocomplete: most frequent first (ties alphabetical),
 * filtered by a case-insensitive prefix, without the name already typed in full.
 */
export function characterSuggestions(
  elements: readonly Pick<ScreenplayElement, "id" | "type" | "content">[],
  prefix: string,
  opts: { excludeId?: string; limit?: number } = {},
): string[] {
  const counts = new Map<string, number>();
  for (const el of elements) {
    if (el.type !== "character" || el.id === opts.excludeId) continue;
    const name = characterName(el.content);
    if (name) counts.set(name, (counts.get(name) ?? 0) + 1);
  }
  const wanted = prefix.trim().toUpperCase();
  const names = [...counts.entries()]
    .filter(([name]) => name.startsWith(wanted) && name !== wanted)
    .sort(([a, x], [b, y]) => y - x || (a < b ? -1 : a > b ? 1 : 0))
    .map(([name]) => name);
  return opts.limit === undefined ? names : names.slice(0, opts.limit);
}
