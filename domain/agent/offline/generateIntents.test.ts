import { describe, expect, it } from "vitest";
import { findModel } from "../../generation/catalogue";
import { runParameters } from "../../generation/runCost";
import { runChoicesOf } from "../../generation/nodeChoices";
import type { NodeData } from "../../canvas/node";
import { planOffline } from "./planOffline";
import { planCase, type CanvasSpec } from "./plannerTesting";
import { HARBOUR, IDEA, PIER, STUDIO_NODES } from "./testCanvas";

const plan = (request: string, spec: CanvasSpec = {}) => planCase(planOffline, request, { nodes: STUDIO_NODES, ...spec });
/** The parameters a node's run will send, as the Run button computes them. */
const runParams = (data: NodeData) => {
  const c = runChoicesOf(data);
  return runParameters(findModel(c.modelId)!, c.params, c.controls);
};

describe("image from a description", () => {
  it("adds one Local Sketch image with the description as prompt and the asked ratio, and runs it", () => {
    const { added, compiled, answer } = plan("Make an image of a lighthouse at dusk, 16:9");
    expect(added.map((n) => [n.data.contentType, n.data.selectedModel, n.data.prompt, n.data.aspectRatio])).toEqual([
      ["image", "local/sketch", "a lighthouse at dusk", "16:9"],
    ]);
    expect(compiled!.runs).toEqual([{ kind: "node", nodeId: added[0]!.id }]);
    expect(runParams(added[0]!.data)).toMatchObject({ aspect_ratio: "16:9", num_images: 1 });
    expect(answer.reply).toBe(answer.plan!.summary);
    expect(answer.reply).toContain("runs it (1 run)");
  });

  it("reads counts in words and ratio words, and gives each image its own seed", () => {
    const { added } = plan("generate three vertical pictures of a foggy harbour");
    expect(added).toHaveLength(3);
    expect(new Set(added.map((n) => n.data.aspectRatio))).toEqual(new Set(["9:16"]));
    expect(new Set(added.map((n) => (n.data.modelParameters as { seed: number }).seed)).size).toBe(3);
    expect(added.every((n) => n.data.prompt === "a foggy harbour")).toBe(true);
  });

  it("reads 'a portrait of' as the subject, not a ratio", () => {
    const { added } = plan("a portrait of an old sailor");
    expect(added.map((n) => [n.data.prompt, n.data.aspectRatio])).toEqual([["a portrait of an old sailor", "1:1"]]);
  });

  it("uses a named image model", () => {
    expect(plan("draw a red door using flux dev").added.map((n) => [n.data.selectedModel, n.data.prompt])).toEqual([
      ["fal-ai/flux/dev", "a red door"],
    ]);
  });

  it("makes an image from a picked text node's text, connected from it", () => {
    const { added, edges } = plan("make an image from this text", { selection: [IDEA.id] });
    expect(added.map((n) => n.data.prompt)).toEqual([IDEA.text]);
    expect(edges).toEqual([[IDEA.id, added[0]!.id]]);
  });
});

describe("variations of a frame", () => {
  it("adds N Local Sketch images per picked frame, connected from it, at the asked ratio, with different seeds", () => {
    const { added, edges, compiled } = plan("Make 3 variations of the selected frame in 9:16", { selection: [HARBOUR.id] });
    expect(added).toHaveLength(3);
    expect(
      added.every((n) => n.data.selectedModel === "local/sketch" && n.data.prompt === HARBOUR.prompt && n.data.aspectRatio === "9:16"),
    ).toBe(true);
    expect(new Set(added.map((n) => (n.data.modelParameters as { seed: number }).seed)).size).toBe(3);
    expect(edges).toEqual(added.map((n) => [HARBOUR.id, n.id]));
    expect(compiled!.runs).toHaveLength(3);
    expect(compiled!.credits).toBe(3 * 2);
  });

  it("keeps each source's ratio when none is asked, and adds the wishes written after the frame", () => {
    const { added } = plan("give me two variations of these with more fog", { selection: [HARBOUR.id, PIER.id] });
    expect(added.map((n) => [n.data.aspectRatio, n.data.prompt])).toEqual([
      ["16:9", `${HARBOUR.prompt}, more fog`],
      ["16:9", `${HARBOUR.prompt}, more fog`],
      ["1:1", `${PIER.prompt}, more fog`],
      ["1:1", `${PIER.prompt}, more fog`],
    ]);
  });

  it("finds the frame by name, and uses the title when it has no prompt", () => {
    const { added } = plan("five variations of the node called Shot 4", {
      nodes: [{ id: "s4", kind: "image", title: "Shot 4", hasMedia: true }],
    });
    expect(added).toHaveLength(5);
    expect(added[0]!.data.prompt).toBe("Shot 4");
  });

  it("asks for a frame when none is picked", () => {
    expect(plan("make some variations").answer).toEqual({ plan: null, reply: "Select an image first, or add one to the agent's context." });
  });
});

