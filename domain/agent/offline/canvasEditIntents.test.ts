import { describe, expect, it } from "vitest";
import { planOffline } from "./planOffline";
import { compileAnswer, planCase, plannerCase, type CanvasSpec } from "./plannerTesting";
import { CLIP, EMPTY, HARBOUR, IDEA, PIER, STUDIO_NODES, VO } from "./testCanvas";

const plan = (request: string, spec: CanvasSpec = {}) => planCase(planOffline, request, { nodes: STUDIO_NODES, ...spec });
const changes = (request: string, spec: CanvasSpec = {}) => {
  const { compiled, answer } = plan(request, spec);
  if (!compiled) throw new Error(answer.reply);
  return compiled.changes;
};
const dataOf = (request: string, spec: CanvasSpec = {}) =>
  changes(request, spec).flatMap((c) =>
    c.type === "node-data"
      ? [[c.id, Object.fromEntries(c.fields!.filter((f) => f !== "label").map((f) => [f, (c.data as Record<string, unknown>)[f]]))]]
      : [],
  );

describe("layout", () => {
  it.each([
    ["lay these out left to right", "row"],
    ["put them in a column", "column"],
    ["stack them top to bottom", "column"],
    ["arrange these in a grid", "grid"],
    ["tidy these up", "grid"],
  ] as const)("%s → %s", (request, arrangement) => {
    expect(plan(request, { selection: [PIER.id, HARBOUR.id, CLIP.id] }).steps).toEqual([
      { op: "layout", nodes: expect.any(Array), arrangement },
    ]);
  });

  it("keeps the nodes' left-to-right order in a row, and arranges the whole canvas when nothing is picked", () => {
    expect(plan("lay these out left to right", { selection: [PIER.id, HARBOUR.id] }).steps).toEqual([
      { op: "layout", nodes: [HARBOUR.id, PIER.id], arrangement: "row" },
    ]);
    const moved = changes("arrange everything in a grid").filter((c) => c.type === "node-moved");
    expect(moved).toHaveLength(STUDIO_NODES.length);
  });
});

describe("connect", () => {
  it("connects two nodes named by title", () => {
    expect(plan("connect Harbour to Clip").edges).toEqual([[HARBOUR.id, CLIP.id]]);
    expect(plan("link the node called Idea with the video").edges).toEqual([[IDEA.id, CLIP.id]]);
  });

  it("chains the picked nodes in canvas order", () => {
    expect(plan("connect the selected", { selection: [HARBOUR.id, PIER.id, CLIP.id] }).edges).toEqual([
      [HARBOUR.id, PIER.id],
      [PIER.id, CLIP.id],
    ]);
  });

  it("connects each picked node into a named one", () => {
    expect(plan("connect these to Clip", { selection: [HARBOUR.id, PIER.id] }).edges).toEqual([
      [HARBOUR.id, CLIP.id],
      [PIER.id, CLIP.id],
    ]);
  });

  it("says what is missing", () => {
    expect(plan("connect Harbour to Lighthouse").answer.reply).toBe(`I can't find a node called "Lighthouse".`);
    expect(plan("connect Harbour to Clip", { edges: [[HARBOUR.id, CLIP.id]] }).answer.reply).toBe("Those nodes are already connected.");
  });
});

describe("rename", () => {
  it("renames a node named in the request, or the picked one", () => {
    expect(dataOf("rename Harbour to Opening")).toEqual([[HARBOUR.id, { title: "Opening" }]]);
    expect(dataOf(`call it "Harbour at dawn"`, { selection: [PIER.id] })).toEqual([[PIER.id, { title: "Harbour at dawn" }]]);
  });

  it("numbers several picked nodes", () => {
    expect(dataOf("rename the selected to Beat", { selection: [HARBOUR.id, PIER.id] })).toEqual([
      [HARBOUR.id, { title: "Beat 1" }],
      [PIER.id, { title: "Beat 2" }],
    ]);
  });
});

