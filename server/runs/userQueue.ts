/**
 * A user's queue as they steer it: their runs across projects, paused or not, in their order.
 * The order is each run's `queue_position` (a new run takes the next value of a sequence, so it goes last);
 * moving a run hands the waiting runs' existing places out again in the new order. Pause is a row of
 * `run_queues`. Both live in the database, so they survive a restart, and the workers read them when they
 * claim (runRows.claimNextRun): a paused user's queued runs wait, running ones finish.
 */
import { and, asc, desc, eq, inArray, notInArray, sql } from "drizzle-orm";
import { ACTIVE_GENERATION_STATUSES, GENERATION_MESSAGES } from "../../domain/generation/api";
import { QUEUE_MESSAGES, WAITING_RUN_STATUSES, type QueueRun, type RunPatchBody } from "../../domain/runs/queue";
import type { Db } from "../db/client";
import { generations, nodes, projects, runQueues, user } from "../db/schema";
import { badRequest, conflict, notFound } from "../errors";
import { authorizeRunSteering } from "../policies/runPolicy";
import type { RunDeps } from "./deps";
import type { RunEngine } from "./engine";
import type { QueuedRun, RunRow } from "./kind";
import { queueMessages } from "../../domain/realtime";
import { readNode } from "./nodeWriter";
import { retryInGraph } from "./graphRetry";

/** Finished runs the panel shows besides the active ones. */
const FINISHED_SHOWN = 40;

const isPrepared = (request: unknown): request is QueuedRun =>
  typeof request === "object" &&
  request !== null &&
  typeof (request as QueuedRun).modelId === "string" &&
  typeof (request as QueuedRun).inputHash === "string";

export class UserQueue<D extends RunDeps = RunDeps> {
  constructor(private readonly engine: RunEngine<D>) {}

  private get db(): Db {
    return this.engine.deps.db;
  }

  async isPaused(userId: string): Promise<boolean> {
    const [row] = await this.db.select({ paused: runQueues.paused }).from(runQueues).where(eq(runQueues.userId, userId)).limit(1);
    return row?.paused ?? false;
  }

  /** Running first, then waiting in the order they will start, then the latest finished, newest first. */
  async list(userId: string): Promise<{ paused: boolean; runs: QueueRun[] }> {
    const select = () =>
      this.db
        .select({ g: generations, projectName: projects.name, nodeData: nodes.data, userName: user.name })
        .from(generations)
        .innerJoin(projects, eq(projects.id, generations.projectId))
        .innerJoin(user, eq(user.id, generations.userId))
        .leftJoin(nodes, and(eq(nodes.projectId, generations.projectId), eq(nodes.id, generations.nodeId)));
    const [paused, active, finished] = await Promise.all([
      this.isPaused(userId),
      select()
        .where(and(eq(generations.userId, userId), inArray(generations.status, [...ACTIVE_GENERATION_STATUSES])))
        .orderBy(asc(generations.queuePosition), asc(generations.createdAt)),
      select()
        .where(and(eq(generations.userId, userId), notInArray(generations.status, [...ACTIVE_GENERATION_STATUSES])))
        .orderBy(desc(sql`coalesce(${generations.finishedAt}, ${generations.createdAt})`))
        .limit(FINISHED_SHOWN),
    ]);
    const running = active.filter((r) => r.g.status === "running");
    const waiting = active.filter((r) => r.g.status !== "running");
    return {
      paused,
      runs: [...running, ...waiting, ...finished].map(({ g, projectName, nodeData, userName }) => {
        const names = this.engine.kinds.of(g).describe(g, (nodeData as { title?: string } | null)?.title);
        return {
          id: g.id,
          projectId: g.projectId,
          projectName,
          nodeId: g.nodeId,
          nodeTitle: names.title,
          modelId: g.modelId,
          modelName: names.modelName,
          status: g.status as QueueRun["status"],
          progress: g.progress,
          credits: g.reservedCredits,
          error: g.error,
          chainId: g.chainId,
          createdAt: g.createdAt.toISOString(),
          startedAt: g.startedAt?.toISOString() ?? null,
          finishedAt: g.finishedAt?.toISOString() ?? null,
          userName,
        };
      }),
    };
  }

  /** Waiting runs stay waiting until `resume`; running ones finish. */
  async pause(userId: string): Promise<void> {
    await this.setPaused(userId, true);
    await this.changed(userId);
  }

  /**
   * Hands out one job per queued run again: the jobs workers took while the queue was paused were dropped
   * (a job is a token of its user's queue, runRows.claimNextRun), and a spare one finds nothing and ends.
   */
  async resume(userId: string): Promise<void> {
    await this.setPaused(userId, false);
    const queued = await this.db
      .select({ id: generations.id })
      .from(generations)
      .where(and(eq(generations.userId, userId), eq(generations.status, "queued")))
      .orderBy(asc(generations.queuePosition));
    for (const run of queued) await this.engine.deps.queue.send({ generationId: run.id });
    await this.changed(userId);
  }

