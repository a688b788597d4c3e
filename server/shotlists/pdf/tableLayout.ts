import type { Scene, Shot } from "../../../domain/shotlists/schema";
import { COLORS, CONTENT_BOTTOM, CONTENT_WIDTH, PAGE, imageOrPlaceholder, sceneHeading, type PdfContext } from "./pdfDocument";
import { sceneConditions } from "../../../domain/shotlists/placeholders";

/**
 * The table layout ("Export"): per scene a header block (title, location, weather, lighting,
 * description), then a table of its shots with a thumbnail and every field. The table header repeats on each
 * new page; a scene header never ends a page alone.
 */

interface Column {
  label: string;
  width: number;
  value(shot: Shot): string;
}

const COLUMNS: Column[] = [
  { label: "#", width: 26, value: (s) => String(s.shotNumber) },
  { label: "Image", width: 100, value: () => "" },
  { label: "Description", width: 150, value: (s) => s.description },
  { label: "Subject", width: 80, value: (s) => s.subject },
  { label: "Shot Size", width: 60, value: (s) => s.shotSize },
  { label: "Shot Type", width: 56, value: (s) => s.shotType },
  { label: "Movement", width: 54, value: (s) => s.movement },
  { label: "Camera Height", width: 54, value: (s) => s.cameraHeight ?? "—" },
  { label: "Dutch Angle", width: 46, value: (s) => s.dutchAngle ?? "—" },
  { label: "Framing", width: 52, value: (s) => s.framing ?? "—" },
  { label: "Focus / DoF", width: 42, value: (s) => s.focusDepthOfField ?? "—" },
];
const IMAGE_COLUMN = 1;
const PAD = 4;
const BODY_SIZE = 8;
/** Room for two lines: 'Camera Height' and 'Dutch Angle' wrap in their narrow columns. */
const HEADER_ROW = 26;
const THUMB_HEIGHT = Math.round(((COLUMNS[IMAGE_COLUMN]!.width - 2 * PAD) * 9) / 16);
const MIN_ROW = THUMB_HEIGHT + 2 * PAD;
const MAX_ROW = 150;

export function drawTable(ctx: PdfContext, scenes: readonly Scene[], thumbs: ReadonlyMap<string, Buffer>) {
  const { doc } = ctx;
  const left = PAGE.margin;
  const newPage = () => {
    doc.addPage({ size: "LETTER", layout: "landscape", margin: 0 });
    doc.y = PAGE.margin;
  };

  const tableHeader = () => {
    let x = left;
    const y = doc.y;
    doc.save().rect(left, y, CONTENT_WIDTH, HEADER_ROW).fill(COLORS.header).restore();
    for (const c of COLUMNS) {
      ctx.box(c.label, x + PAD, y + 5, c.width - 2 * PAD, HEADER_ROW - 6, { weight: "bold", size: 7, color: COLORS.headerText });
      x += c.width;
    }
    doc.y = y + HEADER_ROW;
  };

  const rowHeight = (shot: Shot) => {
    let h = MIN_ROW;
    COLUMNS.forEach((c, i) => {
      if (i !== IMAGE_COLUMN) h = Math.max(h, ctx.measure(c.value(shot), c.width - 2 * PAD, { size: BODY_SIZE }) + 2 * PAD);
    });
    return Math.min(MAX_ROW, Math.ceil(h));
  };

  scenes.forEach((scene, index) => {
    const meta = sceneConditions(scene);
    const descHeight = Math.min(48, ctx.measure(scene.description, CONTENT_WIDTH - 20, { size: 8.5 }));
    const blockHeight = 12 + 16 + 13 + (descHeight ? descHeight + 4 : 0) + 8;
    const firstRow = scene.shots[0] ? rowHeight(scene.shots[0]) : 24;
    if (doc.y + 14 + blockHeight + HEADER_ROW + firstRow > CONTENT_BOTTOM) newPage();
    else if (index > 0) doc.y += 14;

    // Scene header block
    const top = doc.y;
    doc.save().rect(left, top, CONTENT_WIDTH, blockHeight).fill(COLORS.band).restore();
    doc.save().rect(left, top, 3, blockHeight).fill(COLORS.accent).restore();
    ctx.box(sceneHeading(scene, index), left + 10, top + 10, CONTENT_WIDTH - 20, 16, { weight: "bold", size: 12 });
    ctx.box(meta, left + 10, top + 27, CONTENT_WIDTH - 20, 12, { size: 8.5, color: COLORS.muted });
    if (descHeight) ctx.box(scene.description, left + 10, top + 41, CONTENT_WIDTH - 20, descHeight + 2, { size: 8.5 });
    doc.y = top + blockHeight + 4;

    if (scene.shots.length === 0) {
      ctx.box("No shots in this scene yet", left + PAD, doc.y + 6, CONTENT_WIDTH, 12, { size: 8.5, color: COLORS.muted });
      doc.y += 24;
      return;
    }
    tableHeader();
    for (const shot of scene.shots) {
      const h = rowHeight(shot);
      if (doc.y + h > CONTENT_BOTTOM) {
        newPage();
        ctx.box(`${sceneHeading(scene, index)} (continued)`, left, doc.y, CONTENT_WIDTH, 14, {
          weight: "bold",
          size: 9,
          color: COLORS.muted,
        });
        doc.y += 16;
        tableHeader();
      }
      const y = doc.y;
      let x = left;
      COLUMNS.forEach((c, i) => {
        if (i === IMAGE_COLUMN)
          imageOrPlaceholder(ctx, thumbs.get(shot.id), x + PAD, y + PAD, c.width - 2 * PAD, THUMB_HEIGHT, !!shot.image);
        else
          ctx.box(c.value(shot), x + PAD, y + PAD, c.width - 2 * PAD, h - 2 * PAD, {
            size: BODY_SIZE,
            weight: i === 0 ? "bold" : "regular",
          });
        x += c.width;
      });
      doc
        .save()
        .moveTo(left, y + h)
        .lineTo(left + CONTENT_WIDTH, y + h)
        .lineWidth(0.5)
        .strokeColor(COLORS.rule)
        .stroke()
        .restore();
      doc.y = y + h;
    }
  });
}
