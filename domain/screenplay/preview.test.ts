import { describe, expect, it } from "vitest";
import { fitPreview, previewHeight } from "./preview";

describe("script card preview (spec: shell 2)", () => {
  it("sizes lines by type: slug 1.5, action 1.2, character 1.3, dialogue 1.2, parenthetical 1.1, transition 1.3 × 9", () => {
    expect(previewHeight({ type: "slug", content: "INT. DINER - NIGHT" })).toBeCloseTo(13.5);
    expect(previewHeight({ type: "parenthetical", content: "(quietly)" })).toBeCloseTo(9.9);
    expect(previewHeight({ type: "action", content: "x".repeat(84) })).toBeCloseTo(21.6);
  });
  it("shows at most 10 elements within a height of 184", () => {
    const many = Array.from({ length: 30 }, () => ({ type: "character", content: "MAYA" }));
    expect(fitPreview(many)).toHaveLength(10);
    const long = Array.from({ length: 5 }, () => ({ type: "action", content: "x".repeat(420) }));
    expect(fitPreview(long)).toHaveLength(1);
    expect(fitPreview([])).toEqual([]);
  });
});
