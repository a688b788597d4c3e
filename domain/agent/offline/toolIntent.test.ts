import { describe, expect, it } from "vitest";
import { checkToolParameters, findTool } from "../../tools/catalogue";
import { planOffline } from "./planOffline";
import { planCase, type CanvasSpec } from "./plannerTesting";
import { CLIP, HARBOUR, IDEA, PIER, STUDIO_NODES, VO } from "./testCanvas";

const plan = (request: string, spec: CanvasSpec = {}) => planCase(planOffline, request, { nodes: STUDIO_NODES, ...spec });
const toolRuns = (request: string, spec: CanvasSpec = {}) => {
  const { compiled, answer } = plan(request, spec);
  if (!compiled) throw new Error(answer.reply);
  for (const run of compiled.runs) if (run.kind === "tool") checkToolParameters(findTool(run.toolId)!, run.parameters);
  return compiled.runs.map((r) => (r.kind === "tool" ? [r.nodeId, r.toolId, r.parameters] : r));
};

describe("tools on the picked nodes", () => {
  it("upscales every image of the canvas that has a picture, 4× when asked", () => {
    const spec = { nodes: [...STUDIO_NODES, { id: "plate", kind: "image" as const, title: "Plate" }] };
    expect(toolRuns("upscale every image 4x", spec)).toEqual([
      [HARBOUR.id, "local/upscale", { scale: 4 }],
      [PIER.id, "local/upscale", { scale: 4 }],
    ]);
    expect(plan("upscale every image 4x", spec).answer.reply).toContain(`"Plate" is left out (nothing made yet)`);
  });

  it.each([
    ["remove the background", [HARBOUR.id], "local/remove-background-people", {}],
    ["blur the background", [HARBOUR.id], "local/replace-background-people", { background: "blur" }],
    ["read this aloud in a Scottish voice", [IDEA.id], "local/read-aloud", { voice: "awb" }],
    ["grab the first frame", [CLIP.id], "local/extract-frame", { which: "first" }],
    ["extract the last frame of this clip", [CLIP.id], "local/extract-frame", { which: "last" }],
    ["trim the video from 2s to 5s", [CLIP.id], "local/trim-video", { start: 2, end: 5 }],
    ["trim it to the first three seconds", [CLIP.id], "local/trim-video", { start: 0, end: 3 }],
    ["crop to 9:16", [PIER.id], "local/crop-aspect", { aspect_ratio: "9:16" }],
    ["crop to the face", [PIER.id], "local/crop-to-face", {}],
    ["blur the faces", [PIER.id], "local/blur-faces", {}],
    ["loop this 3 times", [CLIP.id], "local/loop-video", { times: 3 }],
    ["slow motion please", [CLIP.id], "local/change-speed", { factor: 0.5 }],
    ["normalize the audio for youtube", [VO.id], "local/normalize-loudness", { target_lufs: -14 }],
    ["make it black and white", [HARBOUR.id], "local/adjust-colour", { saturation: 0 }],
    [`watermark it with "© Harbour Films"`, [HARBOUR.id], "local/watermark", { text: "© Harbour Films" }],
  ])("%s", (request, selection, tool, parameters) => {
    expect(toolRuns(request, { selection })).toEqual(selection.map((id) => [id, tool, parameters]));
  });

  it("asks for what the tool needs when the words do not say it", () => {
    expect(plan("trim it", { selection: [CLIP.id] }).answer.reply).toMatch(/^Where should the cut be\?/);
    expect(plan("crop it", { selection: [PIER.id] }).answer.reply).toMatch(/^Crop to which ratio\?/);
    expect(plan("add a watermark", { selection: [PIER.id] }).answer.reply).toMatch(/^What should the watermark say\?/);
  });

  it("asks for a node of the tool's kind", () => {
    expect(plan("upscale this").answer).toEqual({ plan: null, reply: "Select an image first, or add one to the agent's context." });
    expect(plan("upscale this", { selection: [CLIP.id] }).answer.reply).toBe(
      `That works on images, and "Clip" is a video. Select an image first, or add one to the agent's context.`,
    );
  });

  it("leaves a weak tool word with nothing picked to the other intents", () => {
    expect(plan("make a looping video of waves").added.map((n) => n.data.contentType)).toEqual(["image", "video"]);
  });
});
