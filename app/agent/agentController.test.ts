import { afterEach, describe, expect, it, vi } from "vitest";
import type { AgentMessage } from "../../domain/agent/messages";
import type { AgentPlan } from "../../domain/agent/plan";
import { recordingClient } from "../canvas/testing/recordingClient";
import type { StudioNode } from "../canvas/store/canvasStore";
import { createAgentController } from "./agentController";

const frame: StudioNode = {
  id: "frame",
  type: "generic_v2",
  position: { x: 400, y: 400 },
  data: { title: "Frame", contentType: "image", prompt: "a harbour at dawn", rev: 3 },
};

const variations: AgentPlan = {
  summary: "Three variations of Frame in 9:16.",
  steps: [
    ...[1, 2, 3].map((i) => ({
      op: "add-node" as const,
      key: `v${i}`,
      kind: "image" as const,
      title: `Frame variation ${i}`,
      prompt: "a harbour at dawn",
      model: "local/sketch",
      aspectRatio: "9:16" as const,
      inputs: ["frame"],
      parameters: { seed: i },
    })),
    ...[1, 2, 3].map((i) => ({ op: "run-node" as const, node: `new:v${i}` })),
  ],
};

const proposal = (plan: AgentPlan): AgentMessage => ({
  id: crypto.randomUUID(),
  type: "agent",
  content: plan.summary,
  timestamp: new Date().toISOString(),
  metadata: { nodeIds: [], assetUrls: [], plan, planState: "proposed", credits: 6 },
});

function setup(opts: { canEdit?: boolean } = {}) {
  const rc = recordingClient({ nodes: [frame], canEdit: opts.canEdit });
  const runs: string[] = [];
  const fromHere: string[] = [];
  const cancelled: string[] = [];
  let flushedBeforeRun = true;
  const agent = createAgentController({
    projectId: "p",
    store: rc.client.store,
    commands: rc.commands,
    generation: {
      run: async (nodeId) => {
        // The run reads the saved node and its edges: the plan's writes must have gone first.
        if (rc.client.hasPending()) flushedBeforeRun = false;
        runs.push(nodeId!);
        return `gen-${nodeId}`;
      },
      runFromHere: async (nodeId) => {
        if (rc.client.hasPending()) flushedBeforeRun = false;
        fromHere.push(nodeId);
        return null;
      },
      cancel: async (generationId) => {
        cancelled.push(generationId);
      },
    },
    flushWrites: async () => {
      await rc.client.flush();
      return !rc.client.hasPending();
    },
    onActivity: () => {},
  });
  return { ...rc, agent, runs, fromHere, cancelled, flushedBeforeRun: () => flushedBeforeRun };
}

/** The studio's answers as the browser receives them (fetch is the network boundary): what was posted where. */
function studioAnswers() {
  const posted: { url: string; body: unknown }[] = [];
  vi.spyOn(globalThis, "fetch").mockImplementation(async (url, init) => {
    const body = init?.body ? JSON.parse(String(init.body)) : null;
    posted.push({ url: String(url), body });
    const message = {
      id: "report-1",
      type: "system",
      content: "Finished",
      timestamp: new Date().toISOString(),
      metadata: { nodeIds: [], assetUrls: body?.assetUrls ?? [] },
    };
    return new Response(JSON.stringify({ message }), { status: 200, headers: { "content-type": "application/json" } });
  });
  return posted;
}
afterEach(() => vi.restoreAllMocks());

