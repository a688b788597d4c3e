import {
  changedGroupId,
  SERVER_RESULT_SOURCES,
  type CanvasChange,
  type ChangeList,
  type ChangeSource,
  nodeAdded,
  nodeRemoved,
  nodeRestored,
  nodeMoved,
  nodeData,
  edgeAdded,
  edgeRemoved,
  groupAdded,
  groupRemoved,
} from "../../../domain/canvas/changes";
import type { GroupRecord } from "../../../domain/canvas/group";
import { GENERATION_FIELDS, type AutosaveConflict, type CanvasEdge, type CanvasNode, type NodeData } from "../../../domain/canvas/node";
import { reconcileNode, unsavedEdits } from "../../../domain/canvas/nodeMerge";
import { nodesById, type CanvasStore } from "../store/canvasStore";
import type { CanvasDocument } from "./canvasDocument";
import { dataOfUnknownNodes } from "./dataOfUnknownNodes";

/**
 * What the outbox still has to send: such nodes and edges are not the server's to take away on a resync,
 * and a node moved here keeps its place (the move reaches the server after what it says now).
 */
export interface UnsentShape {
  nodeIds: ReadonlySet<string>;
  edgeIds: ReadonlySet<string>;
  movedIds: ReadonlySet<string>;
  /** Groups this client changed in a request not answered yet: what it shows of them is newer than a read. */
  groupIds: ReadonlySet<string>;
  /** Groups this client changed in a request not sent yet. */
  groupQueued: ReadonlySet<string>;
  /** Nodes this client will remove, or bring back, in a request not sent yet (it lands after anything heard now). */
  removalQueued: ReadonlySet<string>;
  presenceQueued: ReadonlySet<string>;
  /** Nodes whose removal is on its way to the server, with nothing after it queued. */
  removalInFlight: ReadonlySet<string>;
  /** Edges this client will remove, or draw (again), in a request not sent yet. */
  edgeRemovalQueued: ReadonlySet<string>;
  edgePresenceQueued: ReadonlySet<string>;
  /** Edges whose removal, or drawing, is on its way to the server, with nothing after it queued. */
  edgeRemovalInFlight: ReadonlySet<string>;
  edgePresenceInFlight: ReadonlySet<string>;
}

/**
 * Everything the server says about the canvas comes in here: other clients' and the server's own writes
 * (live channel), answers to this client's writes (stored, or refused as conflicts) and the full canvas
 * after a reconnect. It keeps the last copy of each node known to be on the server, so that a newer server
 * copy is merged with this client's unsaved edits field by field (domain/canvas/nodeMerge.ts) instead of
 * replacing them; where the merge differs from the server's copy it is saved again, as a `user` edit.
 */
