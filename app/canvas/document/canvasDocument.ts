import type { ChangeList } from "../../../domain/canvas/changes";
import type { CanvasStore } from "../store/canvasStore";
import { applyToCanvas } from "./applyToCanvas";

export type ChangeListener = (list: ChangeList) => void;

/**
 * The one way in and out of the canvas in this browser. Commands, the live channel, server answers and
 * undo all hand change lists to `apply`; the store shows the result, and the listeners (undo history,
 * outbox, context refresh) each take what concerns them. A listener may apply a follow-up list: it is
 * shown at once and announced after the current one, so every listener sees lists in the order they
 * happened.
 */
export interface CanvasDocument {
  apply(list: ChangeList): void;
  subscribe(listener: ChangeListener): () => void;
}

export function createCanvasDocument(store: CanvasStore): CanvasDocument {
  const listeners = new Set<ChangeListener>();
  const announce: ChangeList[] = [];
  let announcing = false;

  return {
    apply(list) {
      if (list.changes.length === 0) return;
      const s = store.getState();
      const next = applyToCanvas(s, list.changes);
      if (next !== s) store.setState(next);
      announce.push(list);
      if (announcing) return;
      announcing = true;
      try {
        for (let l = announce.shift(); l; l = announce.shift()) {
          for (const listener of listeners) {
            try {
              listener(l);
            } catch (err) {
              // One failing listener must not keep the others (the outbox above all) from their lists.
              console.error("[canvas] change listener failed", err);
            }
          }
        }
      } finally {
        announcing = false;
      }
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
