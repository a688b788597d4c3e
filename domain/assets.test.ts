import { describe, expect, it } from "vitest";
import { assetFilename, assetKindFromUrl, assetsFromNodes, matchesFilter } from "./assets";

describe("assets (spec: shell 2 'Assets screen', 4, 5)", () => {
  it("lists only completed nodes with media, newest first", () => {
    const cards = assetsFromNodes([
      { id: "a", data: { status: "completed", contentType: "image", mediaUrl: "/api/media/a1", generatedAt: "2026-01-01T00:00:00Z" } },
      { id: "b", data: { status: "generating", contentType: "image", mediaUrl: "/api/media/b1" } },
      { id: "c", data: { status: "completed", contentType: "text", content: "words" } },
      { id: "d", data: { status: "success", contentType: "video", mediaUrl: "/m/clip.mp4", generatedAt: "2026-02-01T00:00:00Z" } },
    ]);
    expect(cards.map((c) => [c.nodeId, c.contentType])).toEqual([["d", "video"], ["a", "image"]]);
  });

  it("guesses an absent type from the extension", () => {
    expect(["x.mp4", "x.MOV", "x.webm", "x.mp3", "x.wav", "x.glb", "x.obj", "x.png", "x"].map(assetKindFromUrl)).toEqual([
      "video", "video", "video", "audio", "audio", "model", "model", "image", "image",
    ]);
  });

  it("names the file by the URL's last segment, or 'asset'", () => {
    expect(assetFilename("/api/media/abc.png?x=1")).toBe("abc.png");
    expect(assetFilename("")).toBe("asset");
  });

  it("filters by kind", () => {
    const [card] = assetsFromNodes([{ id: "a", data: { status: "completed", contentType: "audio", mediaUrl: "/m/a.wav" } }]);
    expect([matchesFilter(card!, "all"), matchesFilter(card!, "audio"), matchesFilter(card!, "image")]).toEqual([true, true, false]);
  });
});
