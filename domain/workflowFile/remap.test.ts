import { describe, expect, it } from "vitest";
import type { NodeRecord } from "../canvas/changes";
import { NODE_FOOTPRINT } from "../canvas/placement";
import { placeBeside, placementOffset, remapWorkflow } from "./remap";

const node = (id: string, x: number, y: number, data: NodeRecord["data"] = { title: id }): NodeRecord => ({
  id,
  type: "generic_v2",
  position: { x, y },
  data,
});
let seed = 0;
const random = () => (seed = (seed * 9301 + 49297) % 233280) / 233280;

describe("remapping a workflow", () => {
  const file = {
    nodes: [node("a", 0, 0, { title: "A", rev: 40 }), node("b", 600, 0), node("c", 600, 500)],
    edges: [
      { id: "ab", source: "a", target: "b" },
      { id: "ac", source: "a", target: "c", sourceHandle: "out", targetHandle: "in" },
    ],
  };

  it("gives every node and edge a new id and points the edges at the new nodes", () => {
    const out = remapWorkflow(file, { occupied: [], now: 1_700_000_000_000, random });
    const ids = out.nodes.map((n) => n.id);
    expect(new Set(ids).size).toBe(3);
    expect(ids.some((id) => ["a", "b", "c"].includes(id))).toBe(false);
    expect(out.edges).toEqual([
      {
        id: expect.stringMatching(/^edge-/),
        source: out.idMap.get("a"),
        target: out.idMap.get("b"),
        sourceHandle: null,
        targetHandle: null,
      },
      {
        id: expect.stringMatching(/^edge-/),
        source: out.idMap.get("a"),
        target: out.idMap.get("c"),
        sourceHandle: "out",
        targetHandle: "in",
      },
    ]);
    expect(out.edges.map((e) => e.id)).not.toContain("ab");
  });

  it("starts every node at its first revision and keeps its data", () => {
    const out = remapWorkflow(file, { occupied: [], now: 5 });
    expect(out.nodes[0]!.data).toEqual({ title: "A", rev: 1, lastModified: 5 });
  });

  it("gives distinct ids even with a stopped clock and a stuck random", () => {
    const out = remapWorkflow(file, { occupied: [], now: 1, random: () => 0.5 });
    expect(new Set(out.nodes.map((n) => n.id)).size).toBe(3);
    expect(new Set(out.edges.map((e) => e.id)).size).toBe(2);
  });

  it("drops self-connections and a second edge between the same two nodes", () => {
    const out = remapWorkflow(
      { nodes: file.nodes, edges: [...file.edges, { id: "aa", source: "a", target: "a" }, { id: "ab2", source: "a", target: "b" }] },
      { occupied: [] },
    );
    expect(out.edges).toHaveLength(2);
  });

  it("keeps the file's layout on an empty canvas", () => {
    const out = remapWorkflow(file, { occupied: [] });
    expect(out.nodes.map((n) => n.position)).toEqual(file.nodes.map((n) => n.position));
  });

  it("puts the group right of the nodes already there, top level with them, layout kept", () => {
    const occupied = [
      { x: 100, y: 300 },
      { x: 2000, y: 800 },
    ];
    const out = remapWorkflow(file, { occupied });
    expect(out.nodes.map((n) => n.position)).toEqual([
      { x: 2000 + NODE_FOOTPRINT.width, y: 300 },
      { x: 2600 + NODE_FOOTPRINT.width, y: 300 },
      { x: 2600 + NODE_FOOTPRINT.width, y: 800 },
    ]);
  });

  it("goes below the nodes there when there is no room to the right", () => {
    const offset = placementOffset(
      [
        { x: 0, y: 0 },
        { x: 1000, y: 0 },
      ],
      [
        { x: 14500, y: -200 },
        { x: -300, y: 100 },
      ],
    );
    expect(offset).toEqual({ x: -300, y: 100 + NODE_FOOTPRINT.height });
  });

  it("placing an already placed group again moves it nowhere", () => {
    const occupied = [{ x: 0, y: 0 }];
    const once = placeBeside(file.nodes, occupied);
    expect(placeBeside(once, occupied)).toEqual(once);
  });
});
