import {
  type CanvasChange,
  type ChangeList,
  type ChangeSource,
  type NodeRecord,
  nodeAdded,
  nodeRemoved,
  nodeRestored,
  nodeData,
  edgeAdded,
  edgeRemoved,
  viewportChanged,
  groupAdded,
  groupRemoved,
} from "./changes";
import type { AutosaveUpdate, StructureRequest } from "./node";
import { type RealtimeMessage, canvasMessages } from "../realtime";

/**
 * Change lists on the wire. The spec's two write routes keep their bodies (`POST /api/workflows/autosave`
 * for node data, `POST /api/projects/:id/structure` for the rest) and the live channel keeps its two canvas
 * messages (`nodes`, `structure`); these functions translate both ways, so the client and the server speak
 * `CanvasChange` on each side of them.
 */

/** A structure request's body; the group fields are left out when there are none. */
type StructureBody = Omit<StructureRequest, "clientId" | "updates" | "groupsSet" | "groupsRemoved"> &
  Partial<Pick<StructureRequest, "groupsSet" | "groupsRemoved">>;

type StructureBuild = Omit<StructureBody, "groupsSet" | "groupsRemoved"> & Required<Pick<StructureBody, "groupsSet" | "groupsRemoved">>;

const emptyStructure = (): StructureBuild => ({
  nodes: [],
  restoredNodeIds: [],
  deletedNodeIds: [],
  edgesAdded: [],
  edgesRemoved: [],
  groupsSet: [],
  groupsRemoved: [],
});

/**
 * A structure request as the changes the server applies, in the order it always applied them: restores,
 * then placements (a node the server has not seen is created with empty data), deletions, edge removals,
 * edge additions, the viewport, then groups (ungroupings before groups set). A placement is a `node-added` (create if absent, else move), with
 * `placeholder` as the data of a node created by it (empty on the server, which stores it at rev 0).
 */
export function changesFromStructure(req: Partial<StructureBody>, placeholder?: NodeRecord["data"]): CanvasChange[] {
  const deleted = new Set(req.deletedNodeIds ?? []);
  return [
    ...(req.restoredNodeIds ?? []).map((id): CanvasChange => nodeRestored(id)),
    ...(req.nodes ?? [])
      .filter((n) => !deleted.has(n.id))
      .map((n): CanvasChange => nodeAdded({ id: n.id, type: n.type ?? "generic_v2", position: n.position, data: placeholder ?? {} })),
    ...[...deleted].map((id): CanvasChange => nodeRemoved(id)),
    ...(req.edgesRemoved ?? []).map((id): CanvasChange => edgeRemoved(id)),
    ...(req.edgesAdded ?? []).map((edge): CanvasChange => edgeAdded(edge)),
    ...(req.viewport ? [viewportChanged(req.viewport) as CanvasChange] : []),
    ...(req.groupsRemoved ?? []).map((id): CanvasChange => groupRemoved(id)),
    ...(req.groupsSet ?? []).map((group): CanvasChange => groupAdded(group)),
  ];
}

export const changesFromAutosave = (updates: AutosaveUpdate[]): CanvasChange[] =>
  updates.map((u) => nodeData(u.nodeId, u.nodeData, u.prevRev));

/**
 * The structural part of changes as one structure request (node data travels separately, as autosave
 * updates). Only changes the server applies in the request's fixed order may share one request: callers
 * send a removal and a later restore of the same node in separate requests.
 */
export function structureFromChanges(changes: readonly CanvasChange[]): StructureBody {
  const { groupsSet, groupsRemoved, ...shape } = structureWithGroups(changes);
  return { ...shape, ...(groupsSet.length ? { groupsSet } : {}), ...(groupsRemoved.length ? { groupsRemoved } : {}) };
}

