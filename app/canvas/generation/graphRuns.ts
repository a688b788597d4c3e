/**
 * Run all, Run selected and Run from here on this canvas: each asks first (the confirmation
 * dialog shows the dry run: what runs, what is cached, what cannot, the credits), then starts the graph
 * run and, once every node it started has settled, toasts the outcome. Progress shows on the nodes as for
 * any run (the live channel's generation messages).
 */
import { createStore } from "zustand/vanilla";
import type { RunMessage } from "../../../domain/realtime";
import type { GraphRunPlan, GraphRunStarted, RunScope } from "../../../domain/runs/api";
import { api } from "../../api/client";
import type { GenerationEnv } from "./generationController";
import { saveShownDefaultModels } from "./defaultModels";
import { generationErrorMessage } from "./generationErrorMessage";

/** What the confirmation is about. */
export interface GraphRunRequest {
  scope: RunScope;
  nodeIds: string[];
  /** The dialog's title: "Run all", "Run selected", "Run from here", or a group's "Run group “…”". */
  title: string;
}

const TITLES: Record<RunScope, string> = { all: "Run all", selected: "Run selected", downstream: "Run from here" };
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;
const SAVING = "Your latest changes are still saving. Try again in a moment.";

export function createGraphRuns(env: GenerationEnv) {
  const dialog = createStore<{ request: GraphRunRequest | null }>(() => ({ request: null }));
  /** Started runs waiting for their outcome: generation id → graph run, and each graph run's counts. */
  const runOf = new Map<string, string>();
  const outcomes = new Map<string, { left: number; done: number; failed: number }>();
  /** Outcomes that came before the run's answer did (a fast local node can finish first), kept briefly. */
  const settledEarly = new Map<string, RunMessage["status"]>();

  const body = (request: GraphRunRequest, force: boolean, dryRun: boolean) => ({
    scope: request.scope,
    ...(request.scope === "all" ? {} : { nodeIds: request.nodeIds }),
    force,
    dryRun,
  });
  const url = () => `/api/projects/${env.store.getState().projectId}/runs`;

  function follow(started: GraphRunStarted) {
    const ids = started.run.map((r) => started.runIds[r.nodeId]).filter((id): id is string => Boolean(id));
    if (ids.length === 0) return;
    outcomes.set(started.runId, { left: ids.length, done: 0, failed: 0 });
    for (const id of ids) runOf.set(id, started.runId);
    for (const id of ids) {
      const status = settledEarly.get(id);
      if (status) count(id, status);
    }
  }

  /** One node of a followed run settled; the outcome is toasted when it was the last. */
  function count(generationId: string, status: RunMessage["status"]) {
    const runId = runOf.get(generationId);
    if (!runId) return;
    runOf.delete(generationId);
    const outcome = outcomes.get(runId)!;
    outcome.left--;
    if (status === "succeeded") outcome.done++;
    else outcome.failed++;
    if (outcome.left > 0) return;
    outcomes.delete(runId);
    if (outcome.failed === 0) env.notify("success", `Run finished: ${plural(outcome.done, "node")} done`);
    else env.notify("error", `Run finished: ${outcome.done} done, ${outcome.failed} failed or stopped`);
  }

  return {
    dialog,
    /** Opens the confirmation for a run of `scope` (nothing for viewers). */
    ask(scope: RunScope, nodeIds: string[] = [], title: string = TITLES[scope]) {
      if (!env.store.getState().canEdit) return;
      dialog.setState({ request: { scope, nodeIds, title } });
    },
    close() {
      dialog.setState({ request: null });
    },
    /** The dry run from the saved canvas; throws the message to show. */
    async plan(request: GraphRunRequest, force: boolean): Promise<GraphRunPlan> {
      saveShownDefaultModels(env);
      if (!(await env.flushWrites())) throw new Error(SAVING);
      try {
        return await api<GraphRunPlan>("POST", url(), body(request, force, true));
      } catch (err) {
        throw new Error(generationErrorMessage(err));
      }
    },
    /** Starts it; resolves with why nothing started (also shown), or null once it has. */
    async start(request: GraphRunRequest, force: boolean): Promise<string | null> {
      if (!env.store.getState().canEdit) return "You have view-only access to this project.";
      saveShownDefaultModels(env);
      if (!(await env.flushWrites())) {
        env.notify("error", SAVING);
        return SAVING;
      }
      try {
        const started = await api<GraphRunStarted>("POST", url(), body(request, force, false));
        follow(started);
        const cached = started.cached.length ? `, ${started.cached.length} cached` : "";
        env.notify(
          "info",
          started.run.length
            ? `Running ${plural(started.run.length, "node")}${cached}`
            : `Nothing to run: ${plural(started.cached.length, "node")} cached`,
        );
        env.onActivity();
        return null;
      } catch (err) {
        const message = generationErrorMessage(err);
        env.notify("error", message);
        return message;
      }
    },
    /** A generation message: counts a followed run's outcome, and toasts it when the last node settled. */
    onMessage(m: RunMessage) {
      if (m.status !== "succeeded" && m.status !== "failed" && m.status !== "cancelled") return;
      if (runOf.has(m.generationId)) return count(m.generationId, m.status);
      settledEarly.set(m.generationId, m.status);
      if (settledEarly.size > 100) settledEarly.delete(settledEarly.keys().next().value!);
    },
  };
}
