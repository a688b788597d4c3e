/**
 * For every shot on this canvas: the selected nodes (the workflow) run once per shot of a shot
 * list or one of its scenes. One confirmation (the dry run: the shots, the nodes per lane, the total
 * credits); the server adds a lane per shot through the canvas's one writer and starts each lane as its own
 * graph run; here the lanes become one undo step, the outcome is toasted once every lane has settled, and
 * a lane is cancelled on its own ("Cancel this shot's run").
 */
import { createStore } from "zustand/vanilla";
import { type CanvasChange, nodeAdded, edgeAdded } from "../../../domain/canvas/changes";
import type { RealtimeMessage, RunMessage } from "../../../domain/realtime";
import type { PerShotRunPlan, PerShotRunStarted, ShotLaneTag } from "../../../domain/runs/api";
import type { Scene, ShotListSummary } from "../../../domain/shotlists/schema";
import { api } from "../../api/client";
import type { GenerationEnv } from "./generationController";
import { generationErrorMessage } from "./generationErrorMessage";

export interface PerShotChoice {
  shotListId: string;
  /** One scene; every scene when absent. */
  sceneId?: string;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;
const SAVING = "Your latest changes are still saving. Try again in a moment.";

/** The lane a node belongs to, read from its data (the server tags every copy). */
export function laneTagOf(data: Record<string, unknown>): ShotLaneTag | null {
  const tag = data.shotLane as Partial<ShotLaneTag> | undefined;
  return tag && typeof tag.runId === "string" && typeof tag.shotNumber === "number" ? (tag as ShotLaneTag) : null;
}

/** Resolves once the live channel has brought these nodes (the server added them), or after 5 s. */
function whenOnCanvas(env: GenerationEnv, ids: readonly string[]): Promise<void> {
  const there = () => {
    const nodes = new Set(env.store.getState().nodes.map((n) => n.id));
    return ids.every((id) => nodes.has(id));
  };
  return new Promise((resolve) => {
    if (there()) return resolve();
    const timer = setTimeout(done, 5_000);
    const unsubscribe = env.store.subscribe(() => there() && done());
    function done() {
      clearTimeout(timer);
      unsubscribe();
      resolve();
    }
  });
}

export function createPerShotRuns(env: GenerationEnv) {
  /** The workflow the dialog is open for (null: closed). */
  const dialog = createStore<{ nodeIds: string[] | null }>(() => ({ nodeIds: null }));
  /** Each started lane's runs still going: generation id → lane run id, and each lane's shot and outcome. */
  const laneOf = new Map<string, string>();
  const lanes = new Map<string, { batch: string; left: number; failed: boolean }>();
  const batches = new Map<string, { left: number; done: number; failed: number }>();
  const settledEarly = new Map<string, RunMessage["status"]>();
  const url = (path = "") => `/api/projects/${env.store.getState().projectId}/runs${path}`;

  function follow(started: PerShotRunStarted) {
    const batch = crypto.randomUUID();
    const withRuns = started.lanes.filter((l) => l.run.length > 0);
    if (withRuns.length === 0) return;
    batches.set(batch, { left: withRuns.length, done: 0, failed: 0 });
    for (const lane of withRuns) {
      const ids = lane.run.map((r) => lane.runIds[lane.nodeIds[r.nodeId]!]).filter((id): id is string => Boolean(id));
      lanes.set(lane.runId, { batch, left: ids.length, failed: false });
      for (const id of ids) laneOf.set(id, lane.runId);
    }
    for (const [id, status] of settledEarly) if (laneOf.has(id)) count(id, status);
  }

  function count(generationId: string, status: RunMessage["status"]) {
    const runId = laneOf.get(generationId);
    if (!runId) return;
    laneOf.delete(generationId);
    const lane = lanes.get(runId)!;
    lane.left--;
    if (status !== "succeeded") lane.failed = true;
    if (lane.left > 0) return;
    lanes.delete(runId);
    const batch = batches.get(lane.batch)!;
    batch.left--;
    if (lane.failed) batch.failed++;
    else batch.done++;
    if (batch.left > 0) return;
    batches.delete(lane.batch);
    if (batch.failed === 0) env.notify("success", `Every shot finished: ${plural(batch.done, "shot")} done`);
    else env.notify("error", `Every shot finished: ${batch.done} done, ${batch.failed} failed or cancelled`);
  }

  return {
    dialog,
    /** Opens the confirmation for the selected nodes (nothing for viewers or an empty selection). */
    ask(nodeIds: string[]) {
      if (!env.store.getState().canEdit || nodeIds.length === 0) return;
      dialog.setState({ nodeIds });
    },
    close() {
      dialog.setState({ nodeIds: null });
    },
    /** The shot lists of this project (the dialog's first choice). */
    async shotLists(): Promise<ShotListSummary[]> {
      const { shotLists } = await api<{ shotLists: ShotListSummary[] }>(
        "GET",
        `/api/projects/${env.store.getState().projectId}/shot-lists`,
      );
      return shotLists;
    },
    /** A list's scenes (the dialog's second choice). */
    async scenes(shotListId: string): Promise<Pick<Scene, "id" | "title">[]> {
      const list = await api<{ scenes: Scene[] }>("GET", `/api/shot-lists/${shotListId}`);
      return list.scenes.map((s) => ({ id: s.id, title: s.title }));
    },
    /** The dry run from the saved canvas; throws the message to show. */
    async plan(nodeIds: string[], choice: PerShotChoice): Promise<PerShotRunPlan> {
      if (!(await env.flushWrites())) throw new Error(SAVING);
      try {
        return await api<PerShotRunPlan>("POST", url("/per-shot"), { nodeIds, ...choice, dryRun: true });
      } catch (err) {
        throw new Error(generationErrorMessage(err));
      }
    },
    /** Adds the lanes and starts them; resolves with why nothing started (also shown), or null once it has. */
    async start(nodeIds: string[], choice: PerShotChoice): Promise<string | null> {
      if (!env.store.getState().canEdit) return "You have view-only access to this project.";
      if (!(await env.flushWrites())) {
        env.notify("error", SAVING);
        return SAVING;
      }
      try {
        const started = await api<PerShotRunStarted>("POST", url("/per-shot"), { nodeIds, ...choice });
        const changes: CanvasChange[] = started.lanes.flatMap((lane) => [
          ...Object.values(lane.nodeIds).map(
            (id): CanvasChange => nodeAdded({ id, type: "generic_v2", position: { x: 0, y: 0 }, data: {} }),
          ),
          ...lane.edges.map((edge): CanvasChange => edgeAdded(edge)),
        ]);
        env.commands.adoptServerChanges(changes);
        const laneNodes = started.lanes.flatMap((lane) => Object.values(lane.nodeIds));
        void whenOnCanvas(env, laneNodes).then(() => env.reveal?.(laneNodes));
        follow(started);
        env.notify("info", `Running the workflow for ${plural(started.lanes.length, "shot")}`, {
          description: `${plural(started.nodesPerLane, "node")} in each lane, ${started.credits} credits held.`,
        });
        env.onActivity();
        return null;
      } catch (err) {
        const message = generationErrorMessage(err);
        env.notify("error", message);
        return message;
      }
    },
    /** Cancels one lane's runs: that shot's, no other. */
    async cancelLane(tag: ShotLaneTag): Promise<void> {
      try {
        const { cancelled } = await api<{ cancelled: number }>("POST", url(`/${tag.runId}/cancel`));
        env.notify("info", cancelled ? `Shot ${tag.shotNumber}'s run cancelled` : `Shot ${tag.shotNumber} has nothing left to cancel`);
        env.onActivity();
      } catch (err) {
        env.notify("error", generationErrorMessage(err));
      }
    },
    onMessage(m: RunMessage) {
      if (m.status !== "succeeded" && m.status !== "failed" && m.status !== "cancelled") return;
      if (laneOf.has(m.generationId)) return count(m.generationId, m.status);
      settledEarly.set(m.generationId, m.status);
      if (settledEarly.size > 100) settledEarly.delete(settledEarly.keys().next().value!);
    },
  };
}
