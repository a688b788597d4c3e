/**
 * Screenplay → PDF (pdfkit), US screenplay standard: Letter (or A4, or the .fdx's own page size), Courier
 * Prime 12 pt on a grid of 10 characters and 6 lines per inch, the first line at the top margin (1 in), lines
 * placed where paginate() put them (in the script's own format: the same pagination as the editor's count).
 *
 * - Page numbers "2." flush right at 7.5 in, 0.5 in from the top, from the second script page on; the
 *   title page is neither numbered nor counted.
 * - Title page (when `titlePage.title` is set): title centered a third of the way down, then credit
 *   ("Written by" when only an author is given), author and source; draft date and contact lower left.
 *   Other keys are not printed.
 * - Scene numbers: left at 0.75 in, right at 7.7 in, both, or none.
 * - Emphasis prints with Courier Prime's bold, italic and bold-italic faces; underline is drawn.
 * - Characters Courier Prime lacks print from fallback fonts (see fonts.ts), each run placed on the column
 *   grid; wide (CJK) characters get two columns each.
 */
import PDFDocument from "pdfkit";
import type { ParsedScript, ScreenplayElement, TitlePage } from "../../domain/screenplay/elements";
import { layFrontMatterPage, romanPageNumber, type FrontMatterLine } from "../../domain/screenplay/frontMatter";
import {
  CHARS_PER_INCH,
  PAGE_NUMBER_TOP_IN,
  PAPER_INCHES,
  RIGHT_EDGE_IN,
  TOP_MARGIN_IN,
  charColumns,
  parseEmphasis,
  stripEmphasis,
  textColumns,
  wrapRanges,
  type Paper,
  type StyleSpan,
} from "../../domain/screenplay/layout";
import { pageFormat, paginate, type Page, type PositionedLine } from "../../domain/screenplay/paginate";
import { FALLBACK_LEVELS, LEVEL_METRICS, fontAt, fontName, primaryFont, splitByFont, type Face } from "./fonts";

export type SceneNumberPlacement = "none" | "left" | "right" | "both";

export interface ScreenplayPdfOptions {
  /** The paper; without it, the script format's page (Letter unless an .fdx said otherwise). */
  paper?: Paper | undefined;
  sceneNumbers: SceneNumberPlacement;
}

interface PageBox {
  width: number;
  height: number;
  /** Top margin in points. */
  top: number;
}

const PT = 72;
const FONT_SIZE = 12;
const COLUMN_PT = PT / CHARS_PER_INCH; // 7.2
const ROW_PT = PT / 6; // 12
/** Baseline below the top of a 12 pt line. */
const BASELINE_PT = 9;
const SCENE_NUMBER_LEFT_IN = 0.75;
const SCENE_NUMBER_RIGHT_IN = 7.7;

type Doc = PDFKit.PDFDocument;

/** One document's font state: registers each level/face the first time it is used (fonts are parsed once). */
class FontUse {
  private registered = new Set<string>();
  private current = "";
  private size = 0;
  constructor(private readonly doc: Doc) {}
  use(level: number, face: Face, size: number): void {
    let lvl = level;
    let font = lvl === 0 ? primaryFont(face) : fontAt(lvl, face);
    if (!font) {
      lvl = 0;
      font = primaryFont(face);
    }
    const name = fontName(lvl, face);
    if (name === this.current && size === this.size) return;
    if (!this.registered.has(name)) {
      // pdfkit accepts a parsed fontkit font in place of a file (PDFFontFactory.open: `src.layout`)
      this.doc.registerFont(name, font as unknown as Buffer);
      this.registered.add(name);
    }
    this.doc.font(name, size);
    this.current = name;
    this.size = size;
  }
}

interface Segment {
  text: string;
  face: Face;
  underline: boolean;
}

function faceOf(span: StyleSpan | undefined): Face {
  if (!span) return "regular";
  if (span.bold && span.italic) return "boldItalic";
  return span.bold ? "bold" : span.italic ? "italic" : "regular";
}

function segments(text: string, styles: StyleSpan[] | undefined): Segment[] {
  if (!styles?.length) return [{ text, face: "regular", underline: false }];
  const out: Segment[] = [];
  let at = 0;
  for (const sp of [...styles].sort((a, b) => a.start - b.start)) {
    if (sp.start > at) out.push({ text: text.slice(at, sp.start), face: "regular", underline: false });
    out.push({ text: text.slice(Math.max(at, sp.start), sp.end), face: faceOf(sp), underline: !!sp.underline });
    at = Math.max(at, sp.end);
  }
  if (at < text.length) out.push({ text: text.slice(at), face: "regular", underline: false });
  return out.filter((s) => s.text.length > 0);
}

