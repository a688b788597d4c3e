import { describe, expect, it } from "vitest";
import type { OverviewNode } from "../overview/overviewScene";
import { minimapView, sceneBounds } from "./minimapView";

const card = (id: string, x: number, y: number): OverviewNode => ({
  id,
  x,
  y,
  width: 100,
  height: 50,
  kind: "text",
  title: id,
  thumbnail: null,
  selected: false,
});

describe("minimap view", () => {
  it("bounds every node, hidden by the overview or not (the minimap shows all of them at every zoom)", () => {
    expect(sceneBounds([])).toBeNull();
    expect(sceneBounds([card("a", -500, 20), card("b", 900, 700)])).toEqual({ x: -500, y: 20, width: 1500, height: 730 });
  });

  it("fits the nodes and the view box together into the element, centred, with a margin", () => {
    const nodes = { x: 0, y: 0, width: 2000, height: 500 };
    const view = { x: 100, y: 100, width: 400, height: 300 };
    const v = minimapView(nodes, view, { width: 200, height: 150 }, 5);
    expect(v.viewScale).toBe(10); // 2,000 flow px over 200 element px
    expect(v.offset).toBe(50);
    expect(v).toMatchObject({ x: -50, width: 2100, height: 1600 });
    expect(v.y + v.height / 2).toBe(250); // centred on the nodes' box vertically
    // A view far off the nodes widens the box so both show.
    const far = minimapView(nodes, { x: 5000, y: 0, width: 400, height: 300 }, { width: 200, height: 150 }, 0);
    expect(far.x).toBe(0);
    expect(far.width).toBe(5400);
    // An empty canvas shows just the view.
    expect(minimapView(null, view, { width: 200, height: 150 }, 0)).toMatchObject({ x: 100, viewScale: 2 });
  });
});
