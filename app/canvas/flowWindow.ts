/**
 * The window of the canvas React Flow is handed (issue 34, "Everything on screen" at 100 %): the view grown by
 * a step on every side. Nodes outside it reach React Flow `hidden` (so fit view, `getNodes` and zooming to a
 * node still know them), and only the edges between shown nodes reach it at all. React Flow's culling
 * (`onlyRenderVisibleElements`) walks its whole node and edge lists on every store update — each pan and zoom
 * frame — measuring every visible node's box, and re-indexes every node on each change of the list (a
 * selection): with the window those walks cost what is near the view, not the whole canvas.
 *
 * The window is snapped to steps (in half-octave zoom buckets), so it moves only every few hundred pixels of
 * a pan, not on every frame. Pure: what is shown for which view is decided (and tested) here.
 */
import type { StudioEdge, StudioNode } from "./store/canvasStore";
import { hidden } from "./groups/collapsedView";
import { GROUP_CARD_TYPE } from "./groups/groupCard";

export interface FlowRect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The window's step and margin, in screen pixels at the bottom of the view's zoom bucket. */
export const WINDOW_STEP_PX = 480;

/**
 * The window for a view: React Flow's transform [x, y, zoom] over a pane of `width` × `height` px, grown by at
 * least one step on each side and snapped to the step grid. Equal views a little apart give the same window.
 */
export function flowWindow([tx, ty, zoom]: readonly [number, number, number], width: number, height: number): FlowRect {
  // Half-octave buckets: zooming within one keeps the step; the view never outgrows the window's margin.
  const bucket = 2 ** (Math.floor(Math.log2(zoom) * 2) / 2);
  const step = WINDOW_STEP_PX / bucket;
  const left = Math.floor((-tx / zoom - step) / step) * step;
  const top = Math.floor((-ty / zoom - step) / step) * step;
  const right = Math.ceil(((width - tx) / zoom + step) / step) * step;
  const bottom = Math.ceil(((height - ty) / zoom + step) / step) * step;
  return { x: left, y: top, width: right - left, height: bottom - top };
}

/** The window as a string, for a selector that re-renders its reader only when the window moves. */
export const windowKey = (r: FlowRect) => `${r.x},${r.y},${r.width},${r.height}`;
export function windowOfKey(key: string): FlowRect {
  const [x, y, width, height] = key.split(",").map(Number) as [number, number, number, number];
  return { x, y, width, height };
}

const boxOf = (n: StudioNode): FlowRect => ({
  x: n.position.x,
  y: n.position.y,
  width: n.measured?.width ?? n.width ?? n.initialWidth ?? 0,
  height: n.measured?.height ?? n.height ?? n.initialHeight ?? 0,
});

const overlaps = (a: FlowRect, b: FlowRect) =>
  a.x <= b.x + b.width && b.x <= a.x + a.width && a.y <= b.y + b.height && b.y <= a.y + a.height;

/** The box around both ends of an edge: what React Flow tests an edge's visibility by. */
function edgeBox(s: FlowRect, t: FlowRect): FlowRect {
  const x = Math.min(s.x, t.x);
  const y = Math.min(s.y, t.y);
  return { x, y, width: Math.max(s.x + s.width, t.x + t.width) - x, height: Math.max(s.y + s.height, t.y + t.height) - y };
}

/**
 * What React Flow gets for a window: every node (those outside it `hidden`) and the edges between shown
 * nodes. Shown are the nodes inside the window, the selected and dragged ones (React Flow moves and deletes
 * them), group cards, and both ends of every edge whose box reaches into the window or that is selected (so
 * an edge crossing the view to a far node is still drawn). Nodes hidden already (in a collapsed group) stay
 * hidden. Lists that come out equal to `previous` (or to the input) are returned as that very list, so React
 * Flow re-indexes nothing when a change left the window's content as it was.
 */
export function windowedView(
  nodes: StudioNode[],
  edges: StudioEdge[],
  window: FlowRect,
  previous?: { nodes: StudioNode[]; edges: StudioEdge[] },
): { nodes: StudioNode[]; edges: StudioEdge[] } {
  const byId = new Map<string, StudioNode>();
  const shown = new Set<string>();
  for (const n of nodes) {
    if (n.hidden) continue;
    byId.set(n.id, n);
    if (n.selected || n.dragging || n.type === GROUP_CARD_TYPE || overlaps(boxOf(n), window)) shown.add(n.id);
  }
  for (const e of edges) {
    const s = byId.get(e.source);
    const t = byId.get(e.target);
    if (!s || !t || (shown.has(s.id) && shown.has(t.id))) continue;
    if (e.selected || overlaps(edgeBox(boxOf(s), boxOf(t)), window)) {
      shown.add(s.id);
      shown.add(t.id);
    }
  }
  let hiddenAny = false;
  const outNodes = nodes.map((n) => {
    if (n.hidden || shown.has(n.id)) return n;
    hiddenAny = true;
    return hidden(n);
  });
  const outEdges = edges.filter((e) => shown.has(e.source) && shown.has(e.target));
  return {
    nodes: !hiddenAny ? nodes : sameItems(outNodes, previous?.nodes) ? previous!.nodes : outNodes,
    edges: outEdges.length === edges.length ? edges : sameItems(outEdges, previous?.edges) ? previous!.edges : outEdges,
  };
}

function sameItems<T>(a: readonly T[], b: readonly T[] | undefined): boolean {
  if (!b || a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
