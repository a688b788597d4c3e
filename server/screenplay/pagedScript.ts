/**
 * A generated script (domain/screenplay/fixtures.ts `generateScript`) cut to exactly `pages` printed pages
 * on Letter, for the PDF tests and bench/screenplay.mjs: generates a little more than needed, then drops
 * elements from the end until the pagination has the wanted page count.
 */
import type { ParsedScript } from "../../domain/screenplay/elements";
import { generateScript } from "../../domain/screenplay/fixtures";
import { paginate, pageCount } from "../../domain/screenplay/paginate";

export function scriptOfPages(pages: number, seed = 1): ParsedScript {
  let ask = pages;
  let script = generateScript({ pages: ask, seed });
  while (pageCount(script.elements, "letter") <= pages) {
    ask = Math.ceil(ask * 1.1) + 1;
    script = generateScript({ pages: ask, seed });
  }
  // the element that opens the page after the last wanted one; cut there and back off until it paginates right
  const laid = paginate(script.elements, { paper: "letter" });
  const firstId = laid[pages]?.lines[0]?.elementId;
  let end = Math.max(
    1,
    script.elements.findIndex((e) => e.id === firstId),
  );
  while (end > 1 && pageCount(script.elements.slice(0, end), "letter") > pages) end--;
  return { ...script, elements: script.elements.slice(0, end) };
}
