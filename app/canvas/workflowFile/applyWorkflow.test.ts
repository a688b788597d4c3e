import { describe, expect, it } from "vitest";
import type { PreparedWorkflow } from "../../../domain/workflowFile/api";
import { issueKey } from "../../../domain/workflowFile/compatibility";
import { contains } from "../../../domain/canvas/placement";
import { recordingClient, VISIBLE_AREA } from "../testing/recordingClient";
import type { StudioNode } from "../store/canvasStore";
import { applyWorkflow, type WorkflowApplyEnv } from "./applyWorkflow";

/** What the server's prepare answers: two new nodes joined by an edge, one on a hosted model with a substitute. */
const prepared = (): PreparedWorkflow => ({
  nodes: [
    {
      id: "generic-1-aaaaaaaaa",
      type: "generic_v2",
      position: { x: 0, y: 0 },
      data: { title: "Beat", content: "INT. HARBOUR", contentType: "text", rev: 1 },
    },
    {
      id: "generic-1-bbbbbbbbb",
      type: "generic_v2",
      position: { x: 600, y: 0 },
      data: {
        title: "Shot",
        prompt: "fog",
        selectedModel: "fal-ai/flux/dev",
        modelParameters: { steps: 30 },
        contentType: "image",
        rev: 1,
      },
    },
  ],
  edges: [{ id: "edge-ab", source: "generic-1-aaaaaaaaa", target: "generic-1-bbbbbbbbb", sourceHandle: null, targetHandle: null }],
  issues: [
    {
      nodeId: "generic-1-bbbbbbbbb",
      nodeTitle: "Shot",
      kind: "model",
      id: "fal-ai/flux/dev",
      name: "FLUX.1 [dev]",
      problem: "locked",
      reason: "Add a fal.ai key in Settings",
      substitute: { id: "local/sketch", name: "Sketch" },
    },
  ],
  mediaCount: 0,
});
const existing: StudioNode = { id: "old", type: "generic_v2", position: { x: 100, y: 50 }, data: { title: "Old", rev: 3 } };

function setup(canEdit = true) {
  const r = recordingClient({ canEdit, nodes: [existing] });
  const revealed: string[][] = [];
  const notes: string[] = [];
  const env: WorkflowApplyEnv = {
    store: r.client.store,
    commands: r.commands,
    reveal: (ids) => revealed.push(ids),
    notify: (_k, m) => notes.push(m),
  };
  return { ...r, env, revealed, notes };
}

describe("importing a prepared workflow", () => {
  it("brings the file's groups with its nodes, in the same undo step", async () => {
    const { env, s, commands, client, structures } = setup();
    const group = {
      id: "group-1-x",
      name: "Scene",
      colour: "green" as const,
      nodeIds: ["generic-1-aaaaaaaaa", "generic-1-bbbbbbbbb"],
      collapsed: false,
    };
    expect(applyWorkflow(env, { ...prepared(), groups: [group] }, new Set())).toBe(true);
    expect(s().groups).toEqual([group]);
    await client.flush();
    expect(structures().at(-1)?.groupsSet).toEqual([group]);
    commands.undo();
    expect(s().groups).toEqual([]);
    expect(s().nodes.map((n) => n.id)).toEqual(["old"]);
  });

  it("puts its nodes and edges on the canvas as one undo step, selected and shown", async () => {
    const { env, s, commands, revealed, notes, client, structures } = setup();
    expect(applyWorkflow(env, prepared(), new Set())).toBe(true);
    expect(s().nodes.map((n) => n.id)).toEqual(["old", "generic-1-aaaaaaaaa", "generic-1-bbbbbbbbb"]);
    expect(s().edges.map((e) => [e.source, e.target])).toEqual([["generic-1-aaaaaaaaa", "generic-1-bbbbbbbbb"]]);
    expect(
      s()
        .nodes.filter((n) => n.selected)
        .map((n) => n.id),
    ).toEqual(["generic-1-aaaaaaaaa", "generic-1-bbbbbbbbb"]);
    expect(revealed).toEqual([["generic-1-aaaaaaaaa", "generic-1-bbbbbbbbb"]]);
    expect(notes).toEqual(["Workflow imported: 2 nodes"]);

    // Saved as one structure request carrying the nodes' first data and the edge.
    await client.flush();
    expect(structures()).toHaveLength(1);
    expect(structures()[0]!.nodes.map((n) => n.id)).toEqual(["generic-1-aaaaaaaaa", "generic-1-bbbbbbbbb"]);
    expect(structures()[0]!.edgesAdded.map((e) => e.id)).toEqual(["edge-ab"]);
    expect(structures()[0]!.updates.map((u) => u.nodeData.title)).toEqual(["Beat", "Shot"]);

    commands.undo();
    expect(s().nodes.map((n) => n.id)).toEqual(["old"]);
    expect(s().edges).toEqual([]);
  });

  it("places the nodes in free room in view, off the ones already on this canvas, their layout kept", () => {
    const { env, node } = setup();
    applyWorkflow(env, prepared(), new Set());
    const a = node("generic-1-aaaaaaaaa").position;
    const b = node("generic-1-bbbbbbbbb").position;
    expect(b).toEqual({ x: a.x + 600, y: a.y });
    const clear = (p: { x: number; y: number }) =>
      p.x >= existing.position.x + 380 ||
      p.x + 380 <= existing.position.x ||
      p.y >= existing.position.y + 336 ||
      p.y + 336 <= existing.position.y;
    expect(clear(a) && clear(b)).toBe(true);
    expect(contains(VISIBLE_AREA, { ...a, width: 980, height: 336 })).toBe(true);
  });

  it("takes the substitutes the person accepted and keeps the others as the file said", () => {
    const kept = setup();
    applyWorkflow(kept.env, prepared(), new Set());
    expect(kept.node("generic-1-bbbbbbbbb").data.selectedModel).toBe("fal-ai/flux/dev");

    const swapped = setup();
    const p = prepared();
    applyWorkflow(swapped.env, p, new Set([issueKey(p.issues[0]!)]));
    expect(swapped.node("generic-1-bbbbbbbbb").data).toMatchObject({ selectedModel: "local/sketch", modelParameters: {} });
  });

  it("changes nothing on a view-only canvas, and says why", () => {
    const { env, s, notes } = setup(false);
    expect(applyWorkflow(env, prepared(), new Set())).toBe(false);
    expect(s().nodes.map((n) => n.id)).toEqual(["old"]);
    expect(notes).toEqual(["This canvas is view only"]);
  });

  it("does not apply the same answer twice", () => {
    const { env, s, notes } = setup();
    const p = prepared();
    applyWorkflow(env, p, new Set());
    expect(applyWorkflow(env, p, new Set())).toBe(false);
    expect(s().nodes).toHaveLength(3);
    expect(notes.at(-1)).toBe("This workflow is already on the canvas");
  });
});
