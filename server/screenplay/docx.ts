/**
 * Screenplay → DOCX (`docx` 9) in screenplay layout, for Word and LibreOffice.
 *
 * - One paragraph style per element ("Scene Heading", "Action", "Character", "Parenthetical", "Dialogue",
 *   "Transition", "Shot"), ids without spaces, laid out as the PDF lays it out: the script's own geometry
 *   (an .fdx's ElementSettings, else Final Draft's defaults) as indents, space before, exact line spacing
 *   (6 lines per inch), alignment, caps and styles; keep-with-next on headings, shots, cues and
 *   parentheticals, and Final Draft's Enter flow as each style's "next" style.
 * - Courier Prime 12 pt, embedded (its four faces) so the file looks the same without the font installed;
 *   Courier New is the fallback for complex scripts and Noto Sans JP / MS Mincho-like East Asian text is left
 *   to Word's font substitution.
 * - Letter (or A4, or the .fdx's own paper) page, margins 1 in top, 1.5 in left, 1 in right, bottom so that
 *   56 (A4: 60) lines fit: the pagination's 54 (58) plus the (MORE) and CONT'D that the PDF prints in its
 *   margins. Pages follow the one pagination (paginate.ts, in the script's format; docxPages.ts): a page
 *   break before each element or part that opens a page, an element the PDF prints across pages split into
 *   one paragraph per page with the PDF's lines, and a split speech's (MORE) and NAME (CONT'D) in the file's
 *   own DialogueBottom/DialogueTop words; cues carry the automatic CONT'D as in the PDF;
 *   a title-page section (no header) when the title page has a title, then the script section numbered from 1
 *   with "N." top right 0.5 in from the top, not on its first page.
 * - Dual dialogue as a two-column table without borders; scene numbers in the margins via a hanging indent
 *   (left, from 0.75 in) and a right indent of −0.5 in with a right tab (right, ending at 8.0 in).
 */
import fs from "node:fs";
import { createRequire } from "node:module";
import {
  AlignmentType,
  BorderStyle,
  CharacterSet,
  Document,
  Header,
  LineRuleType,
  NumberFormat,
  Packer,
  PageNumber,
  Paragraph,
  Table,
  TableCell,
  TableRow,
  TabStopType,
  TextRun,
  WidthType,
  type IParagraphStyleOptions,
} from "docx";
import type { ElementType, ParsedScript, ScreenplayElement, TitlePage } from "../../domain/screenplay/elements";
import { paperOf } from "../../domain/screenplay/format";
import { layFrontMatterPage, type FrontMatterLine } from "../../domain/screenplay/frontMatter";
import { ELEMENT_TYPES } from "../../domain/screenplay/elementTypes";
import {
  CHARS_PER_INCH,
  LINES_PER_PAGE,
  PAPER_INCHES,
  geometryOf,
  parseEmphasis,
  printableText,
  stripEmphasis,
  type GeometryTable,
  type Paper,
} from "../../domain/screenplay/layout";
import { withAutoContinueds } from "../../domain/screenplay/autoContinueds";
import { pageFormat, paginate, type PositionedLine } from "../../domain/screenplay/paginate";
import { elementParts, type ElementPart } from "./docxPages";
import type { ScreenplayPdfOptions } from "./pdf";

export interface ScreenplayDocxOptions {
  paper: ScreenplayPdfOptions["paper"];
  /** Default "none". */
  sceneNumbers?: ScreenplayPdfOptions["sceneNumbers"];
}

const TWIP = 1440; // per inch
const LINE = 240; // 12 pt
const FONT = "Courier Prime";
/** Courier Prime for Latin; complex scripts fall back to Courier New, East Asian text to Noto Sans JP (or Word's substitute). */
const RUN_FONTS = { ascii: FONT, hAnsi: FONT, cs: "Courier New", eastAsia: "Noto Sans JP" };
const require = createRequire(import.meta.url);