export function createInbound(env: { store: CanvasStore; document: CanvasDocument; unsent: () => UnsentShape; now?: () => number }) {
  const { store, document } = env;
  const now = env.now ?? Date.now;
  const serverCopies = new Map<string, NodeData>(store.getState().nodes.map((n) => [n.id, n.data]));
  /** The highest revision of each node heard from the server itself; acknowledgements of our writes do not count. */
  const heardRevs = new Map<string, number>(store.getState().nodes.map((n) => [n.id, n.data.rev ?? 0]));
  const heard = (id: string, rev: number) => heardRevs.set(id, Math.max(rev, heardRevs.get(id) ?? -1));
  const nodeById = (id: string) => store.getState().nodes.find((n) => n.id === id);

  /**
   * A newer server copy of a node meets this client's copy: the change(s) that show the merge. `refused`:
   * the copy answers a write of ours that did not land, so edits it lacks must be saved again even when
   * the copy is one this client already knew.
   */
  function reconcile(
    id: string,
    serverRev: number,
    server: NodeData,
    source: ChangeSource,
    refused = false,
  ): { shown?: CanvasChange; resave?: CanvasChange } {
    const node = nodeById(id);
    if (!node) return {};
    const base = serverCopies.get(id);
    const heardRev = heardRevs.get(id) ?? -1;
    // A refused write answered with a copy older than one already heard (a later write's live message
    // overtook the answer): its edits are saved again over the newer copy, which holds all the answer says.
    if (refused && base && serverRev < heardRev && (base.rev ?? 0) >= heardRev) return reconcile(id, base.rev ?? 0, base, source, true);
    const serverOwns = SERVER_RESULT_SOURCES.includes(source) ? GENERATION_FIELDS : [];
    let result = reconcileNode({ base, local: node.data, server, serverRev, serverOwns, heardRev });
    if (!base || serverRev >= (base.rev ?? 0)) serverCopies.set(id, { ...server, rev: serverRev });
    // Without a known copy (a node made here whose write's answer was lost), only a copy at or below our
    // own write's revision is a clash to resave over; one far past it means our write landed long ago.
    if (refused && !result?.write && (base || serverRev <= (node.data.rev ?? 0))) {
      // Measured against the server's copy when no earlier copy is known, a field only the server has is
      // one this client never saw, not one it removed: only the values it holds count as its edits.
      const edits = base ? unsavedEdits(base, node.data, serverOwns) : definedOnly(unsavedEdits(server, node.data, serverOwns));
      const rev = Math.max(node.data.rev ?? 0, serverRev) + 1;
      if (Object.keys(edits).length) result = { data: { ...server, ...edits, rev }, rev, write: true };
      // Nothing of ours is missing from their copy, but this client shows a higher revision than theirs
      // (an old write refused): save their copy under it, so both end at one revision. (Showing their
      // lower revision instead would be overtaken by a later write of ours still on its way.)
      else if (!result && (node.data.rev ?? 0) > serverRev && serverRev >= (base?.rev ?? 0))
        result = { data: { ...server, rev: node.data.rev! }, rev: node.data.rev!, write: true };
    }
    if (!result) return {};
    if (!result.write) return { shown: nodeData(id, result.data, serverRev) };
    // A view-only client cannot save: it shows the server's copy (its own view has no edits to keep).
    if (!store.getState().canEdit) return { shown: nodeData(id, { ...server, rev: serverRev }, serverRev) };
    // What the merge keeps of this client's: the fields where it differs from the server's copy.
    const fields = Object.keys(unsavedEdits(server, result.data, serverOwns));
    return { resave: nodeData(id, { ...result.data, lastModified: now() }, serverRev, { fields }) };
  }

  /** Applies what came from the server, then saves the merges that must go back (at once). */
  function take(source: ChangeSource, received: CanvasChange[], refused = false) {
    const { nodes: showing, deletedIds } = store.getState();
    const showingById = nodesById(showing);
    const changes = dataOfUnknownNodes(
      latestDataOnly(received),
      (id) => showingById.has(id),
      (id) => deletedIds.has(id),
    );
    const shown: CanvasChange[] = [];
    const resaves: CanvasChange[] = [];
    const unsent = changes.some((c) => c.type !== "node-data") ? env.unsent() : null;
    const moved = unsent?.movedIds ?? new Set<string>();
    for (const c of changes) {
      // This client's unsent move of a node wins over an older place from the server (it is sent after).
      if (c.type === "node-moved" && moved.has(c.id)) continue;
      if (c.type === "node-added" && moved.has(c.node.id) && nodeById(c.node.id)) continue;
      // Likewise its unsent removal over another person's restore, and its unsent restore over their removal.
      if ((c.type === "node-restored" || c.type === "node-added") && unsent?.removalQueued.has(c.type === "node-added" ? c.node.id : c.id))
        continue;
      if (c.type === "node-removed" && unsent?.presenceQueued.has(c.id)) continue;
      // And its unsent removal of an edge over another person's drawing of it again (an undo elsewhere), and
      // its unsent drawing of an edge (an undo here) over their removal of it.
      if (c.type === "edge-added" && unsent?.edgeRemovalQueued.has(c.edge.id)) continue;
      if (c.type === "edge-removed" && unsent?.edgePresenceQueued.has(c.id)) continue;
      if (c.type !== "node-data") {
        if (c.type === "node-removed") {
          serverCopies.delete(c.id);
          heardRevs.delete(c.id);
        }
        // A node new here: its copy (a placement's placeholder is the server's empty node at rev 0) is what
        // an edit made before its data arrives is measured from, so that edit merges instead of clashing.
        if (c.type === "node-added" && !nodeById(c.node.id)) {
          serverCopies.set(c.node.id, c.node.data);
          heard(c.node.id, c.node.data.rev ?? 0);
        }
        if (c.type === "node-restored" && c.node && !nodeById(c.id)) {
          serverCopies.set(c.id, c.node.data);
          heard(c.id, c.node.data.rev ?? 0);
        }
        shown.push(c);
        continue;
      }
      const rev = c.data.rev ?? c.prevRev + 1;
      const r = reconcile(c.id, rev, c.data, source, refused);
      heard(c.id, rev);
      if (r.shown) shown.push(r.shown);
      if (r.resave) resaves.push(r.resave);
    }
    document.apply({ source, changes: shown });
    document.apply({ source: "user", changes: resaves, urgent: true, rebased: true });
  }

  return {
    /**
     * A list from the live channel (another client, a generation, a tool). `own`: this tab's structure
     * coming back; its places count (the echoes, in the server's order, settle which of two moves is
     * last), and so do edge removals this tab has nothing pending about: removing a node takes its edges,
     * including one another person drew after this tab's removal was queued, and groups (last writer wins). A removal of this tab's own
     * that another person's drawing overtook on screen counts too. The rest is older than what the tab shows.
     */
    receive(list: ChangeList, opts: { own?: boolean } = {}) {
      if (!opts.own) return take(list.source, list.changes);
      const unsent = env.unsent();
      const edgeShown = (id: string) => store.getState().edges.some((e) => e.id === id);
      const kept = list.changes.flatMap((c): CanvasChange[] => {
        if (c.type === "node-added" && nodeById(c.node.id)) return [nodeMoved(c.node.id, c.node.position)];
        if (c.type === "edge-removed" && !unsent.edgeIds.has(c.id)) return [c];
        // Its removal of an edge landed after another person drew it again, which this tab showed meanwhile;
        // or its drawing of an edge landed after another person's removal of it.
        if (c.type === "edge-removed" && unsent.edgeRemovalInFlight.has(c.id) && edgeShown(c.id)) return [c];
        if (c.type === "edge-added" && unsent.edgePresenceInFlight.has(c.edge.id) && !edgeShown(c.edge.id)) return [c];
        // Its removal landed after another person's restore that this tab showed meanwhile: the node is gone.
        if (c.type === "node-removed" && unsent.removalInFlight.has(c.id) && nodeById(c.id)) return [c];
        // A group is written whole, last writer wins: like a place, its own echo settles which of two
        // changes is last (another person's, heard before this echo, may have replaced it here) unless
        // a newer change of this tab's to it is still to be sent.
        const group = changedGroupId(c);
        if (group && !unsent.groupQueued.has(group)) return [c];
        return [];
      });
      take(list.source, kept);
    },

    /**
     * A node restored here with the data it was deleted with (its revision raised by one for the write). Its
     * edits are measured against the last server copy known here, so what was unsent when it was deleted
     * still counts as this tab's; with none known (removed elsewhere meanwhile), against the deleted copy.
     */
    restoredHere(id: string, data: NodeData) {
      if (!serverCopies.has(id)) serverCopies.set(id, { ...data, rev: Math.max(0, (data.rev ?? 1) - 1) });
    },

    /** Writes of this client the server stored, with the revision it stored them under. */
    acknowledged(writes: { nodeId: string; rev: number; data: NodeData }[]) {
      for (const w of writes) {
        const known = serverCopies.get(w.nodeId);
        if (!known || (known.rev ?? 0) <= w.rev) serverCopies.set(w.nodeId, { ...w.data, rev: w.rev });
      }
    },

    /** Writes the server refused: merged onto the stored copy and sent again; a tombstone removes the node. */
    conflicts(conflicts: AutosaveConflict[]) {
      take(
        "remote",
        conflicts.map(
          (c): CanvasChange =>
            c.deleted || c.nodeData === null
              ? nodeRemoved(c.nodeId)
              : nodeData(c.nodeId, { ...c.nodeData, rev: c.rev }, Math.max(0, c.rev - 1)),
        ),
        true,
      );
    },

    /** Edges this client added that the server refused (an end was deleted elsewhere meanwhile). */
    edgesRefused(edgeIds: string[]) {
      take(
        "remote",
        edgeIds.map((id): CanvasChange => edgeRemoved(id)),
      );
    },

    /**
     * After a reconnect the live channel may have missed messages: the server's canvas now, taken as
     * remote changes, except what this client has not sent yet (its own new nodes, edges and removals).
     */
    resync(server: { nodes: CanvasNode[]; edges: CanvasEdge[]; groups?: GroupRecord[] }) {
      const unsent = env.unsent();
      const s = store.getState();
      const local = new Map(s.nodes.map((n) => [n.id, n]));
      const onServer = new Set(server.nodes.map((n) => n.id));
      const changes: CanvasChange[] = [];
      for (const n of server.nodes) {
        if (unsent.nodeIds.has(n.id)) {
          if (local.has(n.id)) changes.push(nodeData(n.id, { ...n.data, rev: n.rev }, Math.max(0, n.rev - 1)));
          continue;
        }
        if (!local.has(n.id))
          changes.push(nodeRestored(n.id), nodeAdded({ id: n.id, type: n.type, position: n.position, data: { ...n.data, rev: n.rev } }));
        else {
          changes.push(nodeMoved(n.id, n.position));
          changes.push(nodeData(n.id, { ...n.data, rev: n.rev }, Math.max(0, n.rev - 1)));
        }
      }
      for (const id of local.keys()) if (!onServer.has(id) && !unsent.nodeIds.has(id)) changes.push(nodeRemoved(id));
      const serverEdges = new Set(server.edges.map((e) => e.id));
      for (const e of s.edges) if (!serverEdges.has(e.id) && !unsent.edgeIds.has(e.id)) changes.push(edgeRemoved(e.id));
      for (const e of server.edges) if (!unsent.edgeIds.has(e.id)) changes.push(edgeAdded(e));
      // Groups as the server has them, except those this client changed and has not had answered yet.
      if (server.groups) {
        const serverGroups = new Map(server.groups.map((g) => [g.id, g]));
        for (const g of s.groups) if (!serverGroups.has(g.id) && !unsent.groupIds.has(g.id)) changes.push(groupRemoved(g.id));
        for (const g of server.groups)
          if (!unsent.groupIds.has(g.id) && JSON.stringify(s.groups.find((x) => x.id === g.id)) !== JSON.stringify(g))
            changes.push(groupAdded(g));
      }
      take("remote", changes);
    },
  };
}

/**
 * One data change per node: the highest revision. Each is merged with the node as this tab shows it before
 * the list is applied, so a second, newer copy of a node in the same list would be measured against a copy
 * the first one replaced, and the difference saved back as this tab's edits (fuzz 50×1000, seed 6: a
 * restore published with its copy and its data write in one message blanked the node's fields).
 */
function latestDataOnly(changes: CanvasChange[]): CanvasChange[] {
  const latest = new Map<string, CanvasChange & { type: "node-data" }>();
  const revOf = (c: CanvasChange & { type: "node-data" }) => c.data.rev ?? c.prevRev + 1;
  for (const c of changes) if (c.type === "node-data" && revOf(c) >= revOf(latest.get(c.id) ?? c)) latest.set(c.id, c);
  if (latest.size === changes.filter((c) => c.type === "node-data").length) return changes;
  return changes.filter((c) => c.type !== "node-data" || latest.get(c.id) === c);
}

function definedOnly(edits: Partial<NodeData>): Partial<NodeData> {
  return Object.fromEntries(Object.entries(edits).filter(([, v]) => v !== undefined)) as Partial<NodeData>;
}
