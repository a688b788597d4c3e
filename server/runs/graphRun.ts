/**
 * Graph runs: Run all, Run selected and Run from here on the run engine. `planGraphRun` turns
 * the canvas into the plan the confirmation shows (what runs, what is cached, what cannot run, the credits
 * the queue will hold); `startGraphRun` records it as one chain of rows (cached ones settled at once, the
 * others waiting) and `advanceGraph` queues each waiting node when the nodes it needs have succeeded: it
 * runs from the runner's settle hook, so nothing polls. A failure stops only the nodes downstream of it.
 *
 * Caching: a node's run key is its prepared run's `inputHash` (model, prompt with style and aspect ratio,
 * parameters, variations, and its inputs: upstream text as it is and media by its studio media id, which
 * names one content for good); it is cached when the key equals the one of its last success and none of
 * the nodes it needs will run. The plan decides, so the dry run is exactly what is then queued and held.
 */
import { randomUUID } from "node:crypto";
import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import type { NodeData } from "../../domain/canvas/node";
import { GENERATION_MESSAGES } from "../../domain/generation/api";
import {
  GRAPH_RUN_MESSAGES,
  type GraphRunBody,
  type GraphRunPlan,
  type GraphRunStarted,
  type PlannedNode,
  type SkippedNode,
} from "../../domain/runs/api";
import { dependentsOf, planGraph } from "../../domain/runs/plan";
import type { Db } from "../db/client";
import { edges, generations, nodes } from "../db/schema";
import { badRequest, HttpError } from "../errors";
import { authorizeProject } from "../policies/projectPolicy";
import { reserveCredits } from "./credits";
import type { RunDeps } from "./deps";
import type { RunEngine } from "./engine";
import type { AnyRunKind, QueuedRun, RunRow } from "./kind";
import { runMessages } from "../../domain/realtime";
import { publishRun } from "./publishRun";
import { markQueued } from "./nodeStatus";
import { patchNode, readNode, readNodeForRun, type StoredNode } from "./nodeWriter";
import { expandSubgraphs } from "../../domain/runs/expandSubgraphs";

const titleOf = (data: NodeData) => (typeof data.title === "string" && data.title.trim() ? data.title : "Untitled");
const hasResult = (data: NodeData) => Boolean(data.mediaUrl || data.displayUrl || data.content);
const SUCCESS = ["succeeded", "cached"];

interface Step {
  node: StoredNode;
  kind: AnyRunKind;
  input: unknown;
  run: QueuedRun;
  needs: string[];
}

interface Planned {
  plan: GraphRunPlan;
  /** The nodes that run and those cached, in dependency order. */
  steps: (Step & { cached: boolean })[];
}

/** What would run for `body` on this project, answered without holding or writing anything. */
export async function planGraphRun<D extends RunDeps>(
  engine: RunEngine<D>,
  userId: string,
  projectId: string,
  body: GraphRunBody,
): Promise<Planned> {
  const { db } = engine.deps;
  await authorizeProject(db, userId, projectId, "edit");
  const [liveNodes, liveEdges] = await Promise.all([
    db
      .select()
      .from(nodes)
      .where(and(eq(nodes.projectId, projectId), eq(nodes.deleted, false)))
      .orderBy(asc(nodes.createdAt), asc(nodes.id)),
    db
      .select({ source: edges.source, target: edges.target, sourceHandle: edges.sourceHandle, targetHandle: edges.targetHandle })
      .from(edges)
      .where(eq(edges.projectId, projectId))
      .orderBy(asc(edges.createdAt)),
  ]);
  // A subgraph runs as its inner graph: opened before planning, its nodes addressed inside it.
  const expanded = expandSubgraphs(
    liveNodes.map((n) => ({ id: n.id, type: n.type, rev: n.rev, data: n.data as NodeData, position: { x: n.x, y: n.y } })),
    liveEdges,
  );
  const canvas = {
    nodes: expanded.nodes.map((n): StoredNode => ({ id: n.id, rev: n.rev, data: n.data, position: n.position })),
    edges: expanded.edges,
  };
  const nodeIds = body.nodeIds?.flatMap((id) => expanded.innerOf.get(id) ?? [id]);
  return planOnCanvas(engine, userId, projectId, canvas, nodeIds ? { ...body, nodeIds } : body);
}