/** Style ids and display names per element type. */
export const DOCX_STYLES: Readonly<Record<ElementType, { id: string; name: string }>> = {
  slug: { id: "SceneHeading", name: "Scene Heading" },
  action: { id: "Action", name: "Action" },
  character: { id: "Character", name: "Character" },
  parenthetical: { id: "Parenthetical", name: "Parenthetical" },
  dialogue: { id: "Dialogue", name: "Dialogue" },
  transition: { id: "Transition", name: "Transition" },
  shot: { id: "Shot", name: "Shot" },
};

const inch = (n: number) => Math.round(n * TWIP);
const LEFT_MARGIN_IN = 1.5;
const RIGHT_MARGIN_IN = 1;

/** Final Draft's Enter flow: the style each element's "next" is. */
const NEXT_STYLE: Readonly<Record<ElementType, ElementType>> = {
  slug: "action",
  action: "action",
  character: "dialogue",
  parenthetical: "dialogue",
  dialogue: "action",
  transition: "slug",
  shot: "action",
};
const KEEP_WITH_NEXT: ReadonlySet<ElementType> = new Set(["slug", "shot", "character", "parenthetical"]);

/**
 * One paragraph style per element type, laid out as the PDF lays it out: the script's own geometry (an .fdx's
 * ElementSettings, else Final Draft's defaults), as indents from the 1.5 in left and 1 in right margins. A
 * right indent may be negative: Final Draft fits one column more than action's 6 in, and Word and LibreOffice
 * would otherwise wrap a full line early and spill a page over.
 */
function styles(geometry: GeometryTable, pageWidth: number): IParagraphStyleOptions[] {
  return ELEMENT_TYPES.map((type) => {
    const g = geometry[type];
    const right = g.align === "right" ? g.right : g.x + g.width / CHARS_PER_INCH;
    const hanging = g.x - g.firstX;
    return {
      id: DOCX_STYLES[type].id,
      name: DOCX_STYLES[type].name,
      basedOn: "Normal",
      next: DOCX_STYLES[NEXT_STYLE[type]].id,
      quickFormat: true,
      run: {
        font: RUN_FONTS,
        size: 24,
        ...(g.uppercase ? { allCaps: true } : {}),
        ...(g.bold ? { bold: true } : {}),
        ...(g.italic ? { italics: true } : {}),
        ...(g.underline ? { underline: {} } : {}),
      },
      paragraph: {
        spacing: { before: Math.round(g.spaceBefore * LINE), after: 0, line: Math.round(g.spacing * LINE), lineRule: LineRuleType.EXACT },
        indent: {
          left: inch(g.x - LEFT_MARGIN_IN),
          right: inch(pageWidth - RIGHT_MARGIN_IN - right),
          ...(hanging > 0 ? { hanging: inch(hanging) } : hanging < 0 ? { firstLine: inch(-hanging) } : {}),
        },
        ...(g.align === "right" ? { alignment: AlignmentType.RIGHT } : g.align === "center" ? { alignment: AlignmentType.CENTER } : {}),
        ...(KEEP_WITH_NEXT.has(type) ? { keepNext: true } : {}),
      },
    };
  });
}

let fontCache: { data: Buffer; bold: Buffer; italic: Buffer; boldItalic: Buffer } | null = null;
function courierPrime() {
  if (!fontCache) {
    const f = (p: string) => fs.readFileSync(require.resolve(`@expo-google-fonts/courier-prime/${p}`));
    fontCache = {
      data: f("400Regular/CourierPrime_400Regular.ttf"),
      bold: f("700Bold/CourierPrime_700Bold.ttf"),
      italic: f("400Regular_Italic/CourierPrime_400Regular_Italic.ttf"),
      boldItalic: f("700Bold_Italic/CourierPrime_700Bold_Italic.ttf"),
    };
  }
  return fontCache;
}

