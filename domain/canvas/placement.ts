import type { Position } from "./node";
import { CANVAS_EXTENT } from "./zoom";

/** spec (canvas 9): the first new node goes at (400,400); Cmd/Ctrl+N also creates there. */
export const FIRST_NODE_POSITION: Readonly<Position> = { x: 400, y: 400 };
/** spec (canvas 9): each further node goes 550 px right of the most recently created one. */
export const NEXT_NODE_OFFSET_X = 550;
/** spec (canvas 9): pasted nodes are moved by +50,+50. */
export const PASTE_OFFSET: Readonly<Position> = { x: 50, y: 50 };
/** spec (canvas 9): walkthrough and fallback nodes go at (200,200). */
export const FALLBACK_NODE_POSITION: Readonly<Position> = { x: 200, y: 200 };

/** Keep a position inside the canvas extent (±15000, the server's bound). */
export function clampPosition(p: Position): Position {
  const c = (v: number) => (Number.isFinite(v) ? Math.min(CANVAS_EXTENT, Math.max(-CANVAS_EXTENT, v)) : 0);
  return { x: c(p.x), y: c(p.y) };
}

/** spec (canvas 9): (400,400) when nothing was created yet, else 550 px right of the last created node (same y). */
export function nextNodePosition(lastCreated: Position | null | undefined): Position {
  if (!lastCreated) return { ...FIRST_NODE_POSITION };
  return clampPosition({ x: lastCreated.x + NEXT_NODE_OFFSET_X, y: lastCreated.y });
}

/**
 * The room one node takes (the largest card, with a margin): nodes placed closer than this overlap.
 */
export const NODE_FOOTPRINT = { width: 540, height: 440 } as const;

/**
 * The rectangle the nodes at these positions take, by position and footprint: what the view is fitted to
 * for nodes it has not rendered (and so not measured) yet. Null for no positions.
 */
export function footprintBounds(at: readonly Position[]): { x: number; y: number; width: number; height: number } | null {
  if (!at.length) return null;
  const x = Math.min(...at.map((p) => p.x));
  const y = Math.min(...at.map((p) => p.y));
  return {
    x,
    y,
    width: Math.max(...at.map((p) => p.x)) - x + NODE_FOOTPRINT.width,
    height: Math.max(...at.map((p) => p.y)) - y + NODE_FOOTPRINT.height,
  };
}

/**
 * `start`, or the first place after it, `step` by `step`, where a new node does not cover one of
 * `occupied` (the positions of the nodes already there). Gives up after 200 steps and returns the last.
 */
export function firstFreePosition(start: Position, occupied: readonly Position[], step: Position): Position {
  const covers = (p: Position) =>
    occupied.some((o) => Math.abs(o.x - p.x) < NODE_FOOTPRINT.width && Math.abs(o.y - p.y) < NODE_FOOTPRINT.height);
  let p = clampPosition(start);
  for (let i = 0; i < 200 && covers(p); i++) p = clampPosition({ x: p.x + step.x, y: p.y + step.y });
  return p;
}

/** spec (canvas 9): the positions of pasted nodes: each copied position +50,+50, in the same order. */
export function pastePositions(nodes: ReadonlyArray<{ position: Position }>): Position[] {
  return nodes.map((n) => clampPosition({ x: n.position.x + PASTE_OFFSET.x, y: n.position.y + PASTE_OFFSET.y }));
}

type Random = () => number;

/** 9 base-36 characters from a random number in [0,1). */
function suffix(random: Random): string {
  const r = random();
  const n = Math.floor((Number.isFinite(r) ? Math.min(Math.max(r, 0), 1 - Number.EPSILON) : 0) * 36 ** 9);
  return n.toString(36).padStart(9, "0");
}

/** spec (canvas 3): 'generic-' + timestamp + random suffix, e.g. "generic-1763812800000-k3j9x0a1b". */
export function newNodeId(now: number = Date.now(), random: Random = Math.random): string {
  return `generic-${Math.trunc(now)}-${suffix(random)}`;
}

/** spec (canvas 3): edge-{source}-{target}-{time}-{random}. */
export function newEdgeId(source: string, target: string, now: number = Date.now(), random: Random = Math.random): string {
  return `edge-${source}-${target}-${Math.trunc(now)}-${suffix(random)}`;
}

/** spec (canvas 3 "Clipboard"): copied nodes plus the edges between them. */
export interface Clipboard<N, E> {
  nodes: N[];
  edges: E[];
}

/** The clipboard for a selection: the selected nodes (canvas order) and only the edges with both ends selected. */
export function copySelection<N extends { id: string }, E extends { source: string; target: string }>(
  nodes: readonly N[],
  edges: readonly E[],
  selectedIds: ReadonlySet<string>,
): Clipboard<N, E> {
  const picked = nodes.filter((n) => selectedIds.has(n.id));
  const ids = new Set(picked.map((n) => n.id));
  return { nodes: picked, edges: edges.filter((e) => ids.has(e.source) && ids.has(e.target)) };
}

