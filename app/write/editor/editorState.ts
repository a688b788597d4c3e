/**
 * The screenplay editor's document operations (framework-free, pure): every edit takes the element list
 * and returns a new one plus, where the caret must move, where it goes. The component owns focus, timing
 * and keys; the element-type rules themselves live in domain/screenplay/flow.ts.
 */
import { ELEMENT_TYPE_LABELS, newElementId, type ElementType, type ScreenplayElement } from "../../../domain/screenplay/elements";
import { typeAfterEnter, typeAfterShiftTab, typeAfterTab } from "../../../domain/screenplay/flow";
import { GEOMETRY } from "../../../domain/screenplay/layout";
import type { PastedElement } from "../../../domain/screenplay/paste";

export type Elements = readonly ScreenplayElement[];

/** Where the caret goes after an edit: an offset in the element's text ("end" = after the last character). */
export interface Focus {
  id: string;
  caret: number | "end";
}

export interface EditResult {
  elements: Elements;
  focus?: Focus;
}

/** spec 3: the names shown for the element types (help bar, type menu). */
export const TYPE_LABELS = ELEMENT_TYPE_LABELS;

const SPEECH: ReadonlySet<ElementType> = new Set(["character", "parenthetical", "dialogue"]);

export const blankElement = (type: ElementType, id: string = newElementId()): ScreenplayElement => ({ id, type, content: "" });

/** A script with no elements opens on one empty scene heading, so there is somewhere to type. */
export function withAtLeastOne(elements: Elements, newId: () => string = newElementId): ScreenplayElement[] {
  return elements.length > 0 ? [...elements] : [blankElement("slug", newId())];
}

export const indexOfId = (elements: Elements, id: string) => elements.findIndex((e) => e.id === id);

function replaceAt(elements: Elements, index: number, el: ScreenplayElement): ScreenplayElement[] {
  const next = elements.slice();
  next[index] = el;
  return next;
}

/** The element's new text; the same list back when nothing changed (so memoised rows stay put). */
export function updateContent(elements: Elements, id: string, content: string): Elements {
  const i = indexOfId(elements, id);
  const el = elements[i];
  if (!el || el.content === content) return elements;
  return replaceAt(elements, i, { ...el, content });
}

/** Drops the fields that only mean something on other types (scene numbers on headings, centring on action...). */
function retyped(el: ScreenplayElement, type: ElementType): ScreenplayElement {
  const next: ScreenplayElement = { ...el, type };
  if (type !== "slug") delete next.sceneNumber;
  if (type !== "action") delete next.centered;
  if (!SPEECH.has(type)) delete next.dual;
  return next;
}

export function changeType(elements: Elements, id: string, type: ElementType): Elements {
  const i = indexOfId(elements, id);
  const el = elements[i];
  if (!el || el.type === type) return elements;
  return replaceAt(elements, i, retyped(el, type));
}

/** A parenthetical holding nothing but its brackets. */
export const isBareParens = (content: string) => content.replace(/\s/g, "") === "()";

/**
 * A type change as the writer sees it: an empty element becoming a parenthetical gets its "()" with the caret
 * between them (the text is kept as typed, so the brackets are real text that prints); a parenthetical that is
 * only "()" loses them when it becomes something else. The caret moves only when the text changed.
 */
export function retypeElement(elements: Elements, id: string, type: ElementType): EditResult {
  const i = indexOfId(elements, id);
  const el = elements[i];
  if (!el || el.type === type) return { elements };
  let content = el.content;
  let focus: Focus | undefined;
  if (type === "parenthetical" && content.trim() === "") {
    content = "()";
    focus = { id, caret: 1 };
  } else if (el.type === "parenthetical" && isBareParens(content)) {
    content = "";
    focus = { id, caret: 0 };
  }
  const next = replaceAt(elements, i, { ...retyped(el, type), content });
  return focus ? { elements: next, focus } : { elements: next };
}

/** Inserts `inserted` after the element `afterId` (at the start when null); the caret goes to the end of the last one. */
export function insertAfter(elements: Elements, afterId: string | null, inserted: ScreenplayElement[]): EditResult {
  const at = afterId === null ? 0 : indexOfId(elements, afterId) + 1;
  const next = [...elements.slice(0, at), ...inserted, ...elements.slice(at)];
  const last = inserted[inserted.length - 1];
  return last ? { elements: next, focus: { id: last.id, caret: "end" } } : { elements: next };
}

