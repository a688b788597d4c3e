/**
 * Queues generations (single runs and Run from here chains), cancels them, lists them for the queue panel,
 * and moves a chain on when one of its nodes settles.
 */
import { randomUUID } from "node:crypto";
import { and, asc, desc, eq, inArray, lt, sql } from "drizzle-orm";
import { ACTIVE_GENERATION_STATUSES, GENERATION_MESSAGES, isActiveGeneration, type GenerationSummary } from "../../domain/generation/api";
import type { NodeData, RealtimeMessage } from "../../domain/canvas/node";
import { displayNameFor } from "../../domain/generation/catalogue";
import { downstreamOrder } from "../../domain/generation/chain";
import type { Db } from "../db/client";
import { edges, generations, nodes, user } from "../db/schema";
import { badRequest, conflict, HttpError, notFound } from "../errors";
import { authorizeProject } from "../policies/projectPolicy";
import { releaseCredits, reserveCredits } from "./credits";
import type { GenerationDeps } from "./deps";
import { patchNode, readNode, TOOL_ORIGIN, type StoredNode } from "./nodeWriter";
import { prepareToolRun } from "../tools/toolJob";
import { ANIMATIC_RUN_MODEL, ANIMATIC_RUN_NAME } from "../../domain/animatic/api";
import { findTool, toolIdOfRun } from "../../domain/tools/catalogue";
import { nodeFieldsOf, runChoicesOf, type RunChoices } from "../../domain/generation/nodeChoices";
import { prepareRun, type PreparedRun } from "./prepare";
import { HEARTBEAT_MS, GenerationRunner, type GenerationRow } from "./runner";

/** A running generation whose heartbeat is older than this lost its worker. */
const STALE_AFTER_MS = HEARTBEAT_MS * 6;
/** A generation is tried at most this many times (the first run and one resume after a crash). */
const MAX_ATTEMPTS = 2;
const WAIT_POLL_MS = 1_000;

export class GenerationService {
  readonly runner: GenerationRunner;

  constructor(readonly deps: GenerationDeps) {
    this.runner = new GenerationRunner(deps);
    this.runner.onSettled = (row) => this.advanceChain(row);
  }

  /** POST /api/execute-node: queue one run of a node with the toolbar's choices. */
  async execute(userId: string, projectId: string, nodeId: string, choices: RunChoices): Promise<string> {
    await authorizeProject(this.deps.db, userId, projectId, "edit");
    const node = await this.nodeOrThrow(projectId, nodeId);
    // Early answer before preparing; queueRun checks again under the node's lock, where it counts.
    await this.refuseIfBusy(this.deps.db, projectId, nodeId);
    const run = await prepareRun(this.deps, userId, projectId, node, choices);
    const generationId = await this.queueMarked(userId, projectId, nodeId, run, (id) => queuedFields(id, GENERATION_MESSAGES.preparing, nodeFieldsOf(choices)));
    await this.publishQueued(projectId, nodeId, generationId, GENERATION_MESSAGES.preparing);
    await this.deps.queue.wake();
    return generationId;
  }

  /**
   * POST /api/tools/execute: queue one tool run on a node. It is a generation row (model id `tool:{id}`), so
   * it holds and settles credits, counts against the user's limits, can be cancelled, survives a restart
   * and shows in the Queue panel exactly as a model run does.
   */
  async executeTool(userId: string, projectId: string, nodeId: string, toolId: string, parameters: Record<string, unknown>): Promise<string> {
    await authorizeProject(this.deps.db, userId, projectId, "edit");
    const node = await this.nodeOrThrow(projectId, nodeId);
    await this.refuseIfBusy(this.deps.db, projectId, nodeId);
    const run = await prepareToolRun(this.deps, userId, projectId, node, toolId, parameters);
    // The node shows the run like a generation, and keeps the tool and parameters it ran with.
    const generationId = await this.queueMarked(
      userId,
      projectId,
      nodeId,
      run,
      (id) => queuedFields(id, GENERATION_MESSAGES.preparing, { selectedTool: run.toolId, toolParameters: run.params }),
      TOOL_ORIGIN,
    );
    await this.publishQueued(projectId, nodeId, generationId, GENERATION_MESSAGES.preparing);
    await this.deps.queue.wake();
    return generationId;
  }

