import { describe, expect, it } from "vitest";
import { Position } from "@xyflow/react";
import { nodeLayout, withLayout } from "./nodeLayout";
import { studioNode } from "../../test/studioNode";

describe("nodeLayout: what React Flow would measure from a NodeCard", () => {
  it("an empty card is 380 wide and 26 + 280 high, with its handles centred on the card's sides", () => {
    const { initialWidth, initialHeight, handles } = nodeLayout({});
    expect([initialWidth, initialHeight]).toEqual([380, 306]);
    // As measured in Chromium from a rendered card: 12 px handles at x -6 / 374, y 150.
    expect(handles).toEqual([
      { id: null, type: "target", position: Position.Left, x: -6, y: 150, width: 12, height: 12 },
      { id: null, type: "source", position: Position.Right, x: 374, y: 150, width: 12, height: 12 },
    ]);
  });

  it("follows the card size of a longer text (500 characters → 450 × 340)", () => {
    const { initialWidth, initialHeight, handles } = nodeLayout({ content: "x".repeat(500), contentType: "text" });
    expect([initialWidth, initialHeight]).toEqual([450, 366]);
    expect(handles.map((h) => [h.x, h.y])).toEqual([
      [-6, 180],
      [444, 180],
    ]);
  });
});

describe("withLayout", () => {
  it("keeps one derived object per node object, so unchanged nodes keep their identity for React Flow", () => {
    const a = studioNode("n1", { data: { title: "A" } });
    expect(withLayout(a)).toBe(withLayout(a));
    expect(withLayout(a)).toMatchObject({ id: "n1", data: { title: "A" }, initialWidth: 380 });
    const changed = { ...a, data: { ...a.data, content: "y".repeat(1000), contentType: "text" } };
    expect(withLayout(changed)).not.toBe(withLayout(a));
    expect(withLayout(changed).initialWidth).toBe(520);
  });
});
