import { useEffect } from "react";
import { isTypingTarget, shortcutFor } from "../../domain/canvas/shortcuts";
import { toast } from "../ui";
import { nodesById } from "./store/canvasStore";
import type { CanvasContextValue } from "./store/useCanvas";

/** The canvas keyboard (spec: canvas 9), ignored while typing in a field. */
export function useCanvasShortcuts(ctx: CanvasContextValue) {
  useEffect(() => {
    const { store, session, sessionActions, commands, generation, agent } = ctx;
    // Enter on a focused node that is not selected selects it (React Flow's own keyboard), and that is all
    // it does: it is not also "run the selection", which ran the node it had just selected (or, with no
    // model, said to pick one). Seen in the capture phase, before React Flow's handler selects the node.
    const selectingEnters = new WeakSet<KeyboardEvent>();
    const onKeyDownCapture = (e: KeyboardEvent) => {
      if (e.key !== "Enter") return;
      const id = (e.target as HTMLElement | null)?.closest?.(".react-flow__node")?.getAttribute("data-id");
      if (id && !nodesById(store.getState().nodes).get(id)?.selected) selectingEnters.add(e);
    };
    const onKeyDown = (e: KeyboardEvent) => {
      if (isTypingTarget(e.target as HTMLElement | null)) return;
      if (selectingEnters.has(e)) return;
      // Enter on a focused button (the Queue panel's Move down, a menu item) presses that button, not Run selected.
      if (e.key === "Enter" && (e.target as HTMLElement | null)?.closest?.("button, a[href], [role='button'], [role='menuitem']")) return;
      if (e.code === "Space" && !e.repeat) {
        sessionActions.setSpaceHeld(true);
        return;
      }
      const action = shortcutFor(e);
      if (!action) return;
      const s = store.getState();
      const ui = session.getState();
      if (ui.focusedNodeId || ui.renamingNodeId || ui.searching || ui.savingBlockNodeId || ui.libraryOpen) return;
      e.preventDefault();
      switch (action) {
        case "undo":
          return commands.undo();
        case "redo":
          return commands.redo();
        case "copy": {
          const n = sessionActions.copySelected();
          if (n) toast.success(n === 1 ? "Copied 1 node" : `Copied ${n} nodes`);
          return;
        }
        case "paste":
          return commands.paste();
        case "newNode":
          commands.createNodeAtCenter();
          return;
        case "fitView":
          return ctx.view.fitAll();
        case "zoomToSelection":
          return ctx.view.zoomToSelection();
        case "delete": {
          const count = s.nodes.filter((n) => n.selected).length;
          commands.deleteSelected();
          commands.applyFlowEdgeChanges(s.edges.filter((x) => x.selected).map((x) => ({ type: "remove", id: x.id })));
          if (count && s.canEdit) toast.success("Node deleted");
          return;
        }
        case "runSelected": {
          const selected = s.nodes.filter((n) => n.selected);
          void generation.run(selected.length === 1 ? selected[0]!.id : null);
          return;
        }
        case "pointerTool":
          return sessionActions.setTool("pointer");
        case "handTool":
          return sessionActions.setTool("hand");
        case "toggleAgent":
          return agent.togglePanel();
        case "findNode":
          return sessionActions.setSearching(true);
        case "group":
          if (commands.groupSelected()) toast.success("Grouped");
          return;
        case "ungroup":
          if (commands.ungroupSelected()) toast.success("Ungrouped");
          return;
        case "toggleMinimap":
          return sessionActions.toggleMinimap();
        default:
          return;
      }
    };
    const onKeyUp = (e: KeyboardEvent) => {
      if (e.code === "Space") sessionActions.setSpaceHeld(false);
    };
    window.addEventListener("keydown", onKeyDownCapture, true);
    window.addEventListener("keydown", onKeyDown);
    window.addEventListener("keyup", onKeyUp);
    return () => {
      window.removeEventListener("keydown", onKeyDownCapture, true);
      window.removeEventListener("keydown", onKeyDown);
      window.removeEventListener("keyup", onKeyUp);
    };
  }, [ctx]);
}
