/**
 * For every shot on the run engine: the workflow (the selected nodes) copied once per shot of
 * a shot list (or one scene of it), each copy given its shot's inputs (domain/runs/perShot.ts), in a lane of
 * its own, linked to its shot, and run as its own graph run, so each shot's runs are cancelled on their own.
 *
 * The dry run plans every lane on the canvas as it would be with the copies (nothing stored, the copies'
 * inputs read from that canvas), with the graph run's own planner; the real run adds the copies through
 * `canvasService.applyChanges` in one change, links each shot to its lane's result (the storyboard's link,
 * so a finished image becomes the shot's) and starts each lane with the same planner, so what the dry run
 * totals is what the lanes hold.
 */
import { randomUUID } from "node:crypto";
import { and, desc, eq } from "drizzle-orm";
import type { NodeRecord } from "../../domain/canvas/changes";
import { newEdgeId, newNodeId } from "../../domain/canvas/placement";
import { isActiveGeneration } from "../../domain/generation/api";
import {
  PER_SHOT_MESSAGES,
  type PerShotRunBody,
  type PerShotRunPlan,
  type PerShotRunStarted,
  type ShotLanePlan,
} from "../../domain/runs/api";
import { planPerShot, type PerShotPlan, type ShotLane } from "../../domain/runs/perShot";
import { SHOT_LIST_MESSAGES } from "../../domain/shotlists/messages";
import { generations } from "../db/schema";
import { badRequest, insufficientCredits, notFound } from "../errors";
import { authorizeProject } from "../policies/projectPolicy";
import { applyChanges, loadCanvas } from "../services/canvasService";
import { creditBalance } from "../services/creditLedger";
import { promisedSignupAllowance } from "../services/signupAllowance";
import { findShotList } from "../shotlists/shotListService";
import { linkShotNodes } from "../storyboard/shotNodes";
import type { RunDeps } from "./deps";
import type { RunEngine } from "./engine";
import { planOnCanvas, startGraphRun, type PlanCanvas } from "./graphRun";

interface PerShotPlanned {
  plan: PerShotRunPlan;
  perShot: PerShotPlan;
  /** How many nodes all lanes will run. */
  runCount: number;
}

/** Every lane planned on the canvas as it will be with the copies, before anything is stored. */
export async function planPerShotRun<D extends RunDeps>(
  engine: RunEngine<D>,
  userId: string,
  projectId: string,
  body: PerShotRunBody,
): Promise<PerShotPlanned> {
  const { db } = engine.deps;
  await authorizeProject(db, userId, projectId, "edit");
  const list = await findShotList(db, body.shotListId);
  // A list of another project is not one this canvas can run (the caller's rights were checked on this one).
  if (list.projectId !== projectId) throw notFound(SHOT_LIST_MESSAGES.notFound);
  const scenes = body.sceneId ? list.scenes.filter((s) => s.id === body.sceneId) : list.scenes;
  if (scenes.length === 0) throw notFound(SHOT_LIST_MESSAGES.sceneNotFound);

  const canvas = await loadCanvas(db, projectId);
  const chosen = new Set(body.nodeIds);
  const workflow = canvas.nodes
    .filter((n) => chosen.has(n.id))
    .map((n): NodeRecord => ({ id: n.id, type: n.type, position: n.position, data: n.data }));
  if (workflow.length !== chosen.size) throw badRequest(PER_SHOT_MESSAGES.notOnCanvas);

  const perShot = planPerShot({
    workflow,
    canvas: canvas.nodes,
    edges: canvas.edges,
    shots: scenes.flatMap((scene) => scene.shots.map((shot) => ({ shot, sceneTitle: scene.title }))),
    shotListId: list.id,
    runnable: (data) => engine.kinds.stepFor(data) !== null,
    newNodeId: () => newNodeId(),
    newEdgeId: (source, target) => newEdgeId(source, target),
    newRunId: () => randomUUID(),
  });
  if (perShot.lanes.length === 0) throw badRequest(PER_SHOT_MESSAGES.noShots);

  // The canvas with every lane on it, as the lanes' runs will find it.
  const stored = canvas.nodes.map((n) => ({ id: n.id, rev: n.rev, data: n.data, position: n.position }));
  const withLanes: PlanCanvas = {
    nodes: [...stored, ...perShot.lanes.flatMap((l) => l.nodes.map((n) => ({ id: n.id, rev: 1, data: n.data, position: n.position })))],
    edges: [...canvas.edges, ...perShot.lanes.flatMap((l) => l.edges)],
  };
  const lanes: ShotLanePlan[] = [];
  let runCount = 0;
  for (const lane of perShot.lanes) {
    const laneIds = lane.nodes.map((n) => n.id);
    const { plan } = await planOnCanvas(engine, userId, projectId, withLanes, { scope: "downstream", nodeIds: laneIds }, new Set(laneIds));
    const original = new Map([...lane.idMap].map(([from, to]) => [to, from]));
    // Named by the workflow's node ids, so the dry run and the started run read the same.
    const named = <T extends { nodeId: string }>(items: T[]) =>
      items.map((item) => ({ ...item, nodeId: original.get(item.nodeId) ?? item.nodeId }));
    runCount += plan.run.length;
    lanes.push({ ...laneSummary(lane), run: named(plan.run), skipped: named(plan.skipped), credits: plan.credits });
  }
  return {
    plan: {
      lanes,
      skippedShots: perShot.skippedShots,
      nodesPerLane: workflow.length,
      credits: lanes.reduce((sum, l) => sum + l.credits, 0),
    },
    perShot,
    runCount,
  };
}

