import type { ChangeList } from "../../../domain/canvas/changes";
import type { GroupRecord } from "../../../domain/canvas/group";
import type { CanvasEdge, CanvasNode } from "../../../domain/canvas/node";
import type { CanvasState, StudioEdge, StudioNode } from "../store/canvasStore";
import { applyToCanvas } from "./applyToCanvas";
import { dataOfUnknownNodes } from "./dataOfUnknownNodes";

/**
 * The server's canvas as best known after a read that live messages kept overtaking: the read, with the
 * change lists heard while it was under way put over it in the order they came. Any of them may be newer
 * than the read (a node added after it was answered must not be taken away); one older than the read is
 * overtaken again by those after it, as it was the first time. Node data only goes forward: a copy heard
 * before the read was answered is older than the read's.
 */
export function readWithHeard(
  read: { nodes: CanvasNode[]; edges: CanvasEdge[]; groups?: GroupRecord[] },
  heard: readonly ChangeList[],
): { nodes: CanvasNode[]; edges: CanvasEdge[]; groups?: GroupRecord[] } {
  let state: Pick<CanvasState, "nodes" | "edges" | "deletedIds" | "groups"> = {
    nodes: read.nodes.map((n): StudioNode => ({ id: n.id, type: n.type, position: n.position, data: { ...n.data, rev: n.rev } })),
    edges: read.edges.map((e): StudioEdge => ({ ...e, type: "default" })),
    deletedIds: new Set<string>(),
    groups: read.groups ?? [],
  };
  for (const list of heard) {
    const revs = new Map(state.nodes.map((n) => [n.id, n.data.rev ?? 0]));
    const forward = list.changes.filter((c) => c.type !== "node-data" || (c.data.rev ?? c.prevRev + 1) >= (revs.get(c.id) ?? 0));
    const deleted = state.deletedIds;
    state = applyToCanvas(
      state,
      dataOfUnknownNodes(
        forward,
        (id) => revs.has(id),
        (id) => deleted.has(id),
      ),
    );
  }
  return {
    nodes: state.nodes.map((n) => ({ id: n.id, type: n.type ?? "generic_v2", position: n.position, data: n.data, rev: n.data.rev ?? 0 })),
    edges: state.edges.map(({ id, source, target, sourceHandle, targetHandle }) => ({ id, source, target, sourceHandle, targetHandle })),
    ...(read.groups ? { groups: state.groups } : {}),
  };
}