/** Text runs of an element's content: emphasis as run formatting, newlines as line breaks, notes dropped. */
function runs(content: string): TextRun[] {
  const out: TextRun[] = [];
  printableText(content)
    .split(/\r?\n/)
    .forEach((line, i) => {
      const parts = parseEmphasis(line);
      if (parts.length === 0) out.push(new TextRun({ text: "", ...(i > 0 ? { break: 1 } : {}) }));
      parts.forEach((r, j) =>
        out.push(
          new TextRun({
            text: r.text,
            ...(i > 0 && j === 0 ? { break: 1 } : {}),
            ...(r.bold ? { bold: true } : {}),
            ...(r.italic ? { italics: true } : {}),
            ...(r.underline ? { underline: {} } : {}),
          }),
        ),
      );
    });
  return out;
}

const NO_BORDER = { style: BorderStyle.NONE, size: 0, color: "FFFFFF" };
const NO_BORDERS = {
  top: NO_BORDER,
  bottom: NO_BORDER,
  left: NO_BORDER,
  right: NO_BORDER,
  insideHorizontal: NO_BORDER,
  insideVertical: NO_BORDER,
};

/** A dual-dialogue pair: two speeches side by side in a borderless table (28-character columns). */
function dualTable(left: ScreenplayElement[], right: ScreenplayElement[]): Table {
  // indents inside a column (the left cell also holds the 0.4 in gutter on its right)
  const indents = (type: ElementType, gutter: number) =>
    type === "character"
      ? { left: inch(0.8), right: gutter }
      : type === "parenthetical"
        ? { left: inch(0.4), right: inch(0.3) + gutter, hanging: inch(0.1) }
        : { left: 0, right: gutter };
  const cell = (els: ScreenplayElement[], width: number, gutter: number) =>
    new TableCell({
      width: { size: width, type: WidthType.DXA },
      borders: NO_BORDERS,
      margins: { top: 0, bottom: 0, left: 0, right: 0 },
      children: els.map(
        (el) => new Paragraph({ style: DOCX_STYLES[el.type].id, indent: indents(el.type, gutter), children: runs(el.content) }),
      ),
    });
  return new Table({
    width: { size: inch(6), type: WidthType.DXA },
    columnWidths: [inch(3.2), inch(2.8)],
    borders: NO_BORDERS,
    rows: [new TableRow({ cantSplit: true, children: [cell(left, inch(3.2), inch(0.4)), cell(right, inch(2.8), 0)] })],
  });
}

/** Runs of printed lines (a part of an element split across pages): the PDF's wrapping, as line breaks. */
function lineRuns(lines: readonly PositionedLine[]): TextRun[] {
  return lines.flatMap((line, i) => {
    const cuts = new Set([0, line.text.length, ...(line.styles ?? []).flatMap((sp) => [sp.start, sp.end])]);
    const edges = [...cuts].filter((c) => c >= 0 && c <= line.text.length).sort((a, b) => a - b);
    const out: TextRun[] = [];
    for (let k = 0; k + 1 < edges.length || (k === 0 && edges.length === 1); k++) {
      const from = edges[k]!;
      const to = edges[k + 1] ?? from;
      const over = (line.styles ?? []).filter((x) => x.start <= from && x.end >= to && x.end > x.start);
      const sp = { bold: over.some((x) => x.bold), italic: over.some((x) => x.italic), underline: over.some((x) => x.underline) };
      out.push(
        new TextRun({
          text: line.text.slice(from, to),
          ...(i > 0 && k === 0 ? { break: 1 } : {}),
          ...(sp.bold ? { bold: true } : {}),
          ...(sp.italic ? { italics: true } : {}),
          ...(sp.underline ? { underline: {} } : {}),
        }),
      );
    }
    return out;
  });
}

/** A paragraph that opens a page drops its space before (as the PDF does at the top of a page). */
const TOP_OF_PAGE = { spacing: { before: 0 } };

