/**
 * Screenplay line layout (pure): where each element's lines sit on the page and how its text wraps.
 *
 * Units: x in inches from the page's left edge; widths in characters of 12 pt Courier (10 per inch); rows of
 * 1/6 in (6 lines per inch). The geometry comes from the script's format (format.ts: an .fdx's own
 * ElementSettings, else Final Draft's defaults), measured as Final Draft lays it out (jumpcut's
 * docs/pagination-spec.md, checked against Final Draft's PDFs):
 *
 * | element        | x (in)        | width (chars)            | notes                                    |
 * |----------------|---------------|--------------------------|------------------------------------------|
 * | scene heading  | 1.5           | 61 (6.0 in + 1)          | uppercase, 2 lines before                |
 * | action / shot  | 1.5           | 61                       | `centered` action is centered            |
 * | character      | 3.5           | 38 (3.75 in)             | uppercase                                |
 * | parenthetical  | 2.9, then 3.0 | 26 (2.5 in + 1)          | "(" hangs one character left (-0.10 in)  |
 * | dialogue       | 2.5           | 35 (3.5 in)              |                                          |
 * | transition     | –             | 16                       | uppercase, flush right at 7.1 in         |
 *
 * Full-width elements and parentheticals take one character more than their indents say: Final Draft does.
 * Line spacing (1, 1.5, 2) adds blank space above each line of the element.
 *
 * Dual dialogue: two 29-character columns (1.5–4.375 in and 4.625–7.5 in); a parenthetical 0.25 in in; the
 * cue centered on 2.9375 in (left) or 6.0625 in (right), snapped to 1/16 in.
 *
 * Text (styledText.ts): emphasis markers become style spans over the plain text, notes `[[…]]` are not printed,
 * wide (CJK) characters take two columns, lines wrap at the last space that fits (trailing spaces do not
 * count), over-long words break hard. Each content line (newline) of an element is a paragraph; an empty one
 * prints as a blank line.
 */
import type { ElementType, ScreenplayElement } from "./elements";
import { ELEMENT_TYPES } from "./elementTypes";
import { FD_DEFAULTS, linesPerPage, type ResolvedFormat } from "./format";
import { parseEmphasis, printableText, sliceSpans, textColumns, toStyled, wrapRanges, type StyleSpan, type StyledText } from "./styledText";

export * from "./styledText";

export type Paper = "letter" | "a4";

export const CHARS_PER_INCH = 10;
export const PAPER_INCHES: Readonly<Record<Paper, { width: number; height: number }>> = {
  letter: { width: 8.5, height: 11 },
  a4: { width: 210 / 25.4, height: 297 / 25.4 },
};
/** Body lines with Final Draft's 1 in top and bottom margins: 54 on Letter, 58 on A4. */
export const LINES_PER_PAGE: Readonly<Record<Paper, number>> = {
  letter: linesPerPage({ ...FD_DEFAULTS.page, ...PAPER_INCHES.letter }),
  a4: linesPerPage({ ...FD_DEFAULTS.page, ...PAPER_INCHES.a4 }),
};
export const TOP_MARGIN_IN = 1;
/** The right edge of the text area. */
export const RIGHT_EDGE_IN = 7.5;
/** Page numbers sit flush right at the text edge, 0.5 in from the top. */
export const PAGE_NUMBER_TOP_IN = 0.5;

export interface ElementGeometry {
  /** Start of wrapped lines, inches from the page's left edge (ignored for right alignment). */
  x: number;
  /** Start of the first line (x plus the first-line indent). */
  firstX: number;
  /** Wrap width in characters. */
  width: number;
  /** Right edge in inches (right alignment). */
  right: number;
  align: "left" | "right" | "center";
  uppercase: boolean;
  bold?: boolean;
  italic?: boolean;
  underline?: boolean;
  /** Blank lines before the element (dropped at the top of a page); may be fractional. */
  spaceBefore: number;
  /** Rows each line takes (line spacing: 1, 1.5, 2). */
  spacing: number;
}

export type GeometryTable = Readonly<Record<ElementType, ElementGeometry>>;

/** Element types whose width Final Draft takes one character wider than their indents. */
const ONE_WIDER: ReadonlySet<ElementType> = new Set(["slug", "action", "shot", "parenthetical"]);

const geometryCache = new WeakMap<object, GeometryTable>();

/** The geometry of every element type in a (resolved) format. */
export function geometryOf(format: ResolvedFormat): GeometryTable {
  let table = geometryCache.get(format.elements);
  if (!table) geometryCache.set(format.elements, (table = computeGeometry(format)));
  return table;
}

function computeGeometry(format: ResolvedFormat): GeometryTable {
  const out = {} as Record<ElementType, ElementGeometry>;
  for (const t of ELEMENT_TYPES) {
    const s = format.elements[t];
    const width = Math.max(1, Math.round((s.right - s.left) * CHARS_PER_INCH) + (ONE_WIDER.has(t) ? 1 : 0));
    const g: ElementGeometry = {
      x: s.left,
      firstX: s.left + s.firstIndent,
      width,
      right: s.right,
      align: s.align,
      uppercase: s.allCaps,
      spaceBefore: s.spaceBefore / 12,
      spacing: s.spacing,
    };
    if (s.bold) g.bold = true;
    if (s.italic) g.italic = true;
    if (s.underline) g.underline = true;
    out[t] = g;
  }
  return out;
}

