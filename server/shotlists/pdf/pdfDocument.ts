import PDFDocument from "pdfkit";
import { shotsAcrossScenes } from "../../../domain/shotlists/edits";
import type { Scene, ShotList } from "../../../domain/shotlists/schema";
import { PdfFonts } from "./pdfFonts";

export type Doc = InstanceType<typeof PDFDocument>;

/** US Letter, landscape: a shot table has many columns. */
export const PAGE = { width: 792, height: 612, margin: 36 } as const;
export const CONTENT_WIDTH = PAGE.width - 2 * PAGE.margin;
/** Content ends here; the footer sits below. */
export const CONTENT_BOTTOM = PAGE.height - PAGE.margin - 8;

export const COLORS = {
  text: "#15171c",
  muted: "#5b6170",
  faint: "#9aa0ad",
  rule: "#d3d6de",
  band: "#eef0f5",
  header: "#232836",
  headerText: "#ffffff",
  accent: "#5b5bd6",
} as const;

export interface PdfContext {
  doc: Doc;
  fonts: PdfFonts;
  /** Writes text in a box it never leaves (cut with an ellipsis); the document's cursor stays where it was. */
  box(
    text: string,
    x: number,
    y: number,
    width: number,
    height: number,
    opts?: { weight?: "regular" | "bold"; size?: number; color?: string; align?: "left" | "center" | "right" },
  ): void;
  /** Height the text takes at this width, font and size. */
  measure(text: string, width: number, opts?: { weight?: "regular" | "bold"; size?: number }): number;
}

/** What the title block and the footers print: a name, and a summary line under it. */
export interface PdfTitle {
  name: string;
  summary: string;
  /** The document's Subject in its properties. */
  subject: string;
}

export const shotListTitle = (list: ShotList): PdfTitle => ({
  name: list.name,
  summary: shotsAcrossScenes(list.scenes),
  subject: "Shot list",
});

/**
 * A landscape document with the studio's fonts; `draw` lays out the pages, then every page gets a footer
 * with the document's name and 'Page i of n'. Resolves to the PDF's bytes.
 */
export async function renderPdf(title: PdfTitle, subtitle: string, draw: (ctx: PdfContext) => void): Promise<Buffer> {
  const doc = new PDFDocument({
    size: "LETTER",
    layout: "landscape",
    margin: 0,
    bufferPages: true,
    info: { Title: title.name, Subject: title.subject, Creator: "Reelgraph", Producer: "Reelgraph" },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("data", (c: Buffer) => chunks.push(c));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  const fonts = new PdfFonts(doc);
  const ctx: PdfContext = {
    doc,
    fonts,
    box(text, x, y, width, height, { weight = "regular", size = 8, color = COLORS.text, align = "left" } = {}) {
      if (!text || height <= 0) return;
      // pdfkit moves its cursor past the text; the layouts place everything themselves, so it is put back.
      const { x: cx, y: cy } = doc;
      fonts.use(text, weight, size).fillColor(color).text(text, x, y, { width, height, ellipsis: true, align, lineGap: 1 });
      doc.x = cx;
      doc.y = cy;
    },
    measure(text, width, { weight = "regular", size = 8 } = {}) {
      if (!text) return 0;
      return fonts.use(text, weight, size).heightOfString(text, { width, lineGap: 1 });
    },
  };

  // Title block on the first page.
  const x = PAGE.margin;
  ctx.box(title.name, x, PAGE.margin, CONTENT_WIDTH, 26, { weight: "bold", size: 18 });
  ctx.box(`${title.summary} · ${subtitle}`, x, PAGE.margin + 26, CONTENT_WIDTH, 14, { size: 9, color: COLORS.muted });
  doc.y = PAGE.margin + 50;
  draw(ctx);

  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const y = PAGE.height - PAGE.margin + 6;
    ctx.box(title.name, x, y, CONTENT_WIDTH / 2, 12, { size: 7.5, color: COLORS.faint });
    ctx.box(`Page ${i - range.start + 1} of ${range.count}`, x + CONTENT_WIDTH / 2, y, CONTENT_WIDTH / 2, 12, {
      size: 7.5,
      color: COLORS.faint,
      align: "right",
    });
  }
  doc.end();
  return done;
}

/** Draws an image fitted and centred in a box, or a grey placeholder saying so. */
export function imageOrPlaceholder(
  ctx: PdfContext,
  image: Buffer | undefined,
  x: number,
  y: number,
  width: number,
  height: number,
  hasImage: boolean,
) {
  const { doc } = ctx;
  if (image) {
    doc.save().rect(x, y, width, height).fill(COLORS.band).restore();
    doc.image(image, x, y, { fit: [width, height], align: "center", valign: "center" });
    return;
  }
  doc.save().rect(x, y, width, height).fill(COLORS.band).restore();
  ctx.box(hasImage ? "Image not available" : "No image", x, y + height / 2 - 5, width, 12, {
    size: 7,
    color: COLORS.faint,
    align: "center",
  });
}

/** 'Scene 2 — The Pier', or just 'Scene 2' while the scene still has its default title. */
export const sceneHeading = (scene: Scene, index: number) =>
  scene.title === `Scene ${index + 1}` ? scene.title : `Scene ${index + 1} — ${scene.title}`;
