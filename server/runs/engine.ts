/**
 * The run engine: one entry to start a run of any registered kind (hold its credits, record it, queue it,
 * mark its node), advancing graph runs (graphRun.ts), cancel, waiting for a run to
 * settle, and recovery after a crash. The runner (runner.ts) runs what the queue hands out.
 */
import { randomUUID } from "node:crypto";
import { and, eq, inArray, lt, sql } from "drizzle-orm";
import { parseInnerAddress } from "../../domain/runs/expandSubgraphs";
import { ACTIVE_GENERATION_STATUSES, GENERATION_MESSAGES, isActiveGeneration } from "../../domain/generation/api";
import type { Db } from "../db/client";
import { generations } from "../db/schema";
import { conflict, notFound, rateLimited } from "../errors";
import { authorizeEach, authorizeProject } from "../policies/projectPolicy";
import { releaseCredits } from "./credits";
import type { RunDeps } from "./deps";
import type { AnyRunKind, QueuedRun, RunKind, RunRow } from "./kind";
import { runMessages } from "../../domain/realtime";
import { publishRun } from "./publishRun";
import { insertQueuedRun, knownNodeMovedOn, queueRunCall, queueRunIfStands, queuedRunOf } from "./runRows";
import { markQueued, markQueuedWithRun, markSettled, type RunOnNode } from "./nodeStatus";
import { advanceGraph } from "./graphRun";
import { type NodeForRun, type NodeInputs, nodeRunsAlready, patchNode, readNodeForRun, type StoredNode } from "./nodeWriter";
import { type KnownNode, KnownNodes } from "./knownNodes";
import type { RunKindRegistry } from "./registry";
import { HEARTBEAT_MS, RunRunner } from "./runner";

/** A running run whose heartbeat is older than this lost its worker. */
const STALE_AFTER_MS = HEARTBEAT_MS * 6;
/** A run is tried at most this many times (the first run and one resume after a crash). */
const MAX_ATTEMPTS = 2;
const WAIT_POLL_MS = 1_000;
/** Runs started here that `waitFor` remembers the project of. */
const STARTED_HERE_KEPT = 500;

/**
 * A start from a known node that recorded and held nothing (the node or its inputs had moved on), with the
 * node as it is now when the statement that found so read it (null: gone), to start again from.
 */
type StartAgain = { again: true; read?: NodeForRun | null };
type Recorded = { started: RunRow | null; node: StoredNode | null } | StartAgain;
/** Where a start takes its node from: the known copy, the node as just read, or (null) a read of its own. */
type StartFrom = { known: KnownNode } | { read: NodeForRun | null } | null;

/** Where a run runs: whose it is, and on which node (a `detached:` id for a kind not on the canvas). */
export interface RunTarget {
  userId: string;
  projectId: string;
  nodeId: string;
}

export class RunEngine<D extends RunDeps = RunDeps> {
  readonly runner: RunRunner<D>;
  /** Runs started by this process lately, with their project (`waitFor` needs no read to know it). */
  private readonly startedHere = new Map<string, string>();
  /** Nodes as their last run here left them, kept up with the edits heard: the next run of one starts without reading it. */
  private readonly known = new KnownNodes((projectId, listener) => this.deps.hub.listen(projectId, listener));

  constructor(
    readonly deps: D,
    readonly kinds: RunKindRegistry<D>,
  ) {
    this.runner = new RunRunner(deps, kinds, this.known);
    this.runner.onSettled = (row) => this.advanceChain(row);
  }

  /**
   * Starts one run of `kind`: prepared (4xx before anything is held), then held, recorded and queued in one
   * transaction, and its node marked queued. With one run per node (the default for canvas kinds), two
   * requests for the same node (a double click, two tabs) queue one: the second answers 409 holding nothing.
   * `given.prepared` runs again what an earlier run prepared (a retry of a kind that cannot prepare from its
   * node), held and charged as a new run. A node this process's last run of it left as it is (knownNodes.ts)
   * is not read first; if it or its inputs changed since, nothing is recorded and the run starts again from
   * the node as the statement that found so answers it.
   */
  async start<I, P extends QueuedRun>(
    kind: RunKind<D, I, P>,
    target: RunTarget,
    input: I,
    given?: { node?: StoredNode; prepared?: P },
  ): Promise<string> {
    const { userId, projectId, nodeId } = target;
    await this.authorizeStart(userId, projectId);
    const generationId = randomUUID();
    const known = this.knownStart(kind, target, given);
    const again = await this.startOnce(kind, target, input, generationId, given, known && { known });
    if (again) {
      this.known.forget(projectId, nodeId);
      await this.startOnce(kind, target, input, generationId, given, again.read === undefined ? null : { read: again.read });
    }
    return generationId;
  }