/** "(MORE)" below a split speech's first part, and "NAME (CONT'D)" above its rest (in the file's own words). */
const moreParagraph = (text: string) =>
  new Paragraph({ style: DOCX_STYLES.character.id, keepNext: false, spacing: { before: 0 }, children: [new TextRun(text)] });
const contdParagraph = (text: string, pageBreakBefore: boolean) =>
  new Paragraph({
    style: DOCX_STYLES.character.id,
    pageBreakBefore,
    ...TOP_OF_PAGE,
    children: lineRuns(text.split("\n").map((t) => ({ text: t, x: 0, row: 0, kind: "character" }))),
  });

/**
 * An element's paragraphs where the one pagination put it: a page break before the part that opens a page,
 * the continued cue above it and "(MORE)" below the part before; an element printed across pages becomes one
 * paragraph per page, each with the PDF's lines.
 */
function placedParagraphs(
  el: ScreenplayElement,
  parts: readonly ElementPart[],
  paragraph: (opts: { pageBreakBefore: boolean; children?: TextRun[]; top: boolean }) => Paragraph | Table,
): Array<Paragraph | Table> {
  if (parts.length === 0) return [paragraph({ pageBreakBefore: !!el.pageBreakBefore, top: false })];
  const split = parts.length > 1;
  const out: Array<Paragraph | Table> = [];
  parts.forEach((part, k) => {
    let pageBreakBefore = part.opensPage || (k === 0 && !!el.pageBreakBefore);
    if (part.contdAbove) {
      out.push(contdParagraph(part.contdAbove, pageBreakBefore));
      pageBreakBefore = false;
    }
    out.push(paragraph({ pageBreakBefore, top: part.opensPage || k > 0, ...(split ? { children: lineRuns(part.lines) } : {}) }));
    if (part.moreBelow) out.push(moreParagraph(part.moreBelow));
  });
  return out;
}

function scriptBody(
  elements: readonly ScreenplayElement[],
  opts: ScreenplayDocxOptions,
  parts: ReadonlyMap<string, ElementPart[]>,
): Array<Paragraph | Table> {
  const body: Array<Paragraph | Table> = [];
  let scene = 0;
  let i = 0;
  const speech = (): ScreenplayElement[] => {
    const out = [elements[i++]!];
    while (i < elements.length && (elements[i]!.type === "dialogue" || elements[i]!.type === "parenthetical")) out.push(elements[i++]!);
    return out;
  };
  while (i < elements.length) {
    const el = elements[i]!;
    const placed = parts.get(el.id) ?? [];
    if (el.type === "character" && !el.dual) {
      const start = i;
      const first = speech();
      if (elements[i]?.type === "character" && elements[i]!.dual) {
        // the cues' own space-before gives the blank line above the table
        if (el.pageBreakBefore || placed[0]?.opensPage) body.push(new Paragraph({ pageBreakBefore: true, children: [] }));
        body.push(dualTable(first, speech()));
        continue;
      }
      i = start;
    }
    i++;
    if (el.type === "slug") {
      scene++;
      const num = el.sceneNumber?.trim() || String(scene);
      const left = opts.sceneNumbers === "left" || opts.sceneNumbers === "both";
      const right = opts.sceneNumbers === "right" || opts.sceneNumbers === "both";
      const children = [
        ...(left ? [new TextRun(num), new TextRun("\t")] : []),
        ...runs(el.content),
        ...(right ? [new TextRun("\t"), new TextRun(num)] : []),
      ];
      body.push(
        ...placedParagraphs(
          el,
          placed.slice(0, 1),
          ({ pageBreakBefore, top }) =>
            new Paragraph({
              style: DOCX_STYLES.slug.id,
              pageBreakBefore,
              ...(top ? TOP_OF_PAGE : {}),
              children,
              // the number sits in the margin: left by a hanging indent, right by a right indent reaching into
              // the margin with a right tab at its end (LibreOffice ignores tab stops past the right indent)
              ...(left || right
                ? { indent: { left: 0, ...(left ? { hanging: inch(0.75) } : {}), ...(right ? { right: -inch(0.5) } : {}) } }
                : {}),
              ...(right ? { tabStops: [{ type: TabStopType.RIGHT, position: inch(6.5) }] } : {}),
            }),
        ),
      );
      continue;
    }
    body.push(
      ...placedParagraphs(
        el,
        placed,
        ({ pageBreakBefore, top, children }) =>
          new Paragraph({
            style: DOCX_STYLES[el.type].id,
            pageBreakBefore,
            ...(top ? TOP_OF_PAGE : {}),
            children: children ?? runs(el.content),
            ...(el.type === "action" && el.centered ? { alignment: AlignmentType.CENTER } : {}),
          }),
      ),
    );
  }
  return body;
}

