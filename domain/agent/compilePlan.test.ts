import { describe, expect, it } from "vitest";
import { NEXT_NODE_OFFSET_X, NODE_FOOTPRINT } from "../canvas/placement";
import { compilePlan, type CompileResult, type PlanCanvas } from "./compilePlan";
import { buildCanvas, type NodeSpec } from "./offline/plannerTesting";
import { agentPlanSchema, type PlanStepInput } from "./plan";

const NOW = 1_763_812_800_000;

function compile(steps: PlanStepInput[], canvas: PlanCanvas): CompileResult {
  return compilePlan(agentPlanSchema.parse({ summary: "test", steps }), canvas, {
    now: NOW,
    newId: (i) => `n${i}`,
    newEdge: (s, t) => `e-${s}-${t}`,
  });
}

function compiled(steps: PlanStepInput[], canvas: PlanCanvas) {
  const result = compile(steps, canvas);
  if (!result.ok) throw new Error(result.error);
  return result.plan;
}

const canvasOf = (nodes: NodeSpec[], edges: [string, string][] = []) => buildCanvas(nodes, edges).plan;

const image = (id: string, extra: Partial<NodeSpec> = {}): NodeSpec => ({
  id,
  kind: "image",
  title: id.toUpperCase(),
  model: "local/sketch",
  prompt: "a harbour",
  hasMedia: true,
  ...extra,
});

describe("compilePlan: node references", () => {
  it("refuses a step that names a node an earlier step deleted", () => {
    const canvas = canvasOf([image("a"), image("b")]);
    const result = compile(
      [
        { op: "delete-node", node: "a" },
        { op: "connect", from: "a", to: "b" },
      ],
      canvas,
    );
    expect(result).toEqual({ ok: false, error: expect.stringContaining("no longer on the canvas (a)") });
  });

  it("refuses a new: reference to a node an earlier step added and then deleted, instead of failing", () => {
    const canvas = canvasOf([image("a")]);
    for (const later of [
      { op: "update-node", node: "new:x", set: { title: "Again" } },
      { op: "layout", nodes: ["new:x", "a"], arrangement: "row" },
      { op: "run-node", node: "new:x" },
      { op: "add-node", key: "y", kind: "image", near: "new:x" },
    ] as PlanStepInput[]) {
      const result = compile(
        [{ op: "add-node", key: "x", kind: "image", model: "local/sketch", prompt: "fog" }, { op: "delete-node", node: "new:x" }, later],
        canvas,
      );
      expect(result).toEqual({ ok: false, error: expect.stringContaining("new:x, which an earlier step deletes") });
    }
  });

  it("refuses a new: reference that no earlier step adds", () => {
    const result = compile([{ op: "connect", from: "new:ghost", to: "a" }], canvasOf([image("a")]));
    expect(result).toEqual({ ok: false, error: expect.stringContaining("new:ghost, which no earlier step adds") });
  });

  it("resolves new: references to the new nodes' ids and connects their inputs", () => {
    const plan = compiled(
      [
        { op: "add-node", key: "v", kind: "video", inputs: ["a"], model: "local/video-ffmpeg", parameters: { duration: 4 } },
        { op: "add-node", key: "t", kind: "text", content: "A note" },
        { op: "connect", from: "new:t", to: "new:v" },
      ],
      canvasOf([image("a")]),
    );
    expect(plan.created).toEqual({ v: "n0", t: "n1" });
    const added = plan.changes.filter((c) => c.type === "node-added").map((c) => (c.type === "node-added" ? c.node : null));
    expect(added.map((n) => [n!.id, n!.data.contentType, n!.data.selectedModel])).toEqual([
      ["n0", "video", "local/video-ffmpeg"],
      ["n1", "text", undefined],
    ]);
    expect(added[0]!.data).toMatchObject({ aspectRatio: "16:9", modelParameters: { duration: 4 }, rev: 1 });
    expect(
      plan.changes.filter((c) => c.type === "edge-added").map((c) => (c.type === "edge-added" ? [c.edge.source, c.edge.target] : null)),
    ).toEqual([
      ["a", "n0"],
      ["n1", "n0"],
    ]);
    expect(plan.touchedNodeIds).toEqual(["n0", "n1"]);
  });
});

describe("compilePlan: layout", () => {
  const four = () =>
    canvasOf([
      image("a", { position: { x: 100, y: 200 } }),
      image("b", { position: { x: 3000, y: 50 } }),
      image("c", { position: { x: -500, y: 900 } }),
      image("d", { position: { x: 0, y: 0 } }),
    ]);
  const moves = (arrangement: "row" | "column" | "grid") =>
    compiled([{ op: "layout", nodes: ["a", "b", "c", "d"], arrangement }], four()).changes.map((c) =>
      c.type === "node-moved" ? [c.id, c.position.x, c.position.y] : c.type,
    );

  it("places a row left to right from the first node", () => {
    expect(moves("row")).toEqual([0, 1, 2, 3].map((i) => [["a", "b", "c", "d"][i], 100 + i * NEXT_NODE_OFFSET_X, 200]));
  });

  it("places a column top to bottom from the first node", () => {
    expect(moves("column")).toEqual([0, 1, 2, 3].map((i) => [["a", "b", "c", "d"][i], 100, 200 + i * NODE_FOOTPRINT.height]));
  });

  it("places a grid of ⌈√n⌉ columns", () => {
    expect(moves("grid")).toEqual([
      ["a", 100, 200],
      ["b", 100 + NEXT_NODE_OFFSET_X, 200],
      ["c", 100, 200 + NODE_FOOTPRINT.height],
      ["d", 100 + NEXT_NODE_OFFSET_X, 200 + NODE_FOOTPRINT.height],
    ]);
  });

  it("gives new nodes their laid-out place in node-added, without a move", () => {
    const plan = compiled(
      [
        { op: "add-node", key: "x", kind: "image" },
        { op: "add-node", key: "y", kind: "image" },
        { op: "layout", nodes: ["new:y", "new:x"], arrangement: "column" },
      ],
      canvasOf([]),
    );
    expect(plan.changes.map((c) => c.type)).toEqual(["node-added", "node-added"]);
    const at = Object.fromEntries(plan.changes.map((c) => (c.type === "node-added" ? [c.node.id, c.node.position] : [])));
    expect(at.n0).toEqual({ x: at.n1.x, y: at.n1.y + NODE_FOOTPRINT.height });
  });
});