const allWide = (s: string) => {
  for (const ch of s) if (charColumns(ch.codePointAt(0)!) !== 2) return false;
  return true;
};

/** Draws one line of text with its left edge at `xPt` and its line top at `topPt`. */
function drawText(doc: Doc, fonts: FontUse, text: string, styles: StyleSpan[] | undefined, xPt: number, topPt: number): void {
  const baseline = topPt + BASELINE_PT;
  let col = 0;
  for (const seg of segments(text, styles)) {
    const segStart = col;
    for (const run of splitByFont(seg.text)) {
      const cols = textColumns(run.text);
      if (run.text.trim()) {
        const metrics = LEVEL_METRICS[run.level] ?? { size: FONT_SIZE };
        fonts.use(run.level, seg.face, metrics.size);
        // keep fallback text on the grid: wide glyphs (1 em) get two columns, monospaced ones one each
        const characterSpacing =
          run.level > 0 && allWide(run.text)
            ? 2 * COLUMN_PT - metrics.size
            : run.level > 0 && metrics.monoAdvance
              ? COLUMN_PT - metrics.monoAdvance * metrics.size
              : 0;
        doc.text(run.text, xPt + col * COLUMN_PT, baseline, { lineBreak: false, baseline: "alphabetic", characterSpacing });
      }
      col += cols;
    }
    if (seg.underline && col > segStart) {
      const y = baseline + 1.6;
      doc
        .save()
        .lineWidth(0.6)
        .moveTo(xPt + segStart * COLUMN_PT, y)
        .lineTo(xPt + col * COLUMN_PT, y)
        .stroke()
        .restore();
    }
  }
}

function drawPage(doc: Doc, fonts: FontUse, page: Page, opts: ScreenplayPdfOptions, box: PageBox): void {
  const top = box.top;
  if (page.number > 1) {
    const label = `${page.number}.`;
    drawText(doc, fonts, label, undefined, RIGHT_EDGE_IN * PT - textColumns(label) * COLUMN_PT, PAGE_NUMBER_TOP_IN * PT);
  }
  for (const line of page.lines) {
    const lineTop = top + line.row * ROW_PT;
    drawText(doc, fonts, line.text, line.styles, line.x * PT, lineTop);
    if (line.sceneNumber && opts.sceneNumbers !== "none") {
      if (opts.sceneNumbers === "left" || opts.sceneNumbers === "both") {
        drawText(doc, fonts, line.sceneNumber, undefined, SCENE_NUMBER_LEFT_IN * PT, lineTop);
      }
      if (opts.sceneNumbers === "right" || opts.sceneNumbers === "both") {
        drawText(doc, fonts, line.sceneNumber, undefined, SCENE_NUMBER_RIGHT_IN * PT, lineTop);
      }
    }
  }
}

interface TitleLine {
  text: string;
  styles?: StyleSpan[];
}

/** Emphasis-parsed, wrapped (60 columns) lines of a title-page value; blank lines kept. */
function titleLines(value: string | undefined): TitleLine[] {
  if (!value?.trim()) return [];
  const out: TitleLine[] = [];
  for (const para of value.trim().split(/\r?\n/)) {
    let text = "";
    const spans: StyleSpan[] = [];
    for (const r of parseEmphasis(para.trim())) {
      const start = text.length;
      text += r.text;
      if (r.bold || r.italic || r.underline)
        spans.push({
          start,
          end: text.length,
          ...(r.bold ? { bold: true } : {}),
          ...(r.italic ? { italic: true } : {}),
          ...(r.underline ? { underline: true } : {}),
        });
    }
    for (const [s, e] of wrapRanges(text, 60)) {
      const styles = spans
        .map((sp) => ({ ...sp, start: Math.max(sp.start, s) - s, end: Math.min(sp.end, e) - s }))
        .filter((sp) => sp.end > sp.start);
      out.push(styles.length ? { text: text.slice(s, e), styles } : { text: text.slice(s, e) });
    }
  }
  return out;
}