describe("aspect ratio", () => {
  it("sets the ratio of the picked images and videos, leaving other kinds out", () => {
    const { answer } = plan("make these vertical", { selection: [HARBOUR.id, CLIP.id, IDEA.id] });
    expect(dataOf("make these vertical", { selection: [HARBOUR.id, CLIP.id, IDEA.id] })).toEqual([
      [HARBOUR.id, { aspectRatio: "9:16" }],
      [CLIP.id, { aspectRatio: "9:16" }],
    ]);
    expect(answer.reply).toContain(`"Idea" is left out`);
  });

  it("sets every image's ratio, skipping those already there", () => {
    expect(dataOf("set the aspect ratio of every image to 1:1")).toEqual([[HARBOUR.id, { aspectRatio: "1:1" }]]);
  });
});

describe("change model", () => {
  it("sets a named catalogue model with its default parameters", () => {
    expect(dataOf("change the model of the selected to Flux Dev", { selection: [HARBOUR.id] })).toEqual([
      [HARBOUR.id, { selectedModel: "fal-ai/flux/dev", modelParameters: {} }],
    ]);
    expect(dataOf("use veo 3 for this", { selection: [CLIP.id] })).toEqual([
      [CLIP.id, { selectedModel: "google/veo-3", modelParameters: {} }],
    ]);
  });

  it("leaves out nodes of a kind the model does not make, and asks about unknown models", () => {
    expect(dataOf("switch these to the local sketch model", { selection: [HARBOUR.id, VO.id] })).toEqual([
      [HARBOUR.id, { selectedModel: "local/sketch", modelParameters: {} }],
    ]);
    expect(plan("change the model to Banana Ultra 9000", { selection: [HARBOUR.id] }).answer.reply).toMatch(/^Which model\?/);
  });
});

describe("delete, duplicate, run", () => {
  it("deletes the picked nodes with their connections", () => {
    expect(changes("delete the selected", { selection: [HARBOUR.id], edges: [[HARBOUR.id, CLIP.id]] }).map((c) => c.type)).toEqual([
      "edge-removed",
      "node-removed",
    ]);
    expect(changes("delete the empty nodes").map((c) => (c.type === "node-removed" ? c.id : c.type))).toEqual([EMPTY.id]);
  });

  it("duplicates beside the source with its title, prompt, model and ratio", () => {
    const { added } = plan("duplicate this 2 times", { selection: [HARBOUR.id] });
    expect(added.map((n) => [n.data.title, n.data.prompt, n.data.selectedModel, n.data.aspectRatio])).toEqual([
      ["Harbour copy 1", HARBOUR.prompt, "local/sketch", "16:9"],
      ["Harbour copy 2", HARBOUR.prompt, "local/sketch", "16:9"],
    ]);
    expect(added.every((n) => n.position.x === HARBOUR.position!.x + 550)).toBe(true);
  });

  it("runs the picked nodes that have a model, upstream first", () => {
    const { compiled, answer } = plan("run the selected", { selection: [CLIP.id, HARBOUR.id, IDEA.id], edges: [[HARBOUR.id, CLIP.id]] });
    expect(compiled!.runs).toEqual([
      { kind: "node", nodeId: HARBOUR.id },
      { kind: "node", nodeId: CLIP.id },
    ]);
    expect(answer.reply).toContain(`"Idea" is left out (no model chosen)`);
  });

  it("runs everything with a model", () => {
    expect(plan("run everything", { selection: [HARBOUR.id] }).compiled!.runs.map((r) => r.nodeId)).toEqual([
      HARBOUR.id,
      PIER.id,
      CLIP.id,
      VO.id,
    ]);
  });
});

describe("run from here", () => {
  it("runs the selected node and everything downstream of it, once", () => {
    const { input, canvas } = plannerCase("run from here", {
      nodes: [
        { id: "a", kind: "image", title: "Plate", prompt: "a pier", model: "local/sketch" },
        { id: "b", kind: "video", title: "Push in", model: "local/video-ffmpeg" },
      ],
      edges: [["a", "b"]],
      selection: ["a"],
    });
    const answer = planOffline(input);
    expect(answer.plan!.steps).toEqual([{ op: "run-from-here", node: "a" }]);
    const compiled = compileAnswer(answer, canvas);
    expect(compiled.runs).toEqual([{ kind: "from-here", nodeId: "a" }]);
    // At most the sketch (2 credits) and a 5-second local video (10 credits).
    expect(compiled.credits).toBe(12);
  });
});