  /**
   * The node as this process's last run of it left it, for a start that may use it: a whole node on the
   * canvas, one run per node (queue_run's check under the node's lock stands in for the early 409), and a
   * worker here idle to take the run, as only the one-statement start checks the inputs as well.
   */
  private knownStart(kind: AnyRunKind<D>, target: RunTarget, given: { node?: StoredNode; prepared?: QueuedRun } | undefined) {
    if (given || !kind.onCanvas || kind.onePerNode === false || parseInnerAddress(target.nodeId)) return null;
    const known = this.known.get(target.projectId, target.nodeId);
    return known && this.deps.queue.hasIdleWorker() ? known : null;
  }

  /** `start` from `from`; answers how to start again when the known node had moved on (nothing recorded or held). */
  private async startOnce<I, P extends QueuedRun>(
    kind: RunKind<D, I, P>,
    target: RunTarget,
    input: I,
    generationId: string,
    given: { node?: StoredNode; prepared?: P } | undefined,
    from: StartFrom,
  ): Promise<StartAgain | null> {
    const { userId, projectId, nodeId } = target;
    const onePerNode = kind.onePerNode ?? kind.onCanvas;
    // Early answer before preparing; queue_run checks again under the node's lock, where it counts.
    const known = from && "known" in from ? from.known : null;
    const { node, upstream } =
      known ??
      (kind.onCanvas
        ? await this.startingNode(projectId, nodeId, onePerNode, given?.node, from && "read" in from ? from.read : undefined)
        : { node: { id: nodeId, rev: 0, data: {}, position: { x: 0, y: 0 } }, upstream: undefined });
    if (!kind.onCanvas && onePerNode && (await nodeRunsAlready(this.deps.db, projectId, nodeId)))
      throw conflict(GENERATION_MESSAGES.nodeBusy);
    let run: P;
    try {
      run = given?.prepared ?? (await kind.prepare({ deps: this.deps, userId, projectId, node, upstream }, input));
    } catch (err) {
      if (known) return { again: true }; // refused for what the copy says (an input connected since, say): asked again from a read
      throw err;
    }
    const fields = given?.prepared ? {} : (kind.queuedFields?.(run, input) ?? {});
    // An idle worker of this process takes the run as soon as it is recorded, with no job (queue.ts hand-off),
    // and with no claim either when recording it could start it (runRows.insertQueuedRun `startWithin`).
    const handOff = this.deps.queue.takeIdleWorker();
    if (known && !handOff) return { again: true }; // the worker seen idle was taken meanwhile
    let recorded: Recorded;
    try {
      recorded = await this.record(
        kind,
        { id: generationId, ...target },
        run,
        fields,
        node,
        onePerNode,
        handOff ? this.deps.perUserConcurrency : null,
        known && { rev: known.node.rev, inputs: known.inputs },
      );
    } catch (err) {
      handOff?.release();
      throw err;
    }
    if ("again" in recorded) {
      handOff?.release();
      return recorded;
    }
    this.startedHere.set(generationId, projectId);
    if (this.startedHere.size > STARTED_HERE_KEPT) this.startedHere.delete(this.startedHere.keys().next().value!);
    const { started } = recorded;
    // As a claim reads it: the node row itself, none for a node inside a subgraph (its kind reads it).
    const startedNode = recorded.node && !parseInnerAddress(nodeId) ? recorded.node : null;
    if (kind.onCanvas && onePerNode) this.known.started(projectId, startedNode, upstream);
    if (handOff && started) handOff.runStarted(() => this.runner.runClaimed(started, startedNode));
    else if (handOff) handOff.run({ generationId });
    else await this.deps.queue.wake();
    return null;
  }

