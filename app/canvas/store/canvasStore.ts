import { createStore, type StoreApi } from "zustand/vanilla";
import type { Edge, Node, Viewport } from "@xyflow/react";
import type { NodeData } from "../../../domain/canvas/node";

export type StudioNode = Node<NodeData, string>;
export type StudioEdge = Edge;
export type ToolMode = "pointer" | "hand";

export interface CanvasSnapshot {
  nodes: StudioNode[];
  edges: StudioEdge[];
}

export interface CanvasState extends CanvasSnapshot {
  projectId: string;
  canEdit: boolean;
  tool: ToolMode;
  /** Space held in pointer mode acts as the hand tool (spec: canvas 4 "Tool mode"). */
  spaceHeld: boolean;
  /** Most recently created node's position: the next one goes 550 px to its right (spec: canvas 9). */
  lastCreated: { x: number; y: number } | null;
  /** Ids this client deleted: writes for them are never sent again. */
  deletedIds: Set<string>;
  clipboard: CanvasSnapshot | null;
  focusedNodeId: string | null;
  renamingNodeId: string | null;
  initialViewport: Viewport | null;
  canUndo: boolean;
  canRedo: boolean;
}

export type CanvasStore = StoreApi<CanvasState>;

export function createCanvasStore(init: {
  projectId: string;
  canEdit: boolean;
  nodes: StudioNode[];
  edges: StudioEdge[];
  viewport: Viewport | null;
}): CanvasStore {
  return createStore<CanvasState>(() => ({
    projectId: init.projectId,
    canEdit: init.canEdit,
    nodes: init.nodes,
    edges: init.edges,
    tool: "pointer",
    spaceHeld: false,
    lastCreated: null,
    deletedIds: new Set(),
    clipboard: null,
    focusedNodeId: null,
    renamingNodeId: null,
    initialViewport: init.viewport,
    canUndo: false,
    canRedo: false,
  }));
}

export const selectedNodes = (s: CanvasState) => s.nodes.filter((n) => n.selected);
