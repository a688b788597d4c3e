/**
 * Fountain body parsing (fountain.io/syntax, notes §1): lines → blocks (separated by blank lines) →
 * element drafts. The writer reuses classifyBlock to check that what it writes reads back the same.
 */
import { cueNamePart } from "./cue";
import type { ScreenplayElement } from "./elements";
import { HEADING_PREFIX_RE } from "./sceneHeading";

export type Draft = Omit<ScreenplayElement, "id">;

export interface Line {
  text: string;
  /** A page break ('===') came right before this line. */
  breakBefore: boolean;
  /** Lines of exactly two spaces before this block's first line: blank lines the writer asked for. */
  blanksBefore?: number;
}

/** Our marker for a shot: a trailing `[[shot]]` note, swapped for this character before notes are dropped. */
export const SHOT_MARK = "\u0002";

export const PAGE_BREAK_RE = /^\s*={3,}\s*$/;
export const CENTERED_RE = /^\s*>(.*)<\s*$/;
/** The one whitespace-only line that stays inside a speech (fountain.io: a blank line inside dialogue). */
export const INNER_BLANK = "  ";
// No leading \s*: with it a long run of spaces makes the search quadratic; the text before is trimmed.
const SCENE_NUMBER_RE = /#([^#\s]+)#\s*$/;

/** Transition: upper case and ending in 'TO:' exactly (a trailing space keeps a line from being one). */
export function isTransitionLine(text: string): boolean {
  const t = text.trimStart();
  return t.endsWith("TO:") && t === t.toUpperCase();
}

/** Character cue: the name before any '(extension)' has an upper-case letter and no lower-case one. */
export function isCharacterCue(text: string): boolean {
  const name = cueNamePart(text);
  return /\p{Lu}/u.test(name) && !/\p{Ll}/u.test(name) && !HEADING_PREFIX_RE.test(text.trimStart());
}

const isForcedCue = (text: string) => text.startsWith("@");
const isSpeechHead = (text: string) => isForcedCue(text) || isCharacterCue(text);

/**
 * Splits body lines into blocks. A blank line ends a block, except a line of exactly two spaces inside a
 * speech; elsewhere such lines are blank lines kept on purpose, counted on the next block's first line.
 * A page break line ends a block and marks the next line; inside a speech (cue followed by more text)
 * it only marks the next line, so a break before a dialogue line survives.
 */
export function splitBlocks(lines: readonly string[]): Line[][] {
  const blocks: Line[][] = [];
  let block: Line[] = [];
  // Whether the open block starts with a cue (worked out once per block).
  let speech = false;
  let pendingBreak = false;
  let blanks = 0;
  // whitespace lines since the last block line (the body's start counts as after a separator)
  let gap = 1;
  const close = () => {
    if (block.length > 0) blocks.push(block);
    block = [];
    speech = false;
  };
  for (let i = 0; i < lines.length; i++) {
    const text = lines[i] ?? "";
    if (PAGE_BREAK_RE.test(text)) {
      const next = lines[i + 1] ?? "";
      if (!(speech && next.trim() !== "")) close();
      pendingBreak = true;
      continue;
    }
    if (text.trim() === "" && !(text === INNER_BLANK && speech)) {
      close();
      // fountain.io: a line of two spaces is a blank line kept on purpose (Final Draft's empty paragraphs),
      // unless it is the one line that separates two blocks
      if (text === INNER_BLANK && gap > 0) blanks++;
      gap++;
      continue;
    }
    if (block.length === 0) speech = isSpeechHead(text);
    block.push({ text, breakBefore: pendingBreak, ...(block.length === 0 && blanks > 0 ? { blanksBefore: blanks } : {}) });
    if (block.length === 1) blanks = 0;
    gap = 0;
    pendingBreak = false;
  }
  close();
  return blocks;
}

/** The element drafts one block holds (sections and synopses are dropped: they are not printed). */
export function classifyBlock(block: readonly Line[]): Draft[] {
  const out: Draft[] = [];
  let rest = block;
  while (rest.length > 0) rest = classifyHead(rest, out);
  return out;
}

