/**
 * A workflow's nodes made new for the canvas they land on: fresh node and edge ids (so a file can be
 * imported twice, or into the project it came from), edges and groups pointing at the new ids, first revisions, and
 * the whole group moved beside what is already there, its own layout kept.
 */
import type { NodeRecord } from "../canvas/changes";
import { newGroupId, type GroupRecord } from "../canvas/group";
import type { CanvasEdge, Position } from "../canvas/node";
import { clampPosition, NODE_FOOTPRINT, newEdgeId, newNodeId } from "../canvas/placement";
import { CANVAS_EXTENT } from "../canvas/zoom";

type Random = () => number;

/**
 * How far to move a group of nodes so it sits right of the nodes already on the canvas, its top level with
 * theirs; below them when there is no room to the right; where it was on an empty canvas. The same group
 * and canvas always give the same place, so placing an already placed group again moves it nowhere.
 */
export function placementOffset(group: readonly Position[], occupied: readonly Position[]): Position {
  if (group.length === 0 || occupied.length === 0) return { x: 0, y: 0 };
  const left = Math.min(...group.map((p) => p.x));
  const top = Math.min(...group.map((p) => p.y));
  const width = Math.max(...group.map((p) => p.x)) - left;
  const right = Math.max(...occupied.map((p) => p.x)) + NODE_FOOTPRINT.width;
  if (right + width <= CANVAS_EXTENT) return { x: right - left, y: Math.min(...occupied.map((p) => p.y)) - top };
  return { x: Math.min(...occupied.map((p) => p.x)) - left, y: Math.max(...occupied.map((p) => p.y)) + NODE_FOOTPRINT.height - top };
}

/** The group moved by `placementOffset`, each position kept inside the canvas. */
export function placeBeside<N extends { position: Position }>(nodes: readonly N[], occupied: readonly Position[]): N[] {
  const offset = placementOffset(
    nodes.map((n) => n.position),
    occupied,
  );
  return nodes.map((n) => ({ ...n, position: clampPosition({ x: n.position.x + offset.x, y: n.position.y + offset.y }) }));
}

export interface RemappedWorkflow {
  nodes: NodeRecord[];
  edges: CanvasEdge[];
  /** The file's node id → the new one. */
  idMap: Map<string, string>;
  /** The file's groups with new ids, around the new node ids. */
  groups: GroupRecord[];
}

/** New ids for every node and edge, first revisions, and the group placed beside `occupied`. */
export function remapWorkflow(
  workflow: {
    nodes: readonly NodeRecord[];
    edges: readonly { id: string; source: string; target: string; sourceHandle?: string | null; targetHandle?: string | null }[];
    groups?: readonly GroupRecord[];
  },
  opts: { occupied: readonly Position[]; now?: number; random?: Random },
): RemappedWorkflow {
  const now = opts.now ?? Date.now();
  const random = opts.random ?? Math.random;
  const idMap = new Map<string, string>();
  const used = new Set<string>();
  const placed = placeBeside(workflow.nodes, opts.occupied);
  const nodes = placed.map((n, i): NodeRecord => {
    let id = newNodeId(now, random);
    // The same clock and a stubbed random must still give distinct ids.
    if (used.has(id)) id = `${id}-${i}`;
    used.add(id);
    idMap.set(n.id, id);
    return { id, type: n.type, position: n.position, data: { ...n.data, rev: 1, lastModified: now } };
  });
  const edges: CanvasEdge[] = [];
  const pairs = new Set<string>();
  for (const e of workflow.edges) {
    const source = idMap.get(e.source);
    const target = idMap.get(e.target);
    // One edge per source→target and none from a node to itself (domain/canvas/connections.ts canConnect).
    if (!source || !target || source === target || pairs.has(`${source}>${target}`)) continue;
    pairs.add(`${source}>${target}`);
    let id = newEdgeId(source, target, now, random);
    if (used.has(id)) id = `${id}-${edges.length}`;
    used.add(id);
    edges.push({ id, source, target, sourceHandle: e.sourceHandle ?? null, targetHandle: e.targetHandle ?? null });
  }
  const groups = (workflow.groups ?? []).flatMap((g, i): GroupRecord[] => {
    const nodeIds = g.nodeIds.flatMap((id) => idMap.get(id) ?? []);
    return nodeIds.length ? [{ ...g, id: `${newGroupId(now, random)}-${i}`, nodeIds }] : [];
  });
  return { nodes, edges, idMap, groups };
}