function drawTitlePage(doc: Doc, fonts: FontUse, tp: TitlePage, box: PageBox): void {
  const pageWidthPt = box.width * PT;
  const rows = Math.floor((box.height - 2 * TOP_MARGIN_IN) * 6);
  const top = TOP_MARGIN_IN * PT;
  const centered = (lines: TitleLine[], row: number): number => {
    for (const l of lines) {
      const x = (pageWidthPt - textColumns(l.text) * COLUMN_PT) / 2;
      drawText(doc, fonts, l.text, l.styles, x, top + row * ROW_PT);
      row++;
    }
    return row;
  };
  // a third of the way down the page
  let row = Math.round(((box.height / 3 - TOP_MARGIN_IN) * PT) / ROW_PT);
  row = centered(titleLines(tp.title), row);
  const credit = tp.credit ?? (tp.author ? "Written by" : undefined);
  if (credit) row = centered(titleLines(credit), row + 3);
  if (tp.author) row = centered(titleLines(tp.author), row + 1);
  if (tp.source) row = centered(titleLines(tp.source), row + 2);
  const lower: TitleLine[] = [...titleLines(tp.draftDate)];
  const contact = titleLines(tp.contact);
  if (lower.length && contact.length) lower.push({ text: "" });
  lower.push(...contact);
  let r = Math.max(row + 2, rows - lower.length);
  for (const l of lower) drawText(doc, fonts, l.text, l.styles, 1.5 * PT, top + r++ * ROW_PT);
}

function drawFrontMatterPage(doc: Doc, fonts: FontUse, lines: FrontMatterLine[], label: string | undefined, box: PageBox): void {
  if (label) drawText(doc, fonts, label, undefined, RIGHT_EDGE_IN * PT - textColumns(label) * COLUMN_PT, PAGE_NUMBER_TOP_IN * PT);
  for (const line of lines) drawText(doc, fonts, line.text, line.styles, line.x * PT, box.top + line.row * ROW_PT);
}

/** Renders a parsed script to a PDF; resolves with the file's bytes. */
export async function renderScreenplayPdf(script: ParsedScript, opts: ScreenplayPdfOptions): Promise<Buffer> {
  const paging = { ...(opts.paper ? { paper: opts.paper } : {}), format: script.format ?? null };
  const pages = paginate(script.elements, paging);
  const { page } = pageFormat(paging);
  return renderPagesPdf(pages, script.titlePage, opts, { width: page.width, height: page.height, top: page.top });
}

/** Renders already paginated pages (lets callers time or reuse the pagination). */
export function renderPagesPdf(
  pages: Page[],
  titlePage: TitlePage,
  opts: ScreenplayPdfOptions,
  box: PageBox = { ...PAPER_INCHES[opts.paper ?? "letter"], top: TOP_MARGIN_IN * PT },
): Promise<Buffer> {
  const title = titlePage.title ? stripEmphasis(titlePage.title).replace(/\s+/g, " ").trim() : undefined;
  const author = titlePage.author ? stripEmphasis(titlePage.author).replace(/\s+/g, " ").trim() : undefined;
  const doc = new PDFDocument({
    size: opts.paper === "a4" ? "A4" : opts.paper === "letter" ? "LETTER" : [box.width * PT, box.height * PT],
    margin: 0,
    autoFirstPage: false,
    info: { Title: title ?? "Screenplay", ...(author ? { Author: author } : {}), Creator: "Reelgraph", Producer: "Reelgraph" },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("data", (c: Buffer) => chunks.push(c));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  const fonts = new FontUse(doc);
  if (title) {
    doc.addPage();
    drawTitlePage(doc, fonts, titlePage, box);
  }
  titlePage.frontMatter?.pages.forEach((page, i) => {
    doc.addPage();
    // the title page is i: its first following page is ii
    const label = titlePage.frontMatter?.pageNumbers ? romanPageNumber(i + 2) : undefined;
    drawFrontMatterPage(doc, fonts, layFrontMatterPage(page.paragraphs), label, box);
  });
  for (const page of pages) {
    doc.addPage();
    drawPage(doc, fonts, page, opts, box);
  }
  // a script with no body still prints its (empty) page 1, as Final Draft does
  if (pages.length === 0) doc.addPage();
  doc.end();
  return done;
}

/**
 * Loads the fonts and runs one small render (Latin, Cyrillic, CJK, every face), so that the first real export
 * of a process does not pay for font parsing and cold code paths. Call it once at server start, unawaited.
 */
export async function warmScreenplayPdf(): Promise<void> {
  for (let l = 0; l < FALLBACK_LEVELS; l++) fontAt(l, "regular");
  const el = (id: string, type: ScreenplayElement["type"], content: string): ScreenplayElement => ({ id, type, content });
  const elements = [
    el("w1", "slug", "INT. МОСКВА - DAY"),
    el("w2", "action", "Zoë waits. *Quietly* **now** _here_ ***always***. 東京."),
    el("w3", "character", "ANNA"),
    el("w4", "dialogue", "Москва ждёт. 東京に行こう。"),
  ];
  await renderScreenplayPdf({ elements, titlePage: { title: "Warm-up" } }, { paper: "letter", sceneNumbers: "both" });
}
