import type { AutosaveConflict, AutosaveUpdate, AutosaveResponse, NodeData } from "../../../domain/canvas/node";
import { api, ApiError } from "../../api/client";
import { WriteBuffer } from "../autosave/writeBuffer";
import { IndexedDbPendingStore } from "../autosave/pendingStore";
import type { CanvasSync, StructureChange } from "../commands/canvasSync";
import { StructureSaver, type SaverStatus } from "./structureSaver";

interface Options {
  projectId: string;
  clientId: string;
  onStatus(status: SaverStatus): void;
  onConflicts(conflicts: AutosaveConflict[]): void;
  onSaved(writes: { nodeId: string; data: NodeData }[]): void;
  /** This project's writes an earlier page left unsent, about to be sent again. */
  onRestored(writes: { nodeId: string; data: NodeData }[]): void;
  onRejected(message: string): void;
}

/**
 * Joins the node-data write buffer and the structure saver behind the commands' CanvasSync, and merges
 * their states into the one save indicator: failed beats saving beats saved.
 */
export function createCanvasSaver(opts: Options) {
  const states: Record<"data" | "structure", SaverStatus> = { data: "saved", structure: "saved" };
  const report = (part: keyof typeof states, status: SaverStatus) => {
    states[part] = status;
    const all = Object.values(states);
    opts.onStatus(all.includes("failed") ? "failed" : all.includes("saving") ? "saving" : "saved");
  };

  const buffer = new WriteBuffer({
    send: (projectId: string, updates: AutosaveUpdate[]) =>
      api<AutosaveResponse>("POST", "/api/workflows/autosave", { projectId, updates, clientId: opts.clientId }),
    store: new IndexedDbPendingStore(),
    onStatus: (s) => report("data", s),
    onConflicts: (_projectId, conflicts) => opts.onConflicts(conflicts),
    onRestored: (writes) => {
      const mine = writes.filter((w) => w.projectId === opts.projectId);
      if (mine.length) opts.onRestored(mine.map((w) => ({ nodeId: w.nodeId, data: w.nodeData })));
    },
    onSaved: (_projectId, writes) => opts.onSaved(writes.map((w) => ({ nodeId: w.nodeId, data: w.nodeData }))),
    onRejected: (_projectId, _nodeIds, error) =>
      opts.onRejected(error instanceof ApiError ? `Autosave failed: ${error.status} ${error.message}` : "Autosave failed"),
  });

  const structure = new StructureSaver({
    storageKey: `reelgraph.structure.${opts.projectId}`,
    send: async (change: StructureChange) => {
      // Two channels, one order: a deleted node's last data write lands before its tombstone, never after.
      if (change.deletedNodeIds?.length) await buffer.settleNodes(opts.projectId, change.deletedNodeIds);
      try {
        await api("POST", `/api/projects/${opts.projectId}/structure`, { ...change, clientId: opts.clientId });
      } catch (err) {
        // A refusal (403 view-only, 400 bad data) will never succeed: drop it and say so; retry the rest.
        if (err instanceof ApiError && err.status >= 400 && err.status < 500 && err.status !== 408 && err.status !== 429) {
          opts.onRejected(`Autosave failed: ${err.status} ${err.message}`);
          return;
        }
        throw err;
      }
    },
    onStatus: (s) => report("structure", s),
  });

  const sync: CanvasSync & {
    restore(): Promise<void>;
    retryNow(): void;
    hasPending(): boolean;
    pendingStructure(): StructureChange[];
    flushAll(): Promise<void>;
    dispose(): void;
  } = {
    saveNodeData: (nodeId: string, data: NodeData, prevRev: number, o?: { immediate?: boolean }) =>
      buffer.queue(opts.projectId, nodeId, data, prevRev, o),
    saveStructure: (change: StructureChange, o?: { immediate?: boolean }) => {
      // A change is a good moment to retry writes that failed earlier (spec deviation: never dropped).
      if (states.data === "failed") buffer.retryNow();
      return structure.queueChange(change, o?.immediate);
    },
    restore: () => buffer.restore(),
    retryNow: () => {
      buffer.retryNow();
      structure.retryNow();
    },
    hasPending: () => buffer.hasPending() || structure.hasPending(),
    pendingStructure: () => structure.pendingChanges(),
    flushAll: async () => {
      await Promise.all([buffer.flushAll(), structure.flush()]);
    },
    dispose: () => {
      buffer.dispose();
      structure.dispose();
    },
  };
  return sync;
}
