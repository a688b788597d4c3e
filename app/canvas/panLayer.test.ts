import { afterEach, describe, expect, it } from "vitest";
import { createPanLayer } from "./panLayer";

/** A canvas as React Flow draws it: the pane a drag starts on, inside the `.react-flow` wrapper. */
function canvas() {
  const root = document.createElement("div");
  root.className = "react-flow";
  const pane = document.createElement("div");
  pane.className = "react-flow__pane";
  root.append(pane);
  document.body.append(root);
  return { root, pane };
}
const startOn = (target: Element, type: string) => {
  const e = new MouseEvent(type, { bubbles: true });
  target.dispatchEvent(e); // sets e.target, as d3-zoom's source event has it
  return e;
};

afterEach(() => document.body.replaceChildren());

describe("the pan layer", () => {
  it("makes the viewport its own layer for a drag, and drops it when the move ends", () => {
    const { root, pane } = canvas();
    const layer = createPanLayer();
    layer.moveStarted(startOn(pane, "mousedown"));
    expect(root.classList.contains("is-panning")).toBe(true);
    layer.moveEnded();
    expect(root.classList.contains("is-panning")).toBe(false);
  });

  it("leaves a wheel zoom and a move made by code without it, so no scale change is drawn from an old raster", () => {
    const { root, pane } = canvas();
    const layer = createPanLayer();
    layer.moveStarted(startOn(pane, "wheel") as unknown as MouseEvent);
    expect(root.classList.contains("is-panning")).toBe(false);
    layer.moveStarted(null);
    expect(root.classList.contains("is-panning")).toBe(false);
    layer.moveEnded(); // an end without a drag changes nothing
    expect(root.classList.contains("is-panning")).toBe(false);
  });
});
