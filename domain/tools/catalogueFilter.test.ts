import { describe, expect, it } from "vitest";
import { groupTools, nodeMediaOf, TOOL_CATEGORIES, toolListHint, TOOLS, toolsForNode, type NodeMedia } from "./catalogue";
import {
  BACKGROUND_REPLACE,
  CHARACTER_CONTROL,
  FACE_SWAP,
  ids,
  LIP_SYNC,
  LORA_TRAINER,
  tool,
  UPSCALER,
  WATERMARK,
} from "./catalogueTesting";

describe("groupTools (spec canvas 2 Tools tab)", () => {
  it("keeps the order Trainer, Video, Image, Text, Audio, Other", () => {
    expect(TOOL_CATEGORIES).toEqual(["Trainer", "Video", "Image", "Text", "Audio", "Other"]);
    const all = (["Other", "Audio", "Text", "Image", "Video", "Trainer"] as const).map((category, i) => ({ id: `t${i}`, category }));
    expect(groupTools(all).map((g) => g.category)).toEqual(["Trainer", "Video", "Image", "Text", "Audio", "Other"]);
  });

  it("drops empty groups and keeps each group's tools in list order", () => {
    const tools = [
      { id: "a", category: "Audio" as const },
      { id: "b", category: "Image" as const },
      { id: "c", category: "Audio" as const },
    ];
    expect(groupTools(tools)).toEqual([
      { category: "Image", tools: [tools[1]] },
      { category: "Audio", tools: [tools[0], tools[2]] },
    ]);
    expect(groupTools([])).toEqual([]);
  });

  it("groups the whole catalogue without losing a tool", () => {
    const groups = groupTools(TOOLS);
    expect(groups.map((g) => g.category)).toEqual(TOOL_CATEGORIES.filter((c) => TOOLS.some((t) => t.category === c)));
    expect(groups.every((g) => g.tools.length > 0)).toBe(true);
    expect(groups.flatMap((g) => g.tools).length).toBe(TOOLS.length);
    // The trainer leads; the text group holds the offline voice.
    expect(groups[0]).toMatchObject({ category: "Trainer", tools: [expect.objectContaining({ id: LORA_TRAINER, training: true })] });
    expect(groups.find((g) => g.category === "Text")?.tools.map((t) => t.id)).toEqual(["local/read-aloud"]);
  });
});

describe("toolsForNode (spec canvas 5 Tool list filter)", () => {
  const VIDEO_ONLY = ["local/extract-frame", "local/trim-video", "local/join-videos", LIP_SYNC];

  it("image node: tools that take an image, none of the video, audio or 3D tools", () => {
    const list = toolsForNode(TOOLS, "image", true);
    expect(list.length).toBeGreaterThan(0);
    for (const t of list) expect(t.accepts, t.id).toContain("image");
    expect(ids(list)).toEqual(expect.arrayContaining(["local/upscale", "local/crop-aspect", UPSCALER, FACE_SWAP, BACKGROUND_REPLACE]));
    for (const id of [...VIDEO_ONLY, "local/normalize-loudness", "local/compress-model"]) expect(ids(list)).not.toContain(id);
    // Every Image tool is offered; the only others are the Watermark (pictures and videos, under Other),
    // the LoRA trainer and Character Control, which run on the node's image.
    expect(ids(list.filter((t) => t.category !== "Image"))).toEqual([WATERMARK, LORA_TRAINER, CHARACTER_CONTROL]);
    expect(list.filter((t) => t.category === "Image")).toEqual(TOOLS.filter((t) => t.category === "Image"));
  });

  it("a selected node without a media type sees the image tools", () => {
    expect(toolsForNode(TOOLS, null, true)).toEqual(toolsForNode(TOOLS, "image", true));
    expect(toolsForNode(TOOLS, undefined, true)).toEqual(toolsForNode(TOOLS, "image", true));
  });

  it("video node: the video tools, including join and extract frame", () => {
    const list = toolsForNode(TOOLS, "video", true);
    expect(ids(list)).toEqual(expect.arrayContaining(VIDEO_ONLY));
    for (const t of list) {
      expect(t.accepts.length === 0 || t.accepts.includes("video"), t.id).toBe(true);
      // A tool for several kinds of media sits in one group (Watermark under Other, Voice Dubbing under Audio).
      if (t.accepts.length <= 1) expect(t.category, t.id).toBe("Video");
    }
    expect(ids(list)).toEqual(expect.arrayContaining([WATERMARK, "elevenlabs/dubbing"]));
    expect(ids(list)).not.toContain("local/upscale");
    expect(ids(list)).not.toContain("local/normalize-loudness");
  });

  it("join takes only connected clips: an empty-accepting tool shows for its output type only", () => {
    const join = tool("local/join-videos");
    expect(join.accepts).toEqual([]);
    expect(ids(toolsForNode([join], "video", true))).toEqual([join.id]);
    for (const media of ["image", "audio", "model3d", "text"] as const) expect(toolsForNode([join], media, true)).toEqual([]);
  });

  it("audio node: the audio tools", () => {
    const list = toolsForNode(TOOLS, "audio", true);
    expect(ids(list)).toEqual(["local/normalize-loudness", "local/trim-silence", "local/fade-audio", "elevenlabs/dubbing"]);
    for (const t of list) expect(t.category).toBe("Audio");
  });

  it("3D node: the 3D tool", () => {
    expect(ids(toolsForNode(TOOLS, "model3d", true))).toEqual(["local/compress-model"]);
    expect(nodeMediaOf("3d")).toBe("model3d");
    expect(nodeMediaOf("model3d")).toBe("model3d");
  });

  it("text node: the text tools", () => {
    expect(ids(toolsForNode(TOOLS, "text", true))).toEqual(["local/read-aloud"]);
  });

  it("no node selected: every tool, whatever the media", () => {
    expect(toolsForNode(TOOLS, null, false)).toEqual([...TOOLS]);
    expect(toolsForNode(TOOLS, "audio", false)).toEqual([...TOOLS]);
    expect(toolsForNode(TOOLS, null, false)).not.toBe(TOOLS);
  });

  it("every tool is reachable from some node type", () => {
    const reachable = new Set((["image", "video", "audio", "model3d", "text"] as const).flatMap((m) => ids(toolsForNode(TOOLS, m, true))));
    expect(ids(TOOLS).filter((id) => !reachable.has(id))).toEqual([]);
  });

  it("nodeMediaOf: unknown content types are none", () => {
    for (const t of ["image", "video", "audio", "text"] as const) expect(nodeMediaOf(t)).toBe(t);
    expect(nodeMediaOf("")).toBeNull();
    expect(nodeMediaOf(undefined)).toBeNull();
    expect(nodeMediaOf("pdf")).toBeNull();
  });
});

describe("toolListHint (spec canvas 2)", () => {
  it.each([
    ["image", "Image processing and editing tools"],
    ["video", "Video processing tools"],
    ["audio", "Audio processing tools"],
    ["model3d", "model tools"],
    ["text", "Text processing tools"],
  ] as [NodeMedia, string][])("%s node → %s", (media, hint) => {
    expect(toolListHint(media, true, TOOLS.length)).toBe(hint);
  });

  it("a selected node without a type gets the image hint", () => {
    expect(toolListHint(null, true, 5)).toBe("Image processing and editing tools");
  });

  it("no node: 'All N tools available - Double-click to create new node'", () => {
    expect(toolListHint(null, false, 7)).toBe("All 7 tools available - Double-click to create new node");
    expect(toolListHint("video", false, TOOLS.length)).toBe(`All ${TOOLS.length} tools available - Double-click to create new node`);
  });
});
