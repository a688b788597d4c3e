/**
 * The breakdown report as a PDF: a table of scenes (length in eighths, interior/exterior,
 * day/night, location, characters, props), then a table of characters (scenes, speeches, words). Drawn
 * with the shot list PDF's document, fonts and colours, so the studio's printouts look like one family.
 */
import { formatEighths } from "../../domain/breakdown/eighths";
import { castOf, type BreakdownReport } from "../../domain/breakdown/report";
import { COLORS, CONTENT_BOTTOM, CONTENT_WIDTH, PAGE, renderPdf, type PdfContext } from "../shotlists/pdf/pdfDocument";

interface Column<Row> {
  label: string;
  width: number;
  value(row: Row): string;
}

type SceneRow = BreakdownReport["scenes"][number];
type CharacterRow = BreakdownReport["characters"][number];

const SCENE_COLUMNS: Column<SceneRow>[] = [
  { label: "Scene", width: 40, value: (s) => s.number },
  { label: "Heading", width: 180, value: (s) => s.heading || "(no heading)" },
  { label: "Pages", width: 42, value: (s) => formatEighths(s.eighths) },
  { label: "I/E", width: 44, value: (s) => s.setting ?? "—" },
  { label: "D/N", width: 50, value: (s) => s.dayNight ?? "—" },
  { label: "Characters", width: 180, value: castOf },
  { label: "Props", width: 184, value: (s) => s.props.join(", ") || "—" },
];

const CHARACTER_COLUMNS: Column<CharacterRow>[] = [
  { label: "Character", width: 180, value: (c) => c.name },
  { label: "Scenes", width: 60, value: (c) => String(c.scenes.length) },
  { label: "Speeches", width: 60, value: (c) => String(c.speeches) },
  { label: "Words", width: 60, value: (c) => String(c.words) },
  { label: "Scene numbers", width: 360, value: (c) => c.scenes.join(", ") },
];

const PAD = 4;
const SIZE = 8;
const HEADER_ROW = 18;
const MAX_ROW = 90;

function drawTable<Row>(ctx: PdfContext, title: string, columns: Column<Row>[], rows: readonly Row[]) {
  const { doc } = ctx;
  const left = PAGE.margin;
  const newPage = () => {
    doc.addPage({ size: "LETTER", layout: "landscape", margin: 0 });
    doc.y = PAGE.margin;
  };
  const header = () => {
    const y = doc.y;
    doc.save().rect(left, y, CONTENT_WIDTH, HEADER_ROW).fill(COLORS.header).restore();
    let x = left;
    for (const c of columns) {
      ctx.box(c.label, x + PAD, y + 5, c.width - 2 * PAD, HEADER_ROW - 6, { weight: "bold", size: 7, color: COLORS.headerText });
      x += c.width;
    }
    doc.y = y + HEADER_ROW;
  };
  if (doc.y + 60 > CONTENT_BOTTOM) newPage();
  ctx.box(title, left, doc.y, CONTENT_WIDTH, 16, { weight: "bold", size: 12 });
  doc.y += 20;
  header();
  rows.forEach((row, i) => {
    const height = Math.min(
      MAX_ROW,
      Math.ceil(Math.max(...columns.map((c) => ctx.measure(c.value(row), c.width - 2 * PAD, { size: SIZE }))) + 2 * PAD),
    );
    if (doc.y + height > CONTENT_BOTTOM) {
      newPage();
      header();
    }
    const y = doc.y;
    if (i % 2 === 1) doc.save().rect(left, y, CONTENT_WIDTH, height).fill(COLORS.band).restore();
    let x = left;
    for (const c of columns) {
      ctx.box(c.value(row), x + PAD, y + PAD, c.width - 2 * PAD, height - 2 * PAD, { size: SIZE });
      x += c.width;
    }
    doc.y = y + height;
  });
  doc.y += 18;
}

export function renderBreakdownReportPdf(scriptName: string, report: BreakdownReport, exportedAt: Date = new Date()): Promise<Buffer> {
  const scenes = `${report.scenes.length} ${report.scenes.length === 1 ? "scene" : "scenes"}`;
  const summary = `${scenes} · ${formatEighths(report.totalEighths)} pages · ${report.characters.length} speaking characters`;
  return renderPdf(
    { name: scriptName, summary, subject: "Script breakdown" },
    `Breakdown report · exported ${exportedAt.toISOString().slice(0, 10)}`,
    (ctx) => {
      drawTable(ctx, "Scenes", SCENE_COLUMNS, report.scenes);
      drawTable(ctx, "Characters", CHARACTER_COLUMNS, report.characters);
    },
  );
}
