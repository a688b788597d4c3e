import { describe, expect, it } from "vitest";
import type { StudioNode } from "../store/canvasStore";
import { applyToCanvas } from "./applyToCanvas";
import { edgeAdded, nodeData } from "../../../domain/canvas/changes";
import { studioNode } from "../../test/studioNode";

const state = (nodes: StudioNode[], edges: { id: string; source: string; target: string }[] = []) => ({
  nodes,
  edges,
  deletedIds: new Set<string>(),
  groups: [],
});

describe("applyToCanvas", () => {
  it("gives the same state back when nothing changes (an echo of what is shown)", () => {
    const s = state([studioNode("a", { position: { x: 10, y: 0 } })]);
    expect(
      applyToCanvas(s, [
        { type: "node-moved", id: "a", position: { x: 10, y: 0 } },
        { type: "node-added", node: { id: "a", type: "generic_v2", position: { x: 10, y: 0 }, data: {} } },
      ]),
    ).toBe(s);
  });

  it("keeps untouched nodes as they were, so their cards do not re-render", () => {
    const a = studioNode("a");
    const next = applyToCanvas(state([a, studioNode("b")]), [{ type: "node-moved", id: "b", position: { x: 5, y: 5 } }]);
    expect(next.nodes[0]).toBe(a);
    expect(next.nodes[1]!.position).toEqual({ x: 5, y: 5 });
  });

  it("never moves a node while it is dragged, nor brings back one removed here", () => {
    const s = state([studioNode("a", { dragging: true })]);
    const moved = applyToCanvas(s, [{ type: "node-moved", id: "a", position: { x: 99, y: 0 } }]);
    expect(moved.nodes[0]!.position.x).toBe(0);
    const removed = applyToCanvas(s, [{ type: "node-removed", id: "a" }]);
    const late = applyToCanvas(removed, [
      { type: "node-added", node: { id: "a", type: "generic_v2", position: { x: 1, y: 1 }, data: {} } },
    ]);
    expect(late.nodes).toEqual([]);
    const restored = applyToCanvas(removed, [
      { type: "node-restored", id: "a", node: { id: "a", type: "generic_v2", position: { x: 1, y: 1 }, data: { rev: 2 } } },
    ]);
    expect(restored.nodes.map((x) => x.id)).toEqual(["a"]);
  });

  it("prunes edges whose ends are gone", () => {
    const s = state([studioNode("a"), studioNode("b")], [{ id: "e", source: "a", target: "b" }]);
    expect(applyToCanvas(s, [{ type: "node-removed", id: "b" }]).edges).toEqual([]);
  });

  it("keeps the edge list as it was when only nodes' data or places change (React Flow re-indexes no edge)", () => {
    const s = state([studioNode("a"), studioNode("b")], [{ id: "e", source: "a", target: "b" }]);
    const next = applyToCanvas(s, [nodeData("a", { title: "Renamed" }, 0), { type: "node-moved", id: "b", position: { x: 40, y: 0 } }]);
    expect(next.nodes[0]!.data.title).toBe("Renamed");
    expect(next.edges).toBe(s.edges);
    const connected = applyToCanvas(next, [edgeAdded({ id: "f", source: "b", target: "a" })]);
    expect(connected.edges.map((e) => e.id)).toEqual(["e", "f"]);
  });
});