/** Final Draft's default geometry (Fountain and new scripts, the editor). */
export const GEOMETRY: GeometryTable = geometryOf(FD_DEFAULTS);

export type DualColumn = "left" | "right";
export const DUAL_COLUMN_X: Readonly<Record<DualColumn, number>> = { left: 1.5, right: 4.625 };
export const DUAL_COLUMN_WIDTH = 29;
const DUAL_COLUMN_RIGHT: Readonly<Record<DualColumn, number>> = { left: 4.375, right: 7.5 };
const DUAL_CUE_CENTER: Readonly<Record<DualColumn, number>> = { left: 2.9375, right: 6.0625 };
const DUAL_OFFSETS: Partial<Record<ElementType, { dx: number; width: number }>> = {
  character: { dx: 0, width: DUAL_COLUMN_WIDTH },
  parenthetical: { dx: 0.25, width: 25 },
  dialogue: { dx: 0, width: DUAL_COLUMN_WIDTH },
};

/** The geometry of an element type, in a dual-dialogue column when `column` is given. */
export function geometryFor(type: ElementType, column?: DualColumn, table: GeometryTable = GEOMETRY): ElementGeometry {
  const base = table[type];
  const dual = column ? DUAL_OFFSETS[type] : undefined;
  if (!column || !dual) return base;
  const x = DUAL_COLUMN_X[column] + dual.dx;
  return { ...base, x, firstX: x + (base.firstX - base.x), width: dual.width, right: DUAL_COLUMN_RIGHT[column] };
}

/** A dual-dialogue cue's x: centered on its column's anchor, snapped to 1/16 in as Final Draft does. */
function dualCueX(cols: number, column: DualColumn): number {
  const x = DUAL_CUE_CENTER[column] - (Math.min(cols, DUAL_COLUMN_WIDTH) * (7 / 72)) / 2;
  return Math.round(x * 16) / 16;
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

/** An element's paragraphs as styled plain text: notes dropped, trimmed per type, uppercased and styled per type. */
export function styledParagraphs(
  el: Pick<ScreenplayElement, "type" | "content" | "centered">,
  table: GeometryTable = GEOMETRY,
): StyledText[] {
  const g = table[el.type];
  const keepLeading = el.type === "action" && !el.centered;
  return printableText(el.content)
    .split(/\r?\n/)
    .map((raw) => {
      const para = keepLeading ? raw.replace(/\s+$/, "") : raw.trim();
      let runs = parseEmphasis(para);
      if (g.uppercase) runs = runs.map((r) => ({ ...r, text: r.text.toUpperCase() }));
      if (g.bold || g.italic || g.underline) {
        runs = runs.map((r) => ({
          ...r,
          ...(g.bold ? { bold: true as const } : {}),
          ...(g.italic ? { italic: true as const } : {}),
          ...(g.underline ? { underline: true as const } : {}),
        }));
      }
      return toStyled(runs);
    });
}

export interface LayoutOptions {
  column?: DualColumn;
  centered?: boolean;
  geometry?: GeometryTable;
}

/** Wraps and positions styled paragraphs of one element type. Blank paragraphs at either end print nothing. */
export function layoutParagraphs(type: ElementType, paragraphs: readonly StyledText[], opts: LayoutOptions = {}): LaidLine[] {
  const { column, centered } = opts;
  const g = geometryFor(type, column, opts.geometry);
  const out: LaidLine[] = [];
  paragraphs.forEach(({ text, spans }, para) => {
    if (!text.trim()) {
      out.push({ text: "", x: g.x, kind: type, para, start: 0, ...(column ? { dualColumn: column } : {}) });
      return;
    }
    for (const [s, e] of wrapRanges(text, g.width)) {
      const line = text.slice(s, e);
      const cols = textColumns(line);
      let x = s === 0 && para === 0 ? g.firstX : g.x;
      if (column && type === "character") x = dualCueX(cols, column);
      else if (g.align === "right") x = g.right - cols / CHARS_PER_INCH;
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
export function layoutElement(
  el: Pick<ScreenplayElement, "type" | "content" | "centered">,
  column?: DualColumn,
  geometry: GeometryTable = GEOMETRY,
): LaidLine[] {
  return layoutParagraphs(el.type, styledParagraphs(el, geometry), {
    geometry,
    ...(column ? { column } : {}),
    ...(el.centered ? { centered: true } : {}),
  });
}

const CONTD = /\(\s*CONT(?:['’]?D|\.|INUED)\s*\)/i;

/**
 * The cue repeated at the top of the next page when a speech is split: "NAME (CONT'D)". An existing extension
 * is kept before it ("JOE (V.O.)" → "JOE (V.O.) (CONT'D)"); a cue that already says (CONT'D) is left as is.
 */
export function continuedCue(cue: string, contd = "(CONT'D)"): string {
  const trimmed = cue.trim();
  return CONTD.test(trimmed) || (contd && trimmed.toUpperCase().endsWith(contd.toUpperCase()))
    ? trimmed
    : contd
      ? `${trimmed} ${contd}`
      : trimmed;
}
