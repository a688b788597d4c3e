import { describe, expect, it } from "vitest";
import { type ContextItem, contextItems, contextStrip, generationContext, isContextStack } from "./context";

const img = (id: string) => ({ id, data: { contentType: "image", mediaUrl: `https://x/${id}.png` } });
const vid = (id: string) => ({ id, data: { contentType: "video", mediaUrl: `https://x/${id}.mp4` } });
const txt = (id: string, content: string) => ({ id, data: { contentType: "text", content } });

const I = (id: string): ContextItem => ({ nodeId: id, type: "image", previewUrl: `https://x/${id}.png` });
const V = (id: string): ContextItem => ({ nodeId: id, type: "video", previewUrl: `https://x/${id}.mp4` });
const T = (id: string): ContextItem => ({ nodeId: id, type: "text", text: id });

describe("contextItems (spec 3 'Context item')", () => {
  it("makes an image item with its preview URL", () => {
    expect(contextItems([img("a")])).toEqual([{ nodeId: "a", type: "image", previewUrl: "https://x/a.png" }]);
  });
  it("makes a video item with its preview URL", () => {
    expect(contextItems([vid("v")])).toEqual([{ nodeId: "v", type: "video", previewUrl: "https://x/v.mp4" }]);
  });
  it("takes the preview from displayUrl first", () => {
    const [item] = contextItems([{ id: "a", data: { displayUrl: "https://x/d.png", mediaUrl: "https://x/m.png" } }]);
    expect(item?.previewUrl).toBe("https://x/d.png");
  });
  it("cuts text to the first 50 characters", () => {
    const long = "A".repeat(30) + "B".repeat(30);
    expect(contextItems([txt("t", long)])).toEqual([{ nodeId: "t", type: "text", text: "A".repeat(30) + "B".repeat(20) }]);
  });
  it("keeps short text whole, trimmed", () => {
    expect(contextItems([txt("t", "  a pier at dawn \n")])[0]?.text).toBe("a pier at dawn");
  });
  it("does not split an emoji at the cut", () => {
    const text = "x".repeat(49) + "🎬🎬";
    expect(contextItems([txt("t", text)])[0]?.text).toBe("x".repeat(49) + "🎬");
  });
  it("skips nodes without usable media or text", () => {
    expect(
      contextItems([
        { id: "empty", data: {} },
        { id: "typed", data: { contentType: "image" } },
        { id: "blank", data: { contentType: "text", content: "   " } },
        { id: "audio", data: { contentType: "audio", mediaUrl: "https://x/a.mp3" } },
        { id: "3d", data: { contentType: "3D", mediaUrl: "https://x/a.glb" } },
      ]),
    ).toEqual([]);
  });
  it("keeps upstream order and lists a node once", () => {
    expect(contextItems([txt("t", "hi"), img("a"), vid("v"), img("a")]).map((i) => i.nodeId)).toEqual(["t", "a", "v"]);
  });
});

