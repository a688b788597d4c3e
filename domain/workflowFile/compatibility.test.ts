import { describe, expect, it } from "vitest";
import type { NodeData } from "../canvas/node";
import { CATALOGUE, findModel } from "../generation/catalogue";
import { TOOLS } from "../tools/catalogue";
import { compatibilityReport, issueKey, withSubstitutes, type StudioChoices, type ToolChoice } from "./compatibility";

/** This studio as a user without keys sees it: local models and tools usable, hosted ones locked. */
const studio: StudioChoices = {
  models: CATALOGUE.map((m) =>
    m.provider === "local" ? { ...m, usable: true } : { ...m, usable: false, lockedReason: `Add a ${m.provider} key in Settings` },
  ),
  tools: TOOLS.map(
    (t): ToolChoice => ({
      id: t.id,
      name: t.name,
      category: t.category,
      accepts: t.accepts,
      output: t.output,
      usable: t.provider === "local",
      ...(t.provider === "local" ? {} : { lockedReason: "Add a key" }),
    }),
  ),
};
const node = (id: string, data: NodeData) => ({ id, data });

describe("what will not run here", () => {
  it("lists nothing for nodes on usable models and tools, or on none", () => {
    const nodes = [
      node("a", { title: "Sketch", selectedModel: "local/sketch", contentType: "image" }),
      node("b", { title: "Up", selectedTool: "local/upscale" }),
      node("c", { title: "Note" }),
    ];
    expect(compatibilityReport(nodes, [], studio)).toEqual([]);
  });

  it("names a locked model with the reason and offers a usable model making the same kind of thing", () => {
    const [issue] = compatibilityReport(
      [node("a", { title: "Harbour", selectedModel: "fal-ai/flux/dev", contentType: "image" })],
      [],
      studio,
    );
    expect(issue).toMatchObject({
      nodeId: "a",
      nodeTitle: "Harbour",
      kind: "model",
      id: "fal-ai/flux/dev",
      name: findModel("fal-ai/flux/dev")!.name,
      problem: "locked",
      reason: "Add a fal key in Settings",
    });
    expect(issue!.substitute).toEqual({ id: "local/sketch", name: findModel("local/sketch")!.name });
  });

  it("offers a substitute that can use the node's inputs: a video from a connected image", () => {
    const nodes = [
      node("img", { contentType: "image" }),
      node("vid", { selectedModel: "fal-ai/kling-video/v2.1/master/image-to-video", contentType: "video" }),
    ];
    const [issue] = compatibilityReport(nodes, [{ source: "img", target: "vid" }], studio);
    expect(issue!.substitute?.id).toBe("local/video-ffmpeg");
  });

  it("prefers a usable model of the same family", () => {
    const withFlux: StudioChoices = {
      ...studio,
      models: studio.models.map((m) => (m.id === "fal-ai/flux/schnell" ? { ...m, usable: true } : m)),
    };
    const [issue] = compatibilityReport([node("a", { selectedModel: "fal-ai/flux/dev", contentType: "image" })], [], withFlux);
    expect(issue!.substitute?.id).toBe("fal-ai/flux/schnell");
  });

  it("names a model this studio does not know, with a substitute by the node's content type", () => {
    const [issue] = compatibilityReport([node("a", { title: "Voice", selectedModel: "acme/voice-9", contentType: "audio" })], [], studio);
    expect(issue).toMatchObject({
      kind: "model",
      id: "acme/voice-9",
      name: "acme/voice-9",
      problem: "unknown",
      reason: "This studio does not have this model",
      substitute: { id: "local/tts-flite" },
    });
  });

  it("offers no substitute when nothing usable makes that kind of thing", () => {
    const [issue] = compatibilityReport([node("a", { selectedModel: "acme/x", contentType: "none" })], [], studio);
    expect(issue!.substitute).toBeUndefined();
  });

  it("names a locked tool with its offline equivalent, and an unknown tool with none", () => {
    const issues = compatibilityReport(
      [
        node("a", { selectedTool: "fal-ai/clarity-upscaler" }),
        node("b", { selectedTool: "fal-ai/face-swap" }),
        node("c", { selectedTool: "acme/warp" }),
      ],
      [],
      studio,
    );
    expect(issues.map((i) => [i.nodeId, i.kind, i.problem, i.substitute?.id])).toEqual([
      ["a", "tool", "locked", "local/upscale"],
      ["b", "tool", "locked", undefined],
      ["c", "tool", "unknown", undefined],
    ]);
  });
});

describe("taking the substitutes", () => {
  const nodes = [
    node("a", { selectedModel: "fal-ai/flux/dev", modelParameters: { guidance_scale: 4 }, contentType: "image" }),
    node("b", { selectedTool: "fal-ai/clarity-upscaler", toolParameters: { scale: 4 } }),
  ];
  const issues = compatibilityReport(nodes, [], studio);

  it("swaps the accepted ones, with their parameters reset, and keeps the rest as the file said", () => {
    const out = withSubstitutes(nodes, issues, new Set([issueKey(issues[1]!)]));
    expect(out[0]).toBe(nodes[0]);
    expect(out[1]!.data).toEqual({ selectedTool: "local/upscale", toolParameters: {} });
    const both = withSubstitutes(nodes, issues, new Set(issues.map(issueKey)));
    expect(both[0]!.data).toMatchObject({ selectedModel: "local/sketch", modelParameters: {} });
  });
});
