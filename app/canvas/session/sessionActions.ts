import type { EdgeChange, NodeChange } from "@xyflow/react";
import { applyEdgeChanges, applyNodeChanges } from "@xyflow/react";
import type { CanvasStore, StudioEdge, StudioNode } from "../store/canvasStore";
import type { SessionStore, ToolMode } from "./sessionStore";

/**
 * UI and session actions: tool, Space-to-pan, focus, rename dialog, selection and the clipboard. They
 * never change the canvas's content, so they are neither saved nor undone. Selection and React Flow's
 * other view flags (measured size, the live position while dragging) sit on the store's nodes because
 * React Flow reads them there.
 */
export function createSessionActions(env: { store: CanvasStore; session: SessionStore }) {
  const { store, session } = env;
  const setNodes = (nodes: StudioNode[]) => store.setState({ nodes });

  /** Copies nodes and the edges between them (spec: canvas 9); returns how many nodes. */
  const copy = (ids: readonly string[]): number => {
    const { nodes, edges, groups } = store.getState();
    const chosen = new Set(ids);
    const copied = nodes.filter((n) => chosen.has(n.id));
    if (copied.length === 0) return 0;
    session.setState({
      clipboard: {
        nodes: copied.map((n) => ({ id: n.id, type: n.type ?? "generic_v2", position: n.position, data: n.data })),
        edges: edges
          .filter((e) => chosen.has(e.source) && chosen.has(e.target))
          .map((e) => ({ id: e.id, source: e.source, target: e.target })),
        groups: groups.flatMap((g) => {
          const nodeIds = g.nodeIds.filter((id) => chosen.has(id));
          return nodeIds.length ? [{ ...g, nodeIds }] : [];
        }),
      },
    });
    return copied.length;
  };

  return {
    setTool(tool: ToolMode) {
      session.setState({ tool });
      if (tool === "hand") setNodes(store.getState().nodes.map((n) => (n.selected ? { ...n, selected: false } : n)));
    },
    setSpaceHeld(spaceHeld: boolean) {
      if (session.getState().spaceHeld !== spaceHeld) session.setState({ spaceHeld });
    },
    focus(id: string | null) {
      session.setState({ focusedNodeId: id });
    },
    /**
     * Opens a subgraph to edit inside (null: back out). The canvas's selection is cleared, so keys pressed
     * inside (Delete) never reach the nodes behind it.
     */
    openSubgraph(id: string | null) {
      if (id) this.selectOnly(new Set());
      session.setState({ openSubgraphId: id });
    },
    startRename(id: string | null) {
      session.setState({ renamingNodeId: id });
    },
    /** Opens (or, with null, closes) a subgraph's Save to library dialog. */
    startSaveToLibrary(id: string | null) {
      session.setState({ savingBlockNodeId: id });
    },
    /** Opens or closes the library's Insert dialog (the canvas's "From library…"). */
    setLibraryOpen(libraryOpen: boolean) {
      session.setState({ libraryOpen });
    },
    startGroupRename(id: string | null) {
      session.setState({ renamingGroupId: id });
    },
    toggleMinimap() {
      session.setState({ minimap: !session.getState().minimap });
    },
    setSearching(searching: boolean) {
      session.setState({ searching });
    },
    /** Selects one node (or none). */
    select(id: string | null) {
      setNodes(store.getState().nodes.map((n) => (n.selected === (n.id === id) ? n : { ...n, selected: n.id === id })));
    },
    /** Selects exactly these nodes (a paste selects its copies). */
    selectOnly(ids: ReadonlySet<string>) {
      setNodes(store.getState().nodes.map((n) => (!!n.selected === ids.has(n.id) ? n : { ...n, selected: ids.has(n.id) })));
    },
    copy,
    copySelected: (): number =>
      copy(
        store
          .getState()
          .nodes.filter((n) => n.selected)
          .map((n) => n.id),
      ),
    /**
     * React Flow's own view changes: selection and measured size always; the live position while dragging
     * only with edit rights (the move is saved when the drag ends, as a command). Removals are commands.
     */
    applyFlowViewChanges(changes: NodeChange<StudioNode>[]) {
      const canEdit = store.getState().canEdit;
      const view = changes.filter((c) => c.type === "select" || c.type === "dimensions" || (canEdit && c.type === "position"));
      if (view.length) setNodes(applyNodeChanges(view, store.getState().nodes));
    },
    applyFlowEdgeSelection(changes: EdgeChange<StudioEdge>[]) {
      const selects = changes.filter((c) => c.type === "select");
      if (selects.length) store.setState({ edges: applyEdgeChanges(selects, store.getState().edges) });
    },
  };
}

export type SessionActions = ReturnType<typeof createSessionActions>;
