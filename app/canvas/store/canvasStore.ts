import { createStore, type StoreApi } from "zustand/vanilla";
import type { Edge, Node, Viewport } from "@xyflow/react";
import type { GroupRecord } from "../../../domain/canvas/group";
import type { NodeData } from "../../../domain/canvas/node";

export type StudioNode = Node<NodeData, string>;
export type StudioEdge = Edge;

/**
 * The canvas document as this browser shows it. Its content (nodes, edges) changes only through
 * `CanvasDocument.apply` (document/canvasDocument.ts); React Flow's view flags on nodes (selected,
 * dragging, measured) are set by the session actions. UI state lives in the session store.
 */
export interface CanvasState {
  projectId: string;
  canEdit: boolean;
  nodes: StudioNode[];
  edges: StudioEdge[];
  /** The canvas's groups: frames drawn around their member nodes (canvas/groups/). */
  groups: GroupRecord[];
  /** Most recently created node's position: the next one goes 550 px to its right (spec: canvas 9). */
  lastCreated: { x: number; y: number } | null;
  /** Nodes removed here or reported removed: a late placement from elsewhere never brings them back. */
  deletedIds: ReadonlySet<string>;
  initialViewport: Viewport | null;
}

export type CanvasStore = StoreApi<CanvasState>;

export function createCanvasStore(init: {
  projectId: string;
  canEdit: boolean;
  nodes: StudioNode[];
  edges: StudioEdge[];
  groups?: GroupRecord[];
  viewport: Viewport | null;
}): CanvasStore {
  return createStore<CanvasState>(() => ({
    projectId: init.projectId,
    canEdit: init.canEdit,
    nodes: init.nodes,
    edges: init.edges,
    groups: init.groups ?? [],
    lastCreated: null,
    deletedIds: new Set(),
    initialViewport: init.viewport,
  }));
}

const indexes = new WeakMap<readonly StudioNode[], ReadonlyMap<string, StudioNode>>();

/**
 * The nodes by id, built once per node list (every state change makes a new list; all readers of one state
 * share its index). For selectors that look nodes up on each store change, where `find` would scan the canvas.
 */
export function nodesById(nodes: readonly StudioNode[]): ReadonlyMap<string, StudioNode> {
  let index = indexes.get(nodes);
  if (!index) indexes.set(nodes, (index = new Map(nodes.map((n) => [n.id, n]))));
  return index;
}

const sourcesByTarget = new WeakMap<readonly StudioEdge[], ReadonlyMap<string, readonly string[]>>();
const targetsBySource = new WeakMap<readonly StudioEdge[], ReadonlyMap<string, readonly string[]>>();

/** The node ids at the other end of each node's edges on one side, in edge order, each once. */
function endsBy(edges: readonly StudioEdge[], key: "source" | "target"): Map<string, string[]> {
  const other = key === "source" ? "target" : "source";
  const built = new Map<string, string[]>();
  for (const e of edges) {
    const list = built.get(e[key]);
    if (!list) built.set(e[key], [e[other]]);
    else if (!list.includes(e[other])) list.push(e[other]);
  }
  return built;
}

/**
 * The source node ids of the edges into each node, built once per edge list (like `nodesById`): a selector
 * reading one node's inputs runs on every store change, and walking 2,000 edges each time showed up in
 * a click's profile (bench/profile-canvas click).
 */
export function incomingSources(edges: readonly StudioEdge[]): ReadonlyMap<string, readonly string[]> {
  let index = sourcesByTarget.get(edges);
  if (!index) sourcesByTarget.set(edges, (index = endsBy(edges, "target")));
  return index;
}

/** No ids: one array, so a selector answering "none" answers the same value every time. */
export const NO_IDS: readonly string[] = [];

/** The target node ids of the edges out of each node, built once per edge list (as `incomingSources`). */
export function outgoingTargets(edges: readonly StudioEdge[]): ReadonlyMap<string, readonly string[]> {
  let index = targetsBySource.get(edges);
  if (!index) targetsBySource.set(edges, (index = endsBy(edges, "source")));
  return index;
}

const selections = new WeakMap<readonly StudioNode[], readonly StudioNode[]>();

/**
 * The selected nodes, found once per node list (like `nodesById`): the sidebar, the toolbar, the top bar,
 * presence and the agent panel each select from it on every store change, instead of each walking the canvas.
 */
export function selectedNodes(nodes: readonly StudioNode[]): readonly StudioNode[] {
  let selected = selections.get(nodes);
  if (!selected) selections.set(nodes, (selected = nodes.filter((n) => n.selected)));
  return selected;
}

/** The one selected node's id, or null (none or several): a selector for what shows one node (sidebar, toolbar). */
export function singleSelectedId(s: { nodes: readonly StudioNode[] }): string | null {
  const selected = selectedNodes(s.nodes);
  return selected.length === 1 ? selected[0]!.id : null;
}
