import { describe, expect, it } from "vitest";
import {
  contentTypeFromExtension,
  contentTypeFromUrlWords,
  detectContentType,
  hasGeneratedContent,
  mediaUrlOf,
  nodeLook,
  normalizeContentType,
  normalizeStatus,
  statusOnLoad,
} from "./contentType";
import type { NodeData } from "./node";

describe("mediaUrlOf: first of displayUrl, mediaUrl, azureUrl, permanentMediaUrl, url", () => {
  const all = { displayUrl: "d", mediaUrl: "m", azureUrl: "a", permanentMediaUrl: "p", url: "u" };
  it("prefers displayUrl", () => expect(mediaUrlOf(all)).toBe("d"));
  it("then mediaUrl", () => expect(mediaUrlOf({ ...all, displayUrl: undefined })).toBe("m"));
  it("then azureUrl", () => expect(mediaUrlOf({ azureUrl: "a", permanentMediaUrl: "p", url: "u" })).toBe("a"));
  it("then permanentMediaUrl", () => expect(mediaUrlOf({ permanentMediaUrl: "p", url: "u" })).toBe("p"));
  it("then url", () => expect(mediaUrlOf({ url: "u" })).toBe("u"));
  it("skips blank strings", () => expect(mediaUrlOf({ displayUrl: "  ", mediaUrl: "", azureUrl: "a" })).toBe("a"));
  it("skips non-strings in loose fields", () => expect(mediaUrlOf({ url: 42 } as NodeData)).toBeUndefined());
  it("is undefined with no media", () => expect(mediaUrlOf({ content: "hi" })).toBeUndefined());
});

describe("normalizeContentType", () => {
  it.each([
    ["text", "text"],
    ["image", "image"],
    ["Video", "video"],
    ["AUDIO", "audio"],
    ["model3d", "model3d"],
    ["3D", "model3d"],
    ["3d", "model3d"],
    ["model", "model3d"],
    ["image/png", "image"],
    ["video/mp4", "video"],
    ["audio/mpeg", "audio"],
    ["model/gltf-binary", "model3d"],
    ["text/plain", "text"],
  ])("reads %j as %s", (v, t) => expect(normalizeContentType(v)).toBe(t));
  it.each([undefined, null, "", "none", "success", "completed", "application/json", 3])("ignores %j", (v) => {
    expect(normalizeContentType(v)).toBeNull();
  });
});

describe("contentTypeFromExtension", () => {
  it.each([
    ["https://x/a.mp4", "video"],
    ["https://x/a.MOV", "video"],
    ["https://x/a.webm?t=1", "video"],
    ["https://x/a.avi#f", "video"],
    ["https://x/a.mp3", "audio"],
    ["https://x/a.wav", "audio"],
    ["https://x/a.ogg", "audio"],
    ["https://x/a.m4a", "audio"],
    ["https://x/a.aac", "audio"],
    ["https://x/a.flac", "audio"],
    ["https://x/a.glb", "model3d"],
    ["https://x/a.gltf", "model3d"],
    ["https://x/a.png", "image"],
    ["https://x/a.jpg", "image"],
    ["https://x/a.JPEG", "image"],
    ["https://x/a.webp", "image"],
    ["https://x/a.gif", "image"],
    ["/uploads/clip.mp4", "video"],
    ["data:image/png;base64,AAAA", "image"],
    ["data:video/mp4;base64,AAAA", "video"],
  ])("%s → %s", (url, t) => expect(contentTypeFromExtension(url)).toBe(t));
  it.each(["https://x/a", "https://x.mp4/a", "https://x/a.txt", "https://x/a?f=b.mp4", "blob:https://x/123", "data:text/plain,hi"])(
    "%s → null",
    (url) => expect(contentTypeFromExtension(url)).toBeNull(),
  );
});

