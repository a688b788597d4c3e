/**
 * Guessing element types for multi-line text pasted into the screenplay editor (spec: shell 4 "Paste",
 * shell 5 "Pasted scene heading ..."). One element per non-blank line; blank lines separate blocks and
 * end a speech.
 */
import { cueNamePart } from "./cue";
import type { ElementType } from "./elements";

export interface PastedElement {
  type: ElementType;
  content: string;
}

/** spec 5: INT. or EXT., a place, a dash and a time of day. INT./EXT. counts as both. */
const PASTED_HEADING_RE = /^(?:INT\.\/EXT\.|INT\.|EXT\.)\s*\S.*\s[-–—]\s*(?:DAY|NIGHT|MORNING|EVENING|DAWN|DUSK)$/i;

/** spec 5: CUT TO, FADE TO, DISSOLVE TO or SMASH CUT TO followed by a colon. */
const PASTED_TRANSITION_RE = /^(?:CUT|FADE|DISSOLVE|SMASH CUT) TO:$/i;

const PARENTHETICAL_RE = /^\(.*\)$/s;

/**
 * spec 5 "none of a list of common words": upper-case lines that are shouted words, interjections or
 * script furniture rather than a speaker's name.
 */
export const NOT_CHARACTER_WORDS: ReadonlySet<string> = new Set([
  "A",
  "AH",
  "ALL",
  "AN",
  "AND",
  "BEAT",
  "BLACK",
  "BOOM",
  "BUT",
  "CONTINUED",
  "CUT",
  "END",
  "FADE IN",
  "FADE IN:",
  "FADE OUT",
  "FLASHBACK",
  "GO",
  "HA",
  "HELLO",
  "HELP",
  "HEY",
  "HI",
  "HMM",
  "HOW",
  "I",
  "IF",
  "IN",
  "INTERCUT",
  "IS",
  "IT",
  "LATER",
  "ME",
  "MONTAGE",
  "MORE",
  "NO",
  "NOPE",
  "NOT",
  "NOW",
  "OF",
  "OH",
  "OK",
  "OKAY",
  "ON",
  "OR",
  "OUT",
  "RUN",
  "SILENCE",
  "SO",
  "STOP",
  "SUPER",
  "THE",
  "THE END",
  "THEN",
  "TO",
  "UH",
  "UM",
  "WAIT",
  "WE",
  "WHAT",
  "WHEN",
  "WHERE",
  "WHO",
  "WHY",
  "WOW",
  "YEAH",
  "YES",
  "YOU",
]);

/**
 * spec 5 character line: all upper case, under 20 characters, no period, comma or exclamation mark, and
 * not a common word. The length and punctuation rules apply to the name before a trailing extension, so
 * 'JOE (V.O.)' and 'ANNA (CONT'D)' are cues while 'BANG.' is not. A question mark also rules a line out
 * ('WHY?' is a shout, not a name).
 */
export function looksLikePastedCharacter(line: string): boolean {
  const name = cueNamePart(line);
  if (name === "" || name.length >= 20) return false;
  if (/[.,!?]/.test(name)) return false;
  if (!/\p{Lu}/u.test(line) || line !== line.toUpperCase()) return false;
  return !NOT_CHARACTER_WORDS.has(name);
}

export function classifyPastedLines(text: string): PastedElement[] {
  const out: PastedElement[] = [];
  // The type of the previous line in the same block; null at the start of a block.
  let previous: ElementType | null = null;
  for (const raw of text.replace(/\r\n?/g, "\n").split("\n")) {
    const line = raw.replace(/\t/g, "    ").trim();
    if (line === "") {
      previous = null;
      continue;
    }
    const type = classifyLine(line, previous);
    out.push({ type, content: line });
    previous = type;
  }
  return out;
}

function classifyLine(line: string, previous: ElementType | null): ElementType {
  const inSpeech = previous === "character" || previous === "parenthetical" || previous === "dialogue";
  if (PASTED_HEADING_RE.test(line)) return "slug";
  if (PASTED_TRANSITION_RE.test(line)) return "transition";
  if (inSpeech && PARENTHETICAL_RE.test(line)) return "parenthetical";
  if (looksLikePastedCharacter(line)) return "character";
  // A speech runs on until a blank line: wrapped dialogue keeps being dialogue.
  if (inSpeech) return "dialogue";
  return "action";
}
