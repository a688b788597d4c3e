/**
 * Where the one pagination (paginate.ts) puts each element, in the terms the DOCX needs: which elements open
 * a page, which are printed across pages (their lines per page, wrapped as in the PDF), and where a split
 * speech prints "(MORE)" below its first part and "NAME (CONT'D)" above the rest. So Word's pages break where
 * the PDF's do, with the same furniture.
 */
import type { Page, PositionedLine } from "../../domain/screenplay/paginate";

/** One element's lines on one page. */
export interface ElementPart {
  /** Its lines there (only used when the element is printed across pages). */
  lines: PositionedLine[];
  /** This part opens a page (after the first). */
  opensPage: boolean;
  /** The continued cue printed above it at the top of the page ("NAME (CONT'D)"). */
  contdAbove?: string;
  /** The "(MORE)" printed below it at the foot of the page. */
  moreBelow?: string;
}

/** Element id → its parts, one per page it prints on, in order. */
export function elementParts(pages: readonly Page[]): Map<string, ElementPart[]> {
  const parts = new Map<string, ElementPart[]>();
  pages.forEach((page, n) => {
    const onThisPage = new Map<string, ElementPart>();
    let last: ElementPart | null = null;
    let contd: string[] = [];
    for (const line of page.lines) {
      if (line.continued) {
        if (line.kind !== "more") contd.push(line.text);
        else if (last) last.moreBelow = line.text;
        continue;
      }
      if (!line.elementId) continue;
      let part = onThisPage.get(line.elementId);
      if (!part) {
        // dual columns interleave two speeches' lines: each element keeps one part per page
        part = { lines: [], opensPage: n > 0 && onThisPage.size === 0 };
        if (contd.length) part.contdAbove = contd.join("\n");
        contd = [];
        onThisPage.set(line.elementId, part);
        parts.set(line.elementId, [...(parts.get(line.elementId) ?? []), part]);
      }
      part.lines.push(line);
      last = part;
    }
  });
  return parts;
}
