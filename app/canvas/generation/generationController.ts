/**
 * Starting, following and cancelling generations from this canvas. The toolbar, the sidebar's prompt, the
 * focused view's prompt bar and the Enter shortcut all call `run`, so they share one path and one set of
 * messages (spec canvas 5 "Generate", 8 "Generation").
 */
import type { NodeData } from "../../../domain/canvas/node";
import { type RunMessage, runMessages } from "../../../domain/realtime";
import { GENERATION_MESSAGES, type ExecuteNodeBody } from "../../../domain/generation/api";
import { findModel } from "../../../domain/generation/catalogue";
import { runChoicesOf } from "../../../domain/generation/nodeChoices";
import { outputTypeOf } from "../../../domain/generation/toolbar";
import { api, ApiError } from "../../api/client";
import type { CanvasCommands } from "../commands/canvasCommands";
import type { CanvasStore } from "../store/canvasStore";
import { createProgressStore } from "./progressStore";
import { generationErrorMessage } from "./generationErrorMessage";
import { createGraphRuns } from "./graphRuns";
import { createPerShotRuns } from "./perShotRuns";

export { generationErrorMessage };

export interface GenerationEnv {
  projectId: string;
  store: CanvasStore;
  commands: CanvasCommands;
  /** Sends every waiting canvas write (Run from here reads the saved nodes); false when some are still unsaved. */
  flushWrites(): Promise<boolean>;
  /** `id` names a toast that `dismiss` can take away before its time. */
  notify(
    kind: "info" | "error" | "success",
    message: string,
    options?: { description?: string; duration?: number; video?: boolean; id?: string },
  ): void;
  dismiss?(toastId: string): void;
  /** Brings these nodes into view (For every shot's new lanes). */
  reveal?(nodeIds: string[]): void;
  /** A generation started or settled: the credit balance and the queue panel refresh. */
  onActivity(): void;
  /**
   * The model a node without one of its own runs with (the default the toolbar shows for it: the first
   * usable of its compatible list, if that list was read), or null.
   */
  defaultModel?(nodeId: string, contentType: string | null): string | null;
}

/** The node's toolbar choices as execute-node wants them (spec canvas 7). */
export function executeBody(projectId: string, nodeId: string, data: NodeData, prompt: string): ExecuteNodeBody {
  const choices = runChoicesOf(data);
  return {
    projectId,
    nodeId,
    prompt,
    selectedModel: choices.modelId,
    controls: {
      selectedType: typeof data.contentType === "string" && data.contentType ? data.contentType : undefined,
      variations: choices.variations,
      seedFixed: choices.seedFixed,
      toolbarControls: choices.controls,
    },
    parameters: { modelParameters: choices.params },
  };
}

/** A new node's title: the prompt's first words, cut at a word near 40 characters. */
export function titleFromPrompt(prompt: string): string {
  const oneLine = prompt.replace(/\s+/g, " ").trim();
  if (oneLine.length <= 40) return oneLine;
  const cut = oneLine.slice(0, 40);
  const space = cut.lastIndexOf(" ");
  return `${(space > 20 ? cut.slice(0, space) : cut).trim()}…`;
}

const videoToastId = (generationId: string) => `video-started-${generationId}`;

