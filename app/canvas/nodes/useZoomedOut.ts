import { useStore } from "@xyflow/react";
import { isZoomedOut } from "../../../domain/canvas/levelOfDetail";

/**
 * Whether the canvas is zoomed out past the light-card threshold, where the overview draws the graph.
 * One boolean from React Flow's store: its reader re-renders only when the answer flips, not on every zoom step.
 */
export function useZoomedOut(): boolean {
  return useStore((s) => isZoomedOut(s.transform[2]));
}
