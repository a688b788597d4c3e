import type { ReactFlowInstance } from "@xyflow/react";
import { LOCAL_SOURCES } from "../../../domain/canvas/changes";
import { SUBGRAPH_NODE_TYPE, subgraphOf, type SubgraphData } from "../../../domain/canvas/subgraph";
import { innerAddress } from "../../../domain/runs/expandSubgraphs";
import { createCanvasCommands, type CommandEnv } from "../commands/canvasCommands";
import { createCanvasDocument } from "../document/canvasDocument";
import { createSessionActions } from "../session/sessionActions";
import { createSessionStore } from "../session/sessionStore";
import { createCanvasStore, type StudioEdge, type StudioNode } from "../store/canvasStore";
import type { CanvasContextValue } from "../store/useCanvas";

const innerNodes = (sub: SubgraphData): StudioNode[] =>
  sub.nodes.map((n) => ({ id: n.id, type: n.type, position: n.position, data: n.data }));
const innerEdges = (sub: SubgraphData): StudioEdge[] => sub.edges.map((e) => ({ ...e, type: "default" }));

/**
 * The inside of an open subgraph (issue 34, 3) as a canvas of its own: a store, session and document
 * holding its inner graph, and the same command layer over them, so editing inside works as on the canvas.
 * It saves nothing itself: each of its own change lists becomes one edit of the subgraph node on the outer
 * canvas (`editSubgraph`: a node-data change through the one path, an undo step when the shape changed),
 * and undo and redo are the outer canvas's; when the subgraph's data changes there (an undo, another
 * person, a run's result), the inside is read from it again.
 */
export type InnerCanvas = CanvasContextValue & {
  dispose(): void;
  /** The inner React Flow, for Fit view and the centre of the view. */
  setFlow(rf: ReactFlowInstance<StudioNode, StudioEdge>): void;
};

export function createInnerCanvas(outer: CanvasContextValue, subgraphId: string): InnerCanvas | null {
  const node = outer.store.getState().nodes.find((n) => n.id === subgraphId);
  const first = node && subgraphOf(node);
  if (!first) return null;
  let current = first;
  const store = createCanvasStore({
    projectId: outer.store.getState().projectId,
    canEdit: outer.store.getState().canEdit,
    nodes: innerNodes(first),
    edges: innerEdges(first),
    viewport: null,
  });
  const session = createSessionStore();
  const document = createCanvasDocument(store);
  const sessionActions = createSessionActions({ store, session });
  const history: CommandEnv["history"] = {
    mark: () => {},
    undo: () => outer.commands.undo(),
    redo: () => outer.commands.redo(),
    toolRunStarted: () => {},
    lastStep: () => undefined,
    undoStep: () => false,
    adopt: () => {},
    subgraphEdited: () => {},
  };
  let flow: ReactFlowInstance<StudioNode, StudioEdge> | null = null;
  const commands = createCanvasCommands({
    store,
    session,
    sessionActions,
    document,
    history,
    notify: () => {},
    viewCenter: () => (flow ? flow.screenToFlowPosition({ x: window.innerWidth / 2, y: window.innerHeight / 2 }) : { x: 0, y: 0 }),
  });

  /** The inner graph as the inner canvas has it now, its ports kept to the nodes still inside. */
  const innerGraph = (): SubgraphData => {
    const { nodes, edges } = store.getState();
    const ids = new Set(nodes.map((n) => n.id));
    return {
      ...current,
      nodes: nodes.map((n) => ({ id: n.id, type: n.type ?? "generic_v2", position: n.position, data: n.data })),
      edges: edges.map((e) => ({
        id: e.id,
        source: e.source,
        target: e.target,
        sourceHandle: e.sourceHandle ?? null,
        targetHandle: e.targetHandle ?? null,
      })),
      inputs: current.inputs.map((p) => ({ ...p, targets: p.targets.filter((t) => ids.has(t)) })).filter((p) => p.targets.length > 0),
      outputs: current.outputs.map((p) => ({ ...p, sources: p.sources.filter((s) => ids.has(s)) })).filter((p) => p.sources.length > 0),
    };
  };
  const stopDocument = document.subscribe((list) => {
    if (!LOCAL_SOURCES.includes(list.source) || list.replayed) return;
    current = innerGraph();
    outer.commands.editSubgraph(subgraphId, current);
  });
  const stopOuter = outer.store.subscribe((s) => {
    const host = s.nodes.find((n) => n.id === subgraphId);
    const sub = host?.type === SUBGRAPH_NODE_TYPE ? subgraphOf(host) : null;
    if (!sub) return outer.sessionActions.openSubgraph(null);
    if (JSON.stringify(sub) === JSON.stringify(current)) return;
    current = sub;
    const selected = new Set(store.getState().nodes.flatMap((n) => (n.selected ? [n.id] : [])));
    store.setState({ nodes: innerNodes(sub).map((n) => (selected.has(n.id) ? { ...n, selected: true } : n)), edges: innerEdges(sub) });
  });

  /**
   * Running a node inside goes through the graph run API with its `<subgraph>~<inner>` address (the
   * outer canvas has no node of the inner id): Run is "Run selected" on it (what it needs upstream inside
   * comes too, unchanged nodes cached), Run from here runs it and what follows it.
   */
  const generation: CanvasContextValue["generation"] = {
    ...outer.generation,
    async run(nodeId, prompt) {
      const node = nodeId ? store.getState().nodes.find((n) => n.id === nodeId) : undefined;
      if (!node || !nodeId) return outer.generation.run(null);
      // The default model it shows is saved now, at its run (as the outer canvas's run does).
      const model = node.data.selectedModel
        ? {}
        : { selectedModel: outer.generation.defaultModel(nodeId, node.data.contentType ?? null) ?? "" };
      const patch = { ...(model.selectedModel ? model : {}), ...(prompt !== undefined && prompt !== node.data.prompt ? { prompt } : {}) };
      if (Object.keys(patch).length) commands.updateNodeData(nodeId, patch);
      const title = `Run “${node.data.title || "Untitled"}”`;
      await outer.generation.graph.start({ scope: "selected", nodeIds: [innerAddress(subgraphId, nodeId)], title }, false);
      return null;
    },
    runFromHere: (nodeId) =>
      outer.generation.graph.start({ scope: "downstream", nodeIds: [innerAddress(subgraphId, nodeId)], title: "Run from here" }, false),
  };

  const fit = () => void flow?.fitView({ padding: 0.2, maxZoom: 1, duration: 200 });
  return {
    ...outer,
    store,
    session,
    // The focused view is the outer canvas's: a double-click inside does not open it (nor block the keys).
    sessionActions: { ...sessionActions, focus: () => {} },
    commands,
    generation,
    view: { fitAll: fit, zoomToSelection: fit },
    setFlow(rf: ReactFlowInstance<StudioNode, StudioEdge>) {
      flow = rf;
    },
    dispose() {
      stopDocument();
      stopOuter();
    },
  };
}
