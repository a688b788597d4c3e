import { useCallback } from "react";
import { useReactFlow } from "@xyflow/react";
import type { Position } from "../../../domain/canvas/node";
import { useCanvasStore, useCommands } from "../store/useCanvas";

const SNAP = 20;

/**
 * Dragging a group by its title bar moves its nodes: each pointer move places every member at
 * where it was when the drag began plus the pointer's travel in flow units (snapped to the canvas grid, as a
 * node drag is), through the one command layer; the outbox merges the moves into one save.
 */
export function useGroupDrag(groupId: string, enabled: boolean) {
  const commands = useCommands();
  const store = useCanvasStore();
  const rf = useReactFlow();
  return useCallback(
    (e: React.PointerEvent) => {
      if (!enabled || e.button !== 0 || (e.target as HTMLElement).closest("button, input, [data-no-group-drag]")) return;
      // No pointer capture: it would retarget the double-click that renames the group to the bar itself.
      e.preventDefault();
      e.stopPropagation();
      const group = store.getState().groups.find((g) => g.id === groupId);
      if (!group) return;
      const members = new Set(group.nodeIds);
      const from = new Map<string, Position>(
        store
          .getState()
          .nodes.filter((n) => members.has(n.id))
          .map((n) => [n.id, n.position]),
      );
      const start = rf.screenToFlowPosition({ x: e.clientX, y: e.clientY });
      const move = (ev: PointerEvent) => {
        const at = rf.screenToFlowPosition({ x: ev.clientX, y: ev.clientY });
        const delta = { x: Math.round((at.x - start.x) / SNAP) * SNAP, y: Math.round((at.y - start.y) / SNAP) * SNAP };
        commands.moveGroup(groupId, from, delta);
      };
      const end = () => {
        window.removeEventListener("pointermove", move);
        window.removeEventListener("pointerup", end);
        window.removeEventListener("pointercancel", end);
      };
      window.addEventListener("pointermove", move);
      window.addEventListener("pointerup", end);
      window.addEventListener("pointercancel", end);
    },
    [commands, enabled, groupId, rf, store],
  );
}