  /**
   * Records the run (its checks, hold and row: runRows.ts) and marks its node queued. With a worker of this
   * process waiting (`startWithin`, the user's run limit) the run needs no job, so recording it is one
   * statement, which may start it (the started row is answered) and, for a node on the canvas, writes its
   * mark too, only if the run is recorded. Otherwise the node is marked first and the run recorded with its
   * job in one transaction. With `known` (the node's revision and inputs as known, not read: knownNodes.ts)
   * only the one statement is tried, and it records nothing unless the node and its inputs are as known
   * (answering the node as it is now, to start again from).
   */
  private async record(
    kind: AnyRunKind<D>,
    run: RunOnNode,
    prepared: QueuedRun,
    fields: Record<string, unknown>,
    node: StoredNode,
    onePerNode: boolean,
    startWithin: number | null,
    known: { rev: number; inputs: [string, number][] } | null,
  ): Promise<Recorded> {
    const row = { ...run, kind: kind.id, run: prepared };
    const rules = { onePerNode, backlog: this.deps.perUserBacklog };
    let from: StoredNode | undefined = node;
    if (kind.onCanvas && startWithin !== null && !parseInnerAddress(run.nodeId)) {
      const recording = known ? queueRunIfStands(row, { ...rules, startWithin }, known) : queueRunCall(row, { ...rules, startWithin });
      const marked = await markQueuedWithRun(this.deps, kind, run, fields, node, recording);
      const now = marked.recorded ? knownNodeMovedOn(row, marked.recorded) : undefined;
      if (now !== undefined) return { again: true, read: now };
      if (marked.recorded) return { started: queuedRunOf(row, marked.recorded), node: marked.node };
      if (known) return { again: true }; // the node moved on after the check, before its mark: nothing stands
      from = undefined; // the node moved on since it was read: nothing was recorded; again from the node as it is now
    }
    // The node is marked before the job is queued: a worker may take the job the moment it commits, and a run
    // that fails at once settles the node only if the node already names it; marked afterwards, it would stay
    // 'generating'. If queueing refuses (402, 409, 429), the node gets back what the mark changed.
    const marked = kind.onCanvas ? await markQueued(this.deps, kind, run, fields, from) : null;
    try {
      if (startWithin !== null)
        return { started: await insertQueuedRun(this.deps.db, row, { ...rules, startWithin }), node: marked?.node ?? null };
      await this.deps.db.transaction(async (tx) => {
        await insertQueuedRun(tx, row, rules);
        await this.deps.queue.sendInTransaction(tx, { generationId: run.id });
      });
      return { started: null, node: marked?.node ?? null };
    } catch (err) {
      if (marked)
        await patchNode(
          this.deps.db,
          this.deps.hub,
          run.projectId,
          run.nodeId,
          (current) => (current.generationId === run.id ? marked.before : {}),
          kind.origin,
        );
      throw err;
    }
  }

  /** After a run settles: the next nodes of its graph run, if it belongs to one (graphRun.ts). */
  advanceChain(settled: Pick<RunRow, "chainId" | "nodeId" | "projectId" | "userId" | "status">): Promise<void> {
    return advanceGraph(this, settled);
  }

  /**
   * The policy's edit check, with the few seconds' memory the autosave uses (projectPolicy.ts `recent`):
   * asking cost every run a planned query (bench:queue). On this process a change of sharing is seen at
   * once; on another process sharing the database, a member just removed may still start a run for up to
   * those seconds, charged to themselves.
   */
  private async authorizeStart(userId: string, projectId: string): Promise<void> {
    const [verdict] = await authorizeEach(this.deps.db, [{ userId, projectId, action: "edit" }], { recent: true });
    if (verdict instanceof Error) throw verdict;
  }

  /**
   * The node a canvas run starts from, with its inputs when read together (404 when gone), refused with 409
   * when one run per node and it runs already.
   */
  private async startingNode(
    projectId: string,
    nodeId: string,
    onePerNode: boolean,
    given?: StoredNode,
    /** The node as a statement of this start just read it (null: gone): not read again. */
    read?: NodeForRun | null,
  ): Promise<{ node: StoredNode; upstream?: NodeInputs }> {
    if (given) {
      if (onePerNode && (await nodeRunsAlready(this.deps.db, projectId, nodeId))) throw conflict(GENERATION_MESSAGES.nodeBusy);
      return { node: given };
    }
    const found = read !== undefined ? read : await readNodeForRun(this.deps.db, projectId, nodeId);
    if (!found) throw notFound(GENERATION_MESSAGES.nodeNotFound);
    if (onePerNode && found.busy) throw conflict(GENERATION_MESSAGES.nodeBusy);
    return found;
  }