function titleBody(tp: TitlePage, paper: Paper): Paragraph[] {
  const out: Paragraph[] = [];
  let row = 0;
  const add = (value: string | undefined, atRow: number, alignment: (typeof AlignmentType)[keyof typeof AlignmentType]) => {
    if (!value?.trim()) return;
    const lines = value.trim().split(/\r?\n/);
    lines.forEach((line, k) => {
      const before = k === 0 ? Math.max(0, atRow - row) * LINE : 0;
      out.push(
        new Paragraph({ alignment, spacing: { before, after: 0, line: LINE, lineRule: LineRuleType.EXACT }, children: runs(line.trim()) }),
      );
    });
    row = Math.max(row, atRow) + lines.length;
  };
  add(tp.title, Math.round((PAPER_INCHES[paper].height / 3 - 1) * 6), AlignmentType.CENTER);
  add(tp.credit ?? (tp.author ? "Written by" : undefined), row + 3, AlignmentType.CENTER);
  add(tp.author, row + 1, AlignmentType.CENTER);
  add(tp.source, row + 2, AlignmentType.CENTER);
  const count = (v: string | undefined) => (v?.trim() ? v.trim().split(/\r?\n/).length : 0);
  const dates = count(tp.draftDate);
  const contacts = count(tp.contact);
  const lowerRow = Math.max(row + 2, LINES_PER_PAGE[paper] - (dates + contacts + (dates && contacts ? 1 : 0)));
  add(tp.draftDate, lowerRow, AlignmentType.LEFT);
  add(tp.contact, dates ? row + 1 : lowerRow, AlignmentType.LEFT);
  return out;
}

/** A laid-out line's text as runs, with its bold, italic and underline spans. */
function styledRuns(line: FrontMatterLine): TextRun[] {
  const cuts = new Set([0, line.text.length]);
  for (const s of line.styles ?? []) cuts.add(s.start).add(s.end);
  const points = [...cuts].sort((a, b) => a - b);
  return points.slice(0, -1).map((start, i) => {
    const end = points[i + 1]!;
    const span = line.styles?.find((s) => s.start <= start && s.end >= end);
    return new TextRun({
      text: line.text.slice(start, end),
      ...(span?.bold ? { bold: true } : {}),
      ...(span?.italic ? { italics: true } : {}),
      ...(span?.underline ? { underline: {} } : {}),
    });
  });
}

/**
 * A front-matter page as the PDF lays it out: one paragraph a printed line, at the PDF's row and column
 * (the section's left margin is 1.5 in, so a line further left gets a negative indent).
 */
function frontMatterBody(lines: FrontMatterLine[]): Paragraph[] {
  let next = 0;
  return lines.map((line) => {
    const before = (line.row - next) * LINE;
    next = line.row + 1;
    return new Paragraph({
      // already wrapped as the PDF prints it: the box reaches into the right margin so nothing wraps again
      indent: { left: inch(line.x - LEFT_MARGIN_IN), right: -inch(RIGHT_MARGIN_IN / 2) },
      spacing: { before, after: 0, line: LINE, lineRule: LineRuleType.EXACT },
      children: styledRuns(line),
    });
  });
}