describe("video from an image", () => {
  it("adds a Local Video node connected from the image with the camera move, duration and ratio, and runs it", () => {
    const { added, edges, compiled } = plan("Turn this image into a 5-second vertical video with a slow push in", {
      selection: [HARBOUR.id],
    });
    expect(added.map((n) => [n.data.contentType, n.data.selectedModel, n.data.aspectRatio, n.data.modelParameters])).toEqual([
      ["video", "local/video-ffmpeg", "9:16", { camera_movement: "dolly-in", duration: 5 }],
    ]);
    expect(edges).toEqual([[HARBOUR.id, added[0]!.id]]);
    expect(runParams(added[0]!.data)).toMatchObject({ camera_movement: "dolly-in", duration: 5, aspect_ratio: "9:16" });
    expect(compiled!.runs).toHaveLength(1);
  });

  it.each([
    ["pan left, 10s", "truck-left", 10],
    ["pull out slowly for ten seconds", "dolly-out", 10],
    ["crane up, 8 seconds", "crane-up", 8],
    ["static camera, 3 sec", "static", 3],
  ])("animate this, %s", (words, move, seconds) => {
    const { added } = plan(`animate this, ${words}`, { selection: [PIER.id] });
    expect(added[0]!.data.modelParameters).toEqual({ camera_movement: move, duration: seconds });
    expect(added[0]!.data.aspectRatio).toBe("1:1");
  });

  it("keeps the duration and ratio within what Local Video makes, and says so", () => {
    const { added, answer } = plan("make a 45 second 4:3 video from this", { selection: [HARBOUR.id] });
    expect(added[0]!.data).toMatchObject({ aspectRatio: "16:9", modelParameters: { duration: 30 } });
    expect(answer.reply).toMatch(/1 to 30 seconds.*16:9, 9:16 or 1:1/);
  });

  it("makes one crossfading video from several images for a slideshow", () => {
    const { added, edges } = plan("make a slideshow video from these", { selection: [HARBOUR.id, PIER.id] });
    expect(added).toHaveLength(1);
    expect(edges).toEqual([
      [HARBOUR.id, added[0]!.id],
      [PIER.id, added[0]!.id],
    ]);
  });

  it("does not run a video whose image has no picture yet", () => {
    const { added, compiled, answer } = plan("animate it", {
      nodes: [{ id: "p", kind: "image", title: "Plate", prompt: "x" }],
      selection: ["p"],
    });
    expect(added).toHaveLength(1);
    expect(compiled!.runs).toEqual([]);
    expect(answer.reply).toContain(`"Plate" has no picture yet`);
  });

  it("makes the image first from a description, and runs only the image", () => {
    const { added, edges, compiled } = plan("make a 10 second video of waves at dusk with a slow pull out");
    expect(added.map((n) => [n.data.contentType, n.data.prompt ?? null])).toEqual([
      ["image", "waves at dusk"],
      ["video", null],
    ]);
    expect(edges).toEqual([[added[0]!.id, added[1]!.id]]);
    expect(compiled!.runs).toEqual([{ kind: "node", nodeId: added[0]!.id }]);
  });
});

describe("3D model", () => {
  it("adds a Local Mesh node from the description with the detail asked, and runs it", () => {
    const { added, compiled } = plan("make a 3D model of a vintage camera, high detail");
    expect(added.map((n) => [n.data.contentType, n.data.selectedModel, n.data.prompt, n.data.modelParameters])).toEqual([
      ["model3d", "local/mesh", "a vintage camera", { detail: "high" }],
    ]);
    expect(compiled!.runs).toHaveLength(1);
  });

  it("models a picked image from its prompt, connected from it", () => {
    const { added, edges } = plan("turn this image into a 3d model", { selection: [PIER.id] });
    expect(added.map((n) => n.data.prompt)).toEqual([PIER.prompt]);
    expect(edges).toEqual([[PIER.id, added[0]!.id]]);
  });
});

describe("prompts", () => {
  it("adds a text node run by the prompt writer from the idea written", () => {
    const { added, compiled } = plan("write a prompt for a rainy street at night");
    expect(added.map((n) => [n.data.contentType, n.data.selectedModel, n.data.prompt, n.data.modelParameters])).toEqual([
      ["text", "local/prompt-writer", "a rainy street at night", { target: "image" }],
    ]);
    expect(compiled!.runs).toHaveLength(1);
  });

  it("expands a picked idea into video prompts, connected from it", () => {
    const { added, edges } = plan("expand this idea into 3 video prompts", { selection: [IDEA.id] });
    expect(added.map((n) => [n.data.prompt, n.data.modelParameters])).toEqual([[IDEA.text, { target: "video", variations: 3 }]]);
    expect(edges).toEqual([[IDEA.id, added[0]!.id]]);
  });
});
