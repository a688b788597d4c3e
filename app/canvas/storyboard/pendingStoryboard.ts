/**
 * A storyboard lane on its way from the shot list to the canvas: the shot list editor hands it
 * over and switches to the canvas, which applies it through its command layer once it is open. Kept in
 * memory per project and taken once, like a shot sent to the canvas (app/canvas/reveal.ts).
 */
import type { AspectRatio } from "../../../domain/canvas/node";
import type { Scene } from "../../../domain/shotlists/schema";
import { MODE_EVENT } from "../../project/modes";

export interface PendingStoryboard {
  listId: string;
  scene: Scene;
  model: string;
  aspectRatio: AspectRatio;
  /** Run the lane at once (characters first, then the shots). */
  generate: boolean;
}

const pending = new Map<string, PendingStoryboard>();
const listeners = new Set<(projectId: string) => void>();

export function sendStoryboard(projectId: string, storyboard: PendingStoryboard): void {
  pending.set(projectId, storyboard);
  for (const listener of listeners) listener(projectId);
  window.dispatchEvent(new CustomEvent(MODE_EVENT, { detail: { mode: "canvas" } }));
}

export function takeStoryboard(projectId: string): PendingStoryboard | null {
  const storyboard = pending.get(projectId) ?? null;
  pending.delete(projectId);
  return storyboard;
}

/** Called when a storyboard is sent while the canvas is already open (another panel of the same tab). */
export function onStoryboardSent(listener: (projectId: string) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
