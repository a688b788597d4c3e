/**
 * A library block on its way from the Assets screen to the canvas: the screen hands it over and switches
 * to the canvas, which inserts it through its command layer once it is open (as a storyboard lane goes,
 * canvas/storyboard/pendingStoryboard.ts). Kept in memory per project and taken once.
 */
import type { SubgraphData } from "../../domain/canvas/subgraph";
import { MODE_EVENT } from "../project/modes";

const pending = new Map<string, SubgraphData>();

export function sendBlockToCanvas(projectId: string, subgraph: SubgraphData): void {
  pending.set(projectId, subgraph);
  window.dispatchEvent(new CustomEvent(MODE_EVENT, { detail: { mode: "canvas" } }));
}

export function takeBlock(projectId: string): SubgraphData | null {
  const block = pending.get(projectId) ?? null;
  pending.delete(projectId);
  return block;
}
