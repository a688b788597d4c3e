import type { Connection, EdgeChange, NodeChange } from "@xyflow/react";
import {
  type CanvasChange,
  type ChangeSource,
  type NodeRecord,
  nodeAdded,
  nodeRemoved,
  nodeMoved,
  nodeData,
  edgeAdded,
  edgeRemoved,
  groupAdded,
} from "../../../domain/canvas/changes";
import { canConnect } from "../../../domain/canvas/connections";
import type { CanvasEdge, NodeData, Position } from "../../../domain/canvas/node";
import { cardSize } from "../../../domain/canvas/nodeSize";
import { newEdgeId, newNodeId, NEXT_NODE_OFFSET_X, PASTE_OFFSET, placeNodes, type Rect } from "../../../domain/canvas/placement";
import { newGroupId } from "../../../domain/canvas/group";
import type { CanvasDocument } from "../document/canvasDocument";
import { createGroupCommands } from "./groupCommands";
import { SUBGRAPH_NAME_MAX, subgraphOf } from "../../../domain/canvas/subgraph";
import { createSubgraphCommands } from "./subgraphCommands";
import { GROUP_CARD_PREFIX } from "../groups/groupCard";
import type { UndoHistory } from "../document/undoHistory";
import type { SessionActions } from "../session/sessionActions";
import type { SessionStore } from "../session/sessionStore";
import type { CanvasStore, StudioEdge, StudioNode } from "../store/canvasStore";

export const NODE_TYPE = "generic_v2";

export interface CommandEnv {
  store: CanvasStore;
  session: SessionStore;
  sessionActions: SessionActions;
  document: CanvasDocument;
  history: Pick<UndoHistory, "mark" | "undo" | "redo" | "toolRunStarted" | "lastStep" | "undoStep" | "adopt" | "subgraphEdited">;
  /** Tells the user why nothing happened ('Canvas not ready', 'Node name cannot be empty', ...). */
  notify(kind: "info" | "error" | "success", message: string): void;
  /** Centre of the visible canvas in flow coordinates, or null before React Flow is ready. */
  viewCenter(): Position | null;
  /** The visible canvas no panel covers, in flow coordinates (null before React Flow is ready). */
  visibleArea?(): Rect | null;
  /** Pans smoothly to show `bounds` (new nodes that found no room in view). */
  reveal?(bounds: Rect): void;
  now?: () => number;
}

export type QuickStart = "describe-image" | "combine-ideas" | "video-from-image";

/** A card's room on the canvas: as React Flow measured it, else as cardSize says. */
export const cardRect = (n: StudioNode): Rect => ({
  ...n.position,
  width: n.measured?.width ?? cardSize(n.data).width,
  height: n.measured?.height ?? cardSize(n.data).height,
});
/** Several new nodes without places: a grid of up to three a row, 550 px apart. */
const GRID_ROW = 500;

const toWireEdge = (e: StudioEdge | CanvasEdge): CanvasEdge => ({
  id: e.id,
  source: e.source,
  target: e.target,
  sourceHandle: e.sourceHandle ?? null,
  targetHandle: e.targetHandle ?? null,
});
const recordOf = (n: StudioNode): NodeRecord => ({ id: n.id, type: n.type ?? NODE_TYPE, position: n.position, data: n.data });

/**
 * What a person (or the agent, as `agent`) does to the canvas, as change lists handed to the document
 * (docs/ARCHITECTURE.md "One way to change the canvas"). Commands check edit rights, mark undo steps and
 * raise revisions; saving, undo recording and context refresh follow from the lists they emit.
 */