function structureWithGroups(changes: readonly CanvasChange[]): StructureBuild {
  const body = emptyStructure();
  for (const c of changes) {
    switch (c.type) {
      case "node-added":
        body.nodes.push({ id: c.node.id, type: c.node.type, position: c.node.position });
        break;
      case "node-restored":
        body.restoredNodeIds.push(c.id);
        if (c.node) body.nodes.push({ id: c.id, type: c.node.type, position: c.node.position });
        break;
      case "node-moved": {
        const at = body.nodes.findIndex((n) => n.id === c.id);
        if (at >= 0) body.nodes[at] = { ...body.nodes[at]!, position: c.position };
        else body.nodes.push({ id: c.id, type: "generic_v2", position: c.position });
        break;
      }
      case "node-removed":
        body.deletedNodeIds.push(c.id);
        break;
      case "edge-added":
        body.edgesAdded.push({
          id: c.edge.id,
          source: c.edge.source,
          target: c.edge.target,
          sourceHandle: c.edge.sourceHandle ?? null,
          targetHandle: c.edge.targetHandle ?? null,
        });
        break;
      case "edge-removed":
        body.edgesRemoved.push(c.id);
        break;
      case "viewport":
        body.viewport = c.viewport;
        break;
      case "group-added":
      case "group-updated":
        body.groupsSet.push(c.group);
        break;
      case "group-removed":
        body.groupsRemoved.push(c.id);
        break;
      case "node-data":
        break;
    }
  }
  return body;
}

/**
 * What the server publishes for changes it stored: one `structure` message for the shape (if any), then
 * one `nodes` message for the data (if any: data writes, and the data a node was created or restored with
 * when it has a revision; a placement from the structure route has none), in that order so an open canvas
 * creates a node before it fills it in. `clientId` lets the sending tab ignore its own echo; `source` tells clients whose write a
 * node record is (a generation's or tool's result owns its result fields).
 */
export function messagesFromChanges(changes: readonly CanvasChange[], source: ChangeSource, clientId?: string): RealtimeMessage[] {
  const shape = structureWithGroups(changes.filter((c) => c.type !== "viewport"));
  const written = changes.flatMap((c) => {
    if (c.type === "node-data") return [{ id: c.id, rev: c.data.rev ?? c.prevRev + 1, data: c.data }];
    // A node created or restored with its data (by a server writer) is filled in by the same message.
    const node = c.type === "node-added" || c.type === "node-restored" ? c.node : undefined;
    return node && (node.data.rev ?? 0) > 0 ? [{ id: node.id, rev: node.data.rev!, data: node.data }] : [];
  });
  // One record per node, its last: a restore and the data written after it in one request end at the write.
  const latest = new Map<string, (typeof written)[number]>();
  for (const r of written) if (r.rev >= (latest.get(r.id)?.rev ?? -1)) latest.set(r.id, r);
  const records = [...latest.values()];
  const messages: RealtimeMessage[] = [];
  if (
    shape.nodes.length ||
    shape.restoredNodeIds.length ||
    shape.deletedNodeIds.length ||
    shape.edgesAdded.length ||
    shape.edgesRemoved.length ||
    shape.groupsSet.length ||
    shape.groupsRemoved.length
  ) {
    messages.push(canvasMessages.structure(shape, clientId));
  }
  if (records.length)
    messages.push(canvasMessages.nodes(records, { clientId, origin: source === "user" || source === "remote" ? undefined : source }));
  return messages;
}

/** A canvas message from the live channel as the change list this client applies. */
export function changeListFromMessage(message: RealtimeMessage): ChangeList | null {
  if (message.type === "nodes") {
    const source: ChangeSource = message.origin ?? "remote";
    return { source, changes: message.nodes.map((n) => nodeData(n.id, { ...n.data, rev: n.rev }, Math.max(0, n.rev - 1))) };
  }
  if (message.type === "structure") return { source: "remote", changes: changesFromStructure(message, { title: "Untitled", rev: 0 }) };
  return null;
}
