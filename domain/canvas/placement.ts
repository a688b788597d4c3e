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
 * `start`, or the first place after it, `step` by `step`, where a new node does not cover one of
 * `occupied` (the positions of the nodes already there). Gives up after 200 steps and returns the last.
 */
export function firstFreePosition(start: Position, occupied: readonly Position[], step: Position): Position {
  const covers = (p: Position) => occupied.some((o) => Math.abs(o.x - p.x) < NODE_FOOTPRINT.width && Math.abs(o.y - p.y) < NODE_FOOTPRINT.height);
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
export function pasteClipboard<
  N extends { id: string; position: Position },
  E extends { id: string; source: string; target: string },
>(clipboard: Clipboard<N, E>, now: number = Date.now(), random: Random = Math.random): Clipboard<N, E> & { idMap: Map<string, string> } {
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
