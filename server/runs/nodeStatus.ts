/**
 * A run's marks on its node, the same for every kind: queued ('Preparing...' at 0 %, with the choices it
 * runs with), and settled by a failure or a cancel. Success is the kind's own write (its product).
 */
import { GENERATION_MESSAGES } from "../../domain/generation/api";
import type { RunDeps } from "./deps";
import type { AnyRunKind, RunRow } from "./kind";
import { runMessages } from "./messages";
import { patchNode, readNode, type StoredNode } from "./nodeWriter";

export async function markQueued(deps: RunDeps, kind: AnyRunKind, run: { id: string; projectId: string; nodeId: string }, fields: Record<string, unknown>, known?: StoredNode): Promise<void> {
  const message = kind.waitingMessage ?? GENERATION_MESSAGES.preparing;
  // Said first: a worker polling meanwhile may take the run at once, and its 'running' must come after.
  await deps.hub.publish(run.projectId, runMessages.queued(run, message));
  if (kind.onCanvas) {
    await patchNode(
      deps.db,
      deps.hub,
      run.projectId,
      run.nodeId,
      () => ({ status: "generating", isGenerating: true, generationId: run.id, error: null, generationProgress: { percent: 0, message }, ...fields }),
      kind.origin,
      known,
    );
  }
}

/** A failed run puts its message on its node; a cancelled one leaves the node as it was before the run. */
export async function markSettled(deps: RunDeps, kind: AnyRunKind, row: Pick<RunRow, "id" | "projectId" | "nodeId">, status: "failed" | "cancelled", message: string): Promise<void> {
  if (!kind.onCanvas) return;
  const node = await readNode(deps.db, row.projectId, row.nodeId);
  if (!node || node.data.generationId !== row.id) return;
  await patchNode(
    deps.db,
    deps.hub,
    row.projectId,
    row.nodeId,
    (current) =>
      status === "cancelled"
        ? { status: current.mediaUrl || current.content ? "completed" : "idle", isGenerating: false, generationProgress: null, error: null }
        : { status: "error", isGenerating: false, generationProgress: null, error: message, ...kind.failedFields?.(message) },
    kind.origin,
  );
}