/** Inserts an empty element of the same type before `id`; the caret stays at the start of `id`. */
export function insertBlankBefore(elements: Elements, id: string, newId: () => string = newElementId): EditResult {
  const i = indexOfId(elements, id);
  const el = elements[i];
  if (!el) return { elements: [...elements] };
  const blank = retyped(blankElement(el.type, newId()), el.type);
  if (el.dual) blank.dual = true;
  return { elements: [...elements.slice(0, i), blank, ...elements.slice(i)], focus: { id, caret: 0 } };
}

/**
 * Enter inside an element: the text before the selection stays, the text after it moves to a new element of
 * `type` right after, and the caret goes to the start of the new element. (A selection is replaced.)
 */
export function splitAt(
  elements: Elements,
  id: string,
  start: number,
  end: number,
  type: ElementType,
  newId: () => string = newElementId,
): EditResult {
  const i = indexOfId(elements, id);
  const el = elements[i];
  if (!el) return { elements: [...elements] };
  const created: ScreenplayElement = { id: newId(), type, content: el.content.slice(end) };
  if (el.dual && SPEECH.has(type)) created.dual = true;
  const next = elements.slice();
  next.splice(i, 1, { ...el, content: el.content.slice(0, start) }, created);
  return { elements: next, focus: { id: created.id, caret: 0 } };
}

/** Backspace on an empty element: removes it (never the last one) and puts the caret at the end of the previous. */
export function removeElement(elements: Elements, id: string): EditResult | null {
  const i = indexOfId(elements, id);
  if (i < 0 || elements.length <= 1) return null;
  const next = [...elements.slice(0, i), ...elements.slice(i + 1)];
  const prev = elements[i - 1];
  if (prev) return { elements: next, focus: { id: prev.id, caret: "end" } };
  return { elements: next, focus: { id: next[0]!.id, caret: 0 } };
}

/** Backspace at the very start of a non-empty element: its text joins the end of the previous element. */
export function mergeWithPrevious(elements: Elements, id: string): EditResult | null {
  const i = indexOfId(elements, id);
  const el = elements[i];
  const prev = elements[i - 1];
  if (!el || !prev) return null;
  const next = elements.slice();
  next.splice(i - 1, 2, { ...prev, content: prev.content + el.content });
  return { elements: next, focus: { id: prev.id, caret: prev.content.length } };
}

/**
 * Backspace at the very start of an element that keeps blank lines above it (an .fdx's empty paragraphs):
 * one blank line goes, and the text stays where it is. Null when there is none to remove.
 */
export function removeBlankLineBefore(elements: Elements, id: string): EditResult | null {
  const i = indexOfId(elements, id);
  const el = elements[i];
  if (!el?.blankLinesBefore) return null;
  const { blankLinesBefore, ...rest } = el;
  return {
    elements: replaceAt(elements, i, blankLinesBefore > 1 ? { ...rest, blankLinesBefore: blankLinesBefore - 1 } : rest),
    focus: { id, caret: 0 },
  };
}

/** Delete at the very end of an element: the next element's text joins this one. */
export function mergeNext(elements: Elements, id: string): EditResult | null {
  const i = indexOfId(elements, id);
  const el = elements[i];
  const following = elements[i + 1];
  if (!el || !following) return null;
  const next = elements.slice();
  next.splice(i, 2, { ...el, content: el.content + following.content });
  return { elements: next, focus: { id: el.id, caret: el.content.length } };
}

/**
 * Multi-line paste (the lines typed by domain/screenplay/paste.ts) at a selection inside element `id`:
 * the text before the selection stays in the element (which is replaced by the first pasted element when
 * there is none), the pasted elements follow, and the text after the selection becomes one more element of
 * the original type. The caret goes to the end of the last pasted element.
 */
