import { describe, expect, it } from "vitest";
import type { NodeData } from "../canvas/node";
import { mediaIdOf, mediaUrlsIn, workflowNodeData } from "./nodeData";

const A = "/api/media/0b6f2f7e-1111-4a4a-8b8b-000000000001";
const B = "/api/media/0b6f2f7e-1111-4a4a-8b8b-000000000002";
const keep = (url: string) => url;
const dropAll = () => null;

const finished: NodeData = {
  title: "Harbour at dusk",
  prompt: "a harbour at dusk, fog",
  selectedModel: "fal-ai/flux/dev",
  modelParameters: { guidance_scale: 4 },
  status: "completed",
  contentType: "image",
  mediaUrl: A,
  displayUrl: A,
  versionHistory: [
    { prompt: "first", mediaUrl: B, model: "fal-ai/flux/dev" },
    { prompt: "a harbour at dusk, fog", mediaUrl: A, model: "fal-ai/flux/dev" },
  ],
  currentVersionIndex: 1,
  rev: 14,
  lastModified: 1700000000000,
  contextData: [{ nodeId: "x" }],
  agentContext: true,
};

describe("a node's data in a workflow file", () => {
  it("keeps what the person made and leaves out run-time fields", () => {
    const out = workflowNodeData(
      {
        ...finished,
        generationId: "g1",
        isGenerating: false,
        generationProgress: 40,
        error: null,
        toolExecutionResult: { success: true },
      } as NodeData,
      keep,
    );
    expect(out).toMatchObject({
      title: "Harbour at dusk",
      prompt: "a harbour at dusk, fog",
      selectedModel: "fal-ai/flux/dev",
      modelParameters: { guidance_scale: 4 },
      agentContext: true,
      mediaUrl: A,
    });
    for (const field of [
      "generationId",
      "isGenerating",
      "generationProgress",
      "error",
      "toolExecutionResult",
      "rev",
      "lastModified",
      "contextData",
    ])
      expect(out).not.toHaveProperty(field);
  });

  it("turns a node caught generating or failed into an idle one", () => {
    expect(workflowNodeData({ title: "x", status: "generating" }, keep).status).toBe("idle");
    expect(workflowNodeData({ title: "x", status: "error", error: "boom" }, keep)).toEqual({ title: "x", status: "idle" });
  });

  it("without media leaves every media URL out, with the versions that showed them, and the node idle", () => {
    const out = workflowNodeData(finished, dropAll);
    expect(mediaUrlsIn(out)).toEqual([]);
    expect(out.versionHistory).toEqual([]);
    expect(out).not.toHaveProperty("currentVersionIndex");
    expect(out.status).toBe("idle");
    expect(out.prompt).toBe("a harbour at dusk, fog");
  });

  it("keeps a text node finished: its text is its result", () => {
    expect(workflowNodeData({ title: "Note", status: "completed", contentType: "text", content: "INT. HARBOUR" }, dropAll).status).toBe(
      "completed",
    );
  });

  it("maps media URLs to the importing project's copies, keeping the version shown", () => {
    const C = "/api/media/0b6f2f7e-1111-4a4a-8b8b-00000000000c";
    const out = workflowNodeData(finished, (url) => (url === A ? C : null));
    expect(out.mediaUrl).toBe(C);
    expect(out.versionHistory).toEqual([{ prompt: "a harbour at dusk, fog", mediaUrl: C, model: "fal-ai/flux/dev" }]);
    expect(out.currentVersionIndex).toBe(0);
    expect(out.status).toBe("completed");
  });

  it("finds media URLs anywhere in the data, each once", () => {
    expect(mediaUrlsIn(finished)).toEqual([A, B]);
    expect(mediaUrlsIn({ nested: [{ deep: "https://example.com/x.png" }] })).toEqual([]);
  });

  it("reads a media id from its URL, with or without an extension", () => {
    expect(mediaIdOf(A)).toBe("0b6f2f7e-1111-4a4a-8b8b-000000000001");
    expect(mediaIdOf("/api/media/abc.png")).toBe("abc");
    expect(mediaIdOf("/api/other/abc")).toBeNull();
  });
});