  private async setPaused(userId: string, paused: boolean): Promise<void> {
    await this.db
      .insert(runQueues)
      .values({ userId, paused })
      .onConflictDoUpdate({ target: runQueues.userId, set: { paused, updatedAt: sql`now()` } });
  }

  /** `PATCH /api/runs/:id`: move, run next or retry. Answers the run id that now stands for it (a retry's new run). */
  async patch(userId: string, runId: string, body: RunPatchBody): Promise<string> {
    const run = await this.runOrThrow(runId);
    await authorizeRunSteering(this.db, userId, run);
    if ("position" in body) await this.move(run, body.position);
    else if (body.action === "run-next") await this.move(run, 0);
    else return this.retry(run);
    return runId;
  }

  /**
   * Moves a waiting run to `position` among its user's waiting runs (past the end: last). Under the user's
   * queue lock, the waiting runs' places are handed out again in the new order, so a run queued meanwhile
   * (a newer sequence value) still comes last, and a claim never sees half an order.
   */
  private async move(run: RunRow, position: number): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${"queue:" + run.userId}))`);
      const waiting = await tx
        .select({ id: generations.id, place: generations.queuePosition })
        .from(generations)
        .where(and(eq(generations.userId, run.userId), inArray(generations.status, [...WAITING_RUN_STATUSES])))
        .orderBy(asc(generations.queuePosition), asc(generations.createdAt))
        .for("update");
      const from = waiting.findIndex((w) => w.id === run.id);
      if (from < 0) throw conflict(QUEUE_MESSAGES.notWaiting);
      const order = waiting.map((w) => w.id);
      order.splice(from, 1);
      order.splice(Math.min(position, order.length), 0, run.id);
      for (const [i, id] of order.entries()) {
        if (waiting[i]!.id !== id) await tx.update(generations).set({ queuePosition: waiting[i]!.place }).where(eq(generations.id, id));
      }
    });
    await this.changed(run.userId);
  }

  /**
   * Queues a failed or cancelled run again as a new run (its own hold, charged once when it succeeds; the
   * old one's hold was released when it failed). A canvas run is prepared again from its node as it is now,
   * as pressing Run would; a kind that cannot read its step from the node runs what it had prepared. A node
   * of a graph run is retried inside its graph (graphRetry.ts), so the downstream it stopped runs after it.
   */
  private async retry(run: RunRow): Promise<string> {
    if (run.status !== "failed" && run.status !== "cancelled") throw conflict(QUEUE_MESSAGES.notRetryable);
    const kind = this.engine.kinds.of(run);
    // A node of a graph run goes back into its graph, with the downstream its failure stopped.
    if (run.chainId && kind.onCanvas) return retryInGraph(this.engine, run);
    const target = { userId: run.userId, projectId: run.projectId, nodeId: run.nodeId };
    if (kind.onCanvas) {
      const node = await readNode(this.db, run.projectId, run.nodeId);
      if (!node) throw notFound(GENERATION_MESSAGES.nodeNotFound);
      const step = kind.chainStep?.(node.data);
      if (step) return this.engine.start(kind, target, step.input, { node });
      if (isPrepared(run.request)) return this.engine.start(kind, target, undefined, { node, prepared: run.request });
    } else if (isPrepared(run.request)) {
      return this.engine.start(kind, target, undefined, { prepared: run.request });
    }
    throw badRequest(QUEUE_MESSAGES.cannotRetry);
  }

  /** Cancels every run of the user that has not started (their holds released); answers how many and the credits returned. */
  async cancelWaiting(userId: string): Promise<{ cancelled: number; credits: number }> {
    const waiting = await this.db
      .select()
      .from(generations)
      .where(and(eq(generations.userId, userId), inArray(generations.status, [...WAITING_RUN_STATUSES])))
      .orderBy(desc(generations.queuePosition));
    let cancelled = 0;
    let credits = 0;
    for (const run of waiting) {
      if (!(await this.engine.cancelRow(run))) continue;
      cancelled += 1;
      credits += run.reservedCredits;
    }
    await this.changed(userId);
    return { cancelled, credits };
  }

  private async runOrThrow(runId: string): Promise<RunRow> {
    const [run] = await this.db.select().from(generations).where(eq(generations.id, runId)).limit(1);
    if (!run) throw notFound("Run not found");
    return run;
  }

  private changed(userId: string): Promise<void> {
    return this.engine.deps.hub.notifyUser(userId, queueMessages.changed());
  }
}
