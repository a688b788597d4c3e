/**
 * The canvas as the person sees it: the part of the pane no panel covers (the toolbars, the
 * generation toolbar, the agent panel: every element marked data-canvas-panel), in screen and in flow
 * coordinates, and smooth pans that show something inside that part (Fit view, Zoom to selection, new
 * nodes that found no room on screen).
 */
import type { ReactFlowInstance } from "@xyflow/react";
import { boundsOf, freeArea, type Rect } from "../../domain/canvas/placement";
import { MIN_ZOOM } from "../../domain/canvas/zoom";
import { cardRect } from "./commands/canvasCommands";
import type { StudioEdge, StudioNode } from "./store/canvasStore";

type Flow = ReactFlowInstance<StudioNode, StudioEdge>;
const PAN_MS = 300;
/** Room kept between what is shown and the edge of the free area, in screen pixels. */
const EDGE = 24;

const rectOf = (el: Element): Rect => {
  const r = el.getBoundingClientRect();
  return { x: r.left, y: r.top, width: r.width, height: r.height };
};

/** The pane's free part in screen coordinates, or null when the canvas is not on the page. */
export function freeScreenArea(): Rect | null {
  const pane = document.querySelector(".react-flow");
  if (!pane) return null;
  const panels = [...document.querySelectorAll("[data-canvas-panel]")].map(rectOf).filter((r) => r.width > 0 && r.height > 0);
  return freeArea(rectOf(pane), panels);
}

/** The pane's free part in flow coordinates. */
export function visibleFlowArea(rf: Flow | null): Rect | null {
  const free = freeScreenArea();
  if (!rf || !free || free.width <= 0 || free.height <= 0) return null;
  const a = rf.screenToFlowPosition({ x: free.x, y: free.y });
  const b = rf.screenToFlowPosition({ x: free.x + free.width, y: free.y + free.height });
  return { x: a.x, y: a.y, width: b.x - a.x, height: b.y - a.y };
}

/**
 * Frames `bounds` (flow coordinates) in the middle of the pane's free part, at the current zoom when it fits
 * there (a smooth pan), else zoomed out until it does; `maxZoom` allows zooming in (Fit view, selection).
 */
function frame(rf: Flow | null, bounds: Rect, maxZoom: number) {
  const free = freeScreenArea();
  const paneEl = document.querySelector(".react-flow");
  if (!rf || !free || !paneEl) return;
  const pane = rectOf(paneEl);
  const fits = Math.min((free.width - 2 * EDGE) / Math.max(1, bounds.width), (free.height - 2 * EDGE) / Math.max(1, bounds.height));
  const zoom = Math.max(MIN_ZOOM, Math.min(maxZoom, fits));
  // The free part's centre sits off the pane's centre when a panel is on one side: aim at it.
  const offsetX = (free.x + free.width / 2 - (pane.x + pane.width / 2)) / zoom;
  const offsetY = (free.y + free.height / 2 - (pane.y + pane.height / 2)) / zoom;
  void rf.setCenter(bounds.x + bounds.width / 2 - offsetX, bounds.y + bounds.height / 2 - offsetY, { zoom, duration: PAN_MS });
}

/** Shows new nodes that found no room on screen: a pan, or a zoom out when they are larger than the view. */
export function showBounds(rf: Flow | null, bounds: Rect) {
  if (rf) frame(rf, bounds, rf.getViewport().zoom);
}

/** Fit view (Shift+1): every node in the free part of the pane (by position and size: off-screen cards are not measured). */
export function fitAll(rf: Flow | null) {
  const all = boundsOf((rf?.getNodes() ?? []).map(cardRect));
  if (rf && all) frame(rf, all, 1);
}

/** Zoom to selection (Shift+2): the selected nodes in the free part of the pane; nothing selected, Fit view. */
export function zoomToSelection(rf: Flow | null) {
  const selected = boundsOf((rf?.getNodes() ?? []).filter((n) => n.selected).map(cardRect));
  if (!rf) return;
  if (!selected) return fitAll(rf);
  frame(rf, selected, 1.5);
}
