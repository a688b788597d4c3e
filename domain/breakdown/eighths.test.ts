import { describe, expect, it } from "vitest";
import { counterIds, element, generateScript } from "../screenplay/fixtures";
import { pageCount } from "../screenplay/paginate";
import { formatEighths, sceneEighths } from "./eighths";
import { breakdownReport } from "./report";

describe("eighths of a page", () => {
  it("prints eighths the way a breakdown sheet does", () => {
    expect([1, 3, 8, 11, 16, 23].map(formatEighths)).toEqual(["1/8", "3/8", "1", "1 3/8", "2", "2 7/8"]);
  });

  it("counts a short scene as at least 1/8 and a page of action as about 8/8", () => {
    const ids = counterIds();
    const short = [element("slug", "INT. A - DAY", { id: ids() }), element("action", "Brief.", { id: ids() })];
    // About 52 lines of action: 8 paragraphs of 6 lines (60 characters a line at 10 per inch, 6 in wide).
    const long = [
      element("slug", "INT. B - DAY", { id: ids() }),
      ...Array.from({ length: 8 }, () => element("action", "word ".repeat(70).trim(), { id: ids() })),
    ];
    const elements = [...short, ...long];
    const [a, b] = sceneEighths(elements, [short[0]!.id, long[0]!.id]);
    expect(a).toBe(1);
    expect(b).toBeGreaterThanOrEqual(7);
    expect(b).toBeLessThanOrEqual(9);
  });

  it("adds up to the script's page count", () => {
    const { elements } = generateScript({ pages: 30, seed: 5 });
    const report = breakdownReport(elements);
    const pages = pageCount(elements);
    // Each scene rounds to the nearest eighth (and is at least 1/8): the sum stays within half an eighth a scene.
    expect(Math.abs(report.totalEighths - pages * 8)).toBeLessThanOrEqual(8 + report.scenes.length / 2);
  });
});