  /**
   * A run that is not on the canvas (a shot list's image): the same reservation, queue, engine, storage and
   * ledger, keyed `detached:{key}` so nothing is written to a node. Returns the generation id.
   */
  async executeDetached(userId: string, projectId: string, key: string, choices: RunChoices): Promise<string> {
    await authorizeProject(this.deps.db, userId, projectId, "edit");
    const nodeId = `detached:${key}`;
    const run = await prepareRun(this.deps, userId, projectId, { id: nodeId, rev: 0, data: {}, position: { x: 0, y: 0 } }, choices);
    const generationId = await this.queueRun(userId, projectId, nodeId, run);
    await this.deps.queue.wake();
    return generationId;
  }

  /**
   * A run the server composes itself rather than from a model's choices (an animatic: its request names the
   * shot list it renders), on a node the caller has just made: the same reservation, queue, limits, cancel,
   * recovery and Queue panel as any run. The node is marked as running it.
   */
  async executeComposed(userId: string, projectId: string, nodeId: string, run: QueuedRun & Record<string, unknown>, waiting: string): Promise<string> {
    await authorizeProject(this.deps.db, userId, projectId, "edit");
    const generationId = await this.queueMarked(userId, projectId, nodeId, run, (id) => queuedFields(id, waiting));
    await this.publishQueued(projectId, nodeId, generationId, waiting);
    await this.deps.queue.wake();
    return generationId;
  }

  /**
   * Marks the node as running a new generation, then queues it (one run per node), in that order: a worker may
   * take the job the moment its transaction commits, and a run that fails at once (a tool with nothing to act
   * on) settles the node only if the node already names it as its run; marked afterwards, the node would be
   * left 'generating' for good. If queueing refuses (402, 409, 429), the node gets back what the mark changed.
   */
  private async queueMarked(
    userId: string,
    projectId: string,
    nodeId: string,
    run: QueuedRun,
    mark: (generationId: string) => Partial<NodeData>,
    origin?: typeof TOOL_ORIGIN,
  ): Promise<string> {
    const generationId = randomUUID();
    const fields = mark(generationId);
    let before: Partial<NodeData> = {};
    await patchNode(
      this.deps.db,
      this.deps.hub,
      projectId,
      nodeId,
      (current) => {
        before = Object.fromEntries(Object.keys(fields).map((key) => [key, current[key as keyof NodeData]]));
        return fields;
      },
      origin,
    );
    try {
      return await this.queueRun(userId, projectId, nodeId, run, { onePerNode: true }, generationId);
    } catch (err) {
      await patchNode(this.deps.db, this.deps.hub, projectId, nodeId, (current) => (current.generationId === generationId ? before : {}), origin);
      throw err;
    }
  }

  private async publishQueued(projectId: string, nodeId: string, generationId: string, message: string) {
    await this.deps.hub.publish(projectId, { type: "generation", generationId, nodeId, status: "queued", percent: 0, message });
  }

