import { describe, expect, it } from "vitest";
import { findNodesByTitle } from "./nodeSearch";

const nodes = [
  { id: "1", title: "Wide shot of the harbour" },
  { id: "2", title: "Harbour at dawn" },
  { id: "3", title: "harbour" },
  { id: "4", title: "Café scene" },
  { id: "5", title: "Corridor" },
];

describe("findNodesByTitle", () => {
  it("finds titles holding the query, whole title first, then starts-with, then the rest", () => {
    expect(findNodesByTitle(nodes, "HARBOUR").map((n) => n.id)).toEqual(["3", "2", "1"]);
  });
  it("ignores accents, case and surrounding spaces; a blank query finds nothing", () => {
    expect(findNodesByTitle(nodes, "  cafe ").map((n) => n.id)).toEqual(["4"]);
    expect(findNodesByTitle(nodes, "   ")).toEqual([]);
    expect(findNodesByTitle(nodes, "nothing like it")).toEqual([]);
  });
  it("lists at most the limit", () => {
    const many = Array.from({ length: 30 }, (_, i) => ({ id: String(i), title: `Shot ${i}` }));
    expect(findNodesByTitle(many, "shot", 8)).toHaveLength(8);
  });
});