/** Classifies the block's first line (and whatever belongs with it); returns the lines left over. */
function classifyHead(lines: readonly Line[], out: Draft[]): readonly Line[] {
  const [first, ...tail] = lines;
  if (!first) return [];
  const text = first.text;
  const push = (draft: Draft) => out.push(first.breakBefore ? { ...draft, pageBreakBefore: true } : draft);

  if (text.trimEnd().endsWith(SHOT_MARK)) {
    // The writer always adds one '.', so exactly one comes off ('..45 MAGNUM' is the shot '.45 MAGNUM').
    push({ type: "shot", content: text.trimEnd().slice(0, -1).replace(/^\./, "").trim() });
    return tail;
  }
  if (/^\s*[#=]/.test(text)) return carryBreak(first, tail);
  if (text.startsWith("!") || text.startsWith("~") || CENTERED_RE.test(text)) return actionBlock(lines, out);
  if (text.startsWith("@")) return speechBlock(lines, out);
  if (text.startsWith(">")) {
    push({ type: "transition", content: text.slice(1).trim() });
    return tail;
  }
  if (/^\.(?!\.)/.test(text)) {
    push(heading(text.slice(1)));
    return tail;
  }
  if (tail.length === 0 && HEADING_PREFIX_RE.test(text.trimStart())) {
    push(heading(text));
    return tail;
  }
  if (tail.length === 0 && isTransitionLine(text)) {
    push({ type: "transition", content: text.trim() });
    return tail;
  }
  if (tail.length > 0 && isCharacterCue(text)) return speechBlock(lines, out);
  return actionBlock(lines, out);
}

/** A dropped section/synopsis line hands its page break on to the next line. */
function carryBreak(dropped: Line, tail: readonly Line[]): readonly Line[] {
  const [next, ...rest] = tail;
  if (!next || !dropped.breakBefore) return tail;
  return [{ ...next, breakBefore: true }, ...rest];
}

function heading(text: string): Draft {
  const number = SCENE_NUMBER_RE.exec(text);
  if (!number) return { type: "slug", content: text.trim() };
  return { type: "slug", content: text.slice(0, number.index).trim(), sceneNumber: number[1] ?? "" };
}

/**
 * Action: every line is kept ('!' forces a line, '~' marks a lyric, both stripped; leading spaces stay;
 * a lone '!' is an empty line).
 * Runs of centered lines (>TEXT<) become their own centered elements.
 */
function actionBlock(lines: readonly Line[], out: Draft[]): readonly Line[] {
  let current: Draft | null = null;
  for (const line of lines) {
    let text = line.text;
    let centered = false;
    const center = CENTERED_RE.exec(text);
    if (text.startsWith("!") || text.startsWith("~")) text = text.slice(1);
    else if (center) {
      text = (center[1] ?? "").trim();
      centered = true;
    }
    if (current && Boolean(current.centered) === centered && !line.breakBefore) {
      current.content += `\n${text}`;
      continue;
    }
    current = { type: "action", content: text };
    if (centered) current.centered = true;
    if (line.breakBefore) current.pageBreakBefore = true;
    out.push(current);
  }
  return [];
}

/**
 * A character cue and its speech. Each line of dialogue joins the one before; a two-space line starts a
 * new dialogue element (the editor's Enter-in-dialogue paragraphs); '(…)' lines are parentheticals and
 * may run over lines until one ends with ')'. A trailing '^' marks the second speaker of a dual pair.
 */
function speechBlock(lines: readonly Line[], out: Draft[]): readonly Line[] {
  const [first, ...tail] = lines;
  if (!first) return [];
  let cue = (isForcedCue(first.text) ? first.text.slice(1) : first.text).trim();
  const dual = cue.endsWith("^");
  if (dual) cue = cue.slice(0, -1).trimEnd();
  const add = (draft: Draft, breakBefore: boolean): Draft => {
    const el: Draft = { ...draft };
    if (dual) el.dual = true;
    if (breakBefore) el.pageBreakBefore = true;
    out.push(el);
    return el;
  };
  add({ type: "character", content: cue }, first.breakBefore);

  let dialogue: Draft | null = null;
  for (let i = 0; i < tail.length; i++) {
    const line = tail[i];
    if (!line) continue;
    const text = line.text.trim();
    if (text === "") {
      dialogue = null;
      continue;
    }
    if (text.startsWith("(") && (text.endsWith(")") || !text.includes(")"))) {
      const parts = [text];
      while (!(parts[parts.length - 1] ?? "").endsWith(")") && i + 1 < tail.length) parts.push((tail[++i]?.text ?? "").trim());
      add({ type: "parenthetical", content: parts.join("\n") }, line.breakBefore);
      dialogue = null;
      continue;
    }
    if (dialogue && !line.breakBefore) dialogue.content += `\n${text}`;
    else dialogue = add({ type: "dialogue", content: text }, line.breakBefore);
  }
  return [];
}
