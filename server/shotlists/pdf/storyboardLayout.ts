import type { Scene } from "../../../domain/shotlists/schema";
import { COLORS, CONTENT_BOTTOM, CONTENT_WIDTH, PAGE, imageOrPlaceholder, sceneHeading, type PdfContext } from "./pdfDocument";
import { sceneConditions } from "../../../domain/shotlists/placeholders";

/**
 * The storyboard layout ("Export"): per scene a short header, then a grid of the shots' images,
 * three across, each with its number, size, movement and description under it.
 */
const COLUMNS = 3;
const GAP = 18;
const CELL_WIDTH = (CONTENT_WIDTH - GAP * (COLUMNS - 1)) / COLUMNS;
const IMAGE_HEIGHT = Math.round((CELL_WIDTH * 9) / 16);
const CAPTION_HEIGHT = 6 + 14 + 12 + 34;
const CELL_HEIGHT = IMAGE_HEIGHT + CAPTION_HEIGHT;
const SCENE_HEADER = 34;

export function drawStoryboard(ctx: PdfContext, scenes: readonly Scene[], thumbs: ReadonlyMap<string, Buffer>) {
  const { doc } = ctx;
  const left = PAGE.margin;
  const newPage = () => {
    doc.addPage({ size: "LETTER", layout: "landscape", margin: 0 });
    doc.y = PAGE.margin;
  };

  scenes.forEach((scene, index) => {
    if (doc.y + SCENE_HEADER + CELL_HEIGHT > CONTENT_BOTTOM) newPage();
    else if (index > 0) doc.y += 10;
    const top = doc.y;
    ctx.box(sceneHeading(scene, index), left, top, CONTENT_WIDTH, 16, { weight: "bold", size: 12 });
    ctx.box(sceneConditions(scene, "  ·  "), left, top + 16, CONTENT_WIDTH, 12, { size: 8.5, color: COLORS.muted });
    doc.y = top + SCENE_HEADER;
    if (scene.shots.length === 0) {
      ctx.box("No shots in this scene yet", left, doc.y, CONTENT_WIDTH, 12, { size: 8.5, color: COLORS.muted });
      doc.y += 20;
      return;
    }
    scene.shots.forEach((shot, i) => {
      const column = i % COLUMNS;
      if (column === 0 && i > 0) doc.y += CELL_HEIGHT + 10;
      if (column === 0 && doc.y + CELL_HEIGHT > CONTENT_BOTTOM) {
        newPage();
        ctx.box(`${sceneHeading(scene, index)} (continued)`, left, doc.y, CONTENT_WIDTH, 14, {
          weight: "bold",
          size: 9,
          color: COLORS.muted,
        });
        doc.y += 18;
      }
      const x = left + column * (CELL_WIDTH + GAP);
      const y = doc.y;
      imageOrPlaceholder(ctx, thumbs.get(shot.id), x, y, CELL_WIDTH, IMAGE_HEIGHT, !!shot.image);
      doc.save().rect(x, y, CELL_WIDTH, IMAGE_HEIGHT).lineWidth(0.5).strokeColor(COLORS.rule).stroke().restore();
      const cy = y + IMAGE_HEIGHT + 6;
      ctx.box(`Shot ${shot.shotNumber}`, x, cy, CELL_WIDTH, 14, { weight: "bold", size: 10 });
      ctx.box(`${shot.shotSize} · ${shot.movement}`, x, cy + 14, CELL_WIDTH, 12, { size: 8.5, color: COLORS.accent });
      ctx.box(shot.description, x, cy + 26, CELL_WIDTH, 34, { size: 8.5 });
    });
    doc.y += CELL_HEIGHT;
  });
}
