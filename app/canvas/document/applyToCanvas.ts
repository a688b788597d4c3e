import type { CanvasChange, NodeRecord } from "../../../domain/canvas/changes";
import { pruneDanglingEdges } from "../../../domain/canvas/connections";
import type { CanvasEdge } from "../../../domain/canvas/node";
import type { CanvasState, StudioEdge, StudioNode } from "../store/canvasStore";

type Content = Pick<CanvasState, "nodes" | "edges" | "deletedIds" | "groups">;

const toStudioNode = (n: NodeRecord): StudioNode => ({ id: n.id, type: n.type, position: n.position, data: n.data });
const toStudioEdge = (e: CanvasEdge): StudioEdge => ({ ...e, type: "default" });

/**
 * The canvas after `changes`, as this browser shows it. Nodes keep React Flow's view flags (selection,
 * measured size); a node being dragged keeps its place until the drag ends. `node-added` for a node that
 * exists only moves it, and never brings back one removed here; edges whose ends are gone are pruned.
 * Unchanged nodes keep their identity, so memoized cards do not re-render; when nothing changed at all
 * the same state comes back, so nothing re-renders.
 */
export function applyToCanvas(state: Content, changes: readonly CanvasChange[]): Content {
  const nodes = new Map(state.nodes.map((n) => [n.id, n]));
  const edges = new Map(state.edges.map((e) => [e.id, e]));
  const deleted = new Set(state.deletedIds);
  const groups = new Map(state.groups.map((g) => [g.id, g]));
  let changed = false;
  // Whether the edge list can differ: an edge added or removed, or a node removed (its edges are pruned).
  let edgesChanged = false;
  let groupsChanged = false;
  const setNode = (n: StudioNode) => {
    nodes.set(n.id, n);
    changed = true;
  };
  const place = (id: string, position: StudioNode["position"]) => {
    const n = nodes.get(id);
    if (n && !n.dragging && (n.position.x !== position.x || n.position.y !== position.y)) setNode({ ...n, position });
  };
  for (const c of changes) {
    switch (c.type) {
      case "node-added":
        if (nodes.has(c.node.id)) place(c.node.id, c.node.position);
        else if (!deleted.has(c.node.id)) setNode(toStudioNode(c.node));
        break;
      case "node-restored":
        changed = deleted.delete(c.id) || changed;
        if (c.node && !nodes.has(c.id)) setNode(toStudioNode(c.node));
        break;
      case "node-removed":
        changed = nodes.delete(c.id) || !deleted.has(c.id) || changed;
        edgesChanged = true;
        deleted.add(c.id);
        break;
      case "node-moved":
        place(c.id, c.position);
        break;
      case "node-data": {
        const n = nodes.get(c.id);
        if (n && n.data !== c.data) setNode({ ...n, data: c.data });
        break;
      }
      case "edge-added":
        if (!edges.has(c.edge.id)) {
          edges.set(c.edge.id, toStudioEdge(c.edge));
          changed = edgesChanged = true;
        }
        break;
      case "edge-removed":
        if (edges.delete(c.id)) changed = edgesChanged = true;
        break;
      case "viewport":
        break;
      // A group is written whole (last writer wins): an update of one not shown here shows it.
      case "group-added":
      case "group-updated":
        if (groups.get(c.group.id) !== c.group) {
          groups.set(c.group.id, c.group);
          groupsChanged = true;
        }
        break;
      case "group-removed":
        groupsChanged = groups.delete(c.id) || groupsChanged;
        break;
    }
  }
  if (!changed && !groupsChanged) return state;
  // Only what changed gets a new identity: a group change re-renders no node, a node change no frame list.
  const nextGroups = groupsChanged ? [...groups.values()] : state.groups;
  if (!changed) return { nodes: state.nodes, edges: state.edges, deletedIds: state.deletedIds, groups: nextGroups };
  // A node's data or place changes no edge: the list keeps its identity, so React Flow re-indexes no edge.
  const nextEdges = edgesChanged ? ([...pruneDanglingEdges(new Set(nodes.keys()), [...edges.values()])] as StudioEdge[]) : state.edges;
  return {
    nodes: [...nodes.values()],
    edges: nextEdges,
    deletedIds: deleted,
    groups: nextGroups,
  };
}
