/**
 * Retry of a failed node of a graph run: the node and the downstream its failure stopped go back into
 * their chain as waiting rows, so the graph carries on from there as if it had not failed: the node is
 * prepared from the canvas as it is now and queued, and what it stopped runs once it succeeds (or is
 * stopped again if it fails again). Nodes of the chain that succeeded are not run again.
 */
import { randomUUID } from "node:crypto";
import { asc, eq, sql } from "drizzle-orm";
import { GENERATION_MESSAGES } from "../../domain/generation/api";
import { QUEUE_MESSAGES } from "../../domain/runs/queue";
import { generations } from "../db/schema";
import { conflict } from "../errors";
import type { RunDeps } from "./deps";
import type { RunEngine } from "./engine";
import { advanceGraph } from "./graphRun";
import type { RunRow } from "./kind";
import { patchNode } from "./nodeWriter";

const SUCCESS = ["succeeded", "cached"];
const STOPPED = ["failed", "cancelled"];

/** The nodes a row waited for, if it never got past waiting (its request is still `{ needs }`). */
const waitedFor = (row: RunRow): string[] | null => {
  const needs = (row.request as { needs?: unknown }).needs;
  return row.startedAt === null && Array.isArray(needs) ? (needs as string[]) : null;
};

/** Puts `failed` (a failed or cancelled run of a graph run) and the downstream it stopped back in its chain; answers the node's new run. */
export async function retryInGraph<D extends RunDeps>(engine: RunEngine<D>, failed: RunRow): Promise<string> {
  const { db } = engine.deps;
  const chainId = failed.chainId!;
  const retryId = randomUUID();
  const revived = await db.transaction(async (tx) => {
    // Two retries of one run at once: the second waits here and finds the node's newer row.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${"chain:" + chainId}))`);
    const chain = await tx.select().from(generations).where(eq(generations.chainId, chainId)).orderBy(asc(generations.chainIndex));
    // A node may have several rows in its chain (retried before): its last one says where it stands.
    const latest = new Map(chain.map((r) => [r.nodeId, r]));
    const current = latest.get(failed.nodeId);
    if (current?.id !== failed.id) {
      throw conflict(
        current && !STOPPED.includes(current.status) && !SUCCESS.includes(current.status)
          ? GENERATION_MESSAGES.nodeBusy
          : QUEUE_MESSAGES.notRetryable,
      );
    }
    const succeeded = new Set([...latest.values()].filter((r) => SUCCESS.includes(r.status)).map((r) => r.nodeId));
    // Downstream rows stopped before they started, taken back when everything they wait for has succeeded
    // or is taken back too (a node also stopped by another failure stays stopped).
    const back = new Set([failed.nodeId]);
    const downstream: RunRow[] = [];
    for (let grew = true; grew; ) {
      grew = false;
      for (const row of latest.values()) {
        const needs = waitedFor(row);
        if (back.has(row.nodeId) || !STOPPED.includes(row.status) || !needs) continue;
        if (needs.some((n) => back.has(n)) && needs.every((n) => back.has(n) || succeeded.has(n))) {
          back.add(row.nodeId);
          downstream.push(row);
          grew = true;
        }
      }
    }
    await engine.checkBacklog(failed.userId, 1 + downstream.length, tx);
    const nextIndex = Math.max(...chain.map((r) => r.chainIndex)) + 1;
    // The node waits for nothing (its inputs succeeded, or it could not have been queued); the others for what they waited for.
    const rows = [
      { row: failed, id: retryId, needs: [] as string[] },
      ...downstream.map((row) => ({ row, id: randomUUID(), needs: waitedFor(row)! })),
    ];
    await tx.insert(generations).values(
      rows.map(({ row, id, needs }, i) => ({
        id,
        projectId: row.projectId,
        nodeId: row.nodeId,
        userId: row.userId,
        modelId: row.modelId,
        kind: row.kind,
        status: "waiting",
        request: { needs },
        inputHash: "",
        chainId,
        chainIndex: nextIndex + i,
      })),
    );
    return downstream;
  });
  // The stopped nodes no longer say their input failed: they wait for it again.
  for (const row of revived) {
    const kind = engine.kinds.of(row);
    if (!kind.onCanvas) continue;
    await patchNode(
      db,
      engine.deps.hub,
      row.projectId,
      row.nodeId,
      (data) =>
        data.status === "error" && data.error === row.error
          ? { status: data.mediaUrl || data.content ? "completed" : "idle", error: null, isGenerating: false, generationProgress: null }
          : {},
      kind.origin,
    ).catch(() => null);
  }
  await advanceGraph(engine, { chainId, nodeId: "", projectId: failed.projectId, userId: failed.userId, status: "succeeded" });
  return retryId;
}