/** A canvas to plan on: its live nodes in canvas order and its edges in connection order. */
export interface PlanCanvas {
  nodes: StoredNode[];
  edges: { source: string; target: string }[];
}

/**
 * The plan for `body` on `canvas`. With `unsaved`, the nodes it names are not stored yet (For every shot's
 * dry run plans copies of a workflow before they exist): they are prepared with their inputs read from
 * `canvas` instead of the database, and have no last success to be cached by.
 */
export async function planOnCanvas<D extends RunDeps>(
  engine: RunEngine<D>,
  userId: string,
  projectId: string,
  canvas: PlanCanvas,
  body: Pick<GraphRunBody, "scope" | "nodeIds" | "force">,
  unsaved: ReadonlySet<string> = new Set(),
): Promise<Planned> {
  const byId = new Map(canvas.nodes.map((n) => [n.id, n]));
  const stepOf = new Map(
    canvas.nodes.flatMap((n) => {
      const step = engine.kinds.stepFor(n.data);
      return step ? [[n.id, step] as const] : [];
    }),
  );
  const graph = planGraph({
    nodes: canvas.nodes.map((n) => ({ id: n.id, runnable: stepOf.has(n.id) })),
    edges: canvas.edges,
    scope: body.scope,
    nodeIds: body.nodeIds,
  });
  if (!graph.ok) throw badRequest(GRAPH_RUN_MESSAGES.cycle(graph.cycle.map((id) => titleOf(byId.get(id)!.data))));
  if (graph.order.length === 0) throw badRequest(GRAPH_RUN_MESSAGES.nothingToRun);
  const upstreamOf = (id: string) =>
    canvas.edges.flatMap((e) => (e.target === id && byId.has(e.source) ? [{ id: e.source, data: byId.get(e.source)!.data }] : []));

  const lastKeys = await lastSuccessKeys(
    engine.deps.db,
    projectId,
    graph.order.filter((id) => !unsaved.has(id)),
  );
  const willRun = new Set<string>();
  const cannot = new Map<string, string>();
  const steps: Planned["steps"] = [];
  const skipped: SkippedNode[] = [];
  for (const id of graph.order) {
    const node = byId.get(id)!;
    const { kind, input } = stepOf.get(id)!;
    const needs = graph.needs[id]!;
    const blockedBy = needs.find((n) => cannot.has(n));
    let reason = blockedBy ? GRAPH_RUN_MESSAGES.upstreamCannotRun(titleOf(byId.get(blockedBy)!.data)) : null;
    const upstreamPending = needs.some((n) => willRun.has(n));
    let run: QueuedRun | null = null;
    if (!reason) {
      try {
        run = await kind.prepare(
          { deps: engine.deps, userId, projectId, node, upstreamPending, ...(unsaved.has(id) ? { upstream: upstreamOf(id) } : {}) },
          input,
        );
      } catch (err) {
        if (!(err instanceof HttpError) || err.status >= 500) throw err;
        reason = err.message;
      }
    }
    if (reason || !run) {
      cannot.set(id, reason!);
      skipped.push({ nodeId: id, title: titleOf(node.data), reason: reason! });
      continue;
    }
    const cached = !body.force && !upstreamPending && hasResult(node.data) && lastKeys.get(id) === run.inputHash;
    if (!cached) willRun.add(id);
    steps.push({ node, kind, input, run, needs: needs.filter((n) => !cannot.has(n)), cached });
  }
  const entry = (s: Step): PlannedNode => ({ nodeId: s.node.id, title: titleOf(s.node.data), credits: s.run.credits });
  const run = steps.filter((s) => !s.cached).map(entry);
  return {
    plan: {
      run,
      cached: steps.filter((s) => s.cached).map((s) => ({ ...entry(s), credits: 0 })),
      skipped,
      credits: run.reduce((sum, r) => sum + r.credits, 0),
    },
    steps,
  };
}

