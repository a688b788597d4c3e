import type { NodeChange, EdgeChange, Connection } from "@xyflow/react";
import { applyNodeChanges } from "@xyflow/react";
import { GENERATION_FIELDS, type NodeData } from "../../../domain/canvas/node";
import { canConnect, pruneDanglingEdges } from "../../../domain/canvas/connections";
import { contextItems } from "../../../domain/canvas/context";
import { History } from "../../../domain/canvas/history";
import { reconcileNode } from "../../../domain/canvas/nodeMerge";
import { FIRST_NODE_POSITION, firstFreePosition, newEdgeId, newNodeId, NEXT_NODE_OFFSET_X, nextNodePosition, PASTE_OFFSET } from "../../../domain/canvas/placement";
import type { CanvasSnapshot, CanvasState, CanvasStore, StudioEdge, StudioNode } from "../store/canvasStore";
import type { CanvasSync, StructureChange } from "./canvasSync";

export const NODE_TYPE = "generic_v2";

export interface CommandEnv {
  store: CanvasStore;
  sync: CanvasSync;
  /** Tells the user why nothing happened ('Canvas not ready', 'Node name cannot be empty', ...). */
  notify(kind: "info" | "error" | "success", message: string): void;
  /** Centre of the visible canvas in flow coordinates, or null before React Flow is ready. */
  viewCenter(): { x: number; y: number } | null;
  now?: () => number;
}

export type QuickStart = "describe-image" | "combine-ideas" | "video-from-image";

const snapshot = (s: CanvasState): CanvasSnapshot => ({ nodes: s.nodes, edges: s.edges });

const newEdge = (source: string, target: string, now: number): StudioEdge => ({ id: newEdgeId(source, target, now), source, target, type: "default" });

/**
 * The only writers of the canvas (docs/ARCHITECTURE.md "One way to change the canvas"). Every command
 * checks edit rights, records undo for structural changes, bumps revisions and hands the change to sync.
 * Remote updates come in through `applyRemote*` and are never recorded for undo.
 */
