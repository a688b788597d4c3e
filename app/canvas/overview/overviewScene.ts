import { lightCardKind, thumbnailUrlOf, type LightCardKind } from "../../../domain/canvas/levelOfDetail";
import { nodesById, type StudioEdge, type StudioNode } from "../store/canvasStore";
import { GROUP_CARD_TYPE } from "../groups/groupCard";

/**
 * What the zoomed-out overview draws, as plain data in flow coordinates: one box per node (the same box
 * React Flow would give its card), one curve per edge, and which details are legible at a zoom. Pure, so
 * the drawing, the hit-testing and what shows at which zoom are decided (and tested) here, not in a canvas.
 */

export interface OverviewNode {
  id: string;
  x: number;
  y: number;
  width: number;
  height: number;
  kind: LightCardKind;
  title: string;
  thumbnail: string | null;
  selected: boolean;
}

export interface OverviewEdge {
  id: string;
  from: { x: number; y: number };
  to: { x: number; y: number };
}

/** Screen px of the light card's title font (flow px × zoom) below which it is not drawn. */
export const TITLE_MIN_SCREEN_PX = 8;
/** The title's size on the card, in flow px (as the DOM light card had it: big enough to read from afar). */
export const OVERVIEW_TITLE_PX = 44;
/** A thumbnail is drawn only when its card is at least this wide on screen: smaller, it is a coloured dot. */
export const THUMBNAIL_MIN_SCREEN_PX = 48;

/** Which details the overview draws at `zoom` for a card `width` flow px wide. */
export function overviewDetail(zoom: number, width: number): { title: boolean; thumbnail: boolean } {
  return { title: OVERVIEW_TITLE_PX * zoom >= TITLE_MIN_SCREEN_PX, thumbnail: width * zoom >= THUMBNAIL_MIN_SCREEN_PX };
}

const sizeOf = (n: StudioNode) => ({
  width: n.measured?.width ?? n.width ?? n.initialWidth ?? 0,
  height: n.measured?.height ?? n.height ?? n.initialHeight ?? 0,
});

// One scene node per node object, and one curve per edge and its two end objects: a selection or an edit
// makes new objects only of the nodes it touched, so the scene is rebuilt without re-reading 2,000 nodes' data.
const sceneNodes = new WeakMap<StudioNode, OverviewNode>();
const sceneEdges = new WeakMap<StudioEdge, { source: StudioNode; target: StudioNode; curve: OverviewEdge }>();

function sceneNode(n: StudioNode): OverviewNode {
  let out = sceneNodes.get(n);
  if (!out) {
    const { width, height } = sizeOf(n);
    out = {
      id: n.id,
      x: n.position.x,
      y: n.position.y,
      width,
      height,
      kind: lightCardKind(n.data),
      title: n.data.title || "Untitled",
      thumbnail: thumbnailUrlOf(n.data),
      selected: !!n.selected,
    };
    sceneNodes.set(n, out);
  }
  return out;
}

/**
 * The nodes the overview draws, in drawing order (later on top, as React Flow stacks them). Hidden nodes
 * (members of a collapsed group) are left out, and so are collapsed groups' cards: those stay React Flow
 * nodes at every zoom (a few, and interactive).
 */
export function overviewNodes(nodes: readonly StudioNode[]): OverviewNode[] {
  const out: OverviewNode[] = [];
  for (const n of nodes) {
    if (n.hidden || n.type === GROUP_CARD_TYPE) continue;
    out.push(sceneNode(n));
  }
  return out;
}

/** Where a node's handle of `type` sits (its centre), from its laid-out handles; else the middle of that side. */
function handlePoint(n: StudioNode, type: "source" | "target"): { x: number; y: number } {
  const { width, height } = sizeOf(n);
  const h = n.handles?.find((h) => h.type === type);
  if (h) return { x: n.position.x + h.x + (h.width ?? 0) / 2, y: n.position.y + h.y + (h.height ?? 0) / 2 };
  return { x: n.position.x + (type === "source" ? width : 0), y: n.position.y + height / 2 };
}

/** Each edge from its source's right handle to its target's left one; an edge with a missing or hidden end is not drawn. */
export function overviewEdges(nodes: readonly StudioNode[], edges: readonly StudioEdge[]): OverviewEdge[] {
  const byId = nodesById(nodes);
  const out: OverviewEdge[] = [];
  for (const e of edges) {
    const s = byId.get(e.source);
    const t = byId.get(e.target);
    if (!s || !t || s.hidden || t.hidden || e.hidden) continue;
    let known = sceneEdges.get(e);
    if (!known || known.source !== s || known.target !== t) {
      known = { source: s, target: t, curve: { id: e.id, from: handlePoint(s, "source"), to: handlePoint(t, "target") } };
      sceneEdges.set(e, known);
    }
    out.push(known.curve);
  }
  return out;
}

/** The topmost node under a flow point (the last drawn wins), or null. */
export function hitTest(nodes: readonly OverviewNode[], p: { x: number; y: number }): OverviewNode | null {
  for (let i = nodes.length - 1; i >= 0; i--) {
    const n = nodes[i]!;
    if (p.x >= n.x && p.x <= n.x + n.width && p.y >= n.y && p.y <= n.y + n.height) return n;
  }
  return null;
}

export type Transform = readonly [x: number, y: number, zoom: number];

/** A screen point (relative to the pane) in flow coordinates under React Flow's transform. */
export const toFlow = ([tx, ty, zoom]: Transform, p: { x: number; y: number }) => ({ x: (p.x - tx) / zoom, y: (p.y - ty) / zoom });

/** The part of the flow a pane of `width` × `height` px shows under `transform`. */
export function viewRect([tx, ty, zoom]: Transform, width: number, height: number) {
  return { x: -tx / zoom, y: -ty / zoom, width: width / zoom, height: height / zoom };
}

export const overlaps = (a: { x: number; y: number; width: number; height: number }, b: typeof a) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** An edge's bounding box with its curve's bulge, to leave off-screen edges out of the path. */
export function edgeBox(e: OverviewEdge) {
  const bulge = curveBulge(e);
  const x = Math.min(e.from.x, e.to.x) - bulge;
  const y = Math.min(e.from.y, e.to.y);
  return { x, y, width: Math.abs(e.to.x - e.from.x) + 2 * bulge, height: Math.abs(e.to.y - e.from.y) };
}

/** How far a bezier's control points stand out horizontally from its ends (React Flow's default curve, roughly). */
export const curveBulge = (e: OverviewEdge) => Math.max(40, Math.abs(e.to.x - e.from.x) / 2);

/** A short accessible summary of what the overview shows (a canvas has no text of its own). */
export function overviewLabel(nodes: readonly OverviewNode[]): string {
  const selected = nodes.filter((n) => n.selected).map((n) => n.title);
  const count = `${nodes.length} ${nodes.length === 1 ? "node" : "nodes"}`;
  if (selected.length === 0) return `Canvas overview: ${count}, none selected`;
  const names = selected.slice(0, 3).join(", ") + (selected.length > 3 ? ` and ${selected.length - 3} more` : "");
  return `Canvas overview: ${count}, selected: ${names}`;
}

/** The ids of the nodes wholly inside a flow rectangle (a selection box, as React Flow's full mode selects). */
export function nodesInside(nodes: readonly OverviewNode[], r: { x: number; y: number; width: number; height: number }): Set<string> {
  const ids = new Set<string>();
  for (const n of nodes) {
    if (n.x >= r.x && n.y >= r.y && n.x + n.width <= r.x + r.width && n.y + n.height <= r.y + r.height) ids.add(n.id);
  }
  return ids;
}
