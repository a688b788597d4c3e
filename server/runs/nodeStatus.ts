/**
 * A run's marks on its node, the same for every kind: queued ('Preparing...' at 0 %, with the choices it
 * runs with), and settled by a failure or a cancel. Success is the kind's own write (its product).
 */
import type { SQL } from "drizzle-orm";
import { GENERATION_MESSAGES } from "../../domain/generation/api";
import type { RunDeps } from "./deps";
import type { AnyRunKind, RunRow } from "./kind";
import { runMessages } from "../../domain/realtime";
import { publishRun } from "./publishRun";
import { GENERATION_ORIGIN, patchNode, patchNodeAfter, readNode, type StoredNode } from "./nodeWriter";

/** A run's id with where it runs. */
export type RunOnNode = { id: string; projectId: string; nodeId: string; userId: string };

/** What a queued run puts on its node: 'Preparing...' at 0 %, with the choices it runs with. */
function queuedMark(kind: AnyRunKind, run: RunOnNode, fields: Record<string, unknown>): Record<string, unknown> {
  return {
    status: "generating",
    isGenerating: true,
    generationId: run.id,
    error: null,
    generationProgress: { percent: 0, message: kind.waitingMessage ?? GENERATION_MESSAGES.preparing },
    ...fields,
  };
}

/** Said before the run is recorded: a worker polling meanwhile may take it at once, and its 'running' must come after. */
function sayQueued(deps: RunDeps, kind: AnyRunKind, run: RunOnNode) {
  return publishRun(deps.hub, run, runMessages.queued(run, kind.waitingMessage ?? GENERATION_MESSAGES.preparing));
}

/**
 * Marks the node as running `run`; answers what the mark replaced (to put back if queueing then refuses) and
 * the node as written.
 */
export async function markQueued(
  deps: RunDeps,
  kind: AnyRunKind,
  run: RunOnNode,
  fields: Record<string, unknown>,
  known?: StoredNode,
): Promise<{ before: Record<string, unknown>; node: StoredNode | null }> {
  await sayQueued(deps, kind, run);
  let before: Record<string, unknown> = {};
  let node: StoredNode | null = null;
  if (kind.onCanvas) {
    const mark = queuedMark(kind, run, fields);
    node = await patchNode(
      deps.db,
      deps.hub,
      run.projectId,
      run.nodeId,
      (current) => {
        before = Object.fromEntries(Object.keys(mark).map((key) => [key, (current as Record<string, unknown>)[key]]));
        return mark;
      },
      kind.origin,
      known,
    );
  }
  return { before, node };
}

/**
 * The run recorded (`recording`, runRows.queueRunCall) and its node marked, in one statement: the mark is
 * written only if the run is, so a refusal leaves the node untouched. `recorded` is null when the node had
 * moved on since `known` was read: nothing was recorded, and the caller starts over with markQueued.
 */
export async function markQueuedWithRun(
  deps: RunDeps,
  kind: AnyRunKind,
  run: RunOnNode,
  fields: Record<string, unknown>,
  known: StoredNode,
  recording: SQL,
): Promise<{ node: StoredNode | null; recorded: Record<string, unknown> | null }> {
  await sayQueued(deps, kind, run);
  const written = await patchNodeAfter(
    deps.db,
    deps.hub,
    run.projectId,
    known,
    () => queuedMark(kind, run, fields),
    kind.origin ?? GENERATION_ORIGIN,
    recording,
  );
  return { node: written.node, recorded: written.gate };
}

/** A failed run puts its message on its node (or beside it, for kinds with failedFields); a cancelled one leaves the node as it was. */
export async function markSettled(
  deps: RunDeps,
  kind: AnyRunKind,
  row: Pick<RunRow, "id" | "projectId" | "nodeId">,
  status: "failed" | "cancelled",
  message: string,
): Promise<void> {
  if (!kind.onCanvas) return;
  const node = await readNode(deps.db, row.projectId, row.nodeId);
  if (!node || node.data.generationId !== row.id) return;
  await patchNode(
    deps.db,
    deps.hub,
    row.projectId,
    row.nodeId,
    (current) => {
      const asItWas = {
        status: (current.mediaUrl || current.content ? "completed" : "idle") as "completed" | "idle",
        isGenerating: false,
        generationProgress: null,
        error: null,
      };
      if (status === "cancelled") return asItWas;
      // A kind that keeps its failure beside the node's content (a tool that found nothing to act on) leaves
      // the node as it was; the others show the error on the node.
      const kept = kind.failedFields?.(message);
      return kept ? { ...asItWas, ...kept } : { status: "error", isGenerating: false, generationProgress: null, error: message };
    },
    kind.origin,
  );
}
