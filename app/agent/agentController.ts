import { createStore } from "zustand/vanilla";
import { compilePlan, type PlannedRun } from "../../domain/agent/compilePlan";
import type { AgentMessage } from "../../domain/agent/messages";
import { GENERATION_MESSAGES } from "../../domain/generation/api";
import { api, ApiError } from "../api/client";
import type { CanvasCommands } from "../canvas/commands/canvasCommands";
import { generationErrorMessage, type GenerationController } from "../canvas/generation/generationController";
import { nodesById, type CanvasStore } from "../canvas/store/canvasStore";
import { mediaUrlOf } from "../../domain/canvas/contentType";
import { askAgent, listAgentMessages, reportPlanOutcome, reportRuns, writeOfferedScript } from "./agentApi";

export interface AgentState {
  messages: AgentMessage[];
  /** spec (shell 3 "Agent request"): idle, loading, done or error. */
  request: "idle" | "loading" | "done" | "error";
  /** A model's answer as it streams in. */
  streaming: string;
  /** Errors shown red in the chat until dismissed (the request's, or a plan's that failed here). */
  errors: { id: string; text: string }[];
  /** The plan whose runs are going (the header's green dot). */
  activeWorkflowId: string | null;
  /** Runs of the active workflow: done once none of these nodes is generating. */
  activeNodeIds: string[];
  /** Plans that cost nothing are applied as they come (the user ticked it). */
  applyFreePlans: boolean;
  /** Agent mode (spec shell 2): the panel is closed, open, or minimized; kept per browser. */
  panel: AgentPanelMode;
  /** What is typed and not sent yet: kept while the panel is minimized or closed. */
  draft: string;
  /** Error answers this tab dismissed (spec: a red message with Dismiss); the history keeps them. */
  dismissed: ReadonlySet<string>;
  /** Plans this tab applied whose canvas step can still be undone from the chat. */
  undoable: ReadonlySet<string>;
}

export type AgentPanelMode = "closed" | "open" | "minimized";

const APPLY_FREE_KEY = "reelgraph.agent.applyFreePlans";
const PANEL_KEY = "reelgraph.agent.panel";
const stored = (key: string) => (typeof localStorage === "undefined" ? null : localStorage.getItem(key));

export interface AgentEnv {
  projectId: string;
  store: CanvasStore;
  commands: CanvasCommands;
  generation: Pick<GenerationController, "run" | "runFromHere" | "cancel">;
  /** Sends every waiting canvas write; false when some are still unsaved (runs read the saved nodes). */
  flushWrites(): Promise<boolean>;
  /** A run started: the credit balance and the queue refresh. */
  onActivity(): void;
  /** Brings these nodes into view (an applied plan's new nodes may land off screen). */
  reveal?(nodeIds: string[]): void;
}

const upsert = (list: AgentMessage[], m: AgentMessage) => {
  const i = list.findIndex((x) => x.id === m.id);
  if (i < 0) return [...list, m].sort((a, b) => a.timestamp.localeCompare(b.timestamp));
  const next = [...list];
  next[i] = m;
  return next;
};

/**
 * The agent panel without React: the chat (kept live from the project's channel), asking, and what a plan
 * does once applied. A plan is compiled against the canvas as this tab has it and applied through the
 * canvas commands as one `agent` list (one undo step, one batch for the outbox); its runs go through the
 * Run button's and the Tools tab's routes, so credits, permissions and the queue are theirs.
 */
