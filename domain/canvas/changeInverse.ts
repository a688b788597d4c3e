import {
  type CanvasChange,
  type NodeRecord,
  nodeRemoved,
  nodeRestored,
  edgeAdded,
  edgeRemoved,
  groupAdded,
  groupUpdated,
  groupRemoved,
} from "./changes";
import type { GroupRecord } from "./group";
import type { CanvasEdge } from "./node";

/** The canvas as undo sees it now: nodes and edges by id. */
export interface CanvasView {
  node(id: string): NodeRecord | undefined;
  edge(id: string): CanvasEdge | undefined;
  group(id: string): GroupRecord | undefined;
}

/**
 * The changes that reverse `step` (structural changes, as the undo history records them), computed against
 * the canvas as it is now, newest first: a node that was added is removed with its current data, a removed
 * one is restored with the data it had, an edge comes back or goes, a group goes, comes back or returns to
 * the copy it replaced. What no longer applies (a node another
 * person deleted meanwhile, an edge already gone) is left out rather than undone twice.
 *
 * A restored node carries a revision one above the copy it was removed with, so its data lands over the
 * tombstone's revision on the server (spec: canvas 4 revision rule).
 */
export function invertChanges(step: readonly CanvasChange[], now: CanvasView): CanvasChange[] {
  const present = new Set<string>();
  const gone = new Set<string>();
  const alive = (id: string) => (present.has(id) ? true : gone.has(id) ? false : now.node(id) !== undefined);
  const groupsGone = new Set<string>();
  const inverse: CanvasChange[] = [];
  for (const change of [...step].reverse()) {
    switch (change.type) {
      case "node-added":
      case "node-restored": {
        const id = change.type === "node-added" ? change.node.id : change.id;
        const current = now.node(id);
        if (!alive(id) || !current) break;
        inverse.push(nodeRemoved(id, current));
        gone.add(id);
        present.delete(id);
        break;
      }
      case "node-removed": {
        const node = change.node;
        if (!node || alive(change.id)) break;
        const rev = node.data.rev ?? 0;
        inverse.push(nodeRestored(change.id, { ...node, data: { ...node.data, rev: rev + 1 } }));
        present.add(change.id);
        gone.delete(change.id);
        break;
      }
      case "edge-added": {
        const current = now.edge(change.edge.id);
        if (current && alive(current.source) && alive(current.target)) inverse.push(edgeRemoved(current.id, current));
        break;
      }
      case "edge-removed": {
        const edge = change.edge;
        if (edge && !now.edge(edge.id) && alive(edge.source) && alive(edge.target)) inverse.push(edgeAdded(edge));
        break;
      }
      case "group-added": {
        const current = now.group(change.group.id);
        if (current && !groupsGone.has(current.id)) {
          inverse.push(groupRemoved(current.id, current));
          groupsGone.add(current.id);
        }
        break;
      }
      case "group-removed": {
        const group = change.group;
        if (group && (groupsGone.has(group.id) || !now.group(group.id))) {
          inverse.push(groupAdded(group));
          groupsGone.delete(group.id);
        }
        break;
      }
      case "group-updated": {
        // Back to the copy it replaced, measured from the group as it is now (someone else's later change stays undoable).
        const current = now.group(change.group.id);
        if (change.prev && current && !groupsGone.has(current.id)) inverse.push(groupUpdated(change.prev, current));
        break;
      }
      default:
        break; // moves, data and viewport are not undo steps (spec: canvas 4 lists structural changes)
    }
  }
  return inverse;
}
