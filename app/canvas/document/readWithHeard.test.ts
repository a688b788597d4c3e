import { describe, expect, it } from "vitest";
import { readWithHeard } from "./readWithHeard";

const read = {
  nodes: [{ id: "a", type: "generic_v2", position: { x: 0, y: 0 }, data: { title: "A at 5" }, rev: 5 }],
  edges: [],
};

describe("a read with what was heard while it was under way", () => {
  it("keeps node data the read already has newer than a copy heard before it was answered", () => {
    const merged = readWithHeard(read, [
      { source: "remote", changes: [{ type: "node-data", id: "a", data: { title: "A at 4", rev: 4 }, prevRev: 3 }] },
    ]);
    expect(merged.nodes).toEqual([{ id: "a", type: "generic_v2", position: { x: 0, y: 0 }, data: { title: "A at 5", rev: 5 }, rev: 5 }]);
  });

  it("adds what came after the read, in order: a node, its data, an edge to it, and a removal", () => {
    const merged = readWithHeard(read, [
      {
        source: "remote",
        changes: [
          { type: "node-added", node: { id: "b", type: "generic_v2", position: { x: 1, y: 1 }, data: { title: "Untitled", rev: 0 } } },
        ],
      },
      {
        source: "remote",
        changes: [
          { type: "node-data", id: "b", data: { title: "B", rev: 1 }, prevRev: 0 },
          { type: "node-data", id: "a", data: { title: "A at 6", rev: 6 }, prevRev: 5 },
        ],
      },
      { source: "remote", changes: [{ type: "edge-added", edge: { id: "a->b", source: "a", target: "b" } }] },
      { source: "remote", changes: [{ type: "node-removed", id: "b" }] },
      {
        source: "remote",
        changes: [
          { type: "node-restored", id: "b" },
          { type: "node-added", node: { id: "b", type: "generic_v2", position: { x: 2, y: 2 }, data: { title: "B", rev: 1 } } },
        ],
      },
    ]);
    expect(merged.nodes.map((n) => [n.id, n.data.title, n.rev, n.position.x])).toEqual([
      ["a", "A at 6", 6, 0],
      ["b", "B", 1, 2],
    ]);
    // The removal took the edge with it; the restore does not bring edges back by itself.
    expect(merged.edges).toEqual([]);
  });
});
