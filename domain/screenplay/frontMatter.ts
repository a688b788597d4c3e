/**
 * Front matter: the pages a Final Draft title page runs on to after its first (a cast list, a writers' note,
 * an epigraph). Final Draft's TitlePage is one flow of free paragraphs that breaks into pages like any text,
 * so the first page is read into the title page's fields (fdxTitlePage.ts) and the pages after it are kept
 * here as laid out: paragraphs with their alignment, indents, space before and tab stops. They print between
 * the title page and page 1 (PDF and DOCX), numbered ii, iii… when the file's title page header shows page
 * numbers, and are not counted in the script's pages. Fountain has no form for them.
 */
import { z } from "zod";
import { parseEmphasis, textColumns, toStyled, wrapRanges, type StyledText } from "./styledText";
import type { StyleSpan } from "./styledText";

const inches = z.number().min(-20).max(40);

export const frontMatterParagraphSchema = z.object({
  /** The printed text, with Fountain emphasis for the file's bold, italic and underlined runs; "" = a blank line. */
  text: z.string().max(5000),
  align: z.enum(["left", "center", "right"]).optional(),
  /** Inches from the page's left edge to the paragraph's left side. */
  leftIndent: inches,
  /** Inches from the page's left edge to the paragraph's right side. */
  rightIndent: inches,
  /** The first line's shift from the left side (negative: a hanging indent, as a cast list uses). */
  firstIndent: inches.optional(),
  /** Blank lines before the paragraph (Final Draft's SpaceBefore, 12 points a line). */
  spaceBefore: z.number().int().min(0).max(50).optional(),
  /** Tab stops, inches from the page's left edge. */
  tabStops: z.array(inches).max(20).optional(),
});
export type FrontMatterParagraph = z.infer<typeof frontMatterParagraphSchema>;

export const frontMatterSchema = z.object({
  pages: z
    .array(z.object({ paragraphs: z.array(frontMatterParagraphSchema).max(400) }))
    .min(1)
    .max(20),
  /** The file's title-page header shows page numbers (ii, iii… on these pages). */
  pageNumbers: z.boolean().optional(),
});
export type FrontMatter = z.infer<typeof frontMatterSchema>;

/** One printed line: its row on the page, where it starts (inches) and its text. */
export interface FrontMatterLine {
  row: number;
  x: number;
  text: string;
  styles?: StyleSpan[];
}

const COLUMN_IN = 0.1;
/** Where a tab goes when the paragraph sets no stop past the text: every half inch, as word processors do. */
const DEFAULT_TAB_IN = 0.5;

/** Tabs → spaces up to the next stop, with the style spans moved along (Courier: 10 columns an inch). */
function expandTabs(st: StyledText, startX: number, stops: readonly number[]): StyledText {
  if (!st.text.includes("\t")) return st;
  const sorted = [...stops].sort((a, b) => a - b);
  let text = "";
  const map: number[] = [];
  for (let i = 0; i < st.text.length; i++) {
    map.push(text.length);
    const ch = st.text[i]!;
    if (ch !== "\t") {
      text += ch;
      continue;
    }
    const x = startX + textColumns(text) * COLUMN_IN;
    const stop = sorted.find((s) => s > x + 1e-6) ?? (Math.floor(x / DEFAULT_TAB_IN + 1e-6) + 1) * DEFAULT_TAB_IN;
    text += " ".repeat(Math.max(1, Math.round((stop - x) / COLUMN_IN)));
  }
  map.push(text.length);
  return { text, spans: st.spans.map((s) => ({ ...s, start: map[s.start]!, end: map[s.end]! })) };
}

/** A paragraph's lines, rows counted from 0 at its first printed line. */
export function layFrontMatterParagraph(p: FrontMatterParagraph): Omit<FrontMatterLine, "row">[] {
  const first = p.leftIndent + (p.firstIndent ?? 0);
  // Final Draft fits one column more than the indents span (6 in of action hold 61 columns)
  const width = Math.max(1, Math.round((p.rightIndent - p.leftIndent) / COLUMN_IN) + 1);
  const firstWidth = Math.max(1, Math.round((p.rightIndent - first) / COLUMN_IN) + 1);
  const out: Omit<FrontMatterLine, "row">[] = [];
  p.text.split("\n").forEach((hard, h) => {
    const startX = h === 0 ? first : p.leftIndent;
    const st = expandTabs(toStyled(parseEmphasis(hard)), startX, p.tabStops ?? []);
    wrapRanges(st.text, h === 0 ? firstWidth : width, width).forEach(([s, e], i) => {
      const text = st.text.slice(s, e);
      const left = h === 0 && i === 0 ? first : p.leftIndent;
      const cols = textColumns(text);
      const x =
        p.align === "center"
          ? left + (p.rightIndent - left - cols * COLUMN_IN) / 2
          : p.align === "right"
            ? p.rightIndent - cols * COLUMN_IN
            : left;
      const styles = st.spans
        .map((sp) => ({ ...sp, start: Math.max(sp.start, s) - s, end: Math.min(sp.end, e) - s }))
        .filter((sp) => sp.end > sp.start);
      out.push(styles.length ? { x, text, styles } : { x, text });
    });
  });
  return out;
}

/** Lines a paragraph takes on a page: its space before (not at a page's top) and its wrapped lines. */
const heightOf = (p: FrontMatterParagraph, atTop: boolean) => (atTop ? 0 : (p.spaceBefore ?? 0)) + layFrontMatterParagraph(p).length;

/**
 * Breaks a title page's paragraphs into pages of `linesPerPage` lines, as Final Draft flows them (blank
 * paragraphs take a line and carry over a page's top; a paragraph taller than the room left starts the next
 * page). `newPageBefore` marks the paragraphs the file starts on a new page.
 */
export function flowIntoPages(
  paragraphs: readonly FrontMatterParagraph[],
  linesPerPage: number,
  newPageBefore: ReadonlySet<number> = new Set(),
): FrontMatterParagraph[][] {
  const pages: FrontMatterParagraph[][] = [[]];
  let used = 0;
  paragraphs.forEach((p, i) => {
    let page = pages[pages.length - 1]!;
    const fits = used + heightOf(p, page.length === 0) <= linesPerPage;
    if (page.length > 0 && (newPageBefore.has(i) || !fits)) {
      pages.push((page = []));
      used = 0;
    }
    used += heightOf(p, page.length === 0);
    page.push(p);
  });
  return pages;
}

/** A page's printed lines, top to bottom. */
export function layFrontMatterPage(paragraphs: readonly FrontMatterParagraph[]): FrontMatterLine[] {
  const lines: FrontMatterLine[] = [];
  let row = 0;
  paragraphs.forEach((p, i) => {
    if (i > 0) row += p.spaceBefore ?? 0;
    for (const line of layFrontMatterParagraph(p)) {
      if (line.text !== "") lines.push({ ...line, row });
      row++;
    }
  });
  return lines;
}

/** Lower-case roman numerals for front-matter page numbers (the title page is i). */
export function romanPageNumber(n: number): string {
  const table: [number, string][] = [
    [10, "x"],
    [9, "ix"],
    [5, "v"],
    [4, "iv"],
    [1, "i"],
  ];
  let out = "";
  let rest = n;
  for (const [value, letters] of table) {
    while (rest >= value) {
      out += letters;
      rest -= value;
    }
  }
  return out;
}
