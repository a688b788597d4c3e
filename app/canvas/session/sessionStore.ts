import { createStore, type StoreApi } from "zustand/vanilla";
import type { CanvasEdge } from "../../../domain/canvas/node";
import type { NodeRecord } from "../../../domain/canvas/changes";
import type { GroupRecord } from "../../../domain/canvas/group";

export type ToolMode = "pointer" | "hand";

/** What was copied: whole nodes and the edges between them (spec: canvas 9, paste), and their groups. */
export interface Clipboard {
  nodes: NodeRecord[];
  edges: CanvasEdge[];
  /** Groups with copied members, keeping only those members; a paste makes them anew around the copies. */
  groups?: GroupRecord[];
}

/** UI and session state of one open canvas: never saved, never undone, never sent. */
export interface SessionState {
  tool: ToolMode;
  /** Space held in pointer mode acts as the hand tool (spec: canvas 4 "Tool mode"). */
  spaceHeld: boolean;
  focusedNodeId: string | null;
  renamingNodeId: string | null;
  clipboard: Clipboard | null;
  canUndo: boolean;
  canRedo: boolean;
  /** React Flow's minimap in a corner, toggled with M or its button. */
  minimap: boolean;
  /** The find-a-node box (Ctrl+F) is open. */
  searching: boolean;
  /** The group whose name is being edited on its frame. */
  renamingGroupId: string | null;
  /** The subgraph opened to edit inside (its node id), shown over the canvas with a breadcrumb back out. */
  openSubgraphId: string | null;
  /** The subgraph whose Save to library dialog is open (issue 34, 3). */
  savingBlockNodeId: string | null;
  /** The library's Insert dialog ("From library…") is open. */
  libraryOpen: boolean;
}

export type SessionStore = StoreApi<SessionState>;

export const createSessionStore = (): SessionStore =>
  createStore<SessionState>(() => ({
    tool: "pointer",
    spaceHeld: false,
    focusedNodeId: null,
    renamingNodeId: null,
    clipboard: null,
    canUndo: false,
    canRedo: false,
    minimap: false,
    searching: false,
    renamingGroupId: null,
    openSubgraphId: null,
    savingBlockNodeId: null,
    libraryOpen: false,
  }));