describe("contentTypeFromUrlWords", () => {
  it.each([
    ["https://fal.media/kling-video/out/abc", "video"],
    ["https://cdn/videos/123", "video"],
    ["https://cdn/get?format=mp4", "video"],
    ["https://cdn/audio/123", "audio"],
    ["https://cdn/tts/123", "audio"],
    ["https://cdn/rodin-3d/123", "model3d"],
    ["https://cdn/get?format=glb", "model3d"],
    ["https://cdn/images/123", "image"],
    ["https://cdn/image-to-video/123", "video"],
  ])("%s → %s", (url, t) => expect(contentTypeFromUrlWords(url)).toBe(t));
  it("does not match parts of words", () => {
    expect(contentTypeFromUrlWords("https://cdn/videography123/x")).toBeNull();
    expect(contentTypeFromUrlWords("https://cdn/imagery/x")).toBeNull();
  });
  it("does not scan data: URIs", () => expect(contentTypeFromUrlWords("data:;base64,video")).toBeNull());
});

describe("detectContentType: data fields first, then file extension or URL words", () => {
  it("takes data.contentType first, even over a URL", () => {
    expect(detectContentType({ contentType: "video", mediaUrl: "https://x/a.png" })).toBe("video");
  });
  it("normalises '3D', '3d' and 'model' to model3d", () => {
    expect(detectContentType({ contentType: "3D" })).toBe("model3d");
    expect(detectContentType({ contentType: "3d" })).toBe("model3d");
    expect(detectContentType({ contentType: "model" })).toBe("model3d");
  });
  it("ignores junk such as 'success' and falls through to the URL", () => {
    expect(detectContentType({ contentType: "success", mediaUrl: "https://x/a.mp4" })).toBe("video");
  });
  it("treats contentType 'none' as no information", () => {
    expect(detectContentType({ contentType: "none", mediaUrl: "https://x/a.mp3" })).toBe("audio");
  });
  it("reads data.mediaType after contentType", () => {
    expect(detectContentType({ mediaType: "video", mediaUrl: "https://x/a" } as NodeData)).toBe("video");
  });
  it("then the file extension: mp4/mov/webm/avi → video", () => {
    for (const ext of ["mp4", "mov", "webm", "avi"]) expect(detectContentType({ mediaUrl: `https://x/a.${ext}` })).toBe("video");
  });
  it("mp3/wav/ogg/m4a/aac/flac → audio", () => {
    for (const ext of ["mp3", "wav", "ogg", "m4a", "aac", "flac"])
      expect(detectContentType({ azureUrl: `https://x/a.${ext}` })).toBe("audio");
  });
  it("glb/gltf → model3d", () => {
    for (const ext of ["glb", "gltf"]) expect(detectContentType({ displayUrl: `https://x/a.${ext}` })).toBe("model3d");
  });
  it("png/jpg/jpeg/webp/gif → image", () => {
    for (const ext of ["png", "jpg", "jpeg", "webp", "gif"]) expect(detectContentType({ mediaUrl: `https://x/a.${ext}` })).toBe("image");
  });
  it("checks the extension of every media URL before URL words", () => {
    expect(detectContentType({ displayUrl: "https://cdn/video/abc", mediaUrl: "https://x/a.png" })).toBe("image");
  });
  it("then words in the URL", () => {
    expect(detectContentType({ mediaUrl: "https://fal.media/files/video/abc" })).toBe("video");
    expect(detectContentType({ mediaUrl: "https://fal.media/files/audio/abc" })).toBe("audio");
  });
  it("a media URL that says nothing counts as image (the default content type)", () => {
    expect(detectContentType({ mediaUrl: "https://cdn/abc123" })).toBe("image");
  });
  it("text content → text", () => {
    expect(detectContentType({ content: "A foggy pier at dawn" })).toBe("text");
    expect(detectContentType({ generatedText: "draft" } as NodeData)).toBe("text");
  });
  it("blank text is not text", () => expect(detectContentType({ content: "   " })).toBe("none"));
  it("else none", () => {
    expect(detectContentType({})).toBe("none");
    expect(detectContentType({ title: "Untitled", status: "idle" })).toBe("none");
  });
});