  /** 429 when `adding` more runs would take the user past their backlog (asked in `db`, a transaction's own if inside one). */
  async checkBacklog(userId: string, adding = 1, db: Db = this.deps.db) {
    const [{ count }] = (await db
      .select({ count: sql<number>`count(*)::int` })
      .from(generations)
      .where(and(eq(generations.userId, userId), inArray(generations.status, [...ACTIVE_GENERATION_STATUSES])))) as [{ count: number }];
    if (count + adding > this.deps.perUserBacklog) throw rateLimited(GENERATION_MESSAGES.tooManyWaiting);
  }

  /** Cancels a waiting, queued or running run; its hold is released once. */
  async cancel(userId: string, generationId: string): Promise<void> {
    const { db } = this.deps;
    const [row] = await db.select().from(generations).where(eq(generations.id, generationId)).limit(1);
    if (!row) throw notFound("Generation not found");
    await authorizeProject(db, userId, row.projectId, "edit");
    await this.cancelRow(row);
  }

  /** Cancels a run the caller may cancel (asked already): its hold released once, its node and chain told. True when this cancel won. */
  async cancelRow(row: RunRow): Promise<boolean> {
    const { db } = this.deps;
    const generationId = row.id;
    const [won] = await db
      .update(generations)
      .set({ status: "cancelled", error: GENERATION_MESSAGES.cancelled, finishedAt: sql`now()` })
      .where(and(eq(generations.id, generationId), inArray(generations.status, [...ACTIVE_GENERATION_STATUSES])))
      .returning();
    if (!won) return false;
    await releaseCredits(db, row.userId, row.id, row.reservedCredits);
    // A run in this process stops now; one in another process stops at its next heartbeat.
    this.runner.abortLocal(generationId);
    this.known.forget(row.projectId, row.nodeId);
    if (row.status !== "waiting") await markSettled(this.deps, this.kinds.of(row), row, "cancelled", GENERATION_MESSAGES.cancelled);
    await publishRun(this.deps.hub, row, runMessages.cancelled(row, GENERATION_MESSAGES.cancelled));
    await this.advanceChain({ ...row, status: "cancelled" });
    return true;
  }

  /**
   * Resolves when the run settles (execute-node with `wait: true`). A run this process settles is answered
   * from the settle itself, with no read (bench:queue: two reads a run before). Otherwise woken by the
   * project's realtime messages (which the relay brings from other processes too); a slow poll covers a
   * missed message.
   */
  async waitFor(generationId: string, timeoutMs = 15 * 60_000): Promise<RunRow> {
    const settledHere = this.runner.settledHere(generationId);
    if (settledHere) return settledHere;
    const here = this.runner.whenSettledHere(generationId);
    try {
      const until = Date.now() + timeoutMs;
      const read = async () => (await this.deps.db.select().from(generations).where(eq(generations.id, generationId)).limit(1))[0];
      // a run started here is known to be this project's: no read before waiting for it
      const projectId = this.startedHere.get(generationId) ?? (await read())?.projectId;
      if (!projectId) throw notFound("Generation not found");
      let wake: () => void = () => {};
      const leave = this.deps.hub.listen(projectId, (m) => {
        if (m.type === "generation" && m.generationId === generationId && !isActiveGeneration(m.status)) wake();
      });
      try {
        let skipRead = this.startedHere.has(generationId);
        for (;;) {
          const row = skipRead ? undefined : await read();
          skipRead = false;
          if (row && !isActiveGeneration(row.status)) {
            await this.runner.finished(generationId);
            return row;
          }
          if (row && Date.now() > until) return row;
          const settled = await Promise.race([
            here.settled,
            new Promise<null>((resolve) => {
              const timer = setTimeout(() => resolve(null), WAIT_POLL_MS);
              wake = () => {
                clearTimeout(timer);
                resolve(null);
              };
            }),
          ]);
          if (settled) return settled;
          // its live message comes a moment before its settle here is done: wait for that, not read
          skipRead = this.runner.settlingHere(generationId);
        }
      } finally {
        leave();
      }
    } finally {
      here.stop();
    }
  }