const laneSummary = (lane: ShotLane) => ({
  shotId: lane.shot.id,
  shotNumber: lane.shot.shotNumber,
  sceneTitle: lane.sceneTitle,
  prompt: lane.prompt,
  image: lane.image,
});

/**
 * Plans, refuses what cannot be held (too many waiting runs, too few credits) before changing anything,
 * then adds every lane in one canvas change, links each shot to its lane's result and starts each lane.
 */
export async function startPerShotRun<D extends RunDeps>(
  engine: RunEngine<D>,
  userId: string,
  projectId: string,
  body: PerShotRunBody,
): Promise<PerShotRunStarted> {
  const { db, hub } = engine.deps;
  const { plan, perShot, runCount } = await planPerShotRun(engine, userId, projectId, body);
  if (runCount > 0) await engine.checkBacklog(userId, runCount);
  const spendable = (await creditBalance(db, userId)) + (await promisedSignupAllowance(db, userId));
  if (plan.credits > spendable) throw insufficientCredits();

  await applyChanges(db, hub, projectId, perShot.changes, { source: "user", actor: { userId } });
  await linkShotNodes(
    db,
    body.shotListId,
    perShot.lanes.map((l) => ({ shotId: l.shot.id, nodeId: l.resultNodeId })),
  );

  const lanes: PerShotRunStarted["lanes"] = [];
  for (const lane of perShot.lanes) {
    const started = await startGraphRun(
      engine,
      userId,
      projectId,
      { scope: "downstream", nodeIds: lane.nodes.map((n) => n.id) },
      { runId: lane.runId },
    );
    const original = new Map([...lane.idMap].map(([from, to]) => [to, from]));
    const named = <T extends { nodeId: string }>(items: T[]) =>
      items.map((item) => ({ ...item, nodeId: original.get(item.nodeId) ?? item.nodeId }));
    lanes.push({
      ...laneSummary(lane),
      run: named(started.run),
      skipped: named(started.skipped),
      credits: started.credits,
      runId: started.runId,
      nodeIds: Object.fromEntries(lane.idMap),
      resultNodeId: lane.resultNodeId,
      runIds: started.runIds,
      edges: lane.edges,
    });
  }
  return { ...plan, lanes, credits: lanes.reduce((sum, l) => sum + l.credits, 0) };
}

/**
 * Cancels one graph run (a shot's lane): its waiting runs first, downstream before upstream, so each says
 * "Cancelled" rather than that its input failed, then the ones queued or running. Answers how many stopped.
 */
export async function cancelGraphRun<D extends RunDeps>(
  engine: RunEngine<D>,
  userId: string,
  projectId: string,
  runId: string,
): Promise<number> {
  const { db } = engine.deps;
  await authorizeProject(db, userId, projectId, "edit");
  const rows = await db
    .select({ id: generations.id, status: generations.status })
    .from(generations)
    .where(and(eq(generations.projectId, projectId), eq(generations.chainId, runId)))
    .orderBy(desc(generations.chainIndex));
  if (rows.length === 0) throw notFound(PER_SHOT_MESSAGES.runNotFound);
  const order = [
    ...rows.filter((r) => r.status === "waiting"),
    ...rows.filter((r) => r.status !== "waiting" && isActiveGeneration(r.status)),
  ];
  for (const { id } of order) await engine.cancel(userId, id);
  return order.length;
}