export function pasteElements(
  elements: Elements,
  id: string,
  start: number,
  end: number,
  pasted: readonly PastedElement[],
  newId: () => string = newElementId,
): EditResult {
  const i = indexOfId(elements, id);
  const el = elements[i];
  if (!el || pasted.length === 0) return { elements: [...elements] };
  const before = el.content.slice(0, start);
  const after = el.content.slice(end);
  const created = pasted.map((p) => ({ id: newId(), type: p.type, content: p.content }));
  const replaced: ScreenplayElement[] = [];
  if (before.trim() === "") {
    // The first pasted line takes the element's place (and keeps its id, so focus and rows stay).
    replaced.push({ ...retyped(el, created[0]!.type), content: created[0]!.content });
    created.shift();
  } else {
    replaced.push({ ...el, content: before });
  }
  replaced.push(...created);
  const last = replaced[replaced.length - 1]!;
  if (after !== "") replaced.push({ id: newId(), type: el.type, content: after });
  const next = elements.slice();
  next.splice(i, 1, ...replaced);
  return { elements: next, focus: { id: last.id, caret: "end" } };
}

/** The caret position a Focus names, for a text of `length`. */
export const caretOffset = (focus: Focus, length: number) => (focus.caret === "end" ? length : Math.min(focus.caret, length));

// ── Derived views ───────────────────────────────────────────────────────────

const upper = (s: string) => s.toUpperCase();

/**
 * The whole script as plain text (Fountain-flavoured): headings, cues, transitions and shots in capitals,
 * a blank line wherever the printed page has one, centred action as >TEXT<. Used by Ctrl+C with no selection.
 */
export function scriptToText(elements: Elements): string {
  const out: string[] = [];
  for (const el of elements) {
    const text = el.content.trim();
    if (text === "") continue;
    if (out.length > 0 && GEOMETRY[el.type].spaceBefore > 0) out.push("");
    switch (el.type) {
      case "slug":
      case "shot":
        out.push(upper(text));
        break;
      case "character":
        out.push(upper(text) + (el.dual ? " ^" : ""));
        break;
      case "transition":
        out.push(/TO:$/i.test(text) ? upper(text) : `> ${upper(text)}`);
        break;
      case "parenthetical":
        out.push(text.startsWith("(") ? text : `(${text})`);
        break;
      case "action":
        out.push(el.centered ? `>${text}<` : text);
        break;
      default:
        out.push(text);
    }
  }
  return out.join("\n") + (out.length ? "\n" : "");
}

export function wordCount(elements: Elements): number {
  let n = 0;
  for (const el of elements) {
    const words = el.content.trim().split(/\s+/);
    if (words[0] !== "") n += words.length;
  }
  return n;
}

export interface SceneEntry {
  id: string;
  /** element.sceneNumber, else the heading's position among the headings (1, 2, 3...). */
  number: string;
  heading: string;
}

/** The scene headings, numbered like the paginator numbers them. */
export function sceneList(elements: Elements): SceneEntry[] {
  const scenes: SceneEntry[] = [];
  for (const el of elements) {
    if (el.type !== "slug") continue;
    scenes.push({ id: el.id, number: el.sceneNumber?.trim() || String(scenes.length + 1), heading: el.content });
  }
  return scenes;
}

/** The heading of the scene that contains element `id` (the nearest heading at or before it). */
export function sceneIdAt(elements: Elements, id: string | null): string | null {
  if (id === null) return null;
  for (let i = indexOfId(elements, id); i >= 0; i--) if (elements[i]!.type === "slug") return elements[i]!.id;
  return null;
}

export interface KeyHints {
  enter: ElementType | null;
  enterTwice: ElementType | null;
  tab: ElementType;
  tabTwice: ElementType;
  shiftTab: ElementType;
}

/**
 * What each key would make of the current element (bottom help bar), simulated with flow.ts: the second Enter
 * lands on the new, empty element; the second Tab is a double press on the same element. Null: does nothing.
 */
export function keyHints(type: ElementType, empty: boolean): KeyHints {
  const enter = typeAfterEnter(type, { doublePress: false, empty });
  const enterTwice = enter === null ? null : (typeAfterEnter(enter, { doublePress: false, empty: true }) ?? enter);
  const tab = typeAfterTab(type, { doublePress: false });
  return { enter, enterTwice, tab, tabTwice: typeAfterTab(tab, { doublePress: true }), shiftTab: typeAfterShiftTab(type) };
}

// ── A tiny store, so key handlers always read the current list ──────────────

export interface ElementStore {
  get(): Elements;
  set(next: Elements): void;
  subscribe(listener: () => void): () => void;
}

export function createElementStore(initial: Elements): ElementStore {
  let current = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => current,
    set(next) {
      if (next === current) return;
      current = next;
      listeners.forEach((l) => l());
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