  /**
   * Runs whose worker died (a crash or restart) are queued again once, else failed with their credits
   * returned, so no node stays 'generating'. `everyRunning` is for startup of the single embedded process,
   * where no other worker can be alive.
   */
  async recover(options: { everyRunning?: boolean } = {}): Promise<number> {
    const { db } = this.deps;
    const stale = await db
      .select()
      .from(generations)
      .where(
        and(
          eq(generations.status, "running"),
          options.everyRunning ? sql`true` : lt(generations.heartbeatAt, new Date(Date.now() - STALE_AFTER_MS)),
        ),
      );
    for (const row of stale) {
      if (row.attempts < MAX_ATTEMPTS) {
        const [requeued] = await db
          .update(generations)
          .set({ status: "queued", heartbeatAt: null })
          .where(and(eq(generations.id, row.id), eq(generations.status, "running")))
          .returning({ id: generations.id });
        if (requeued) await this.deps.queue.send({ generationId: row.id });
      } else {
        await this.runner.fail(row, GENERATION_MESSAGES.interrupted);
      }
    }
    return stale.length + (await this.resendOrphans(options.everyRunning === true)) + (await this.advanceStalledGraphs());
  }

  /**
   * Graph runs cut off between a node's settle and the advance that follows it (a SIGKILL there): nodes
   * still waiting in a chain with nothing queued or running. Each chain is advanced again: what its failed
   * nodes stop is stopped, what is ready is queued. Both steps change only rows still waiting, so a chain
   * advancing at the same time in its own settle is not moved twice.
   */
  private async advanceStalledGraphs(): Promise<number> {
    const { db } = this.deps;
    const stalled = await db
      .selectDistinct({ chainId: generations.chainId, projectId: generations.projectId, userId: generations.userId })
      .from(generations)
      .where(
        and(
          eq(generations.status, "waiting"),
          sql`not exists (select 1 from generations o where o.chain_id = ${generations.chainId} and o.status in ('queued', 'running'))`,
        ),
      );
    for (const chain of stalled) {
      const settled = await db
        .select()
        .from(generations)
        .where(
          and(
            eq(generations.chainId, chain.chainId!),
            inArray(generations.status, ["failed", "cancelled"]),
            // A node retried since (graphRetry.ts) stands by its newer row, not this failure.
            sql`not exists (select 1 from generations l where l.chain_id = ${generations.chainId} and l.node_id = ${generations.nodeId} and l.chain_index > ${generations.chainIndex})`,
          ),
        );
      for (const row of settled) await this.advanceChain(row);
      await this.advanceChain({ ...chain, nodeId: "", status: "succeeded" });
    }
    return stalled.length;
  }

  /**
   * Queued runs with no job waiting for them: their job was fetched by a worker that died before claiming
   * the row (pg-boss would hand it back only after its hour-long expiry), or a requeue above was cut off
   * between its update and its send (ledger chaos run: one such run stayed queued, its credits held, after a
   * SIGKILL). They get a new job; a second one for a live row is harmless, since a run is claimed by its
   * status. At start on the embedded database every such row counts; otherwise one queued this long.
   */
  private async resendOrphans(atStart: boolean): Promise<number> {
    const { db, queue } = this.deps;
    const queued = await db
      .select({ id: generations.id })
      .from(generations)
      .where(
        and(
          eq(generations.status, "queued"),
          atStart ? sql`true` : lt(generations.createdAt, new Date(Date.now() - STALE_AFTER_MS)),
          // A paused user's runs have no job on purpose: resuming hands them out (userQueue.ts).
          sql`not exists (select 1 from run_queues q where q.user_id = ${generations.userId} and q.paused)`,
        ),
      );
    if (queued.length === 0) return 0;
    const waiting = await queue.waitingGenerationIds();
    const orphans = queued.filter((g) => !waiting.has(g.id));
    for (const g of orphans) await queue.send({ generationId: g.id });
    return orphans.length;
  }
}
