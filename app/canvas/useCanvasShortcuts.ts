import { useEffect } from "react";
import { isTypingTarget, shortcutFor } from "../../domain/canvas/shortcuts";
import { toast } from "../ui";
import type { CanvasStore } from "./store/canvasStore";
import type { CanvasCommands } from "./commands/canvasCommands";
import type { GenerationController } from "./generation/generationController";
import { FIRST_NODE_POSITION } from "../../domain/canvas/placement";

/** The canvas keyboard (spec: canvas 9), ignored while typing in a field. */
export function useCanvasShortcuts(store: CanvasStore, commands: CanvasCommands, generation: GenerationController) {
  useEffect(() => {
    const onKeyDown = (e: KeyboardEvent) => {
      if (isTypingTarget(e.target as HTMLElement | null)) return;
      if (e.code === "Space" && !e.repeat) {
        commands.setSpaceHeld(true);
        return;
      }
      const action = shortcutFor(e);
      if (!action) return;
      const s = store.getState();
      if (s.focusedNodeId || s.renamingNodeId) return;
      e.preventDefault();
      switch (action) {
        case "undo":
          return commands.undo();
        case "redo":
          return commands.redo();
        case "copy": {
          const n = commands.copySelected();
          if (n) toast.success(n === 1 ? "Copied 1 node" : `Copied ${n} nodes`);
          return;
        }
        case "paste":
          return commands.paste();
        case "newNode":
          commands.createNode({ position: FIRST_NODE_POSITION });
          return;
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
          return commands.setTool("pointer");
        case "handTool":
          return commands.setTool("hand");
        default:
          return;
      }
    };
    const onKeyUp = (e: KeyboardEvent) => {
      if (e.code === "Space") commands.setSpaceHeld(false);
    };
    window.addEventListener("keydown", onKeyDown);
    window.addEventListener("keyup", onKeyUp);
    return () => {
      window.removeEventListener("keydown", onKeyDown);
      window.removeEventListener("keyup", onKeyUp);
    };
  }, [store, commands, generation]);
}
