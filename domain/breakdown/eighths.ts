/**
 * Scene length in eighths of a page, the unit a schedule is built from: a full page is 8/8, and no scene is
 * shorter than 1/8. Measured on the studio's own pagination (domain/screenplay/paginate.ts), so the figure
 * matches the PDF the writer prints: a scene runs from its heading's line to the next heading's, and a
 * scene carried over a page break counts the rest of the page it leaves.
 */
import type { ScreenplayElement } from "../screenplay/elements";
import { linesPerPage, type ScriptFormat } from "../screenplay/format";
import type { Paper } from "../screenplay/layout";
import { pageFormat, paginate } from "../screenplay/paginate";

/**
 * Eighths per scene start: `starts` are the element ids that open each scene (null for a script with no
 * headings, whose one scene starts at the top). Returns one count per start, in order.
 */
export function sceneEighths(
  elements: readonly ScreenplayElement[],
  starts: readonly (string | null)[],
  paper?: Paper,
  format?: ScriptFormat | null,
): number[] {
  const paging = { ...(paper ? { paper } : {}), format: format ?? null };
  const perPage = linesPerPage(pageFormat(paging).page);
  const pages = paginate(elements, paging);
  const firstLine = new Map<string, number>();
  let end = 0;
  for (const page of pages) {
    for (const line of page.lines) {
      const at = (page.number - 1) * perPage + line.row;
      if (line.elementId && !firstLine.has(line.elementId)) firstLine.set(line.elementId, at);
      end = Math.max(end, at + 1);
    }
  }
  const positions = starts.map((id, i) => (id === null || i === 0 ? 0 : (firstLine.get(id) ?? 0)));
  const lineOfEighth = perPage / 8;
  return positions.map((at, i) => {
    const next = i + 1 < positions.length ? positions[i + 1]! : end;
    return Math.max(1, Math.round((next - at) / lineOfEighth));
  });
}

/** 11 → '1 3/8', 8 → '1', 3 → '3/8' (how a breakdown sheet and a stripboard print it). */
export function formatEighths(eighths: number): string {
  const whole = Math.floor(eighths / 8);
  const rest = eighths % 8;
  if (rest === 0) return String(whole);
  return whole ? `${whole} ${rest}/8` : `${rest}/8`;
}