/**
 * Paste a clipboard: every node gets a new id (newNodeId) and its position +50,+50; edges between copied
 * nodes are re-pointed at the new ids with new edge ids. Other fields are kept as they are (shallow copy).
 * Each call makes fresh ids, so pasting twice gives two independent copies (both at +50,+50).
 */
export function pasteClipboard<N extends { id: string; position: Position }, E extends { id: string; source: string; target: string }>(
  clipboard: Clipboard<N, E>,
  now: number = Date.now(),
  random: Random = Math.random,
): Clipboard<N, E> & { idMap: Map<string, string> } {
  const idMap = new Map<string, string>();
  const used = new Set<string>();
  const positions = pastePositions(clipboard.nodes);
  const nodes = clipboard.nodes.map((n, i) => {
    let id = newNodeId(now, random);
    if (used.has(id)) id = `${id}-${i}`; // same clock and a stubbed random: still unique
    used.add(id);
    idMap.set(n.id, id);
    return { ...n, id, position: positions[i] ?? n.position };
  });
  const edges: E[] = [];
  for (const e of clipboard.edges) {
    const source = idMap.get(e.source);
    const target = idMap.get(e.target);
    if (source && target) edges.push({ ...e, id: newEdgeId(source, target, now, random), source, target });
  }
  return { nodes, edges, idMap };
}

/** A rectangle, on the screen or on the canvas (flow coordinates). */
export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Room kept between a new node and the cards around it, in flow units. */
export const PLACEMENT_GAP = 40;

const overlaps = (a: Rect, b: Rect) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
const area = (r: Rect) => Math.max(0, r.width) * Math.max(0, r.height);

/**
 * The part of the canvas on screen that no panel covers: each panel over `view` (the
 * toolbar, the generation toolbar, the agent panel, a minimap...) is cut away by the side that keeps the
 * most room, so a panel along the bottom takes a band off the bottom and one along the right a column.
 */
export function freeArea(view: Rect, panels: readonly Rect[]): Rect {
  let free = { ...view };
  for (const p of panels) {
    if (!overlaps(free, p)) continue;
    const right = free.x + free.width;
    const bottom = free.y + free.height;
    const cuts: Rect[] = [
      { x: p.x + p.width, y: free.y, width: right - (p.x + p.width), height: free.height }, // keep the right of it
      { x: free.x, y: free.y, width: p.x - free.x, height: free.height }, // keep the left of it
      { x: free.x, y: p.y + p.height, width: free.width, height: bottom - (p.y + p.height) }, // keep below it
      { x: free.x, y: free.y, width: free.width, height: p.y - free.y }, // keep above it
    ];
    free = cuts.reduce((best, c) => (area(c) > area(best) ? c : best));
  }
  return { ...free, width: Math.max(0, free.width), height: Math.max(0, free.height) };
}

/** A screen rectangle in flow coordinates, for a React Flow transform [x, y, zoom]. */
export function screenToFlowRect(r: Rect, transform: readonly [number, number, number]): Rect {
  const [tx, ty, zoom] = transform;
  return { x: (r.x - tx) / zoom, y: (r.y - ty) / zoom, width: r.width / zoom, height: r.height / zoom };
}

export interface GroupPlacement {
  /** Where the group's top-left corner goes. */
  position: Position;
  /** Inside the free visible area; false when there was no room there, so the view must pan to it. */
  inView: boolean;
}

/**
 * Where a group of new nodes goes: `size` is the group's bounding box, `anchor` the top-left
 * it would like (the centre of the view, a pointer, a plan's own layout). It takes the free place nearest the
 * anchor inside `view` (the free visible area, in flow coordinates) where it overlaps none of `occupied`
 * (the cards already there, kept PLACEMENT_GAP apart); with no room in view, the nearest free place around
 * it (and the caller pans there). Every new node goes through this: Ctrl+N, double-click, the big prompt,
 * inserted assets, pastes, tools, variations, agent plans, storyboards and imports.
 */