export function createCanvasCommands(env: CommandEnv) {
  const { store, sync, notify } = env;
  const now = env.now ?? Date.now;
  const history = new History<CanvasSnapshot>();
  const get = store.getState;
  const set = (patch: Partial<CanvasState>) => store.setState(patch);
  const lastRevs = new Map<string, number>();
  /** The last copy of each node's data known to be on the server: what "unsaved edits" are measured from. */
  const serverCopies = new Map<string, NodeData>(get().nodes.map((n) => [n.id, n.data]));

  const editable = (): boolean => get().canEdit;

  /** Records the state before a structural change; a new change clears redo (spec: canvas 4). */
  const record = () => {
    history.push(snapshot(get()));
    set({ canUndo: history.canUndo, canRedo: history.canRedo });
  };

  const nodeById = (id: string) => get().nodes.find((n) => n.id === id);

  /** Data edits raise rev and mark the node dirty; the write buffer takes it from there. */
  function writeData(id: string, patch: Partial<NodeData>, opts: { immediate?: boolean } = {}) {
    const node = nodeById(id);
    if (!node) return;
    const prevRev = node.data.rev ?? 0;
    const data: NodeData = { ...node.data, ...patch, rev: prevRev + 1, lastModified: now() };
    set({ nodes: get().nodes.map((n) => (n.id === id ? { ...n, data } : n)) });
    sync.saveNodeData(id, data, prevRev, opts);
    return data;
  }

  /** Recomputes a node's context from its upstream nodes (on connect, disconnect and upstream edits). */
  function refreshContext(targetId: string) {
    const { nodes, edges } = get();
    const sources = edges.filter((e) => e.target === targetId).map((e) => nodes.find((n) => n.id === e.source)).filter((n): n is StudioNode => !!n);
    writeData(targetId, { contextData: contextItems(sources.map((n) => ({ id: n.id, data: n.data }))) });
  }

  function addNodes(created: StudioNode[], createdEdges: StudioEdge[] = []) {
    const s = get();
    set({
      nodes: [...s.nodes.map((n) => (n.selected ? { ...n, selected: false } : n)), ...created.map((n) => ({ ...n, selected: created.length === 1 }))],
      edges: [...s.edges, ...createdEdges],
      lastCreated: created.at(-1)?.position ?? s.lastCreated,
    });
    sync.saveStructure(
      { nodes: created.map((n) => ({ id: n.id, type: n.type ?? NODE_TYPE, position: n.position })), edgesAdded: createdEdges.map(toWireEdge) },
      { immediate: true },
    );
    for (const n of created) sync.saveNodeData(n.id, n.data, 0, { immediate: true });
    for (const e of createdEdges) refreshContext(e.target);
  }

  function makeNode(position: { x: number; y: number }, data: Partial<NodeData> = {}): StudioNode {
    return {
      id: newNodeId(now()),
      type: NODE_TYPE,
      position,
      data: { title: "Untitled", status: "idle", contentType: "none", aspectRatio: "1:1", rev: 1, lastModified: now(), ...data },
    };
  }

  const commands = {
    /** Creates one node; without a position it goes 550 px right of the last one (first at 400,400). */
    createNode(opts: { position?: { x: number; y: number }; data?: Partial<NodeData> } = {}): string | null {
      return commands.createNodes([opts])[0] ?? null;
    },

    /**
     * Several nodes as one undo step (inserting a batch of assets). Without a position each goes 550 px right
     * of the one before (spec canvas 9), further right while that place is taken by another node.
     */
    createNodes(items: { position?: { x: number; y: number }; data?: Partial<NodeData> }[]): string[] {
      if (!editable() || items.length === 0) return [];
      record();
      let last = get().lastCreated;
      const occupied = get().nodes.map((n) => n.position);
      const created = items.map((item) => {
        const node = makeNode(item.position ?? firstFreePosition(nextNodePosition(last), occupied, { x: NEXT_NODE_OFFSET_X, y: 0 }), item.data);
        last = node.position;
        occupied.push(node.position);
        return node;
      });
      addNodes(created);
      return created.map((n) => n.id);
    },

    /** Toolbar creation: at the centre of the visible canvas (spec: canvas 2). */
    createNodeAtCenter(): string | null {
      const center = env.viewCenter();
      if (!center) {
        notify("error", "Canvas not ready");
        return null;
      }
      return commands.createNode({ position: center });
    },

    quickStart(kind: QuickStart) {
      if (!editable()) return;
      record();
      const base = get().lastCreated ? nextNodePosition(get().lastCreated) : FIRST_NODE_POSITION;
      const text = (title: string, content: string, dx = 0, dy = 0) =>
        makeNode({ x: base.x + dx, y: base.y + dy }, { title, label: title, content, contentType: "text", status: "idle" });
      if (kind === "combine-ideas") {
        const a = text("Idea 1", "", 0, -220);
        const b = text("Idea 2", "", 0, 220);
        const c = makeNode({ x: base.x + 550, y: base.y }, { title: "Combined", contentType: "image" });
        addNodes([a, b, c], [newEdge(a.id, c.id, now()), newEdge(b.id, c.id, now() + 1)]);
      } else if (kind === "video-from-image") {
        addNodes([makeNode(base, { title: "Video from image", contentType: "video", modelType: "image-to-video" })]);
      } else {
        addNodes([text("Describe an Image", "", 0, 0)]);
      }
    },

    connect(connection: Connection | { source: string; target: string }) {
      if (!editable()) return;
      const { source, target } = connection;
      const s = get();
      const check = canConnect(new Set(s.nodes.map((n) => n.id)), s.edges, source, target);
      if (!check.ok) return;
      record();
      const edge = newEdge(source, target, now());
      set({ edges: [...get().edges, edge] });
      sync.saveStructure({ edgesAdded: [toWireEdge(edge)] }, { immediate: true });
      refreshContext(target);
    },

    disconnect(edgeIds: string[]) {
      if (!editable() || edgeIds.length === 0) return;
      const gone = get().edges.filter((e) => edgeIds.includes(e.id));
      if (gone.length === 0) return;
      record();
      set({ edges: get().edges.filter((e) => !edgeIds.includes(e.id)) });
      sync.saveStructure({ edgesRemoved: gone.map((e) => e.id) }, { immediate: true });
      for (const e of gone) if (nodeById(e.target)) refreshContext(e.target);
    },

    deleteNodes(ids: string[]) {
      if (!editable() || ids.length === 0) return;
      const doomed = new Set(ids.filter((id) => nodeById(id)));
      if (doomed.size === 0) return;
      record();
      const s = get();
      for (const n of s.nodes) if (doomed.has(n.id)) lastRevs.set(n.id, n.data.rev ?? 0);
      const targets = new Set(s.edges.filter((e) => doomed.has(e.source) && !doomed.has(e.target)).map((e) => e.target));
      set({
        nodes: s.nodes.filter((n) => !doomed.has(n.id)),
        edges: s.edges.filter((e) => !doomed.has(e.source) && !doomed.has(e.target)),
        deletedIds: new Set([...s.deletedIds, ...doomed]),
        focusedNodeId: s.focusedNodeId && doomed.has(s.focusedNodeId) ? null : s.focusedNodeId,
      });
      sync.saveStructure({ deletedNodeIds: [...doomed] }, { immediate: true });
      for (const t of targets) refreshContext(t);
    },

    deleteSelected() {
      commands.deleteNodes(get().nodes.filter((n) => n.selected).map((n) => n.id));
    },

    copySelected(): number {
      const s = get();
      const chosen = s.nodes.filter((n) => n.selected);
      if (chosen.length === 0) return 0;
      const ids = new Set(chosen.map((n) => n.id));
      set({ clipboard: { nodes: chosen, edges: s.edges.filter((e) => ids.has(e.source) && ids.has(e.target)) } });
      return chosen.length;
    },

    /** Pastes copies 50 px down and right, with the edges between them (spec: canvas 9). */
    paste() {
      const clip = get().clipboard;
      if (!editable() || !clip || clip.nodes.length === 0) return;
      record();
      const idMap = new Map<string, string>();
      const t = now();
      const copies = clip.nodes.map((n, i) => {
        const id = newNodeId(t + i);
        idMap.set(n.id, id);
        return {
          ...n,
          id,
          selected: true,
          position: { x: n.position.x + PASTE_OFFSET.x, y: n.position.y + PASTE_OFFSET.y },
          data: { ...n.data, rev: 1, lastModified: t, versionHistory: n.data.versionHistory ?? [] },
        } as StudioNode;
      });
      const copiedEdges = clip.edges.map((e, i) => newEdge(idMap.get(e.source)!, idMap.get(e.target)!, t + i));
      addNodes(copies, copiedEdges);
      // The next paste lands another 50 px further, like every design tool.
      set({
        nodes: get().nodes.map((n) => ({ ...n, selected: idMap.size > 0 && [...idMap.values()].includes(n.id) })),
        clipboard: { nodes: copies, edges: copiedEdges },
      });
    },

    /** React Flow's own changes: selection and dimensions always; positions only with edit rights. */
    applyFlowNodeChanges(changes: NodeChange<StudioNode>[]) {
      const allowed = editable() ? changes : changes.filter((c) => c.type === "select" || c.type === "dimensions");
      const removals = allowed.filter((c) => c.type === "remove").map((c) => (c as { id: string }).id);
      const rest = allowed.filter((c) => c.type !== "remove");
      if (rest.length) set({ nodes: applyNodeChanges(rest, get().nodes) });
      if (removals.length) commands.deleteNodes(removals);
    },

    applyFlowEdgeChanges(changes: EdgeChange<StudioEdge>[]) {
      const removed = changes.filter((c) => c.type === "remove").map((c) => (c as { id: string }).id);
      if (removed.length) commands.disconnect(removed);
      const selects = changes.filter((c) => c.type === "select") as { id: string; selected: boolean }[];
      if (selects.length) {
        const sel = new Map(selects.map((c) => [c.id, c.selected]));
        set({ edges: get().edges.map((e) => (sel.has(e.id) ? { ...e, selected: sel.get(e.id) } : e)) });
      }
    },

    /** Saves where dragged nodes ended up (not an undo step: spec lists only structural changes). */
    nodesMoved(ids: string[]) {
      if (!editable()) return;
      const moved = get().nodes.filter((n) => ids.includes(n.id));
      sync.saveStructure({ nodes: moved.map((n) => ({ id: n.id, type: n.type ?? NODE_TYPE, position: n.position })) });
    },

    updateNodeData(id: string, patch: Partial<NodeData>, opts: { immediate?: boolean } = {}) {
      if (!editable()) return;
      const before = nodeById(id)?.data;
      const data = writeData(id, patch, opts);
      if (!data || !before) return;
      const feeds = ["content", "mediaUrl", "displayUrl", "contentType", "title"] as const;
      if (feeds.some((k) => before[k] !== data[k])) {
        for (const e of get().edges) if (e.source === id) refreshContext(e.target);
      }
    },

    renameNode(id: string, name: string): boolean {
      const title = name.trim();
      if (!title) {
        notify("error", "Node name cannot be empty");
        return false;
      }
      if (!editable()) return false;
      commands.updateNodeData(id, { title, label: title }, { immediate: true });
      notify("success", "Node renamed");
      return true;
    },

    toggleAgentContext(id: string) {
      const node = nodeById(id);
      if (node) commands.updateNodeData(id, { agentContext: !node.data.agentContext });
    },

    /** Steps to a saved version: prompt, media and model come back and the node is completed (spec: canvas 4). */
    restoreVersion(id: string, index: number) {
      const entry = nodeById(id)?.data.versionHistory?.[index];
      if (!entry) return;
      commands.updateNodeData(
        id,
        { prompt: entry.prompt, mediaUrl: entry.mediaUrl, displayUrl: entry.mediaUrl, permanentMediaUrl: entry.permanentMediaUrl, selectedModel: entry.model, status: "completed", currentVersionIndex: index },
        { immediate: true },
      );
    },

    select(id: string | null) {
      set({ nodes: get().nodes.map((n) => (n.selected === (n.id === id) ? n : { ...n, selected: n.id === id })) });
    },

    setTool(tool: "pointer" | "hand") {
      set({ tool, ...(tool === "hand" ? { nodes: get().nodes.map((n) => (n.selected ? { ...n, selected: false } : n)) } : {}) });
    },
    setSpaceHeld(spaceHeld: boolean) {
      if (get().spaceHeld !== spaceHeld) set({ spaceHeld });
    },
    focus(id: string | null) {
      set({ focusedNodeId: id });
    },
    startRename(id: string | null) {
      set({ renamingNodeId: id });
    },

    undo() {
      if (!editable()) return;
      const target = history.undo(snapshot(get()));
      if (target) restore(target);
    },
    redo() {
      if (!editable()) return;
      const target = history.redo(snapshot(get()));
      if (target) restore(target);
    },

    /** Another client's node writes: merged field by field with this client's unsaved edits (see reconcile). */
    applyRemoteNodes(updates: { id: string; rev: number; data: NodeData }[]) {
      for (const u of updates) reconcile(u.id, u.rev, u.data);
    },

    /**
     * The server's generation writes (status, result, version). The generation's own fields come from the
     * server; this client's unsaved edits of the others (a prompt typed meanwhile) are kept and saved.
     */
    applyGenerationNodes(updates: { id: string; rev: number; data: NodeData }[]) {
      for (const u of updates) {
        if (!nodeById(u.id)) continue;
        reconcile(u.id, u.rev, u.data, GENERATION_FIELDS);
        // Downstream nodes show the new result in their context strips (the editing clients save that).
        if (editable()) for (const e of get().edges) if (e.source === u.id) refreshContext(e.target);
      }
    },

    /**
     * Changes an earlier page made but could not save (kept in the browser, being sent again now): shown at
     * once, since the canvas loaded from the server does not have them yet. They stay unsaved edits measured
     * against the server's copy, so a conflict merges them rather than losing them.
     */
    showUnsaved(changes: StructureChange[], writes: { nodeId: string; data: NodeData }[]) {
      for (const c of changes) {
        commands.applyRemoteStructure({
          nodes: (c.nodes ?? []).map((n) => ({ id: n.id, type: n.type ?? NODE_TYPE, position: n.position })),
          restoredNodeIds: c.restoredNodeIds ?? [],
          deletedNodeIds: c.deletedNodeIds ?? [],
          edgesAdded: c.edgesAdded ?? [],
          edgesRemoved: c.edgesRemoved ?? [],
        });
      }
      const byId = new Map(writes.map((w) => [w.nodeId, w.data]));
      if (byId.size === 0) return;
      set({
        nodes: get().nodes.map((n) => {
          const data = byId.get(n.id);
          return data && (data.rev ?? 0) > (n.data.rev ?? 0) ? { ...n, data } : n;
        }),
      });
    },

    /** This client's own write was stored: it is the server's copy now. */
    noteSaved(writes: { nodeId: string; data: NodeData }[]) {
      for (const w of writes) {
        const known = serverCopies.get(w.nodeId);
        if (!known || (known.rev ?? 0) <= (w.data.rev ?? 0)) serverCopies.set(w.nodeId, w.data);
      }
    },

    applyRemoteStructure(msg: { nodes: { id: string; type: string; position: { x: number; y: number } }[]; restoredNodeIds: string[]; deletedNodeIds: string[]; edgesAdded: { id: string; source: string; target: string }[]; edgesRemoved: string[] }) {
      const s = get();
      const deleted = new Set(msg.deletedNodeIds);
      const known = new Map(s.nodes.map((n) => [n.id, n]));
      const nodes = s.nodes.filter((n) => !deleted.has(n.id)).map((n) => {
        const m = msg.nodes.find((x) => x.id === n.id);
        return m && !n.dragging ? { ...n, position: m.position } : n;
      });
      for (const m of msg.nodes) {
        if (!known.has(m.id) && !deleted.has(m.id) && !s.deletedIds.has(m.id)) {
          nodes.push({ id: m.id, type: m.type, position: m.position, data: { title: "Untitled", rev: 0 } });
        }
      }
      const removed = new Set(msg.edgesRemoved);
      const edges = [...pruneDanglingEdges(
        new Set(nodes.map((n) => n.id)),
        [...s.edges.filter((e) => !removed.has(e.id)), ...msg.edgesAdded.filter((e) => !s.edges.some((x) => x.id === e.id)).map((e) => ({ ...e, type: "default" }))],
      )];
      set({ nodes, edges });
    },

    /** Server answers: a refused write is merged onto the stored copy and sent again; a tombstone removes the node. */
    applyConflicts(conflicts: { nodeId: string; rev: number; nodeData: NodeData | null; deleted?: boolean }[]) {
      const gone = new Set(conflicts.filter((c) => c.deleted).map((c) => c.nodeId));
      if (gone.size) {
        const s = get();
        for (const id of gone) serverCopies.delete(id);
        set({ nodes: s.nodes.filter((n) => !gone.has(n.id)), edges: s.edges.filter((e) => !gone.has(e.source) && !gone.has(e.target)) });
      }
      for (const c of conflicts) if (c.nodeData && !gone.has(c.nodeId)) reconcile(c.nodeId, c.rev, c.nodeData);
    },
  };

  /**
   * A newer server copy of a node meets this client's view of it: the server's copy with this client's
   * unsaved edits on top (field by field; `serverOwns` fields always from the server), saved again when
   * that differs from what the server holds. So two people editing one node keep both their changes.
   */
  function reconcile(id: string, serverRev: number, server: NodeData, serverOwns: readonly string[] = []) {
    const node = nodeById(id);
    if (!node) return;
    const base = serverCopies.get(id);
    const result = reconcileNode({ base, local: node.data, server, serverRev, serverOwns });
    if (!base || serverRev >= (base.rev ?? 0)) serverCopies.set(id, { ...server, rev: serverRev });
    if (!result) return;
    // A view-only client cannot save: it shows the server's copy (its own view has no edits to keep).
    if (result.write && !editable()) {
      set({ nodes: get().nodes.map((n) => (n.id === id ? { ...n, data: { ...server, rev: serverRev } } : n)) });
      return;
    }
    const data = result.write ? { ...result.data, lastModified: now() } : result.data;
    set({ nodes: get().nodes.map((n) => (n.id === id ? { ...n, data } : n)) });
    if (result.write) sync.saveNodeData(id, data, serverRev, { immediate: true });
  }

  /** Moves the canvas to a snapshot and saves the difference at once (spec: undo/redo save immediately). */
  function restore(target: CanvasSnapshot) {
    const s = get();
    const currentIds = new Set(s.nodes.map((n) => n.id));
    const targetIds = new Set(target.nodes.map((n) => n.id));
    const removed = [...currentIds].filter((id) => !targetIds.has(id));
    const added = target.nodes.filter((n) => !currentIds.has(n.id));
    const currentEdges = new Set(s.edges.map((e) => e.id));
    const targetEdges = new Set(target.edges.map((e) => e.id));
    const revived = new Set(added.filter((n) => s.deletedIds.has(n.id)).map((n) => n.id));
    const nodes = target.nodes.map((n) => {
      if (!added.includes(n)) return { ...n, selected: false };
      // A restored node must carry a revision above the last one the server stored.
      const rev = Math.max(n.data.rev ?? 0, lastRevs.get(n.id) ?? 0) + 1;
      return { ...n, selected: false, data: { ...n.data, rev } };
    });
    set({
      nodes,
      edges: target.edges,
      deletedIds: new Set([...s.deletedIds].filter((id) => !revived.has(id)).concat(removed)),
      canUndo: history.canUndo,
      canRedo: history.canRedo,
    });
    for (const id of removed) lastRevs.set(id, s.nodes.find((n) => n.id === id)?.data.rev ?? 0);
    const saved = sync.saveStructure(
      {
        restoredNodeIds: [...revived],
        nodes: nodes.filter((n) => added.some((a) => a.id === n.id)).map((n) => ({ id: n.id, type: n.type ?? NODE_TYPE, position: n.position })),
        deletedNodeIds: removed,
        edgesAdded: target.edges.filter((e) => !currentEdges.has(e.id)).map(toWireEdge),
        edgesRemoved: s.edges.filter((e) => !targetEdges.has(e.id)).map((e) => e.id),
      },
      { immediate: true },
    );
    // The data of a revived node may only follow its restore: before it, the server holds a tombstone.
    const writeData = () => {
      for (const n of get().nodes) if (added.some((a) => a.id === n.id)) sync.saveNodeData(n.id, n.data, (n.data.rev ?? 1) - 1, { immediate: true });
    };
    if (revived.size && saved) void saved.then(writeData);
    else writeData();
  }

  return commands;
}

export type CanvasCommands = ReturnType<typeof createCanvasCommands>;

function toWireEdge(e: StudioEdge) {
  return { id: e.id, source: e.source, target: e.target, sourceHandle: e.sourceHandle ?? null, targetHandle: e.targetHandle ?? null };
}
