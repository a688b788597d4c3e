import { createContext, useContext } from "react";
import { useStore } from "zustand";
import type { CanvasCommands } from "../commands/canvasCommands";
import type { AgentController } from "../../agent/agentController";
import type { GenerationController } from "../generation/generationController";
import type { SessionActions } from "../session/sessionActions";
import type { SessionState, SessionStore } from "../session/sessionStore";
import type { CanvasState, CanvasStore } from "./canvasStore";

export interface CanvasContextValue {
  store: CanvasStore;
  session: SessionStore;
  sessionActions: SessionActions;
  commands: CanvasCommands;
  generation: GenerationController;
  agent: AgentController;
  /** Fit view and Zoom to selection, for the toolbar, the zoom menu and Shift+1 / Shift+2. */
  view: { fitAll(): void; zoomToSelection(): void };
  /** Sends every unsaved edit and waits for it (false when something is still unsaved); the outer canvas only. */
  flushWrites?(): Promise<boolean>;
}

export const CanvasContext = createContext<CanvasContextValue | null>(null);

export function useCanvasContext(): CanvasContextValue {
  const ctx = useContext(CanvasContext);
  if (!ctx) throw new Error("Canvas components must be inside <CanvasContext.Provider>");
  return ctx;
}

/** Reads one slice of the canvas document; components re-render only when that slice changes. */
export function useCanvas<T>(selector: (s: CanvasState) => T): T {
  return useStore(useCanvasContext().store, selector);
}

/** Reads one slice of the UI session (tool, focus, rename, clipboard, undo availability). */
export function useSession<T>(selector: (s: SessionState) => T): T {
  return useStore(useCanvasContext().session, selector);
}

export const useCommands = (): CanvasCommands => useCanvasContext().commands;
export const useSessionActions = (): SessionActions => useCanvasContext().sessionActions;
export const useCanvasStore = (): CanvasStore => useCanvasContext().store;
export const useGeneration = (): GenerationController => useCanvasContext().generation;
export const useAgent = (): AgentController => useCanvasContext().agent;

/** Fit view and Zoom to selection. */
export function useCanvasView(): CanvasContextValue["view"] {
  return useCanvasContext().view;
}
