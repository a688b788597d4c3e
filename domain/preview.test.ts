import { describe, expect, it } from "vitest";
import { choosePreview, mediaKindOfUrl } from "./preview";

describe("mediaKindOfUrl", () => {
  it.each([
    ["a.mp4", "video"],
    ["a.MOV", "video"],
    ["a.avi?x=1", "video"],
    ["a.webm", "video"],
    ["a.jpg", "image"],
    ["a.jpeg", "image"],
    ["a.png#frag", "image"],
    ["a.webp", "image"],
    ["a.gif", null],
    ["a.glb", null],
  ])("%s is %s", (url, kind) => expect(mediaKindOfUrl(url)).toBe(kind));
});

describe("choosePreview (spec: shell 2, preview choice order)", () => {
  it("prefers the project thumbnail", () => {
    expect(choosePreview({ thumbnail: "/t.png", nodes: [{ contentType: "image", mediaUrl: "/n.png" }] })).toEqual({
      url: "/t.png",
      kind: "image",
    });
  });

  it("then a node whose contentType is image or video, reading azureUrl before mediaUrl, videoUrl, imageUrl, url", () => {
    const nodes = [
      { contentType: "text", mediaUrl: "/text.png" },
      { contentType: "video", mediaUrl: "/m.mp4", azureUrl: "/az.mp4" },
    ];
    expect(choosePreview({ nodes })).toEqual({ url: "/az.mp4", kind: "video" });
    expect(choosePreview({ nodes: [{ contentType: "image", url: "/u.webp" }] })).toEqual({ url: "/u.webp", kind: "image" });
  });

  it("then node outputs in the spec's order, only for URLs that look like media", () => {
    expect(choosePreview({ nodes: [{ output: { imageUrl: "/o.png", videoUrl: "/o.mp4" } }] })).toEqual({ url: "/o.mp4", kind: "video" });
    expect(choosePreview({ nodes: [{ output: { processedImageUrl: "/p.jpg" } }] })).toEqual({ url: "/p.jpg", kind: "image" });
    expect(choosePreview({ nodes: [{ input: { imageUrl: "/in.png" } }] })).toEqual({ url: "/in.png", kind: "image" });
    expect(choosePreview({ nodes: [{ imageUrl: "/file.txt" }] })).toBeNull();
  });

  it("is null with nothing to show ('No preview')", () => {
    expect(choosePreview({})).toBeNull();
    expect(choosePreview({ thumbnail: "", nodes: [null, {}] })).toBeNull();
  });
});