describe("applying an agent's plan", () => {
  it("adds the nodes connected from the frame as one undo step, saves them, then runs each", async () => {
    const posted = studioAnswers();
    const t = setup();
    expect(await t.agent.apply(proposal(variations))).toBe(true);
    const added = t.s().nodes.filter((n) => n.id !== "frame");
    expect(added.map((n) => n.data.title)).toEqual(["Frame variation 1", "Frame variation 2", "Frame variation 3"]);
    expect(
      added.every((n) => n.data.selectedModel === "local/sketch" && n.data.aspectRatio === "9:16" && n.data.contentType === "image"),
    ).toBe(true);
    expect(t.s().edges.map((e) => [e.source, e.target])).toEqual(added.map((n) => ["frame", n.id]));
    // Saved: the nodes and edges in one structure request, their data in the autosave.
    expect(t.structures()).toHaveLength(1);
    expect(t.structures()[0]!.nodes.map((n) => n.id)).toEqual(added.map((n) => n.id));
    expect(t.structures()[0]!.edgesAdded).toHaveLength(3);
    expect(new Set(t.writes().map((w) => w.nodeId))).toEqual(new Set(added.map((n) => n.id)));
    expect(t.runs).toEqual(added.map((n) => n.id));
    expect(t.flushedBeforeRun()).toBe(true);
    expect(t.agent.state.getState().activeWorkflowId).not.toBeNull();
    // The workflow stays active until every run has settled on the canvas (the server's writes arrive live).
    const settle = (id: string, status: "completed" | "error") => {
      const n = t.node(id);
      const made = status === "completed" ? { mediaUrl: `/api/media/${id}` } : {};
      t.client.receive({
        type: "nodes",
        nodes: [{ id, rev: (n.data.rev ?? 0) + 2, data: { ...n.data, ...made, status, rev: (n.data.rev ?? 0) + 2 } }],
        origin: "generation",
      });
    };
    settle(added[0]!.id, "completed");
    settle(added[1]!.id, "error");
    expect(t.agent.state.getState().activeWorkflowId).not.toBeNull();
    settle(added[2]!.id, "completed");
    expect(t.agent.state.getState().activeWorkflowId).toBeNull();
    // The runs are reported once, with what the finished ones show.
    await vi.waitFor(() => expect(posted.filter((p) => p.url.endsWith("/report"))).toHaveLength(1));
    expect(posted.find((p) => p.url.endsWith("/report"))!.body).toEqual({
      nodeIds: added.map((n) => n.id),
      assetUrls: [`/api/media/${added[0]!.id}`, `/api/media/${added[2]!.id}`],
      failed: 1,
    });
    expect(t.agent.state.getState().messages[0]!.metadata).toMatchObject({ planState: "applied", nodeIds: added.map((n) => n.id) });

    t.commands.undo();
    expect(t.s().nodes.map((n) => n.id)).toEqual(["frame"]);
    expect(t.s().edges).toEqual([]);
  });

  it("refuses a plan that names a node deleted meanwhile, changing nothing", async () => {
    const t = setup();
    const plan: AgentPlan = {
      summary: "Upscale Frame.",
      steps: [{ op: "run-tool", node: "frame", tool: "local/upscale", parameters: {} }],
    };
    t.commands.deleteNodes(["frame"]);
    await t.client.flush();
    const sentBefore = t.sent.length;
    expect(await t.agent.apply(proposal(plan))).toBe(false);
    expect(t.s().nodes).toEqual([]);
    expect(t.sent.length).toBe(sentBefore);
    expect(t.agent.state.getState().errors.map((e) => e.text)).toEqual([
      expect.stringMatching(/^The plan could not be applied: .*no longer on the canvas/),
    ]);
  });

  it("runs a node and what follows it through Run from here, after its settings are saved", async () => {
    const t = setup();
    const plan: AgentPlan = {
      summary: "Re-run from Frame.",
      steps: [
        { op: "update-node", node: "frame", set: { model: "local/sketch" } },
        { op: "run-from-here", node: "frame" },
      ],
    };
    expect(await t.agent.apply(proposal(plan))).toBe(true);
    expect(t.fromHere).toEqual(["frame"]);
    expect(t.runs).toEqual([]);
    expect(t.flushedBeforeRun()).toBe(true);
    expect(t.writes().map((w) => [w.nodeId, w.nodeData.selectedModel])).toEqual([["frame", "local/sketch"]]);
  });

  it("does nothing on a view-only canvas", async () => {
    const t = setup({ canEdit: false });
    expect(await t.agent.apply(proposal(variations))).toBe(false);
    expect(t.s().nodes.map((n) => n.id)).toEqual(["frame"]);
    expect(t.runs).toEqual([]);
  });

  it("cancels a proposed plan without touching the canvas", async () => {
    const t = setup();
    const m = proposal(variations);
    await t.agent.cancel(m);
    expect(t.agent.state.getState().messages.find((x) => x.id === m.id)!.metadata.planState).toBe("cancelled");
    expect(await t.agent.apply(t.agent.state.getState().messages[0]!)).toBe(false);
    expect(t.s().nodes).toHaveLength(1);
  });

  it("hides a dismissed error answer in this tab only: the chat still holds it", () => {
    const t = setup();
    const failed: AgentMessage = {
      id: "m-err",
      type: "agent",
      content: "The agent could not answer: down",
      timestamp: new Date().toISOString(),
      metadata: { nodeIds: [], assetUrls: [], error: "down" },
    };
    t.agent.receive(failed);
    t.agent.dismissAnswer("m-err");
    expect(t.agent.state.getState().dismissed.has("m-err")).toBe(true);
    expect(t.agent.state.getState().messages.map((m) => m.id)).toEqual(["m-err"]);
  });

  it("keeps the chat by message id: a live copy replaces the one shown", () => {
    const t = setup();
    const m = proposal(variations);
    t.agent.receive(m);
    t.agent.receive({ ...m, metadata: { ...m.metadata, planState: "applied" } });
    expect(t.agent.state.getState().messages).toHaveLength(1);
    expect(t.agent.state.getState().messages[0]!.metadata.planState).toBe("applied");
  });

  it("undoes an applied plan from the chat: its nodes go as one step, its runs still going are cancelled, and the plan says Undone", async () => {
    const posted = studioAnswers();
    const t = setup();
    const message = proposal(variations);
    expect(await t.agent.apply(message)).toBe(true);
    const added = t.s().nodes.filter((n) => n.id !== "frame");
    expect(added).toHaveLength(3);
    expect(t.agent.state.getState().undoable.has(message.id)).toBe(true);
    // The server has taken two of the runs: their nodes show the run.
    t.client.store.setState((s) => ({
      nodes: s.nodes.map((n, i) => (i > 0 && i < 3 ? { ...n, data: { ...n.data, status: "generating", generationId: `g-${i}` } } : n)),
    }));
    const applied = { ...message, metadata: { ...message.metadata, planState: "applied" as const, nodeIds: added.map((n) => n.id) } };
    expect(await t.agent.undoPlan(applied)).toBe(true);
    expect(t.s().nodes.map((n) => n.id)).toEqual(["frame"]);
    expect(t.s().edges).toEqual([]);
    expect(t.cancelled.sort()).toEqual(["g-1", "g-2"]);
    expect(t.agent.state.getState().undoable.has(message.id)).toBe(false);
    expect(t.agent.state.getState().messages.find((m) => m.id === message.id)?.metadata.planState).toBe("undone");
    expect(posted.some((p) => p.url.endsWith(`/${message.id}/outcome`) && (p.body as { state: string }).state === "undone")).toBe(true);
  });

  it("will not undo a plan once other canvas changes came after it: nothing is lost", async () => {
    studioAnswers();
    const t = setup();
    const message = proposal(variations);
    await t.agent.apply(message);
    const added = t
      .s()
      .nodes.filter((n) => n.id !== "frame")
      .map((n) => n.id);
    t.commands.createNode({ position: { x: 3000, y: 3000 } });
    const applied = { ...message, metadata: { ...message.metadata, planState: "applied" as const, nodeIds: added } };
    expect(await t.agent.undoPlan(applied)).toBe(false);
    expect(t.s().nodes).toHaveLength(5);
    expect(t.agent.state.getState().errors.at(-1)?.text).toMatch(/^Other changes were made on the canvas after this plan/);
  });
});