export function placeGroup(opts: {
  size: { width: number; height: number };
  anchor: Position;
  view: Rect | null;
  occupied: readonly Rect[];
}): GroupPlacement {
  const { anchor, view } = opts;
  const size = { width: opts.size.width, height: opts.size.height };
  const blocked = opts.occupied.map((o) => ({
    x: o.x - PLACEMENT_GAP,
    y: o.y - PLACEMENT_GAP,
    width: o.width + 2 * PLACEMENT_GAP,
    height: o.height + 2 * PLACEMENT_GAP,
  }));
  const free = (p: Position) => !blocked.some((b) => overlaps({ ...p, ...size }, b));
  /**
   * The free place nearest the anchor inside `within`, on a grid of `step` around it, ring by ring outward
   * (so the work is the area searched until a place is found, not the whole area).
   */
  const nearest = (within: Rect, step: number): Position | null => {
    const maxX = within.x + within.width - size.width;
    const maxY = within.y + within.height - size.height;
    if (maxX < within.x || maxY < within.y) return null;
    // The anchor itself (clamped into the area) first: a free anchor stays where it was asked for.
    const start = { x: clamp(anchor.x, within.x, maxX), y: clamp(anchor.y, within.y, maxY) };
    if (free(start)) return start;
    const rings = Math.ceil(Math.max(maxX - within.x, maxY - within.y) / step) + 1;
    let best: Position | null = null;
    let bestDistance = Infinity;
    let foundAt = Infinity;
    // A place on ring k is within k·step·√2 of the start: one ring past the first find is enough.
    for (let k = 1; k <= rings && k <= foundAt + 1; k++) {
      for (const [i, j] of ring(k)) {
        const x = start.x + i * step;
        const y = start.y + j * step;
        // Past an edge of the area: the edge itself is a candidate once (from the ring's first cell beyond it).
        if (x < within.x - step || x > maxX + step || y < within.y - step || y > maxY + step) continue;
        const p = { x: clamp(x, within.x, maxX), y: clamp(y, within.y, maxY) };
        const d = (p.x - anchor.x) ** 2 + (p.y - anchor.y) ** 2;
        if (d < bestDistance && free(p)) {
          best = p;
          bestDistance = d;
          foundAt = Math.min(foundAt, k);
        }
      }
    }
    return best;
  };
  if (view) {
    const step = Math.max(8, Math.min(view.width, view.height) / 40);
    const inView = nearest(view, step);
    // Not rounded: half a unit could put it under the edge of a panel.
    if (inView) return { position: clampPosition(inView), inView: true };
    // No room on screen: the nearest free place around it.
    const around = { x: view.x - 8 * view.width, y: view.y - 8 * view.height, width: 17 * view.width, height: 17 * view.height };
    const found = nearest(around, Math.max(step, Math.min(size.width, size.height) / 4));
    if (found) return { position: clampPosition(round(found)), inView: false };
  }
  // No view yet (or a crowded canvas): right of every card, at the anchor's height.
  const right = Math.max(anchor.x, ...opts.occupied.map((o) => o.x + o.width + PLACEMENT_GAP * 2));
  const position = clampPosition(round({ x: right, y: anchor.y }));
  return { position, inView: view ? contains(view, { ...position, ...size }) : true };
}

/** True when `inner` lies wholly inside `outer`. */
export function contains(outer: Rect, inner: Rect): boolean {
  return (
    inner.x >= outer.x &&
    inner.y >= outer.y &&
    inner.x + inner.width <= outer.x + outer.width &&
    inner.y + inner.height <= outer.y + outer.height
  );
}

/** The bounding box of some rectangles (null for none). */
export function boundsOf(rects: readonly Rect[]): Rect | null {
  if (!rects.length) return null;
  const x = Math.min(...rects.map((r) => r.x));
  const y = Math.min(...rects.map((r) => r.y));
  return { x, y, width: Math.max(...rects.map((r) => r.x + r.width)) - x, height: Math.max(...rects.map((r) => r.y + r.height)) - y };
}

/** The grid cells at Chebyshev distance k from the centre (its perimeter only). */
function* ring(k: number): Generator<[number, number]> {
  for (let i = -k; i <= k; i++) {
    yield [i, -k];
    yield [i, k];
  }
  for (let j = -k + 1; j <= k - 1; j++) {
    yield [-k, j];
    yield [k, j];
  }
}

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));
const round = (p: Position): Position => ({ x: Math.round(p.x), y: Math.round(p.y) });

/**
 * New nodes placed as one group (placeGroup) keeping their layout among themselves: each node's top-left
 * and size in, the moved positions out, plus the group's new bounds (for a pan when it is not in view).
 * `anchor` is where the group's top-left would like to go; "center" centres it in `view`.
 */
export function placeNodes(
  nodes: readonly { position: Position; size: { width: number; height: number } }[],
  opts: { anchor?: Position | "center"; view: Rect | null; occupied: readonly Rect[] },
): { positions: Position[]; bounds: Rect; inView: boolean } {
  const box = boundsOf(nodes.map((n) => ({ ...n.position, ...n.size }))) ?? { x: 0, y: 0, width: 0, height: 0 };
  const anchor =
    opts.anchor === "center"
      ? opts.view
        ? { x: opts.view.x + (opts.view.width - box.width) / 2, y: opts.view.y + (opts.view.height - box.height) / 2 }
        : { ...FIRST_NODE_POSITION }
      : (opts.anchor ?? { x: box.x, y: box.y });
  const placed = placeGroup({ size: box, anchor, view: opts.view, occupied: opts.occupied });
  const dx = placed.position.x - box.x;
  const dy = placed.position.y - box.y;
  return {
    positions: nodes.map((n) => clampPosition({ x: n.position.x + dx, y: n.position.y + dy })),
    bounds: { ...box, x: box.x + dx, y: box.y + dy },
    inView: placed.inView,
  };
}
