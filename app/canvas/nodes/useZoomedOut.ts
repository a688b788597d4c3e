import { useStore } from "@xyflow/react";
import { isZoomedOut } from "../../../domain/canvas/levelOfDetail";

/**
 * Whether the canvas is zoomed out past the light-card threshold. One boolean from React Flow's store:
 * every node runs this cheap selector on a zoom, but re-renders only when the answer flips.
 */
export function useZoomedOut(): boolean {
  return useStore((s) => isZoomedOut(s.transform[2]));
}
