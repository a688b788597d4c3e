/**
 * Screenplay line layout (pure): where each element's lines sit on a US-standard page and how its text wraps.
 *
 * Units: x in inches from the page's left edge; widths in characters of 12 pt Courier (10 per inch); rows of
 * 1/6 in (6 lines per inch). Positions follow notes/screenplay-formats.md §3 (screenwriting.io, Trelby,
 * Final Draft's defaults):
 *
 * | element        | x (in) | width (chars) | notes                                              |
 * |----------------|--------|---------------|----------------------------------------------------|
 * | scene heading  | 1.5    | 60 (→ 7.5 in) | uppercase                                          |
 * | action         | 1.5    | 60            | `centered` action is centered in 1.5–7.5 in        |
 * | shot           | 1.5    | 60            | uppercase                                          |
 * | character      | 3.7    | 38 (→ 7.5 in) | uppercase                                          |
 * | parenthetical  | 3.1    | 25 (→ 5.6 in) | wrapped lines hang one character in (3.2 in)       |
 * | dialogue       | 2.5    | 35 (→ 6.0 in) |                                                    |
 * | transition     | –      | 20            | uppercase, each line flush right at 7.5 in         |
 *
 * Dual dialogue: two 28-character columns side by side in the 60-character text area, with a 4-character
 * gutter: the left column starts at 1.5 in, the right one at 4.7 in (both end by 7.5 in). Inside a column the
 * dialogue takes the whole 28 characters, a parenthetical starts 0.3 in in (22 characters, hanging one more),
 * and the cue starts 0.8 in in (20 characters).
 *
 * Text (styledText.ts): emphasis markers become style spans over the plain text, notes `[[…]]` are not printed,
 * wide (CJK) characters take two columns, lines wrap at the last space that fits, over-long words break hard.
 * Each content line (newline) of an element is a paragraph; an empty one prints as a blank line.
 */
import type { ElementType, ScreenplayElement } from "./elements";
import { parseEmphasis, printableText, sliceSpans, textColumns, toStyled, wrapRanges, type StyleSpan, type StyledText } from "./styledText";

export * from "./styledText";

export type Paper = "letter" | "a4";

export const CHARS_PER_INCH = 10;
export const LINES_PER_INCH = 6;
/** 55 lines on Letter, 57 on A4 (afterwriting's print profiles). */
export const LINES_PER_PAGE: Readonly<Record<Paper, number>> = { letter: 55, a4: 57 };
export const PAPER_INCHES: Readonly<Record<Paper, { width: number; height: number }>> = {
  letter: { width: 8.5, height: 11 },
  a4: { width: 210 / 25.4, height: 297 / 25.4 },
};
export const TOP_MARGIN_IN = 1;
export const LEFT_MARGIN_IN = 1.5;
/** The right edge of the text area: 60 characters from the left margin. */
export const RIGHT_EDGE_IN = 7.5;
/** Page numbers sit flush right at the text edge, 0.5 in from the top. */
export const PAGE_NUMBER_TOP_IN = 0.5;

export interface ElementGeometry {
  /** Start of the first line, inches from the page's left edge (ignored for right alignment). */
  x: number;
  /** Wrap width in characters. */
  width: number;
  align: "left" | "right" | "center";
  uppercase: boolean;
  /** Blank lines before the element (dropped at the top of a page). */
  spaceBefore: number;
  /** Wrapped lines after the first start this many characters further in (and are that much narrower). */
  hang?: number;
}

export const GEOMETRY: Readonly<Record<ElementType, ElementGeometry>> = {
  slug: { x: 1.5, width: 60, align: "left", uppercase: true, spaceBefore: 1 },
  action: { x: 1.5, width: 60, align: "left", uppercase: false, spaceBefore: 1 },
  shot: { x: 1.5, width: 60, align: "left", uppercase: true, spaceBefore: 1 },
  character: { x: 3.7, width: 38, align: "left", uppercase: true, spaceBefore: 1 },
  parenthetical: { x: 3.1, width: 25, align: "left", uppercase: false, spaceBefore: 0, hang: 1 },
  dialogue: { x: 2.5, width: 35, align: "left", uppercase: false, spaceBefore: 0 },
  transition: { x: 5.5, width: 20, align: "right", uppercase: true, spaceBefore: 1 },
};

export type DualColumn = "left" | "right";
export const DUAL_COLUMN_X: Readonly<Record<DualColumn, number>> = { left: 1.5, right: 4.7 };
export const DUAL_COLUMN_WIDTH = 28;
const DUAL_OFFSETS: Partial<Record<ElementType, { dx: number; width: number }>> = {
  character: { dx: 0.8, width: 20 },
  parenthetical: { dx: 0.3, width: 22 },
  dialogue: { dx: 0, width: DUAL_COLUMN_WIDTH },
};

