import { describe, expect, it } from "vitest";
import { studioNode } from "../test/studioNode";
import type { StudioEdge, StudioNode } from "./store/canvasStore";
import { flowWindow, WINDOW_STEP_PX, windowedView, windowKey, windowOfKey } from "./flowWindow";
import { GROUP_CARD_TYPE } from "./groups/groupCard";

/** A 200 × 100 card at (x, y), as withLayout gives it before React Flow measures it. */
const card = (id: string, x: number, y: number, parts: Partial<StudioNode> = {}): StudioNode =>
  studioNode(id, { position: { x, y }, initialWidth: 200, initialHeight: 100, ...parts });
const edge = (source: string, target: string, parts: Partial<StudioEdge> = {}): StudioEdge => ({
  id: `${source}-${target}`,
  source,
  target,
  ...parts,
});
const shownIds = (nodes: StudioNode[]) => nodes.filter((n) => !n.hidden).map((n) => n.id);

describe("flowWindow", () => {
  it("holds the view with at least a step to spare on every side, snapped to the step", () => {
    const w = flowWindow([-1000, -500, 1], 1200, 800); // the view is x 1000…2200, y 500…1300
    expect(w.x).toBeLessThanOrEqual(1000 - WINDOW_STEP_PX);
    expect(w.y).toBeLessThanOrEqual(500 - WINDOW_STEP_PX);
    expect(w.x + w.width).toBeGreaterThanOrEqual(2200 + WINDOW_STEP_PX);
    expect(w.y + w.height).toBeGreaterThanOrEqual(1300 + WINDOW_STEP_PX);
    expect(w.x % WINDOW_STEP_PX).toBe(0);
  });

  it("stays put over a short pan or a small zoom step and moves after a longer pan", () => {
    const at = windowKey(flowWindow([-1000, -500, 1], 1200, 800));
    expect(windowKey(flowWindow([-1030, -520, 1], 1200, 800))).toBe(at);
    expect(windowKey(flowWindow([-1000, -500, 1.02], 1200, 800))).toBe(at);
    expect(windowKey(flowWindow([-1000 - 2 * WINDOW_STEP_PX, -500, 1], 1200, 800))).not.toBe(at);
  });

  it("is read back from its key", () => {
    const w = flowWindow([120, -40, 0.6], 1000, 700);
    expect(windowOfKey(windowKey(w))).toEqual(w);
  });
});

describe("windowedView", () => {
  const window = { x: 0, y: 0, width: 1000, height: 1000 };

  it("hides the nodes outside the window and keeps only the edges between shown nodes", () => {
    const nodes = [card("in", 100, 100), card("edge-of", 950, 950), card("far", 5000, 5000), card("farther", 9000, 9000)];
    const edges = [edge("in", "edge-of"), edge("far", "farther")];
    const view = windowedView(nodes, edges, window);
    expect(shownIds(view.nodes)).toEqual(["in", "edge-of"]);
    expect(view.nodes).toHaveLength(4); // React Flow still knows every node (fit view, getNodes)
    expect(view.edges.map((e) => e.id)).toEqual(["in-edge-of"]);
  });

  it("shows the far end of an edge that reaches into the window, and both ends of one crossing it", () => {
    const nodes = [
      card("in", 100, 100),
      card("right", 4000, 100),
      card("top", 500, -3000),
      card("bottom", 500, 4000),
      card("away", 7000, 7000),
    ];
    const edges = [edge("in", "right"), edge("top", "bottom"), edge("right", "away")];
    const view = windowedView(nodes, edges, window);
    expect(shownIds(view.nodes)).toEqual(["in", "right", "top", "bottom"]);
    expect(view.edges.map((e) => e.id)).toEqual(["in-right", "top-bottom"]);
  });

  it("always shows selected and dragged nodes, selected edges' ends and group cards; collapsed members stay hidden", () => {
    const nodes = [
      card("picked", 8000, 0, { selected: true }),
      card("moving", 0, 8000, { dragging: true }),
      card("a", 9000, 9000),
      card("b", 9500, 9500),
      card("group", 7000, 7000, { type: GROUP_CARD_TYPE }),
      card("member", 100, 100, { hidden: true }),
    ];
    const view = windowedView(nodes, [edge("a", "b", { selected: true })], window);
    expect(shownIds(view.nodes)).toEqual(["picked", "moving", "a", "b", "group"]);
    expect(view.nodes.find((n) => n.id === "member")).toBe(nodes[5]);
  });

  it("hands back the very lists it was given when everything is in the window", () => {
    const nodes = [card("a", 0, 0), card("b", 300, 300)];
    const edges = [edge("a", "b")];
    const view = windowedView(nodes, edges, window);
    expect(view.nodes).toBe(nodes);
    expect(view.edges).toBe(edges);
  });

  it("keeps the previous lists' identity when a change left the window's content as it was", () => {
    const nodes = [card("a", 0, 0), card("b", 300, 300), card("far", 5000, 5000), card("farther", 6000, 6000)];
    const edges = [edge("a", "b"), edge("far", "farther")];
    const first = windowedView(nodes, edges, window);
    // A new list (another node's data changed) with the same objects, and the same window.
    const again = windowedView([...nodes], [...edges], window, first);
    expect(again.nodes).toBe(first.nodes);
    expect(again.edges).toBe(first.edges);
    // The hidden copy of a node is made once per node object.
    expect(windowedView(nodes, edges, { ...window, x: 1 }).nodes[2]).toBe(first.nodes[2]);
  });
});