export function createCanvasCommands(env: CommandEnv) {
  const { store, document, history, notify } = env;
  const now = env.now ?? Date.now;
  const get = store.getState;
  const editable = () => get().canEdit;
  const nodeById = (id: string) => get().nodes.find((n) => n.id === id);
  let source: ChangeSource = "user";
  let inBatch = false;

  /** Emits one list; a structural one starts a new undo step unless it belongs to a batch. */
  const emit = (changes: CanvasChange[], opts: { urgent?: boolean } = {}) => {
    if (!inBatch) history.mark();
    document.apply({ source, changes, urgent: opts.urgent });
  };

  const makeNode = (position: Position, data: Partial<NodeData> = {}): NodeRecord => ({
    id: newNodeId(now()),
    type: NODE_TYPE,
    position,
    data: { title: "Untitled", status: "idle", contentType: "none", aspectRatio: "1:1", rev: 1, lastModified: now(), ...data },
  });

  /**
   * New nodes moved, as one group, into free room in the visible canvas (domain/canvas/placement.ts
   * placeNodes): nearest `anchor` ("center": the middle of the view; none: where they are),
   * never under a panel or on a card; with no room in view, the nearest free place, and the view pans there.
   */
  function placed(records: NodeRecord[], anchor?: Position | "center"): NodeRecord[] {
    if (records.length === 0) return records;
    const ids = new Set(records.map((r) => r.id));
    const occupied = get()
      .nodes.filter((n) => !ids.has(n.id))
      .map(cardRect);
    const view = env.visibleArea?.() ?? null;
    const out = placeNodes(
      records.map((r) => ({ position: r.position, size: cardSize(r.data) })),
      { anchor, view, occupied },
    );
    if (!out.inView) env.reveal?.(out.bounds);
    return records.map((r, i) => ({ ...r, position: out.positions[i] ?? r.position }));
  }

  /** New nodes (and edges between them): the only ones selected when there is one. */
  function add(created: NodeRecord[], createdEdges: CanvasEdge[] = []) {
    emit([...created.map((node): CanvasChange => nodeAdded(node)), ...createdEdges.map((edge): CanvasChange => edgeAdded(edge))], {
      urgent: true,
    });
    store.setState({ lastCreated: created.at(-1)?.position ?? get().lastCreated });
    env.sessionActions.selectOnly(new Set(created.length === 1 ? [created[0]!.id] : []));
  }

  const newEdge = (sourceId: string, target: string, t: number): CanvasEdge => ({
    id: newEdgeId(sourceId, target, t),
    source: sourceId,
    target,
    sourceHandle: null,
    targetHandle: null,
  });

  const groups = createGroupCommands({
    get,
    emit: (changes) => emit(changes, { urgent: true }),
    moveNodes: (moves) => commands.moveNodes(moves),
    notify,
    now,
  });

  const subgraphs = createSubgraphCommands({
    get,
    emit: (changes) => emit(changes, { urgent: true }),
    placed,
    subgraphEdited: (id, before, after) => history.subgraphEdited(id, before, after),
    selectOnly: (ids) => env.sessionActions.selectOnly(ids),
    notify,
    now,
  });

  const commands = {
    ...groups,
    ...subgraphs,
    /** Creates one node: in free room nearest `position` (a pointer), else nearest the centre of the view. */
    createNode(opts: { position?: Position; data?: Partial<NodeData> } = {}): string | null {
      return commands.createNodes([opts])[0] ?? null;
    },

    /**
     * Several nodes as one undo step (inserted assets): those without a position in a grid, three a row,
     * the group in free room nearest the centre of the view; with positions, nearest where they were asked.
     */
    createNodes(items: { position?: Position; data?: Partial<NodeData> }[]): string[] {
      if (!editable() || items.length === 0) return [];
      const explicit = items.some((item) => item.position);
      const columns = Math.min(3, Math.ceil(Math.sqrt(items.length)));
      const created = items.map((item, i) =>
        makeNode(item.position ?? { x: (i % columns) * NEXT_NODE_OFFSET_X, y: Math.floor(i / columns) * GRID_ROW }, item.data),
      );
      add(placed(created, explicit ? undefined : "center"));
      return created.map((n) => n.id);
    },

    /** Toolbar creation, Ctrl+N and the big prompt: free room nearest the centre of the view (spec: canvas 2). */
    createNodeAtCenter(data?: Partial<NodeData>): string | null {
      if (!env.viewCenter()) {
        notify("error", "Canvas not ready");
        return null;
      }
      return commands.createNode({ data });
    },

    quickStart(kind: QuickStart) {
      if (!editable()) return;
      const base = { x: 0, y: 0 };
      const text = (title: string, dx = 0, dy = 0) =>
        makeNode({ x: base.x + dx, y: base.y + dy }, { title, label: title, content: "", contentType: "text", status: "idle" });
      if (kind === "combine-ideas") {
        const a = text("Idea 1", 0, -220);
        const b = text("Idea 2", 0, 220);
        const c = makeNode({ x: base.x + 550, y: base.y }, { title: "Combined", contentType: "image" });
        const [pa, pb, pc] = placed([a, b, c], "center");
        add([pa!, pb!, pc!], [newEdge(a.id, c.id, now()), newEdge(b.id, c.id, now() + 1)]);
      } else if (kind === "video-from-image") {
        add(
          placed(
            [makeNode(base, { title: "Video from image", contentType: "video", modelType: "image-to-video", aspectRatio: "16:9" })],
            "center",
          ),
        );
      } else {
        add(placed([text("Describe an Image")], "center"));
      }
    },

    connect(connection: Connection | { source: string; target: string }) {
      if (!editable()) return;
      const s = get();
      if (!canConnect(new Set(s.nodes.map((n) => n.id)), s.edges, connection.source, connection.target).ok) return;
      emit([edgeAdded(newEdge(connection.source, connection.target, now()))], { urgent: true });
    },

    disconnect(edgeIds: string[]) {
      if (!editable()) return;
      const gone = get().edges.filter((e) => edgeIds.includes(e.id));
      if (gone.length)
        emit(
          gone.map((e): CanvasChange => edgeRemoved(e.id, toWireEdge(e))),
          { urgent: true },
        );
    },

    /** Removes nodes with their edges; edges go first in the list so that undo brings nodes back before them. */
    deleteNodes(ids: string[]) {
      if (!editable()) return;
      const doomed = new Set(ids.filter((id) => nodeById(id)));
      if (doomed.size === 0) return;
      const s = get();
      const edges = s.edges.filter((e) => doomed.has(e.source) || doomed.has(e.target));
      emit(
        [
          ...edges.map((e): CanvasChange => edgeRemoved(e.id, toWireEdge(e))),
          ...s.nodes.filter((n) => doomed.has(n.id)).map((n): CanvasChange => nodeRemoved(n.id, recordOf(n))),
        ],
        { urgent: true },
      );
      const focused = env.session.getState().focusedNodeId;
      if (focused && doomed.has(focused)) env.sessionActions.focus(null);
    },

    deleteSelected() {
      commands.deleteNodes(
        get()
          .nodes.filter((n) => n.selected)
          .map((n) => n.id),
      );
    },

    /** Pastes copies 50 px down and right, with the edges between them, selected (spec: canvas 9). */
    paste() {
      const clip = env.session.getState().clipboard;
      if (!editable() || !clip || clip.nodes.length === 0) return;
      const t = now();
      const idMap = new Map<string, string>();
      const copies = clip.nodes.map((n, i): NodeRecord => {
        const id = newNodeId(t + i);
        idMap.set(n.id, id);
        return {
          ...n,
          id,
          position: { x: n.position.x + PASTE_OFFSET.x, y: n.position.y + PASTE_OFFSET.y },
          data: { ...n.data, rev: 1, lastModified: t, versionHistory: n.data.versionHistory ?? [] },
        };
      });
      const copiedEdges = clip.edges.map((e, i) => newEdge(idMap.get(e.source)!, idMap.get(e.target)!, t + i));
      // The copies' groups come too, made anew around them; the originals keep theirs.
      const copiedGroups = (clip.groups ?? []).map((g, i) => ({
        ...g,
        id: newGroupId(t + i),
        nodeIds: g.nodeIds.flatMap((id) => idMap.get(id) ?? []),
      }));
      // One undo step: the copies and their groups.
      commands.batch(() => {
        add(placed(copies), copiedEdges);
        if (copiedGroups.length)
          emit(
            copiedGroups.map((group): CanvasChange => groupAdded(group)),
            { urgent: true },
          );
      });
      env.sessionActions.selectOnly(new Set(idMap.values()));
      // The next paste lands another 50 px further, like every design tool.
      env.session.setState({ clipboard: { nodes: copies, edges: copiedEdges, groups: copiedGroups } });
    },

    /** React Flow's changes: view flags go to the session; a removal (Delete in React Flow) is a command. */
    applyFlowNodeChanges(all: NodeChange<StudioNode>[]) {
      // A collapsed group's card is drawn, not part of the document (groups/collapsedView.ts).
      const changes = all.filter((c) => !("id" in c) || !c.id.startsWith(GROUP_CARD_PREFIX));
      env.sessionActions.applyFlowViewChanges(changes);
      const removals = changes.flatMap((c) => (c.type === "remove" ? [c.id] : []));
      if (removals.length && editable()) commands.deleteNodes(removals);
    },

    applyFlowEdgeChanges(changes: EdgeChange<StudioEdge>[]) {
      const removed = changes.flatMap((c) => (c.type === "remove" ? [c.id] : []));
      if (removed.length) commands.disconnect(removed);
      env.sessionActions.applyFlowEdgeSelection(changes);
    },

    /** Saves where dragged nodes ended up (not an undo step: spec lists only structural changes). */
    nodesMoved(ids: string[]) {
      const moved = get().nodes.filter((n) => ids.includes(n.id));
      commands.moveNodes(moved.map((n) => ({ id: n.id, position: n.position })));
    },

    moveNodes(moves: { id: string; position: Position }[]) {
      if (!editable() || moves.length === 0) return;
      document.apply({ source, changes: moves.map((m): CanvasChange => nodeMoved(m.id, m.position)) });
    },

    /** A data edit raises the node's revision; saved after the debounce, or at once when `immediate`. */
    updateNodeData(id: string, patch: Partial<NodeData>, opts: { immediate?: boolean } = {}) {
      const node = nodeById(id);
      if (!editable() || !node) return;
      const prevRev = node.data.rev ?? 0;
      const data: NodeData = { ...node.data, ...patch, rev: prevRev + 1, lastModified: now() };
      document.apply({ source, changes: [nodeData(id, data, prevRev, { fields: Object.keys(patch) })], urgent: opts.immediate });
    },

    renameNode(id: string, name: string): boolean {
      const title = name.trim();
      if (!title) {
        notify("error", "Node name cannot be empty");
        return false;
      }
      if (!editable()) return false;
      // a subgraph's card shows its own name: it follows the title
      const node = nodeById(id);
      const sub = node ? subgraphOf(node) : null;
      const patch = sub ? { title, label: title, subgraph: { ...sub, name: title.slice(0, SUBGRAPH_NAME_MAX) } } : { title, label: title };
      commands.updateNodeData(id, patch as Partial<NodeData>, { immediate: true });
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
        {
          prompt: entry.prompt,
          mediaUrl: entry.mediaUrl,
          displayUrl: entry.mediaUrl,
          permanentMediaUrl: entry.permanentMediaUrl,
          selectedModel: entry.model,
          status: "completed",
          currentVersionIndex: index,
        },
        { immediate: true },
      );
    },

    /**
     * A prepared change list (an agent's compiled plan, domain/agent/compilePlan.ts) as one list: one undo
     * step, sent at once. False for a view-only canvas.
     */
    applyChanges(changes: CanvasChange[]): boolean {
      if (!editable() || changes.length === 0) return false;
      // The new nodes go, as laid out among themselves, into free room in view (or the view pans to them).
      const fresh = changes.flatMap((c) => (c.type === "node-added" && !nodeById(c.node.id) ? [c.node] : []));
      const moved = new Map(placed(fresh).map((n) => [n.id, n]));
      changes = changes.map((c) => (c.type === "node-added" && moved.has(c.node.id) ? { ...c, node: moved.get(c.node.id)! } : c));
      emit(changes, { urgent: true });
      const added = changes.flatMap((c) => (c.type === "node-added" ? [c.node.id] : []));
      if (added.length) env.sessionActions.selectOnly(new Set(added));
      return true;
    },

    /**
     * Runs `fn` as one undo step, its lists tagged with `as` (an agent's whole plan is `agent`): everything it
     * adds, connects or removes is undone at once.
     */
    batch<T>(fn: () => T, as: ChangeSource = "user"): T {
      if (inBatch) return fn();
      history.mark();
      const previous = source;
      inBatch = true;
      source = as;
      try {
        return fn();
      } finally {
        inBatch = false;
        source = previous;
        history.mark();
      }
    },

    /** Nodes and edges the server added at this browser's request (For every shot's lanes): one undo step. */
    adoptServerChanges: (changes: CanvasChange[]) => editable() && history.adopt(changes),

    /** A tool run asked for here: the version its result puts on the node can be undone. */
    toolRunStarted: (nodeId: string) => history.toolRunStarted(nodeId),

    undo: () => history.undo(),
    /** The undo step a command just made, to undo it later only if nothing came after (an agent plan's Undo). */
    lastUndoStep: () => history.lastStep(),
    undoStep: (token: unknown) => editable() && history.undoStep(token),
    redo: () => history.redo(),
  };
  return commands;
}

export type CanvasCommands = ReturnType<typeof createCanvasCommands>;
