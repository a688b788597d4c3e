/**
 * Page numbers for the editor (scene navigator, page-break marks, metadata.pageCount), from the shared
 * paginator. `estimatePages` is the line-count fallback (54 lines a page) kept for a cheap swap.
 */
import type { ScreenplayElement } from "../../../domain/screenplay/elements";
import type { ScriptFormat } from "../../../domain/screenplay/format";
import { GEOMETRY, LINES_PER_PAGE } from "../../../domain/screenplay/layout";
import { paginate } from "../../../domain/screenplay/paginate";

export interface PageMap {
  /** Page on which each element starts (only elements that print). */
  pageOf: ReadonlyMap<string, number>;
  /** Elements whose first line opens a page after the first: the element id → that page's number. */
  pageStarts: ReadonlyMap<string, number>;
  pageCount: number;
}

export function pageMap(elements: readonly ScreenplayElement[], format?: ScriptFormat | null): PageMap {
  const pageOf = new Map<string, number>();
  const pageStarts = new Map<string, number>();
  // the script's own format (an imported .fdx's page and element settings), as the PDF uses
  const pages = paginate(elements, { format: format ?? null });
  for (const page of pages) {
    page.lines.forEach((line, i) => {
      const id = line.elementId;
      if (!id || pageOf.has(id)) return;
      pageOf.set(id, page.number);
      if (i === 0 && page.number > 1) pageStarts.set(id, page.number);
    });
  }
  return { pageOf, pageStarts, pageCount: pages.length };
}

/** Rough pages from line counts: each element's wrapped lines plus its blank line before. */
export function estimatePages(elements: readonly ScreenplayElement[]): PageMap {
  const pageOf = new Map<string, number>();
  const pageStarts = new Map<string, number>();
  let line = 0;
  let lastPage = 1;
  for (const el of elements) {
    const g = GEOMETRY[el.type];
    const lines = Math.max(1, Math.ceil(el.content.length / g.width));
    if (line > 0) line += g.spaceBefore;
    const page = Math.floor(line / LINES_PER_PAGE.letter) + 1;
    pageOf.set(el.id, page);
    if (page !== lastPage) pageStarts.set(el.id, page);
    lastPage = page;
    line += lines;
  }
  return { pageOf, pageStarts, pageCount: elements.length ? lastPage : 0 };
}
