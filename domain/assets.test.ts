import { describe, expect, it } from "vitest";
import { assetDownloadName, assetFilename, assetKindFromUrl, assetsFromNodes, matchesFilter } from "./assets";

describe("assets (spec: shell 2 'Assets screen', 4, 5)", () => {
  it("lists only completed nodes with media or text, newest first (a text result is an asset too)", () => {
    const cards = assetsFromNodes([
      { id: "a", data: { status: "completed", contentType: "image", mediaUrl: "/api/media/a1", generatedAt: "2026-01-01T00:00:00Z" } },
      { id: "b", data: { status: "generating", contentType: "image", mediaUrl: "/api/media/b1" } },
      { id: "c", data: { status: "completed", contentType: "text", content: "words" } },
      { id: "d", data: { status: "success", contentType: "video", mediaUrl: "/m/clip.mp4", generatedAt: "2026-02-01T00:00:00Z" } },
    ]);
    expect(cards.map((c) => [c.nodeId, c.contentType])).toEqual([
      ["d", "video"],
      ["a", "image"],
      ["c", "text"],
    ]);
    expect(cards[2]).toMatchObject({ text: "words", url: "" });
  });

  it("leaves out text nodes with no text and text nodes not completed", () => {
    expect(
      assetsFromNodes([
        { id: "a", data: { status: "completed", contentType: "text", content: "  " } },
        { id: "b", data: { status: "idle", contentType: "text", content: "typed by hand" } },
      ]),
    ).toEqual([]);
  });

  it("names a download after the project and the node, shot or animatic", () => {
    expect(assetDownloadName("Rain Chase", "Shot 2", "png")).toBe("Rain Chase – Shot 2.png");
    expect(assetDownloadName("Rain Chase", "Animatic · Rain Chase", "mp4")).toBe("Rain Chase animatic.mp4");
    expect(assetDownloadName("Rain Chase", "Animatic · The Bridge", "mp4")).toBe("Rain Chase – The Bridge animatic.mp4");
    expect(assetDownloadName("Rain Chase", "Untitled", "png")).toBe("Rain Chase.png");
    expect(assetDownloadName("Rain Chase", undefined, "txt")).toBe("Rain Chase.txt");
    // Characters no file system takes become spaces; non-ASCII stays (the header carries it as filename*).
    expect(assetDownloadName("Été / Nuit", 'Plan "1": ciel?', "png")).toBe("Été Nuit – Plan 1 ciel.png");
  });

  it("guesses an absent type from the extension", () => {
    expect(["x.mp4", "x.MOV", "x.webm", "x.mp3", "x.wav", "x.glb", "x.obj", "x.png", "x"].map(assetKindFromUrl)).toEqual([
      "video",
      "video",
      "video",
      "audio",
      "audio",
      "model",
      "model",
      "image",
      "image",
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
