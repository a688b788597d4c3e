/**
 * The run engine's writes of its own rows, each one statement calling a plan-once database function
 * (drizzle/0010_run_engine.sql, 0016): queueing a run (node lock and busy check, backlog, credit hold, row,
 * and its start when a worker here is idle), claiming it (per-user limit and status), and settling it
 * (status and capture or release). Before, these were about twenty statements per run (bench:queue).
 */
import { and, eq, getTableColumns, sql, type SQL } from "drizzle-orm";
import type { NodeData } from "../../domain/canvas/node";
import { GENERATION_MESSAGES } from "../../domain/generation/api";
import { rowsOf, type Db } from "../db/client";
import { generations } from "../db/schema";
import { conflict, insufficientCredits, rateLimited } from "../errors";
import type { QueuedRun, RunRow } from "./kind";
import { type NodeForRun, type NodeForRunRow, nodeForRunOf, type StoredNode } from "./nodeWriter";

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
 *
 * With `startWithin` (the user's run limit; an idle worker of this process is waiting for the run), the run
 * starts in the same statement when nothing of the user's is queued ahead of it, their queue is not paused
 * and a slot is free: it is recorded running, as a claim would leave it, and returned, so the worker needs
 * no claim (drizzle/0016_run_starts_at_once.sql). Null when it was queued instead.
 */
export async function insertQueuedRun(
  tx: Db,
  r: NewRun,
  opts: { onePerNode: boolean; backlog: number; startWithin?: number },
): Promise<RunRow | null> {
  const [answer] = rowsOf<{ queued: unknown }>(await tx.execute(sql`select ${queueRunCall(r, opts)} as queued`));
  return queuedRunOf(r, answer?.queued);
}

/**
 * insertQueuedRun's statement as an expression, for a caller that runs it in a statement of its own (the
 * node's queued mark, written only when the run is recorded: nodeStatus.markQueuedWithRun). Its value has
 * `write: true` when the run was recorded; read it with `queuedRunOf`.
 */
export function queueRunCall(r: NewRun, opts: { onePerNode: boolean; backlog: number; startWithin?: number }): SQL {
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
  // A started row comes back without its request, which is `r.run` (queuedRunOf puts it back): it is the
  // row's largest value, and parsing it again cost more than the rest of the answer.
  return sql`(select q || jsonb_build_object('write', q->>'outcome' in ('queued', 'running'), 'row', (q->'row') - 'request')
    from queue_run(${JSON.stringify(row)}::jsonb, ${opts.onePerNode}, ${opts.backlog}, ${opts.startWithin ?? 0}) as q)`;
}

/** What `queueRunIfStands` answers when the node or its inputs moved on: nothing was recorded. */
const KNOWN_NODE_MOVED_ON = "known-node-moved-on";

/**
 * `queueRunCall`, asked only if the node is still at `known.rev` and its inputs are still `known.inputs`
 * ([[id, rev], ...]: knownNodes.ts). Otherwise nothing is recorded, and the gate answers the node as it is
 * now, as `node_for_run` reads it (`knownNodeMovedOn`): the start begins again from it with no read of its own.
 */
export function queueRunIfStands(
  r: NewRun,
  opts: Parameters<typeof queueRunCall>[1],
  known: { rev: number; inputs: [string, number][] },
): SQL {
  return sql`(case when known_node_stands(${r.projectId}, ${r.nodeId}, ${known.rev}, ${JSON.stringify(known.inputs)}::jsonb)
    then ${queueRunCall(r, opts)}
    else jsonb_build_object('outcome', ${KNOWN_NODE_MOVED_ON}::text, 'write', false,
      'node', (select to_jsonb(f) from node_for_run(${r.projectId}, ${r.nodeId}) as f)) end)`;
}

/**
 * The node as it is now when a gate of `queueRunIfStands` found it or its inputs changed (null: it is
 * gone); undefined when they stood.
 */
export function knownNodeMovedOn(r: NewRun, gate: Record<string, unknown>): NodeForRun | null | undefined {
  if (gate.outcome !== KNOWN_NODE_MOVED_ON) return undefined;
  return gate.node ? nodeForRunOf(r.nodeId, gate.node as NodeForRunRow) : null;
}

/** What queueing `r` answered: the started row, null when queued, or the refusal (409, 429, 402) thrown. */
export function queuedRunOf(r: NewRun, value: unknown): RunRow | null {
  const queued = (typeof value === "string" ? JSON.parse(value) : value) as { outcome: string; row?: Record<string, unknown> } | null;
  if (queued?.outcome === "running") return runRowOf({ ...queued.row, request: r.run });
  if (queued?.outcome === "queued") return null;
  if (queued?.outcome === "busy") throw conflict(GENERATION_MESSAGES.nodeBusy);
  if (queued?.outcome === "backlog") throw rateLimited(GENERATION_MESSAGES.tooManyWaiting);
  throw insufficientCredits();
}

/** A `generations` row as `to_jsonb` gives it (column names, timestamps as text), read as drizzle reads one. */
function runRowOf(json: Record<string, unknown>): RunRow {
  const row: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(getTableColumns(generations))) {
    const value = json[column.name];
    row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return row as RunRow;
}

/**
 * A queue job is a token, not a run: the worker holding one for run X of user U starts U's
 * first queued run in U's order (`queue_position`), unless U's queue is paused or U already runs as many as
 * allowed. Each queued run has one job, so every run still gets its turn; pg-boss's order between users is
 * untouched, so one user's long queue does not hold another's run back. `SKIP LOCKED` keeps two workers
 * from taking the same run. Answers the claimed run (running, one attempt more, heartbeat now); "busy" when
 * U has queued runs that cannot start yet (the token comes back later); null when there is nothing to start
 * (all taken, cancelled, or U paused: resuming hands out tokens again, userQueue.ts).
 *
 * The claimed run comes with its node as it is now (null for a run not on a canvas node, or inside a
 * subgraph), read in the same statement: a kind's result write starts from it (nodeWriter.patchNode's
 * `known`) instead of reading the node again, and its revision check catches any change made meanwhile.
 */
export async function claimNextRun(
  db: Db,
  tokenRunId: string,
  concurrency: number,
): Promise<{ row: RunRow; node: StoredNode | null } | "busy" | null> {
  const owner = sql`(select t.user_id from generations t where t.id = ${tokenRunId})`;
  const notPaused = sql`not exists (select 1 from run_queues q where q.user_id = ${owner} and q.paused)`;
  const [claimed] = await db
    .update(generations)
    .set({ status: "running", attempts: sql`${generations.attempts} + 1`, startedAt: sql`now()`, heartbeatAt: sql`now()` })
    .where(
      and(
        sql`${generations.id} = (select n.id from generations n where n.user_id = ${owner} and n.status = 'queued' and ${notPaused}
          order by n.queue_position, n.created_at limit 1 for update skip locked)`,
        eq(generations.status, "queued"),
        sql`run_slot_free(${generations.userId}, ${concurrency})`,
      ),
    )
    .returning({
      ...getTableColumns(generations),
      claimedNode: sql<unknown>`(select jsonb_build_object('rev', n.rev, 'data', n.data, 'x', n.x, 'y', n.y) from nodes n
        where n.project_id = generations.project_id and n.id = generations.node_id and n.deleted = false)`,
    });
  if (claimed) {
    const { claimedNode, ...row } = claimed;
    return { row, node: storedNodeOf(row.nodeId, claimedNode) };
  }
  const [waiting] = rowsOf<{ waiting: boolean }>(
    await db.execute(
      sql`select exists (select 1 from generations n where n.user_id = ${owner} and n.status = 'queued') and ${notPaused} as waiting`,
    ),
  );
  return waiting?.waiting ? "busy" : null;
}

function storedNodeOf(id: string, raw: unknown): StoredNode | null {
  const found = (typeof raw === "string" ? JSON.parse(raw) : raw) as { rev: number | string; data: NodeData; x: number; y: number } | null;
  return found && { id, rev: Number(found.rev), data: found.data, position: { x: Number(found.x), y: Number(found.y) } };
}

/**
 * Settles a run: succeeded (its hold captured) or failed or cancelled (its hold released). Answers the
 * status it set, or null when another settle (a cancel, a success) won and moved the credits itself.
 */
export async function settleRun(
  db: Db,
  id: string,
  outcome: "succeeded" | "failed" | "cancelled",
  fields: { result?: Record<string, unknown>; error?: string | null },
): Promise<string | null> {
  const [answer] = rowsOf<{ status: string | null }>(await db.execute(sql`select ${settleRunCall(id, outcome, fields)} as status`));
  return answer?.status ?? null;
}

/** The `settle_run` call (drizzle/0010_run_engine.sql) for settleRun and settleRunAsking. */
function settleRunCall(
  id: string,
  outcome: "succeeded" | "failed" | "cancelled",
  fields: { result?: Record<string, unknown>; error?: string | null },
): SQL {
  return sql`settle_run(${id}, ${outcome}, ${fields.result ? JSON.stringify(fields.result) : null}::jsonb, ${fields.error ?? null})`;
}

/** A success settled with its listeners' questions answered: the status set (null when another settle won), each answer. */
export interface SettledAsking {
  status: string | null;
  answers: unknown[];
}

/**
 * A success's settle (as settleRun) with questions answered in the same statement (the success listeners',
 * runner.ts). `expression` goes beside another write (a node's result, nodeWriter.patchNodeAlong) and its
 * value is then `read`; `run` runs it alone.
 */
export function settleRunAsking(
  id: string,
  result: Record<string, unknown>,
  questions: (SQL | null)[],
  /** Another write of the run's that goes with its settle (its products' media rows, mediaService.recordMediaCall). */
  alsoWrite: SQL | null = null,
): { expression: SQL; read(value: unknown): SettledAsking; run(db: Db): Promise<SettledAsking> } {
  const settle = settleRunCall(id, "succeeded", { result, error: null });
  const parts = [settle, ...questions.map((q) => q ?? sql`null`), ...(alsoWrite ? [alsoWrite] : [])];
  const expression = sql`jsonb_build_array(${sql.join(parts, sql`, `)})`;
  const read = (value: unknown): SettledAsking => {
    const [status = null, ...rest] = ((typeof value === "string" ? JSON.parse(value) : value) ?? []) as unknown[];
    return { status: (status as string | null) ?? null, answers: rest.slice(0, questions.length) };
  };
  return {
    expression,
    read,
    run: async (db) => read(rowsOf<{ settled: unknown }>(await db.execute(sql`select ${expression} as settled`))[0]?.settled),
  };
}