  /**
   * One transaction: hold the credits (402 when short), record the generation, queue its job. With
   * `onePerNode`, two requests for the same node (a double click, two tabs) queue one run: the node's lock
   * makes the second see the first's row and answer 409 before it holds anything.
   */
  private async queueRun(userId: string, projectId: string, nodeId: string, run: QueuedRun, opts: { onePerNode?: boolean } = {}, generationId: string = randomUUID()): Promise<string> {
    await this.checkBacklog(userId);
    await this.deps.db.transaction(async (tx) => {
      if (opts.onePerNode) {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`node-run:${projectId}:${nodeId}`}))`);
        await this.refuseIfBusy(tx as unknown as Db, projectId, nodeId);
      }
      await reserveCredits(tx as unknown as Db, userId, generationId, run.credits);
      await tx.insert(generations).values(rowFor(generationId, projectId, nodeId, userId, run, "queued"));
      await this.deps.queue.sendInTransaction(tx as unknown as Db, { generationId });
    });
    return generationId;
  }

  /**
   * Run from here: the node, then every node downstream of it in dependency order. Only the first is queued
   * now; each next one is prepared when its upstream nodes have their results (advanceChain).
   */
  async runFromHere(userId: string, projectId: string, nodeId: string): Promise<{ chainId: string; nodeIds: string[] }> {
    const { db } = this.deps;
    await authorizeProject(db, userId, projectId, "edit");
    await this.nodeOrThrow(projectId, nodeId);
    const projectEdges = await db.select({ source: edges.source, target: edges.target }).from(edges).where(eq(edges.projectId, projectId)).orderBy(asc(edges.createdAt));
    const order = downstreamOrder(nodeId, projectEdges);
    const live = await db
      .select({ id: nodes.id, data: nodes.data })
      .from(nodes)
      .where(and(eq(nodes.projectId, projectId), eq(nodes.deleted, false), inArray(nodes.id, order)));
    const withModel = new Set(live.filter((n) => runChoicesOf(n.data as StoredNode["data"]).modelId).map((n) => n.id));
    // Nodes without a model are inputs (text, uploads), not steps.
    const steps = order.filter((id) => withModel.has(id));
    if (!steps.length) throw badRequest(GENERATION_MESSAGES.selectModel);
    await this.checkBacklog(userId);
    const chainId = randomUUID();
    await db.insert(generations).values(
      steps.map((id, i) => ({
        id: randomUUID(),
        projectId,
        nodeId: id,
        userId,
        modelId: runChoicesOf(live.find((n) => n.id === id)!.data as StoredNode["data"]).modelId,
        status: "waiting",
        request: {},
        inputHash: "",
        chainId,
        chainIndex: i,
      })),
    );
    await this.advanceChain({ chainId, projectId, userId, status: "succeeded" } as GenerationRow);
    return { chainId, nodeIds: steps };
  }

  /**
   * After a chain step settles: on success, prepare the next waiting step (or skip it as cached when its
   * inputs, prompt, model and parameters match its last successful run); on failure, the rest cannot run.
   */
  async advanceChain(settled: Pick<GenerationRow, "chainId" | "projectId" | "userId" | "status">): Promise<void> {
    if (!settled.chainId) return;
    const { db, hub } = this.deps;
    if (settled.status !== "succeeded" && settled.status !== "cached") {
      const rest = await db
        .update(generations)
        .set({ status: "cancelled", error: GENERATION_MESSAGES.upstreamFailed, finishedAt: sql`now()` })
        .where(and(eq(generations.chainId, settled.chainId), eq(generations.status, "waiting")))
        .returning();
      for (const r of rest) await hub.publish(r.projectId, { type: "generation", generationId: r.id, nodeId: r.nodeId, status: "cancelled", error: GENERATION_MESSAGES.upstreamFailed });
      return;
    }
    for (;;) {
      const [next] = await db
        .select()
        .from(generations)
        .where(and(eq(generations.chainId, settled.chainId), eq(generations.status, "waiting")))
        .orderBy(asc(generations.chainIndex))
        .limit(1);
      if (!next) return;
      const node = await readNode(db, next.projectId, next.nodeId);
      let run: PreparedRun;
      try {
        if (!node) throw notFound(GENERATION_MESSAGES.nodeNotFound);
        run = await prepareRun(this.deps, next.userId, next.projectId, node, runChoicesOf(node.data));
      } catch (err) {
        await this.failWaiting(next, err instanceof Error ? err.message : GENERATION_MESSAGES.failedRetry);
        return;
      }
      if (await this.isCached(next, node, run)) {
        await db.update(generations).set({ status: "cached", request: run, inputHash: run.inputHash, finishedAt: sql`now()`, progress: 100 }).where(eq(generations.id, next.id));
        await hub.publish(next.projectId, { type: "generation", generationId: next.id, nodeId: next.nodeId, status: "cached" });
        continue;
      }
      // Marked before it is queued, as in queueMarked; a refusal below puts the error on the node.
      await patchNode(db, hub, next.projectId, next.nodeId, () => queuedFields(next.id, GENERATION_MESSAGES.preparing, nodeFieldsOf(runChoicesOf(node!.data))));
      try {
        await db.transaction(async (tx) => {
          await reserveCredits(tx as unknown as Db, next.userId, next.id, run.credits);
          await tx
            .update(generations)
            .set({ status: "queued", request: run, inputHash: run.inputHash, reservedCredits: run.credits, ownKey: run.ownKey, modelId: run.modelId })
            .where(and(eq(generations.id, next.id), eq(generations.status, "waiting")));
          await this.deps.queue.sendInTransaction(tx as unknown as Db, { generationId: next.id });
        });
      } catch (err) {
        await this.failWaiting(next, err instanceof Error ? err.message : GENERATION_MESSAGES.failedRetry);
        return;
      }
      await this.publishQueued(next.projectId, next.nodeId, next.id, GENERATION_MESSAGES.preparing);
      await this.deps.queue.wake();
      return;
    }
  }

  private async isCached(row: GenerationRow, node: StoredNode, run: PreparedRun): Promise<boolean> {
    const hasResult = Boolean(node.data.mediaUrl || node.data.displayUrl || node.data.content);
    if (!hasResult) return false;
    const [previous] = await this.deps.db
      .select({ id: generations.id })
      .from(generations)
      .where(and(eq(generations.projectId, row.projectId), eq(generations.nodeId, row.nodeId), eq(generations.inputHash, run.inputHash), inArray(generations.status, ["succeeded", "cached"])))
      .orderBy(desc(generations.createdAt))
      .limit(1);
    return Boolean(previous);
  }

  private async failWaiting(row: GenerationRow, message: string) {
    await this.deps.db.update(generations).set({ status: "failed", error: message, finishedAt: sql`now()` }).where(eq(generations.id, row.id));
    await patchNode(this.deps.db, this.deps.hub, row.projectId, row.nodeId, () => ({ status: "error", error: message, isGenerating: false, generationProgress: null })).catch(() => null);
    await this.deps.hub.publish(row.projectId, { type: "generation", generationId: row.id, nodeId: row.nodeId, status: "failed", error: message });
    await this.advanceChain({ ...row, status: "failed" });
  }

  private async nodeOrThrow(projectId: string, nodeId: string): Promise<StoredNode> {
    const node = await readNode(this.deps.db, projectId, nodeId);
    if (!node) throw notFound(GENERATION_MESSAGES.nodeNotFound);
    return node;
  }

  /** One run per node at a time: a second one would race the first for the node's result. */
  private async refuseIfBusy(db: Db, projectId: string, nodeId: string) {
    const [active] = await db
      .select({ id: generations.id })
      .from(generations)
      .where(and(eq(generations.projectId, projectId), eq(generations.nodeId, nodeId), inArray(generations.status, ["queued", "running"])))
      .limit(1);
    if (active) throw conflict(GENERATION_MESSAGES.nodeBusy);
  }

  private async checkBacklog(userId: string) {
    const [{ count }] = (await this.deps.db
      .select({ count: sql<number>`count(*)::int` })
      .from(generations)
      .where(and(eq(generations.userId, userId), inArray(generations.status, [...ACTIVE_GENERATION_STATUSES])))) as [{ count: number }];
    if (count >= this.deps.perUserBacklog) throw new HttpError(429, "rate_limited", GENERATION_MESSAGES.tooManyWaiting);
  }

  /** Cancels a waiting, queued or running generation; its hold is released once. */
  async cancel(userId: string, generationId: string): Promise<void> {
    const { db } = this.deps;
    const [row] = await db.select().from(generations).where(eq(generations.id, generationId)).limit(1);
    if (!row) throw notFound("Generation not found");
    await authorizeProject(db, userId, row.projectId, "edit");
    const [won] = await db
      .update(generations)
      .set({ status: "cancelled", error: GENERATION_MESSAGES.cancelled, finishedAt: sql`now()` })
      .where(and(eq(generations.id, generationId), inArray(generations.status, [...ACTIVE_GENERATION_STATUSES])))
      .returning();
    if (!won) return;
    await releaseCredits(db, row.userId, row.id, row.reservedCredits);
    // A run in this process stops now; one in another process stops at its next heartbeat.
    this.runner.abortLocal(generationId);
    const node = await readNode(db, row.projectId, row.nodeId);
    if (node && node.data.generationId === row.id && row.status !== "waiting") {
      await patchNode(db, this.deps.hub, row.projectId, row.nodeId, (current) => ({
        status: current.mediaUrl || current.content ? "completed" : "idle",
        isGenerating: false,
        generationProgress: null,
        error: null,
      }));
    }
    await this.deps.hub.publish(row.projectId, { type: "generation", generationId, nodeId: row.nodeId, status: "cancelled", error: GENERATION_MESSAGES.cancelled });
    await this.advanceChain({ ...row, status: "cancelled" });
  }

  /** The queue panel: running and waiting first, then the latest finished ones. */
  async list(userId: string, projectId: string): Promise<GenerationSummary[]> {
    const { db } = this.deps;
    await authorizeProject(db, userId, projectId, "view");
    const rows = await db
      .select({ g: generations, userName: user.name, nodeData: nodes.data })
      .from(generations)
      .innerJoin(user, eq(user.id, generations.userId))
      .leftJoin(nodes, and(eq(nodes.projectId, generations.projectId), eq(nodes.id, generations.nodeId)))
      .where(eq(generations.projectId, projectId))
      .orderBy(desc(generations.createdAt))
      .limit(60);
    const rank = (s: string) => (s === "running" ? 0 : s === "queued" ? 1 : s === "waiting" ? 2 : 3);
    // Active first, then newest first; a chain's rows share their creation time and keep their order.
    return rows
      .sort((a, b) => rank(a.g.status) - rank(b.g.status) || b.g.createdAt.getTime() - a.g.createdAt.getTime() || a.g.chainIndex - b.g.chainIndex)
      .map(({ g, userName, nodeData }) => ({
        id: g.id,
        nodeId: g.nodeId,
        nodeTitle: g.nodeId.startsWith("detached:shot:") ? "Shot list image" : ((nodeData as { title?: string } | null)?.title ?? "Untitled") || "Untitled",
        modelId: g.modelId,
        modelName: runName(g.modelId),
        status: g.status as GenerationSummary["status"],
        progress: g.progress,
        credits: g.reservedCredits,
        error: g.error,
        chainId: g.chainId,
        createdAt: g.createdAt.toISOString(),
        userName,
      }));
  }

  /**
   * Resolves when the generation settles (execute-node with `wait: true`). Woken by the project's realtime
   * messages (which the relay brings from other processes too); a slow poll covers a missed message.
   */
  async waitFor(generationId: string, timeoutMs = 15 * 60_000): Promise<GenerationRow> {
    const until = Date.now() + timeoutMs;
    const read = async () => (await this.deps.db.select().from(generations).where(eq(generations.id, generationId)).limit(1))[0];
    const first = await read();
    if (!first) throw notFound("Generation not found");
    let wake: () => void = () => {};
    const leave = this.deps.hub.join(first.projectId, {
      send: (text) => {
        const m = JSON.parse(text) as RealtimeMessage;
        if (m.type === "generation" && m.generationId === generationId && !isActiveGeneration(m.status)) wake();
      },
    });
    try {
      for (let row = first; ; row = (await read())!) {
        if (Date.now() > until) return row;
        if (!isActiveGeneration(row.status)) {
          // Settled: wait for its node write too, so the caller reads the node as the run left it.
          await this.runner.finished(generationId);
          return row;
        }
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, WAIT_POLL_MS);
          wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
      }
    } finally {
      leave();
    }
  }

  /**
   * Generations whose worker died (a crash or restart) are queued again once, else failed with their
   * credits returned, so no node stays 'generating'. `everyRunning` is for startup of the single embedded
   * process, where no other worker can be alive.
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
    return stale.length + (await this.resendOrphans(options.everyRunning === true));
  }

  /**
   * Queued generations with no job waiting for them: their job was fetched by a worker that died before
   * claiming the row (pg-boss would hand it back only after its hour-long expiry), or a requeue above was
   * cut off between its update and its send (ledger chaos run: one such run stayed queued, its credits held,
   * after a SIGKILL). They get a new job; a second one for a live row is harmless, since a run is claimed by
   * its status. At start on the embedded database every such row counts; otherwise one queued this long.
   */
  private async resendOrphans(atStart: boolean): Promise<number> {
    const { db, queue } = this.deps;
    const queued = await db
      .select({ id: generations.id })
      .from(generations)
      .where(and(eq(generations.status, "queued"), atStart ? sql`true` : lt(generations.createdAt, new Date(Date.now() - STALE_AFTER_MS))));
    if (queued.length === 0) return 0;
    const waiting = await queue.waitingGenerationIds();
    const orphans = queued.filter((g) => !waiting.has(g.id));
    for (const g of orphans) await queue.send({ generationId: g.id });
    return orphans.length;
  }
}

/** The Queue panel's name for a run: the model's display name, or the tool's name. */
function runName(modelId: string): string {
  if (modelId === ANIMATIC_RUN_MODEL) return ANIMATIC_RUN_NAME;
  const toolId = toolIdOfRun(modelId);
  return toolId ? (findTool(toolId)?.name ?? toolId) : displayNameFor(modelId).name;
}

/** What a generation row needs of a prepared model or tool run; the whole of it is kept as `request`. */
export type QueuedRun = Pick<PreparedRun, "modelId" | "credits" | "ownKey" | "inputHash">;

function rowFor(id: string, projectId: string, nodeId: string, userId: string, run: QueuedRun, status: "queued" | "waiting") {
  return { id, projectId, nodeId, userId, modelId: run.modelId, status, request: run, reservedCredits: run.credits, ownKey: run.ownKey, inputHash: run.inputHash };
}

/** A node running `generationId`: 'generating' with its waiting message, plus the choices it runs with. */
function queuedFields(generationId: string, message: string, choices: Partial<NodeData> = {}): Partial<NodeData> {
  return { status: "generating", isGenerating: true, generationId, error: null, generationProgress: { percent: 0, message }, ...choices };
}