/** Renders a parsed script as a .docx file's bytes. */
export async function renderScreenplayDocx(script: ParsedScript, opts: ScreenplayDocxOptions): Promise<Buffer> {
  const paging = { ...(opts.paper ? { paper: opts.paper } : {}), format: script.format ?? null };
  const format = pageFormat(paging);
  const paperName = opts.paper ?? paperOf(format.page);
  const paper = PAPER_INCHES[paperName];
  // two lines more than the pagination's page: a split speech's (MORE) and NAME (CONT'D) take none of its
  // lines in the PDF (they print in the margins) but do in Word; and with lines wider spaced than one, the
  // blank part of the last line before a (MORE), which the pagination drops, as well. Every page still ends
  // at an explicit break, so the extra room moves nothing up.
  const widest = Math.max(...ELEMENT_TYPES.map((t) => geometryOf(format)[t].spacing));
  const lines = LINES_PER_PAGE[paperName] + 2 + Math.ceil(widest - 1);
  const size = { width: inch(paper.width), height: inch(paper.height) };
  const margin = {
    top: TWIP,
    left: inch(LEFT_MARGIN_IN),
    right: inch(RIGHT_MARGIN_IN),
    bottom: size.height - TWIP - lines * LINE,
    header: inch(0.5),
    footer: inch(0.5),
  };
  const title = script.titlePage.title ? stripEmphasis(script.titlePage.title).replace(/\s+/g, " ").trim() : "";
  const pageNumberHeader = new Header({
    children: [new Paragraph({ alignment: AlignmentType.RIGHT, children: [new TextRun({ children: [PageNumber.CURRENT, "."] })] })],
  });
  const emptyHeader = new Header({ children: [new Paragraph({ children: [] })] });
  // front matter is numbered ii, iii… (the title page is i), without the body's period
  const romanHeader = new Header({
    children: [new Paragraph({ alignment: AlignmentType.RIGHT, children: [new TextRun({ children: [PageNumber.CURRENT] })] })],
  });
  const sections = [];
  if (title)
    sections.push({
      properties: { page: { size, margin } },
      headers: { default: emptyHeader },
      children: titleBody(script.titlePage, paperName),
    });
  const frontMatter = script.titlePage.frontMatter;
  frontMatter?.pages.forEach((page, i) => {
    const numbered = frontMatter.pageNumbers === true;
    sections.push({
      properties: {
        page: { size, margin, ...(numbered && i === 0 ? { pageNumbers: { start: 2, formatType: NumberFormat.LOWER_ROMAN } } : {}) },
      },
      headers: { default: numbered ? romanHeader : emptyHeader },
      children: frontMatterBody(layFrontMatterPage(page.paragraphs)),
    });
  });
  sections.push({
    properties: { page: { size, margin, pageNumbers: { start: 1 } }, titlePage: true },
    headers: { default: pageNumberHeader, first: emptyHeader },
    children: scriptBody(withAutoContinueds(script.elements, format.continueds), opts, elementParts(paginate(script.elements, paging))),
  });
  const cp = courierPrime();
  const doc = new Document({
    creator: "Reelgraph",
    title: title || "Screenplay",
    ...(script.titlePage.author ? { subject: `Screenplay by ${stripEmphasis(script.titlePage.author)}` } : {}),
    fonts: [{ name: FONT, data: cp.data, bold: cp.bold, italic: cp.italic, boldItalic: cp.boldItalic, characterSet: CharacterSet.ANSI }],
    styles: {
      default: {
        document: {
          run: { font: RUN_FONTS, size: 24 },
          paragraph: { spacing: { before: 0, after: 0, line: LINE, lineRule: LineRuleType.EXACT } },
        },
      },
      paragraphStyles: styles(geometryOf(format), paper.width),
    },
    sections,
  });
  return Packer.toBuffer(doc);
}