describe("nodeLook: empty, text or media card", () => {
  it("an empty node is empty", () => expect(nodeLook({})).toBe("empty"));
  it("a node with the default contentType image but no media is empty", () => {
    expect(nodeLook({ contentType: "image" })).toBe("empty");
  });
  it("a text node is text, even before any text is typed", () => {
    expect(nodeLook({ contentType: "text" })).toBe("text");
    expect(nodeLook({ contentType: "text", content: "hi" })).toBe("text");
  });
  it("a node with text and no contentType is text", () => expect(nodeLook({ content: "hi" })).toBe("text"));
  it("a media node with a URL is media", () => {
    expect(nodeLook({ contentType: "image", mediaUrl: "https://x/a.png" })).toBe("media");
    expect(nodeLook({ mediaUrl: "https://x/a.mp3" })).toBe("media");
    expect(nodeLook({ contentType: "3D", mediaUrl: "https://x/a.glb" })).toBe("media");
  });
  it("a text-typed node keeps the text look even with a URL", () => {
    expect(nodeLook({ contentType: "text", content: "hi", mediaUrl: "https://x/a.png" })).toBe("text");
  });
  it("a media-typed node with text but no URL shows the text", () => {
    expect(nodeLook({ contentType: "image", content: "hi" })).toBe("text");
  });
});

describe("hasGeneratedContent (type lock)", () => {
  it("is true with media or text", () => {
    expect(hasGeneratedContent({ mediaUrl: "https://x/a.png" })).toBe(true);
    expect(hasGeneratedContent({ content: "hi" })).toBe(true);
  });
  it("is false for an empty node", () => expect(hasGeneratedContent({ contentType: "image", content: " " })).toBe(false));
});

describe("normalizeStatus: stored 'success' is treated as completed", () => {
  it.each([
    ["success", "completed"],
    ["completed", "completed"],
    ["idle", "idle"],
    ["generating", "generating"],
    ["recording", "recording"],
    ["error", "error"],
    ["Completed", "completed"],
    [undefined, "idle"],
    ["", "idle"],
    ["done", "idle"],
    [7, "idle"],
  ])("%j → %s", (s, out) => expect(normalizeStatus(s)).toBe(out));
});

describe("statusOnLoad (spec 4 'Node status')", () => {
  it("a node with no status starts idle", () => expect(statusOnLoad({})).toBe("idle"));
  it("a stored 'success' loads as completed", () => expect(statusOnLoad({ status: "success" })).toBe("completed"));
  it("a node stuck on generating that already has media is corrected to completed", () => {
    expect(statusOnLoad({ status: "generating", mediaUrl: "https://x/a.png" })).toBe("completed");
    expect(statusOnLoad({ status: "generating", permanentMediaUrl: "https://x/a.mp4" })).toBe("completed");
  });
  it("a re-run the server is still doing (it has a generationId) stays generating though the node has media", () => {
    expect(statusOnLoad({ status: "generating", mediaUrl: "https://x/a.png", generationId: "g1" } as never)).toBe("generating");
  });
  it("a node generating without media stays generating (the live record settles it)", () => {
    expect(statusOnLoad({ status: "generating" })).toBe("generating");
  });
  it("a recording does not survive a reload", () => expect(statusOnLoad({ status: "recording" })).toBe("idle"));
  it("completed, error and idle are kept", () => {
    expect(statusOnLoad({ status: "completed", mediaUrl: "https://x/a.png" })).toBe("completed");
    expect(statusOnLoad({ status: "error", error: "boom" })).toBe("error");
    expect(statusOnLoad({ status: "idle", mediaUrl: "https://x/a.png" })).toBe("idle");
  });
});