describe("contextStrip (spec 2 'Context strip')", () => {
  it("is empty with no context", () => {
    expect(contextStrip([])).toEqual({ visible: [], overflow: 0, caption: "0 contexts" });
  });
  it("captions one item '1 context'", () => {
    expect(contextStrip([I("a")])).toEqual({ visible: [I("a")], overflow: 0, caption: "1 context" });
  });
  it("captions several items 'N contexts'", () => expect(contextStrip([T("t"), V("v")]).caption).toBe("2 contexts"));
  it("shows up to 4 thumbnails", () => {
    const strip = contextStrip([T("1"), V("2"), T("3"), V("4")]);
    expect(strip.visible).toHaveLength(4);
    expect(strip.overflow).toBe(0);
  });
  it("shows '+N' for the rest beyond 4", () => {
    const strip = contextStrip([T("1"), V("2"), T("3"), V("4"), T("5"), V("6")]);
    expect(strip.visible.map((e) => (isContextStack(e) ? "stack" : e.nodeId))).toEqual(["1", "2", "3", "4"]);
    expect(strip.overflow).toBe(2);
    expect(strip.caption).toBe("6 contexts");
  });
  it("keeps a single image as a plain thumbnail", () => {
    expect(contextStrip([T("t"), I("a")]).visible).toEqual([T("t"), I("a")]);
  });
  it("collapses several images into one stacked thumbnail where the first image was", () => {
    const strip = contextStrip([T("t"), I("a"), V("v"), I("b"), I("c")]);
    expect(strip.visible).toEqual([T("t"), { stack: [I("a"), I("b"), I("c")] }, V("v")]);
    expect(strip.overflow).toBe(0);
    expect(strip.caption).toBe("5 contexts");
  });
  it("counts the stack as one thumbnail towards the 4", () => {
    const strip = contextStrip([I("a"), I("b"), I("c"), I("d"), I("e"), T("1"), T("2"), T("3"), T("4")]);
    expect(strip.visible).toHaveLength(4);
    expect(strip.visible[0]).toEqual({ stack: [I("a"), I("b"), I("c"), I("d"), I("e")] });
    expect(strip.overflow).toBe(1);
    expect(strip.caption).toBe("9 contexts");
  });
  it("puts every image in the stack even when the stack is the only entry", () => {
    const strip = contextStrip([I("a"), I("b"), I("c"), I("d"), I("e"), I("f")]);
    expect(strip.visible).toHaveLength(1);
    expect(isContextStack(strip.visible[0]!) && strip.visible[0].stack).toHaveLength(6);
    expect(strip.overflow).toBe(0);
  });
  it("takes another maximum", () => {
    const strip = contextStrip([T("1"), T("2"), T("3")], 2);
    expect(strip.visible).toHaveLength(2);
    expect(strip.overflow).toBe(1);
    expect(contextStrip([T("1")], 0)).toMatchObject({ visible: [], overflow: 1 });
  });
  it("works from contextItems end to end", () => {
    const strip = contextStrip(contextItems([img("a"), img("b"), txt("t", "hello")]));
    expect(strip.visible).toEqual([{ stack: [I("a"), I("b")] }, { nodeId: "t", type: "text", text: "hello" }]);
    expect(strip.caption).toBe("3 contexts");
  });
});

describe("generationContext (spec 3 'Context item sent to generation')", () => {
  it("sends an image with url and mediaUrl", () => {
    expect(generationContext([img("a")])).toEqual([
      { type: "image", contentType: "image", nodeId: "a", url: "https://x/a.png", mediaUrl: "https://x/a.png" },
    ]);
  });
  it("sends the full text as text and content", () => {
    const long = "word ".repeat(40);
    expect(generationContext([txt("t", long)])).toEqual([{ type: "text", contentType: "text", nodeId: "t", text: long, content: long }]);
  });
  it("sends audio and 3D media too", () => {
    const out = generationContext([
      { id: "au", data: { mediaUrl: "https://x/a.mp3" } },
      { id: "m", data: { contentType: "3D", azureUrl: "https://x/a.glb" } },
    ]);
    expect(out.map((c) => [c.nodeId, c.type, c.url])).toEqual([
      ["au", "audio", "https://x/a.mp3"],
      ["m", "model3d", "https://x/a.glb"],
    ]);
  });
  it("does not send a URL for a text node", () => {
    const [c] = generationContext([{ id: "t", data: { contentType: "text", content: "hi", mediaUrl: "https://x/old.png" } }]);
    expect(c?.url).toBeUndefined();
    expect(c?.text).toBe("hi");
  });
  it("skips empty nodes and keeps upstream order", () => {
    expect(generationContext([{ id: "e", data: {} }, vid("v"), txt("t", "x"), vid("v")]).map((c) => c.nodeId)).toEqual(["v", "t"]);
  });
  it("a node with text but no URL is sent as text", () => {
    expect(generationContext([{ id: "n", data: { content: "plain" } }])[0]).toMatchObject({ type: "text", text: "plain" });
  });
});
