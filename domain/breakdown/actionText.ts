/** Reading action paragraphs: sentences, the props a writer capitalised, characters named, movement. */
import type { Movement } from "../shotlists/constants";
import { motionVerbOf, movementOfVerb, NOT_PROPS } from "./vocabulary";

/** The sentences of a paragraph ("Mr." and initials aside, a sentence ends at . ! ? followed by a space). */
export function sentences(text: string): string[] {
  return text
    .replace(/\s+/g, " ")
    .split(/(?<=[.!?])\s+(?=[A-Z"“'(])/)
    .map((s) => s.trim())
    .filter(Boolean);
}

/** At most `max` characters, cut at a word and marked with an ellipsis. */
export function clip(text: string, max: number): string {
  const t = text.replace(/\s+/g, " ").trim();
  if (t.length <= max) return t;
  const cut = t.slice(0, max - 1);
  const space = cut.lastIndexOf(" ");
  return `${space > max / 2 ? cut.slice(0, space) : cut}…`;
}

// Runs of capitalised words: "the OLD REVOLVER", "a LETTER". Two letters at least, so "A" and "I" are not props.
const CAPS_RUN_RE = /\b[A-Z][A-Z0-9'’-]+(?:\s+[A-Z][A-Z0-9'’-]+)*\b/g;

/** Whether most of a paragraph is capitals (a title card, a sound): then no word of it is a prop. */
function mostlyCapitals(text: string): boolean {
  const letters = text.replace(/[^A-Za-z]/g, "");
  if (letters.length === 0) return true;
  return letters.replace(/[^A-Z]/g, "").length / letters.length > 0.6;
}

/**
 * The props named in capitals in an action paragraph ("an insert for a prop named in capitals in
 * action"), in order, each once. Character names (writers capitalise a character's first appearance),
 * screenplay shorthand and sounds are not props.
 */
export function propsIn(text: string, characterNames: ReadonlySet<string>): string[] {
  if (mostlyCapitals(text)) return [];
  const props: string[] = [];
  for (const match of text.matchAll(CAPS_RUN_RE)) {
    const words = match[0].split(/\s+/).map((w) => w.replace(/['’]S$/, "").replace(/[^A-Z0-9'’-]/g, ""));
    const kept = words.filter((w) => w.length >= 2 && !NOT_PROPS.has(w));
    const phrase = kept.join(" ");
    if (!phrase || characterNames.has(phrase) || kept.some((w) => characterNames.has(w))) continue;
    if (!props.includes(phrase)) props.push(phrase);
  }
  return props;
}

/** The characters (by their cue names) an action paragraph names, in order of first mention. */
export function charactersNamedIn(text: string, characterNames: ReadonlySet<string>): string[] {
  const upper = ` ${text.toUpperCase().replace(/[^A-Z0-9'’ -]/g, " ")} `;
  const found: { name: string; at: number }[] = [];
  for (const name of characterNames) {
    const at = upper.indexOf(` ${name} `) >= 0 ? upper.indexOf(` ${name} `) : upper.indexOf(` ${name}'`);
    if (at >= 0) found.push({ name, at });
  }
  return found.sort((a, b) => a.at - b.at).map((f) => f.name);
}

/** The camera movement the paragraph's first verb of motion calls for, or null. */
export function movementIn(text: string): Movement | null {
  for (const word of text.split(/[^A-Za-z]+/)) {
    const verb = word && motionVerbOf(word);
    if (verb) return movementOfVerb(verb) ?? null;
  }
  return null;
}

/** The first sentence that mentions `phrase` (case-insensitive), else the paragraph's first sentence. */
export function sentenceWith(text: string, phrase: string): string {
  const all = sentences(text);
  return all.find((s) => s.toUpperCase().includes(phrase)) ?? all[0] ?? text;
}