/** The run key of each node's last success (a run or a cache hit). */
async function lastSuccessKeys(db: Db, projectId: string, nodeIds: string[]): Promise<Map<string, string>> {
  if (nodeIds.length === 0) return new Map();
  const rows = await db
    .select({ nodeId: generations.nodeId, inputHash: generations.inputHash })
    .from(generations)
    .where(and(eq(generations.projectId, projectId), inArray(generations.nodeId, nodeIds), inArray(generations.status, SUCCESS)))
    .orderBy(desc(generations.createdAt));
  const keys = new Map<string, string>();
  for (const r of rows) if (!keys.has(r.nodeId)) keys.set(r.nodeId, r.inputHash);
  return keys;
}

/**
 * Plans, then records the plan as one chain: cached nodes as settled `cached` rows, the others `waiting`
 * with the nodes they need (in `request` until they are prepared), and queues those that need nothing.
 */
export async function startGraphRun<D extends RunDeps>(
  engine: RunEngine<D>,
  userId: string,
  projectId: string,
  body: GraphRunBody,
  options: { runId?: string } = {},
): Promise<GraphRunStarted> {
  const { db, hub } = engine.deps;
  const { plan, steps } = await planGraphRun(engine, userId, projectId, body);
  const runId = options.runId ?? randomUUID();
  if (plan.run.length > 0) await engine.checkBacklog(userId, plan.run.length);
  const rows = steps.map((s, i) => ({
    id: randomUUID(),
    projectId,
    nodeId: s.node.id,
    userId,
    modelId: s.run.modelId,
    kind: s.kind.id,
    status: s.cached ? "cached" : "waiting",
    request: s.cached ? s.run : { needs: s.needs },
    inputHash: s.cached ? s.run.inputHash : "",
    progress: s.cached ? 100 : 0,
    finishedAt: s.cached ? new Date() : null,
    chainId: runId,
    chainIndex: i,
  }));
  if (rows.length) await db.insert(generations).values(rows);
  for (const r of rows) if (r.status === "cached") await publishRun(hub, r, runMessages.cached(r));
  await advanceGraph(engine, { chainId: runId, nodeId: "", projectId, userId, status: "succeeded" });
  return { ...plan, runId, runIds: Object.fromEntries(rows.map((r) => [r.nodeId, r.id])) };
}

/**
 * After a node of a graph run settles: on success, every waiting node whose needs have all succeeded is
 * prepared with its inputs' fresh results and queued; on failure or cancel, every waiting node downstream
 * of it is stopped with the reason, on its row and on its node. Nodes beside it carry on.
 */
export async function advanceGraph<D extends RunDeps>(
  engine: RunEngine<D>,
  settled: Pick<RunRow, "chainId" | "nodeId" | "projectId" | "userId" | "status">,
): Promise<void> {
  const chainId = settled.chainId;
  if (!chainId) return;
  const chain = await engine.deps.db
    .select()
    .from(generations)
    .where(eq(generations.chainId, chainId))
    .orderBy(asc(generations.chainIndex));
  const needsOf = (r: RunRow): string[] => {
    const needs = (r.request as { needs?: unknown }).needs;
    // Rows of a chain made before graph runs wait for every earlier step.
    return Array.isArray(needs) ? (needs as string[]) : chain.filter((c) => c.chainIndex < r.chainIndex).map((c) => c.nodeId);
  };
  const waiting = chain.filter((r) => r.status === "waiting");
  if (!SUCCESS.includes(settled.status)) {
    const needs = Object.fromEntries(waiting.map((r) => [r.nodeId, needsOf(r)]));
    const stopped = new Set(dependentsOf(settled.nodeId, needs));
    const title = await nodeTitle(engine.deps.db, settled.projectId, settled.nodeId);
    for (const r of waiting.filter((w) => stopped.has(w.nodeId)))
      await stopWaiting(engine, r, GRAPH_RUN_MESSAGES.upstreamFailed(title), "cancelled");
    return;
  }
  const done = new Set(chain.filter((r) => SUCCESS.includes(r.status)).map((r) => r.nodeId));
  for (const next of waiting.filter((r) => needsOf(r).every((n) => done.has(n)))) await queueWaiting(engine, next);
}

