import { useStore } from "@xyflow/react";
import { isZoomedOut } from "../../../domain/canvas/levelOfDetail";

/**
 * Whether the canvas is zoomed out past the light-card threshold, where the overview draws the graph.
 * One boolean from React Flow's store: its reader re-renders only when the answer flips, not on every zoom step.
 *
 * `startZoom` is the zoom the canvas opens at (its saved view). Until React Flow has set up its pan and zoom
 * (an effect after its first render) its store holds the provider's [0, 0, 1], not that view: read as is, a
 * canvas saved zoomed out would first mount the full cards under the origin and then unmount them all.
 */
export function useZoomedOut(startZoom: number): boolean {
  return useStore((s) => isZoomedOut(s.panZoom ? s.transform[2] : startZoom));
}