describe("compilePlan: credits", () => {
  it("charges a model run as the Run button does, from the catalogue", () => {
    // Local Sketch: $0.002 an image, 1000 credits a dollar: 2 credits an image.
    const canvas = canvasOf([image("a"), image("b", { model: "local/video-ffmpeg", kind: "video" })]);
    const plan = compiled(
      [
        { op: "update-node", node: "a", set: { parameters: { num_images: 3 } } },
        { op: "run-node", node: "a" },
      ],
      canvas,
    );
    expect(plan.runs).toEqual([{ kind: "node", nodeId: "a" }]);
    expect(plan.credits).toBe(6);
  });

  it("charges a tool run its tool's credits", () => {
    const plan = compiled(
      [
        { op: "run-tool", node: "a", tool: "local/upscale", parameters: { scale: 4 } },
        { op: "run-tool", node: "a", tool: "local/blur-faces" },
      ],
      canvasOf([image("a")]),
    );
    expect(plan.runs).toEqual([
      { kind: "tool", nodeId: "a", toolId: "local/upscale", parameters: { scale: 4 } },
      { kind: "tool", nodeId: "a", toolId: "local/blur-faces", parameters: {} },
    ]);
    expect(plan.credits).toBe(2 + 1);
  });

  it("refuses a tool run on a node of another kind", () => {
    expect(
      compile(
        [{ op: "run-tool", node: "t", tool: "local/upscale", parameters: { scale: 2 } }],
        canvasOf([{ id: "t", kind: "text", text: "hi" }]),
      ),
    ).toEqual({
      ok: false,
      error: "Upscale (Local AI) works on image nodes.",
    });
  });

  it("refuses a tool run with parameters the tool refuses, before anything is applied", () => {
    expect(compile([{ op: "run-tool", node: "a", tool: "local/upscale", parameters: { scale: 3 } }], canvasOf([image("a")]))).toEqual({
      ok: false,
      error: "Upscale (Local AI): scale must be one of 2, 4 (got 3).",
    });
  });

  it("refuses a model run with parameters the model refuses", () => {
    const result = compile(
      [
        {
          op: "add-node",
          key: "v",
          kind: "video",
          inputs: ["a"],
          model: "local/video-ffmpeg",
          parameters: { camera_movement: "barrel-roll" },
        },
        { op: "run-node", node: "new:v" },
      ],
      canvasOf([image("a")]),
    );
    expect(result).toEqual({ ok: false, error: expect.stringContaining("Camera movement must be one of static, dolly-in") });
  });
});

describe("compilePlan: edits of existing nodes", () => {
  it("writes a node updated twice as one node-data change, one revision up", () => {
    const plan = compiled(
      [
        { op: "update-node", node: "a", set: { title: "Opening" } },
        { op: "update-node", node: "a", set: { aspectRatio: "9:16" } },
      ],
      canvasOf([image("a", { rev: 7 })]),
    );
    const data = plan.changes.filter((c) => c.type === "node-data");
    expect(data).toHaveLength(1);
    expect(data[0]).toMatchObject({
      id: "a",
      prevRev: 7,
      data: { title: "Opening", label: "Opening", aspectRatio: "9:16", rev: 8, lastModified: NOW },
      fields: ["title", "label", "aspectRatio"],
    });
  });

  it("removes a deleted node's connections first, and drops its data edits", () => {
    const plan = compiled(
      [
        { op: "update-node", node: "a", set: { title: "Gone soon" } },
        { op: "delete-node", node: "a" },
      ],
      canvasOf([image("a"), image("b")], [["a", "b"]]),
    );
    expect(plan.changes.map((c) => c.type)).toEqual(["edge-removed", "node-removed"]);
    expect(plan.touchedNodeIds).toEqual([]);
  });
});

describe("compilePlan: a node's settings", () => {
  it("changes the named settings and keeps the others, unless the model changes too", () => {
    const canvas = {
      nodes: [
        {
          id: "clip",
          position: { x: 0, y: 0 },
          data: {
            title: "Clip",
            contentType: "video",
            selectedModel: "local/video-ffmpeg",
            modelParameters: { duration: 5, camera_movement: "dolly-in" },
            rev: 2,
          },
        },
      ],
      edges: [],
    };
    const one = compilePlan(
      { summary: "Longer.", steps: [{ op: "update-node", node: "clip", set: { parameters: { duration: 10 } } }] },
      canvas,
      { now: 1 },
    );
    const longer = one.ok ? one.plan.changes[0] : undefined;
    expect(longer?.type === "node-data" && longer.data.modelParameters).toEqual({ duration: 10, camera_movement: "dolly-in" });
    const other = compilePlan(
      { summary: "Sketch.", steps: [{ op: "update-node", node: "clip", set: { model: "local/sketch", parameters: { seed: 3 } } }] },
      canvas,
      { now: 1 },
    );
    const change = other.ok ? other.plan.changes[0] : undefined;
    expect(change?.type === "node-data" && [change.data.selectedModel, change.data.modelParameters]).toEqual(["local/sketch", { seed: 3 }]);
  });
});
