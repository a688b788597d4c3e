/**
 * Fountain import (fountain.io/syntax, notes §1) into the element model.
 *
 * Decisions (what the element model can and cannot hold):
 * - Notes `[[…]]`, boneyard `/* … *\/`, sections `#` and synopses `=` are not printed, so they are dropped;
 *   a line left empty by them disappears rather than splitting a block. (The model has no field for them.)
 * - Shots: Fountain has none; fountain.io writes one as a forced heading (`.SNIPER SCOPE POV`). We read a
 *   forced heading as a slug, so a shot is written as `.ANGLE ON JOE [[shot]]`: other apps show a heading
 *   and hide the note; we read the marker back as a shot.
 * - Lyrics `~` become action without the tilde. Centered `>TEXT<` is centered action. `===` sets
 *   pageBreakBefore on the next element. Emphasis markers stay verbatim in content.
 * - Consecutive dialogue lines form one dialogue element (joined by '\n'); a two-space line between them
 *   starts a new dialogue element (the editor's Enter-in-dialogue paragraphs).
 * - Text is normalised: cues, headings, transitions and dialogue lines are trimmed; action keeps its
 *   leading spaces; whitespace-only lines inside an element become empty lines.
 */
import { newElementId, type ParsedScript, type ScreenplayElement, type TitlePage } from "./elements";
import { SHOT_MARK, classifyBlock, splitBlocks } from "./fountainBlocks";
import { readTitlePage } from "./fountainTitlePage";

export { writeFountain } from "./fountainWrite";

export interface ParseOptions {
  /** Id factory for the new elements (tests pass a counter). */
  newId?: () => string;
}

const REMOVED = "\u0001";

/** Text → lines, with notes and boneyard taken out and tabs expanded (fountain.io: a tab is 4 spaces). */
export function fountainLines(text: string): string[] {
  const marked = text
    .replace(/^\uFEFF/, "")
    .replace(/\r\n?/g, "\n")
    .replace(/[\u0001\u0002]/g, "")
    .replace(/\[\[shot\]\](?=[ \t]*$)/gim, SHOT_MARK);
  const removed = removeSpans(removeSpans(marked, "/*", "*/"), "[[", "]]");
  const lines: string[] = [];
  for (const line of removed.split("\n")) {
    if (!line.includes(REMOVED)) {
      lines.push(line.replace(/\t/g, "    "));
      continue;
    }
    const kept = joinAroundRemoved(line.split(REMOVED));
    // A line that held only a note or boneyard goes away, so it does not become a blank separator.
    if (kept.trim() !== "") lines.push(kept.replace(/\t/g, "    "));
  }
  return lines;
}

/**
 * Replaces every `open … close` span with REMOVED, scanning once (a lazy regex rescans to the end for
 * each unclosed opener, which a hostile upload could make quadratic).
 */
function removeSpans(text: string, open: string, close: string): string {
  let out = "";
  let from = 0;
  for (;;) {
    const start = text.indexOf(open, from);
    const end = start < 0 ? -1 : text.indexOf(close, start + open.length);
    if (end < 0) return out + text.slice(from);
    out += text.slice(from, start) + REMOVED;
    from = end + close.length;
  }
}

/** 'day. [[note]] Sunny' reads 'day. Sunny': the spaces on both sides of a removed note fold into one. */
function joinAroundRemoved(pieces: string[]): string {
  // Parts are collected and joined once: reading a growing string (trim, last char) each round would
  // flatten it every time, which is quadratic on a line of many notes.
  const parts: string[] = [];
  let hasText = false;
  let last = "";
  pieces.forEach((raw, index) => {
    let piece = raw;
    if (index > 0 && !hasText) {
      // Only spaces before the note: the text after it starts the line.
      parts.length = 0;
      piece = piece.trimStart();
    } else if (index > 0 && /\s$/.test(last) && /^\s/.test(piece)) {
      parts[parts.length - 1] = last.trimEnd();
      piece = ` ${piece.trimStart()}`;
    }
    if (piece === "") return;
    parts.push(piece);
    last = piece;
    if (piece.trim() !== "") hasText = true;
  });
  return parts.join("").trimEnd();
}

/** A '[[shot]]' typed into a title-page value is just dropped there. */
function withoutShotMarks(page: TitlePage): TitlePage {
  const clean = (v: string) => v.split(SHOT_MARK).join("").trim();
  const out: TitlePage = {};
  for (const [key, value] of Object.entries(page)) {
    if (typeof value === "string") Object.assign(out, { [key]: clean(value) });
    else if (value) out.extra = Object.fromEntries(Object.entries(value).map(([k, v]) => [k, clean(v)]));
  }
  return out;
}

export function parseFountain(text: string, opts: ParseOptions = {}): ParsedScript {
  const newId = opts.newId ?? (() => newElementId());
  const lines = fountainLines(text);
  const title = readTitlePage(lines);
  const body = title ? lines.slice(title.bodyStart) : lines;
  const elements: ScreenplayElement[] = [];
  for (const block of splitBlocks(body)) {
    classifyBlock(block).forEach((draft, i) => {
      const blanks = i === 0 ? Math.min(100, block[0]?.blanksBefore ?? 0) : 0;
      elements.push({
        id: newId(),
        ...draft,
        content: draft.content.split(SHOT_MARK).join(""),
        ...(blanks ? { blankLinesBefore: blanks } : {}),
      });
    });
  }
  return { elements, titlePage: withoutShotMarks(title?.titlePage ?? {}) };
}
