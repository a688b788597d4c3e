/**
 * The run engine's writes of its own rows, each one statement calling a plan-once database function
 * (drizzle/0010_run_engine.sql): queueing a run (node lock and busy check, backlog, credit hold, row),
 * claiming it (per-user limit and status), and settling it (status and capture or release). Before, these
 * were about twenty statements per run (bench:queue).
 */
import { and, eq, sql } from "drizzle-orm";
import { GENERATION_MESSAGES } from "../../domain/generation/api";
import { rowsOf, type Db } from "../db/client";
import { generations } from "../db/schema";
import { conflict, insufficientCredits, rateLimited } from "../errors";
import type { QueuedRun, RunRow } from "./kind";

export interface NewRun {
  id: string;
  userId: string;
  projectId: string;
  nodeId: string;
  kind: string;
  run: QueuedRun;
}

/**
 * Holds the credits and records the run inside the caller's transaction (which then queues its job):
 * 409 when the node runs already (with `onePerNode`), 429 past the user's backlog, 402 when short. The
 * caller's transaction rolls back on any of them, so nothing is left held.
 */
export async function insertQueuedRun(tx: Db, r: NewRun, opts: { onePerNode: boolean; backlog: number }): Promise<void> {
  const row = {
    id: r.id,
    user_id: r.userId,
    project_id: r.projectId,
    node_id: r.nodeId,
    kind: r.kind,
    model_id: r.run.modelId,
    request: r.run,
    reserved_credits: r.run.credits,
    own_key: r.run.ownKey,
    input_hash: r.run.inputHash,
  };
  const [answer] = rowsOf<{ outcome: string }>(await tx.execute(sql`select queue_run(${JSON.stringify(row)}::jsonb, ${opts.onePerNode}, ${opts.backlog}) as outcome`));
  if (answer?.outcome === "queued") return;
  if (answer?.outcome === "busy") throw conflict(GENERATION_MESSAGES.nodeBusy);
  if (answer?.outcome === "backlog") throw rateLimited(GENERATION_MESSAGES.tooManyWaiting);
  throw insufficientCredits();
}

/**
 * Takes a queued run for this worker: running, one attempt more, heartbeat now. Null when it is not
 * queued any more (another worker took it, or it was cancelled), "busy" when its user already runs as many
 * as allowed.
 */
export async function claimRun(db: Db, id: string, concurrency: number): Promise<RunRow | "busy" | null> {
  const [claimed] = await db
    .update(generations)
    .set({ status: "running", attempts: sql`${generations.attempts} + 1`, startedAt: sql`now()`, heartbeatAt: sql`now()` })
    .where(and(eq(generations.id, id), eq(generations.status, "queued"), sql`run_slot_free(${generations.userId}, ${concurrency})`))
    .returning();
  if (claimed) return claimed;
  const [still] = await db.select({ status: generations.status }).from(generations).where(eq(generations.id, id)).limit(1);
  return still?.status === "queued" ? "busy" : null;
}

/**
 * Settles a run: succeeded (its hold captured) or failed or cancelled (its hold released). Answers the
 * status it set, or null when another settle (a cancel, a success) won and moved the credits itself.
 */
export async function settleRun(db: Db, id: string, outcome: "succeeded" | "failed" | "cancelled", fields: { result?: Record<string, unknown>; error?: string | null }): Promise<string | null> {
  const [answer] = rowsOf<{ status: string | null }>(
    await db.execute(sql`select settle_run(${id}, ${outcome}, ${fields.result ? JSON.stringify(fields.result) : null}::jsonb, ${fields.error ?? null}) as status`),
  );
  return answer?.status ?? null;
}
