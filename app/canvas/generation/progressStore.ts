import { createStore } from "zustand/vanilla";
import { useStore } from "zustand";
import type { RunMessage } from "../../../domain/realtime";

export interface NodeProgress {
  generationId: string;
  status: RunMessage["status"];
  /** The provider's percent when it gives one; the card simulates progress otherwise (spec canvas 4). */
  percent?: number;
  message?: string;
}

/**
 * Live progress per node, fed by the project's live channel. Kept apart from node data: progress changes
 * several times a second and must not raise the node's rev or reach the autosave.
 */
export function createProgressStore() {
  const store = createStore<Record<string, NodeProgress>>(() => ({}));
  return {
    store,
    /** The run this client asked for got its id: the 'Preparing...' placeholder now belongs to it. */
    adopt(nodeId: string, generationId: string) {
      const prev = store.getState()[nodeId];
      if (prev?.generationId === "pending") store.setState({ [nodeId]: { ...prev, generationId } });
    },
    apply(m: RunMessage) {
      const prev = store.getState()[m.nodeId];
      // A late message from an older run of the node does not replace the newer one.
      if (prev && prev.generationId !== m.generationId && (prev.status === "running" || prev.status === "queued") && m.status !== "queued")
        return;
      store.setState({
        [m.nodeId]: {
          generationId: m.generationId,
          status: m.status,
          percent: m.percent ?? (prev?.generationId === m.generationId ? prev.percent : undefined),
          message: m.message ?? (prev?.generationId === m.generationId ? prev.message : undefined),
        },
      });
    },
  };
}
export type ProgressStore = ReturnType<typeof createProgressStore>;

/** One node's progress; a card re-renders only when its own entry changes. */
export function useNodeProgress(progress: ProgressStore, nodeId: string): NodeProgress | undefined {
  return useStore(progress.store, (s) => s[nodeId]);
}