export function createAgentController(env: AgentEnv) {
  const panel = stored(PANEL_KEY);
  const state = createStore<AgentState>(() => ({
    messages: [],
    request: "idle",
    streaming: "",
    errors: [],
    activeWorkflowId: null,
    activeNodeIds: [],
    applyFreePlans: stored(APPLY_FREE_KEY) === "1",
    panel: panel === "open" || panel === "minimized" ? panel : "closed",
    draft: "",
    dismissed: new Set(),
    undoable: new Set(),
  }));
  const set = state.setState;
  const fail = (text: string) => set((s) => ({ request: "error", errors: [...s.errors, { id: crypto.randomUUID(), text }] }));

  /** The undo step each applied plan made (canvas history tokens), for its Undo in the chat. */
  const undoSteps = new Map<string, unknown>();
  const forgetUndo = (messageId: string) => {
    undoSteps.delete(messageId);
    set((s) => ({ undoable: new Set([...s.undoable].filter((id) => id !== messageId)) }));
  };

  /** The revision each run node had when its run was asked for: it is done once a later one settles. */
  const startRevs = new Map<string, number>();
  const settled = (canvas: ReturnType<CanvasStore["getState"]>, id: string) => {
    const node = nodesById(canvas.nodes).get(id);
    if (!node) return true;
    return (node.data.rev ?? 0) > (startRevs.get(id) ?? Infinity) && (node.data.status === "completed" || node.data.status === "error");
  };
  // The workflow ends when every run it started has finished or failed (the header's green dot goes out).
  env.store.subscribe((canvas) => {
    const { activeNodeIds, activeWorkflowId } = state.getState();
    if (!activeNodeIds.length || !activeNodeIds.every((id) => settled(canvas, id))) return;
    set({ activeWorkflowId: null, activeNodeIds: [] });
    // The chat says so, with what was made: every member sees it, and the history keeps the pictures.
    const ran = activeNodeIds.map((id) => nodesById(canvas.nodes).get(id)?.data);
    const assetUrls = ran.flatMap((d) => (d?.status === "completed" && mediaUrlOf(d) ? [mediaUrlOf(d)!] : []));
    const failed = ran.filter((d) => !d || d.status === "error").length;
    if (activeWorkflowId)
      void reportRuns(env.projectId, activeWorkflowId, { nodeIds: activeNodeIds, assetUrls, failed }).then(controller.receive, () => {});
  });

  async function startRun(run: PlannedRun): Promise<string | null> {
    const nodeData = () => nodesById(env.store.getState().nodes).get(run.nodeId)?.data;
    startRevs.set(run.nodeId, nodeData()?.rev ?? 0);
    if (run.kind === "node") {
      const started = await env.generation.run(run.nodeId);
      // The Run button's path said why on the node (402: 'Insufficient credits…'); the chat says it too.
      if (!started) fail(String(nodeData()?.error ?? GENERATION_MESSAGES.failedRetry));
      return started;
    }
    if (run.kind === "from-here") {
      const refused = await env.generation.runFromHere(run.nodeId);
      if (refused) fail(refused);
      return refused ? null : run.nodeId;
    }
    try {
      await api("POST", "/api/tools/execute", {
        toolId: run.toolId,
        nodeId: run.nodeId,
        projectId: env.projectId,
        parameters: run.parameters,
      });
      return run.nodeId;
    } catch (err) {
      fail(generationErrorMessage(err));
      return null;
    }
  }

  const controller = {
    state,

    async load() {
      try {
        const messages = await listAgentMessages(env.projectId);
        set((s) => ({ messages: messages.reduce(upsert, s.messages) }));
      } catch (err) {
        fail(err instanceof ApiError ? err.message : "Could not load the agent's chat");
      }
    },

    /** A message from the live channel: new, or a plan's outcome. */
    receive(message: AgentMessage) {
      set((s) => ({ messages: upsert(s.messages, message) }));
    },

    /** Hides an error answer here. */
    dismissAnswer(messageId: string) {
      set((s) => ({ dismissed: new Set([...s.dismissed, messageId]) }));
    },

    dismiss(errorId: string) {
      set((s) => ({
        errors: s.errors.filter((e) => e.id !== errorId),
        request: s.request === "error" && s.errors.length <= 1 ? "idle" : s.request,
      }));
    },

    setPanel(panel: AgentPanelMode) {
      localStorage.setItem(PANEL_KEY, panel);
      set({ panel });
    },

    /** The toolbar button and the A key: agent mode on (open) or off. */
    togglePanel() {
      controller.setPanel(state.getState().panel === "closed" ? "open" : "closed");
    },

    setDraft(draft: string) {
      set({ draft });
    },

    setApplyFreePlans(on: boolean) {
      localStorage.setItem(APPLY_FREE_KEY, on ? "1" : "0");
      set({ applyFreePlans: on });
    },

    /** Sends a request with the selection and the context; false when nothing was sent. */
    async send(text: string, nodes: { selected: string[]; context: string[] }): Promise<boolean> {
      const content = text.trim();
      if (!content || state.getState().request === "loading") return false;
      set({ request: "loading", streaming: "" });
      try {
        const answer = await askAgent(
          env.projectId,
          { content, selectedNodeIds: nodes.selected, contextNodeIds: nodes.context },
          {
            onQuestion: (m) => controller.receive(m),
            onText: (delta) => set((s) => ({ streaming: s.streaming + delta })),
          },
        );
        controller.receive(answer);
        set({ request: "done", streaming: "" });
        if (
          answer.metadata.planState === "proposed" &&
          answer.metadata.credits === 0 &&
          !answer.metadata.error &&
          state.getState().applyFreePlans
        )
          await controller.apply(answer);
        return true;
      } catch (err) {
        set({ streaming: "" });
        fail(err instanceof ApiError ? err.message : "The agent could not answer. Please try again.");
        return false;
      }
    },

    /** Applies an answer's plan as one undo step, then starts its runs. */
    async apply(message: AgentMessage): Promise<boolean> {
      const plan = message.metadata.plan;
      if (!plan || message.metadata.planState !== "proposed") return false;
      const compiled = compilePlan(plan, env.store.getState(), { now: Date.now() });
      if (!compiled.ok) {
        fail(`The plan could not be applied: ${compiled.error}`);
        controller.receive({ ...message, metadata: { ...message.metadata, planState: "failed", error: compiled.error } });
        // The server's copy replaces ours once it answers; if it cannot, ours stays.
        await reportPlanOutcome(env.projectId, message.id, { state: "failed", error: compiled.error }).then(controller.receive, () => {});
        return false;
      }
      const applied = env.commands.batch(() => env.commands.applyChanges(compiled.plan.changes), "agent");
      if (!applied) return false;
      undoSteps.set(message.id, env.commands.lastUndoStep());
      set((s) => ({ undoable: new Set([...s.undoable, message.id]) }));
      const nodeIds = compiled.plan.touchedNodeIds;
      const inputs = compiled.plan.changes.flatMap((c) => (c.type === "edge-added" ? [c.edge.source] : []));
      env.reveal?.([...new Set([...inputs, ...nodeIds])]);
      // The chat shows it applied at once; the server's copy (and every other tab's) follows.
      controller.receive({ ...message, metadata: { ...message.metadata, planState: "applied", nodeIds } });
      void reportPlanOutcome(env.projectId, message.id, { state: "applied", nodeIds }).then(controller.receive, () => {});
      if (!compiled.plan.runs.length) return true;
      set({ activeWorkflowId: message.id, activeNodeIds: compiled.plan.runs.map((r) => r.nodeId) });
      // Runs read the saved nodes and edges: the plan's writes go first.
      if (!(await env.flushWrites())) {
        set({ activeWorkflowId: null, activeNodeIds: [] });
        fail("The plan's nodes are still saving. Run them from the canvas in a moment.");
        return true;
      }
      const outcomes = await Promise.all(compiled.plan.runs.map(startRun));
      const started = compiled.plan.runs.filter((_, i) => outcomes[i]);
      set({ activeNodeIds: started.map((r) => r.nodeId) });
      if (started.length === 0) set({ activeWorkflowId: null });
      else env.onActivity();
      return true;
    },

    /**
     * Undo of an applied plan, from the chat: its canvas step is undone (only while it is
     * still the last one, so no later edit is lost), and its runs that are still going are cancelled, which
     * releases their held credits.
     */
    async undoPlan(message: AgentMessage): Promise<boolean> {
      const token = undoSteps.get(message.id);
      if (message.metadata.planState !== "applied" || token === undefined) return false;
      const byId = nodesById(env.store.getState().nodes);
      const going = message.metadata.nodeIds.flatMap((id) => {
        const data = byId.get(id)?.data;
        return data?.status === "generating" && typeof data.generationId === "string" ? [data.generationId] : [];
      });
      if (!env.commands.undoStep(token)) {
        fail("Other changes were made on the canvas after this plan. Undo those first (Ctrl+Z), or delete the plan's nodes.");
        return false;
      }
      forgetUndo(message.id);
      if (state.getState().activeWorkflowId === message.id) set({ activeWorkflowId: null, activeNodeIds: [] });
      await Promise.all(going.map((id) => env.generation.cancel(id)));
      controller.receive({ ...message, metadata: { ...message.metadata, planState: "undone" } });
      await reportPlanOutcome(env.projectId, message.id, { state: "undone" }).then(controller.receive, () => {});
      return true;
    },

    async cancel(message: AgentMessage) {
      if (message.metadata.planState !== "proposed") return;
      controller.receive({ ...message, metadata: { ...message.metadata, planState: "cancelled" } });
      await reportPlanOutcome(env.projectId, message.id, { state: "cancelled" }).then(controller.receive, () => {});
    },

    /** "Write into a script": the scene the answer offered becomes a new script; its id (the same on a second click). */
    async writeScript(message: AgentMessage): Promise<string> {
      const written = await writeOfferedScript(env.projectId, message.id);
      controller.receive(written.message);
      return written.scriptId;
    },
  };
  return controller;
}

export type AgentController = ReturnType<typeof createAgentController>;
