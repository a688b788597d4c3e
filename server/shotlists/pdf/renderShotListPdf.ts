import type { ShotList, ShotListPdfLayout } from "../../../domain/shotlists/schema";
import { renderPdf, shotListTitle } from "./pdfDocument";
import { drawStoryboard } from "./storyboardLayout";
import { drawTable } from "./tableLayout";

/** A shot list as a printable PDF, in the table or the storyboard layout. `thumbs`: JPEGs by shot id. */
export function renderShotListPdf(
  list: ShotList,
  layout: ShotListPdfLayout,
  thumbs: ReadonlyMap<string, Buffer>,
  exportedAt: Date = new Date(),
): Promise<Buffer> {
  const date = exportedAt.toISOString().slice(0, 10);
  const subtitle = layout === "storyboard" ? `Storyboard · exported ${date}` : `Shot list · exported ${date}`;
  return renderPdf(shotListTitle(list), subtitle, (ctx) =>
    layout === "storyboard" ? drawStoryboard(ctx, list.scenes, thumbs) : drawTable(ctx, list.scenes, thumbs),
  );
}
