import { describe, expect, it } from "vitest";
import { seededRandom } from "../seededRandom";
import { cardSize, EMPTY_NODE_SIZE } from "./nodeSize";
import { contains, freeArea, placeGroup, placeNodes, screenToFlowRect, type Rect } from "./placement";

/**
 * The studio's canvas at a window size, as the app lays it out: the pane left of the 320 px properties
 * sidebar and under the 56 px top bar, with the canvas toolbar (top left), the generation toolbar (bottom
 * centre, 56rem at most, 50rem at least) and the agent panel (right, 24rem, above the generation toolbar).
 */
function studio(width: number, height: number, agentOpen: boolean) {
  const pane: Rect = { x: 0, y: 56, width: width - 320, height: height - 56 };
  const toolbarWidth = Math.max(800, Math.min(896, pane.width - 32));
  const generation: Rect = {
    x: pane.x + (pane.width - toolbarWidth) / 2,
    y: pane.y + pane.height - 16 - 150,
    width: toolbarWidth,
    height: 150,
  };
  const panels: Rect[] = [{ x: 12, y: pane.y + 12, width: 640, height: 40 }, generation];
  if (agentOpen) panels.push({ x: pane.x + pane.width - 16 - 384, y: pane.y + 64, width: 384, height: pane.height - 64 - 168 });
  return { pane, panels };
}

const overlaps = (a: Rect, b: Rect) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
const toScreen = (r: Rect, [tx, ty, zoom]: readonly [number, number, number]): Rect => ({
  x: r.x * zoom + tx,
  y: r.y * zoom + ty,
  width: r.width * zoom,
  height: r.height * zoom,
});

describe("new nodes land in view, on no card and under no panel", () => {
  for (const [w, h] of [
    [1440, 900],
    [1280, 720],
  ] as const) {
    it(`at ${w}×${h}, over 300 random canvases, zooms and panels`, () => {
      const random = seededRandom(w * h);
      let panned = 0;
      for (let scene = 0; scene < 300; scene++) {
        const { pane, panels } = studio(w, h, random() < 0.5);
        const zoom = [0.4, 0.6, 0.8, 1][Math.floor(random() * 4)]!;
        const transform = [pane.x - random() * 2000, pane.y - random() * 1500, zoom] as const;
        const cards: Rect[] = Array.from({ length: Math.floor(random() * 12) }, () => ({
          x: random() * 3000 - 500,
          y: random() * 2000 - 300,
          ...cardSize({ contentType: "image", mediaUrl: "/m.png" }),
        }));
        const view = screenToFlowRect(freeArea(pane, panels), transform);
        const count = 1 + Math.floor(random() * 3);
        const made = Array.from({ length: count }, (_, i) => ({ position: { x: i * 550, y: 0 }, size: cardSize({}) }));
        const out = placeNodes(made, { anchor: "center", view, occupied: cards });
        const placedRects = out.positions.map((p, i) => ({ ...p, ...made[i]!.size }));
        for (const r of placedRects) for (const c of cards) expect(overlaps(r, c), `scene ${scene}: on a card`).toBe(false);
        if (!out.inView) {
          // A lone node among a few cards always has room on screen; crowded ones may pan.
          expect(count === 1 && cards.length <= 3, `scene ${scene}: panned with room on screen`).toBe(false);
          panned++;
          continue;
        }
        for (const r of placedRects) {
          const onScreen = toScreen(r, transform);
          expect(contains(pane, onScreen), `scene ${scene}: off screen`).toBe(true);
          for (const p of panels) expect(overlaps(onScreen, p), `scene ${scene}: under a panel`).toBe(false);
        }
      }
      expect(panned).toBeLessThan(300);
    });
  }

  it("Ctrl+N next to a node at (400,400) in the middle of the view does not land on it", () => {
    const { pane, panels } = studio(1440, 900, false);
    const zoom = 0.6;
    const view = screenToFlowRect(freeArea(pane, panels), [
      pane.x + pane.width / 2 - 590 * zoom,
      pane.y + pane.height / 2 - 540 * zoom,
      zoom,
    ]);
    const card = { x: 400, y: 400, ...cardSize({}) };
    const out = placeNodes([{ position: { x: 0, y: 0 }, size: cardSize({}) }], { anchor: "center", view, occupied: [card] });
    expect(out.inView).toBe(true);
    expect(overlaps({ ...out.positions[0]!, ...cardSize({}) }, card)).toBe(false);
  });

  it("a group too big for the view goes to the nearest free place and asks for a pan", () => {
    const view = { x: 0, y: 0, width: 900, height: 500 };
    const lane = Array.from({ length: 6 }, (_, i) => ({ position: { x: i * 550, y: 0 }, size: EMPTY_NODE_SIZE }));
    const out = placeNodes(lane, { view, occupied: [{ x: 0, y: 0, width: 400, height: 300 }] });
    expect(out.inView).toBe(false);
    expect(out.bounds.width).toBe(5 * 550 + 380);
    for (const p of out.positions) expect(overlaps({ ...p, ...EMPTY_NODE_SIZE }, { x: 0, y: 0, width: 400, height: 300 })).toBe(false);
  });

  it("keeps a free anchor as it is (a plan's own layout, a pointer)", () => {
    const view = { x: 0, y: 0, width: 2000, height: 1200 };
    expect(
      placeGroup({
        size: { width: 380, height: 336 },
        anchor: { x: 700, y: 300 },
        view,
        occupied: [{ x: 0, y: 0, width: 400, height: 300 }],
      }).position,
    ).toEqual({ x: 700, y: 300 });
  });

  it("cuts each panel away by the side that keeps the most room", () => {
    const view = { x: 0, y: 0, width: 1000, height: 800 };
    expect(freeArea(view, [{ x: 100, y: 650, width: 800, height: 150 }])).toEqual({ x: 0, y: 0, width: 1000, height: 650 });
    expect(freeArea(view, [{ x: 600, y: 50, width: 384, height: 600 }])).toEqual({ x: 0, y: 0, width: 600, height: 800 });
    expect(freeArea(view, [{ x: 2000, y: 0, width: 10, height: 10 }])).toEqual(view);
  });
});
