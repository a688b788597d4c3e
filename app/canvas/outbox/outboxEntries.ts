import { changedGroupId, changedNodeId, type CanvasChange } from "../../../domain/canvas/changes";
import type { NodeData } from "../../../domain/canvas/node";

/** One node's data waiting for `POST /api/workflows/autosave`. Later edits of the node merge into it. */
export interface DataEntry {
  kind: "data";
  key: string;
  /** Queue order across reloads (entries are kept sorted by it). */
  order: number;
  nodeId: string;
  data: NodeData;
  /** The earliest revision the unsent edits were based on. */
  prevRev: number;
  /** The fields the unsent edits changed; absent when the whole data is the edit (a new node's, old stores). */
  fields?: string[];
  /** Not sent before this time (ms): the 500 ms debounce; 0 = at once. */
  readyAt: number;
}

/** Structure waiting for `POST /api/projects/:id/structure`: changes the server may apply in one request. */
export interface ShapeEntry {
  kind: "shape";
  key: string;
  order: number;
  changes: CanvasChange[];
  readyAt: number;
}

export type OutboxEntry = DataEntry | ShapeEntry;

/** Moves and the viewport wait 500 ms and merge with the next (spec: canvas 9); the rest goes at once. */
export const isMovesOnly = (e: OutboxEntry): boolean =>
  e.kind === "shape" && e.changes.every((c) => c.type === "node-moved" || c.type === "viewport");

/** The order in which the structure route applies a request's parts (server: applyChanges via changeWire). */
const RANK: Record<CanvasChange["type"], number> = {
  "node-restored": 0,
  "node-added": 1,
  "node-moved": 1,
  "node-removed": 2,
  "edge-removed": 3,
  "edge-added": 4,
  viewport: 5,
  "group-removed": 6,
  "group-added": 7,
  "group-updated": 7,
  "node-data": 8,
};

const subjectOf = (c: CanvasChange): string | null =>
  changedNodeId(c) ??
  (changedGroupId(c) ? `group:${changedGroupId(c)}` : null) ??
  (c.type === "edge-added" ? `edge:${c.edge.id}` : c.type === "edge-removed" ? `edge:${c.id}` : null);

/**
 * Splits structure changes into groups that each keep their meaning in one request: the server applies a
 * request in a fixed order (restores, placements, removals, edge removals, edge additions, ungroupings,
 * groups set), so a change
 * that it would apply before an earlier change of the same node or edge starts a new request.
 */
export function splitIntoRequests(changes: readonly CanvasChange[]): CanvasChange[][] {
  const groups: CanvasChange[][] = [];
  let current: CanvasChange[] = [];
  let ranks = new Map<string, number>();
  for (const c of changes) {
    const subject = subjectOf(c);
    const earlier = subject ? ranks.get(subject) : undefined;
    if (earlier !== undefined && RANK[c.type] < earlier) {
      groups.push(current);
      current = [];
      ranks = new Map();
    }
    current.push(c);
    if (subject) ranks.set(subject, Math.max(ranks.get(subject) ?? -1, RANK[c.type]));
  }
  if (current.length) groups.push(current);
  return groups;
}

/** Merges a later moves-only change list into an earlier one: the last position of each node wins. */
export function mergeMoves(earlier: readonly CanvasChange[], later: readonly CanvasChange[]): CanvasChange[] {
  const byKey = new Map<string, CanvasChange>();
  for (const c of [...earlier, ...later]) byKey.set(c.type === "node-moved" ? c.id : c.type, c);
  return [...byKey.values()];
}

/** Node data that a structure change brings with it: a created or restored node is written whole. */
export function dataCarriedBy(c: CanvasChange): { nodeId: string; data: NodeData; prevRev: number } | null {
  if (c.type === "node-added") return { nodeId: c.node.id, data: c.node.data, prevRev: Math.max(0, (c.node.data.rev ?? 1) - 1) };
  if (c.type === "node-restored" && c.node) return { nodeId: c.id, data: c.node.data, prevRev: Math.max(0, (c.node.data.rev ?? 1) - 1) };
  return null;
}

/** Whether a structure entry changes whether the node exists: data queued before it cannot take edits made after it. */
export const changesLifeOf = (e: ShapeEntry, nodeId: string): boolean =>
  e.changes.some(
    (c) => (c.type === "node-added" || c.type === "node-removed" || c.type === "node-restored") && changedNodeId(c) === nodeId,
  );