export function createGenerationController(env: GenerationEnv) {
  const progress = createProgressStore();
  /** Run all, selected and from here (the agent's run-from-here starts one without asking). */
  const graph = createGraphRuns(env);
  /** The selected workflow run for every shot of a shot list, a lane each. */
  const perShot = createPerShotRuns(env);
  /** Generations this client started: only these toast their outcome here. */
  const mine = new Set<string>();
  /**
   * Outcomes that arrived before their execute-node answer did (a fast local run can finish first), kept
   * briefly so the run that asked for them still reports them.
   */
  const settledEarly = new Map<string, RunMessage>();
  const SETTLED = new Set<RunMessage["status"]>(["succeeded", "failed", "cancelled"]);

  const report = (m: RunMessage) => {
    if (!mine.has(m.generationId) || !SETTLED.has(m.status)) return;
    mine.delete(m.generationId);
    // "This may take 30-120 seconds" is true only while the run goes on.
    env.dismiss?.(videoToastId(m.generationId));
    if (m.status === "succeeded") {
      env.notify("success", GENERATION_MESSAGES.completed);
      window.dispatchEvent(new CustomEvent("nodeExecutionComplete", { detail: { nodeId: m.nodeId, generationId: m.generationId } }));
    } else if (m.status === "failed") {
      env.notify("error", GENERATION_MESSAGES.executionFailed, { description: m.error ?? GENERATION_MESSAGES.nodeFailed });
    }
  };
  const nodeById = (id: string) => env.store.getState().nodes.find((n) => n.id === id);
  const hasUpstream = (id: string) => env.store.getState().edges.some((e) => e.target === id);

  return {
    progress,
    graph,
    perShot,
    /** The model a node without one of its own would run with (see GenerationEnv.defaultModel), or null. */
    defaultModel: (nodeId: string, contentType: string | null) => env.defaultModel?.(nodeId, contentType) ?? null,

    /**
     * Runs a node with its saved choices; `prompt` (from a prompt box) replaces the node's prompt first.
     * Returns the generation id, or null when nothing was started (the reason was shown).
     */
    async run(nodeId: string | null, prompt?: string): Promise<string | null> {
      const node = nodeId ? nodeById(nodeId) : undefined;
      if (!node || !nodeId) {
        env.notify("error", GENERATION_MESSAGES.selectNode);
        return null;
      }
      if (!env.store.getState().canEdit) return null;
      const text = (prompt ?? node.data.prompt ?? "").trim();
      // Spec canvas 5: an empty prompt does nothing — unless connected inputs are what the model works on.
      if (!text && !hasUpstream(nodeId)) return null;
      // A node shown with the default model is given it now, at its run (not when it was selected).
      const modelId = node.data.selectedModel || env.defaultModel?.(nodeId, node.data.contentType ?? null) || "";
      if (!modelId) {
        env.notify("error", GENERATION_MESSAGES.selectModel);
        return null;
      }
      const patch = {
        ...(modelId !== node.data.selectedModel ? { selectedModel: modelId } : {}),
        ...(prompt !== undefined && prompt !== node.data.prompt ? { prompt } : {}),
      };
      if (Object.keys(patch).length) env.commands.updateNodeData(nodeId, patch);
      const model = findModel(modelId);
      // The card says 'Preparing...' at once; the server's node record takes over within moments.
      progress.apply(runMessages.queued({ id: "pending", nodeId }, GENERATION_MESSAGES.preparing));
      try {
        const res = await api<{ success: boolean; generationId: string }>(
          "POST",
          "/api/execute-node",
          executeBody(env.store.getState().projectId, nodeId, { ...node.data, selectedModel: modelId, prompt: text }, text),
        );
        mine.add(res.generationId);
        progress.adopt(nodeId, res.generationId);
        const early = settledEarly.get(res.generationId);
        if (early) {
          settledEarly.delete(res.generationId);
          progress.apply(early);
          report(early);
        }
        // Only a slow (hosted) video model warns of its wait, and only while it runs: a local
        // render takes seconds and may have finished already.
        if (model && outputTypeOf(model) === "video" && model.provider !== "local" && !early && mine.has(res.generationId)) {
          env.notify("info", GENERATION_MESSAGES.videoStarted, { duration: Infinity, video: true, id: videoToastId(res.generationId) });
        }
        env.onActivity();
        return res.generationId;
      } catch (err) {
        const message = generationErrorMessage(err);
        progress.apply(runMessages.failed({ id: "pending", nodeId }, message));
        // A conflict: the node is busy with a run already going; it is not in error.
        if (!(err instanceof ApiError && err.code === "conflict")) env.commands.updateNodeData(nodeId, { status: "error", error: message });
        env.notify("error", message);
        return null;
      }
    },

    /**
     * The big prompt with nothing selected (overriding spec canvas 5's "select a node"): a node
     * of the chosen type and model, titled by the prompt, at the centre of the view, run at once.
     */
    async runNew(choices: NodeData, prompt: string): Promise<string | null> {
      const text = prompt.trim();
      if (!text || !env.store.getState().canEdit) return null;
      if (!choices.selectedModel) {
        env.notify("error", GENERATION_MESSAGES.selectModel);
        return null;
      }
      const title = titleFromPrompt(text);
      const nodeId = env.commands.createNodeAtCenter({ ...choices, prompt: text, title, label: title });
      if (!nodeId) return null;
      // The server runs the saved node: its creation goes first.
      if (!(await env.flushWrites())) {
        env.notify("error", "The new node is still saving. Press Run again in a moment.");
        return null;
      }
      return this.run(nodeId, text);
    },

    /**
     * Runs the node and everything downstream of it; unchanged nodes are skipped as cached. Resolves with
     * why nothing started (also shown), or null once it has.
     */
    async runFromHere(nodeId: string): Promise<string | null> {
      return graph.start({ scope: "downstream", nodeIds: [nodeId], title: "Run from here" }, false);
    },

    async cancel(generationId: string): Promise<void> {
      try {
        await api("POST", `/api/generations/${generationId}/cancel`);
        env.onActivity();
      } catch (err) {
        env.notify("error", err instanceof ApiError ? err.message : "Could not cancel");
      }
    },

    /** A generation message from the live channel. */
    onMessage(m: RunMessage) {
      progress.apply(m);
      graph.onMessage(m);
      perShot.onMessage(m);
      if (m.status === "succeeded" || m.status === "failed" || m.status === "cancelled" || m.status === "cached") env.onActivity();
      if (mine.has(m.generationId)) return report(m);
      if (SETTLED.has(m.status)) {
        settledEarly.set(m.generationId, m);
        // Only the last few matter: an answer is at most a moment behind its outcome.
        if (settledEarly.size > 50) settledEarly.delete(settledEarly.keys().next().value!);
      }
    },
  };
}
export type GenerationController = ReturnType<typeof createGenerationController>;