/** Prepares a waiting node with its inputs' results, holds its credits and queues it; a refusal fails it. */
async function queueWaiting<D extends RunDeps>(engine: RunEngine<D>, row: RunRow): Promise<void> {
  const { db } = engine.deps;
  const kind = engine.kinds.of(row);
  let input: unknown;
  let run: QueuedRun;
  try {
    // With its inputs in one read; a node inside a subgraph is read from its subgraph's data.
    const found = await readNodeForRun(db, row.projectId, row.nodeId);
    if (!found) throw badRequest(GENERATION_MESSAGES.nodeNotFound);
    const { node, upstream } = found;
    const step = kind.chainStep?.(node.data);
    if (!step) throw badRequest(GENERATION_MESSAGES.selectModel);
    input = step.input;
    run = await kind.prepare({ deps: engine.deps, userId: row.userId, projectId: row.projectId, node, upstream }, input);
  } catch (err) {
    return stopWaiting(engine, row, err instanceof Error ? err.message : GENERATION_MESSAGES.failedRetry, "failed");
  }
  let taken = false;
  // An idle worker of this process takes the run once it is queued, with no job (queue.ts hand-off).
  const handOff = engine.deps.queue.takeIdleWorker();
  try {
    await db.transaction(async (tx) => {
      // Two nodes settling at once may both find this one ready: the status change decides who queues it.
      const [won] = await tx
        .update(generations)
        .set({
          status: "queued",
          request: run,
          inputHash: run.inputHash,
          reservedCredits: run.credits,
          ownKey: run.ownKey,
          modelId: run.modelId,
        })
        .where(and(eq(generations.id, row.id), eq(generations.status, "waiting")))
        .returning({ id: generations.id });
      if (!won) return;
      taken = true;
      await reserveCredits(tx, row.userId, row.id, run.credits);
      if (!handOff) await engine.deps.queue.sendInTransaction(tx, { generationId: row.id });
    });
  } catch (err) {
    handOff?.release();
    return stopWaiting(engine, row, err instanceof Error ? err.message : GENERATION_MESSAGES.failedRetry, "failed");
  }
  if (!taken) return handOff?.release();
  try {
    await markQueued(engine.deps, kind, row, kind.queuedFields?.(run, input) ?? {});
  } finally {
    // Queued either way: a worker must take it even if the node's mark failed.
    if (handOff) handOff.run({ generationId: row.id });
    else await engine.deps.queue.wake();
  }
}

/** A waiting node that will not run: its row settled with `reason`, its node shows it, its downstream stops too. */
async function stopWaiting<D extends RunDeps>(
  engine: RunEngine<D>,
  row: RunRow,
  reason: string,
  status: "failed" | "cancelled",
): Promise<void> {
  const { db, hub } = engine.deps;
  const [won] = await db
    .update(generations)
    .set({ status, error: reason, finishedAt: sql`now()` })
    .where(and(eq(generations.id, row.id), eq(generations.status, "waiting")))
    .returning({ id: generations.id });
  if (!won) return;
  const kind = engine.kinds.of(row);
  if (kind.onCanvas) {
    await patchNode(
      db,
      hub,
      row.projectId,
      row.nodeId,
      () => ({ status: "error", error: reason, isGenerating: false, generationProgress: null }),
      kind.origin,
    ).catch(() => null);
  }
  await publishRun(hub, row, status === "failed" ? runMessages.failed(row, reason) : runMessages.cancelled(row, reason));
  if (status === "failed") await advanceGraph(engine, { ...row, status });
}

async function nodeTitle(db: Db, projectId: string, nodeId: string): Promise<string> {
  const node = await readNode(db, projectId, nodeId);
  return node ? titleOf(node.data) : "Untitled";
}
