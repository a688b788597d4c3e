import { describe, expect, it } from "vitest";
import type { StudioEdge, StudioNode } from "../store/canvasStore";
import { withLayout } from "../nodes/nodeLayout";
import { GROUP_CARD_TYPE } from "../groups/groupCard";
import { hitTest, nodesInside, overviewDetail, overviewEdges, overviewLabel, overviewNodes, toFlow, viewRect } from "./overviewScene";

const IMAGE_ID = "0f3c2a1b-1234-4abc-8def-0123456789ab";
const node = (id: string, x: number, y: number, data: Partial<StudioNode["data"]> = {}, extra: Partial<StudioNode> = {}): StudioNode =>
  withLayout({ id, type: "generic_v2", position: { x, y }, data: { title: id, rev: 1, ...data }, ...extra } as StudioNode);

describe("overview scene", () => {
  it("draws each node in its card's box, kind and thumbnail; hidden nodes and collapsed groups' cards are not drawn", () => {
    const a = node("a", 0, 0, { content: "words" });
    const img = node("img", 600, 0, { mediaUrl: `/api/media/${IMAGE_ID}`, contentType: "image" }, { selected: true });
    const member = node("m", 0, 900, {}, { hidden: true });
    const card = { id: "group-card:g", type: GROUP_CARD_TYPE, position: { x: 0, y: 900 }, width: 300, height: 120, data: {} } as StudioNode;
    const out = overviewNodes([a, img, member, card]);
    expect(out.map((n) => n.id)).toEqual(["a", "img"]);
    expect(out[0]).toMatchObject({
      x: 0,
      y: 0,
      width: a.initialWidth,
      height: a.initialHeight,
      kind: "text",
      thumbnail: null,
      selected: false,
    });
    expect(out[1]).toMatchObject({ kind: "image", thumbnail: `/api/media/${IMAGE_ID}/thumbnail`, selected: true, title: "img" });
    expect(overviewNodes([node("u", 0, 0, { title: "" })])[0]!.title).toBe("Untitled");
  });

  it("runs each edge from its source's right handle to its target's left one, and leaves out edges to hidden nodes", () => {
    const a = node("a", 0, 0);
    const b = node("b", 1000, 200);
    const h = node("h", 0, 900, {}, { hidden: true });
    const edges = [
      { id: "ab", source: "a", target: "b" },
      { id: "ah", source: "a", target: "h" },
      { id: "gone", source: "a", target: "nowhere" },
    ] as StudioEdge[];
    const out = overviewEdges([a, b, h], edges);
    expect(out.map((e) => e.id)).toEqual(["ab"]);
    const sourceHandle = a.handles!.find((x) => x.type === "source")!;
    const targetHandle = b.handles!.find((x) => x.type === "target")!;
    expect(out[0]!.from).toEqual({ x: sourceHandle.x + 6, y: sourceHandle.y + 6 });
    expect(out[0]!.to).toEqual({ x: 1000 + targetHandle.x + 6, y: 200 + targetHandle.y + 6 });
    expect(out[0]!.from.x).toBe(a.initialWidth);
    expect(out[0]!.to.x).toBe(1000);
  });

  it("hit-tests the topmost card under a point (the last drawn), and nothing on bare canvas", () => {
    const nodes = overviewNodes([node("under", 0, 0), node("over", 100, 100)]);
    expect(hitTest(nodes, { x: 50, y: 50 })?.id).toBe("under");
    expect(hitTest(nodes, { x: 150, y: 150 })?.id).toBe("over"); // both cover it: the later one is on top
    expect(hitTest(nodes, { x: -10, y: 50 })).toBeNull();
    expect(hitTest(nodes, { x: 5000, y: 5000 })).toBeNull();
  });

  it("maps pane pixels to flow coordinates under React Flow's transform", () => {
    const t = [200, 100, 0.1] as const;
    expect(toFlow(t, { x: 200, y: 100 })).toEqual({ x: 0, y: 0 });
    expect(toFlow(t, { x: 250, y: 130 })).toEqual({ x: 500, y: 300 });
    expect(viewRect(t, 1000, 800)).toEqual({ x: -2000, y: -1000, width: 10000, height: 8000 });
  });

  it("shows titles and thumbnails only when they are legible on screen", () => {
    expect(overviewDetail(0.1, 400)).toEqual({ title: false, thumbnail: false }); // 4.4 px text, a 40 px card
    expect(overviewDetail(0.15, 400)).toEqual({ title: false, thumbnail: true });
    expect(overviewDetail(0.25, 400)).toEqual({ title: true, thumbnail: true });
  });

  it("selects by box only the cards wholly inside it", () => {
    const nodes = overviewNodes([node("a", 0, 0), node("b", 2000, 100)]);
    const a = nodes[0]!;
    expect(nodesInside(nodes, { x: -10, y: -10, width: a.width + 20, height: a.height + 20 })).toEqual(new Set(["a"]));
    expect(nodesInside(nodes, { x: 10, y: 10, width: 5000, height: 5000 })).toEqual(new Set(["b"]));
  });

  it("says what it shows for assistive technology, the selection by title", () => {
    const nodes = overviewNodes([node("Key art", 0, 0, {}, { selected: true }), node("Push in", 900, 0)]);
    expect(overviewLabel(nodes)).toBe("Canvas overview: 2 nodes, selected: Key art");
    expect(overviewLabel(nodes.map((n) => ({ ...n, selected: false })))).toBe("Canvas overview: 2 nodes, none selected");
  });

  it("rebuilds after a selection only what the selection touched: the other nodes and curves are reused as they were", () => {
    const nodes = [node("a", 0, 0), node("b", 1000, 0), node("c", 2000, 0)];
    const edges = [
      { id: "ab", source: "a", target: "b" },
      { id: "bc", source: "b", target: "c" },
    ] as StudioEdge[];
    const before = { nodes: overviewNodes(nodes), edges: overviewEdges(nodes, edges) };
    const selected = nodes.map((n) => (n.id === "c" ? { ...n, selected: true } : n)); // as sessionActions.select does
    const after = { nodes: overviewNodes(selected), edges: overviewEdges(selected, edges) };
    expect(after.nodes[0]).toBe(before.nodes[0]);
    expect(after.nodes[1]).toBe(before.nodes[1]);
    expect(after.nodes[2]).not.toBe(before.nodes[2]);
    expect(after.nodes.map((n) => n.selected)).toEqual([false, false, true]);
    expect(after.edges[0]).toBe(before.edges[0]);
    expect(after.edges[1]).toEqual(before.edges[1]);
    // A move is seen: the moved node's curves follow it.
    const moved = selected.map((n) => (n.id === "b" ? { ...n, position: { x: 1000, y: 500 } } : n));
    expect(overviewEdges(moved, edges)[0]!.to.y).toBe(before.edges[0]!.to.y + 500);
    expect(overviewNodes(moved)[1]!.y).toBe(500);
  });
});