/** The geometry of an element type, in a dual-dialogue column when `column` is given. */
export function geometryFor(type: ElementType, column?: DualColumn): ElementGeometry {
  const base = GEOMETRY[type];
  const dual = column ? DUAL_OFFSETS[type] : undefined;
  if (!column || !dual) return base;
  return { ...base, x: DUAL_COLUMN_X[column] + dual.dx, width: dual.width };
}

/** One printed line of an element before pagination: text without markers, its x, its style spans. */
export interface LaidLine {
  text: string;
  x: number;
  kind: ElementType;
  styles?: StyleSpan[];
  dualColumn?: DualColumn;
  /** Which paragraph of the element and where in it the line starts (for splitting at page breaks). */
  para: number;
  start: number;
}

/** An element's paragraphs as styled plain text: notes dropped, trimmed per type, uppercased per type. */
export function styledParagraphs(el: Pick<ScreenplayElement, "type" | "content" | "centered">): StyledText[] {
  const g = GEOMETRY[el.type];
  const keepLeading = el.type === "action" && !el.centered;
  return printableText(el.content)
    .split(/\r?\n/)
    .map((raw) => {
      const para = keepLeading ? raw.replace(/\s+$/, "") : raw.trim();
      let runs = parseEmphasis(para);
      if (g.uppercase) runs = runs.map((r) => ({ ...r, text: r.text.toUpperCase() }));
      return toStyled(runs);
    });
}

export interface LayoutOptions {
  column?: DualColumn;
  centered?: boolean;
}

/** Wraps and positions styled paragraphs of one element type. Blank paragraphs at either end print nothing. */
export function layoutParagraphs(type: ElementType, paragraphs: readonly StyledText[], opts: LayoutOptions = {}): LaidLine[] {
  const { column, centered } = opts;
  const g = geometryFor(type, column);
  const hang = g.hang ?? 0;
  const out: LaidLine[] = [];
  paragraphs.forEach(({ text, spans }, para) => {
    if (!text.trim()) {
      out.push({ text: "", x: g.x, kind: type, para, start: 0, ...(column ? { dualColumn: column } : {}) });
      return;
    }
    const hanging = hang > 0 && text.startsWith("(");
    for (const [s, e] of wrapRanges(text, g.width, hanging ? g.width - hang : g.width)) {
      const line = text.slice(s, e);
      const cols = textColumns(line);
      let x = g.x + (s > 0 && hanging ? hang / CHARS_PER_INCH : 0);
      if (g.align === "right") x = (column ? DUAL_COLUMN_X[column] + DUAL_COLUMN_WIDTH / CHARS_PER_INCH : RIGHT_EDGE_IN) - cols / CHARS_PER_INCH;
      else if (g.align === "center" || centered) x = g.x + (g.width - cols) / 2 / CHARS_PER_INCH;
      const laid: LaidLine = { text: line, x: Math.round(x * 1000) / 1000, kind: type, para, start: s };
      const st = sliceSpans(spans, s, e);
      if (st.length) laid.styles = st;
      if (column) laid.dualColumn = column;
      out.push(laid);
    }
  });
  // Blank paragraphs at either end of an element print nothing (spacing comes from the spacing rules).
  while (out.length && out[out.length - 1]!.text === "") out.pop();
  while (out.length && out[0]!.text === "") out.shift();
  return out;
}

/** Lays out one element: paragraphs split at newlines, uppercased where the type asks, wrapped, positioned. */
export function layoutElement(el: Pick<ScreenplayElement, "type" | "content" | "centered">, column?: DualColumn): LaidLine[] {
  return layoutParagraphs(el.type, styledParagraphs(el), { ...(column ? { column } : {}), ...(el.centered ? { centered: true } : {}) });
}

const CONTD = /\(\s*CONT(?:['’]?D|\.|INUED)\s*\)/i;

/**
 * The cue repeated at the top of the next page when a speech is split: "NAME (CONT'D)". An existing extension
 * is kept before it ("JOE (V.O.)" → "JOE (V.O.) (CONT'D)"); a cue that already says (CONT'D) is left as is.
 */
export function continuedCue(cue: string): string {
  const trimmed = cue.trim();
  return CONTD.test(trimmed) ? trimmed : `${trimmed} (CONT'D)`;
}

export const MORE_TEXT = "(MORE)";
