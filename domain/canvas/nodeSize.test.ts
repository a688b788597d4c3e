import { describe, expect, it } from "vitest";
import { mediaNodeSize, nodeSize, textNodeSize } from "./nodeSize";

const text = (n: number) => ({ contentType: "text", content: "x".repeat(n) });

describe("nodeSize (spec 9 'Node size')", () => {
  it("an empty node is 380×280", () => {
    expect(nodeSize({})).toEqual({ width: 380, height: 280 });
    expect(nodeSize({ contentType: "image" })).toEqual({ width: 380, height: 280 });
  });
  it("an audio node is 480×120", () => {
    expect(nodeSize({ contentType: "audio", mediaUrl: "https://x/a.mp3" })).toEqual({ width: 480, height: 120 });
    expect(nodeSize({ mediaUrl: "https://x/a.wav", aspectRatio: "16:9" })).toEqual({ width: 480, height: 120 });
  });
  it("an empty text node is 380×280", () => expect(nodeSize({ contentType: "text" })).toEqual({ width: 380, height: 280 }));
  it("a text node of 1000+ characters is 520×400", () => {
    expect(nodeSize(text(1000))).toEqual({ width: 520, height: 400 });
    expect(nodeSize(text(50_000))).toEqual({ width: 520, height: 400 });
  });
  it("a text node of 500 characters is half way: 450×340", () => expect(nodeSize(text(500))).toEqual({ width: 450, height: 340 }));
  it("an image node defaults to 1:1 → 400×400", () => {
    expect(nodeSize({ contentType: "image", mediaUrl: "https://x/a.png" })).toEqual({ width: 400, height: 400 });
  });
  it("an unreadable aspect ratio counts as 1:1", () => {
    expect(nodeSize({ mediaUrl: "https://x/a.png", aspectRatio: "wide" })).toEqual({ width: 400, height: 400 });
  });
  it("a 16:9 video is 400 wide and 280 high (the minimum)", () => {
    expect(nodeSize({ contentType: "video", mediaUrl: "https://x/a.mp4", aspectRatio: "16:9" })).toEqual({ width: 400, height: 280 });
  });
  it("a 9:16 video is 280 wide and 400 high", () => {
    expect(nodeSize({ contentType: "video", mediaUrl: "https://x/a.mp4", aspectRatio: "9:16" })).toEqual({ width: 280, height: 400 });
  });
  it("a 3D model uses its aspect ratio too", () => {
    expect(nodeSize({ contentType: "3D", mediaUrl: "https://x/a.glb", aspectRatio: "4:3" })).toEqual({ width: 400, height: 300 });
  });
});

describe("textNodeSize: 380–520 wide and 280–400 high by text length", () => {
  it.each([
    [0, 380, 280],
    [100, 394, 292],
    [250, 415, 310],
    [750, 485, 370],
    [1000, 520, 400],
  ])("%d characters → %d×%d", (n, w, h) => expect(textNodeSize(n)).toEqual({ width: w, height: h }));
  it("never shrinks as the text grows", () => {
    let prev = textNodeSize(0);
    for (let n = 1; n <= 1200; n += 7) {
      const s = textNodeSize(n);
      expect(s.width).toBeGreaterThanOrEqual(prev.width);
      expect(s.height).toBeGreaterThanOrEqual(prev.height);
      prev = s;
    }
  });
  it("stays within bounds for odd inputs", () => {
    expect(textNodeSize(-5)).toEqual({ width: 380, height: 280 });
    expect(textNodeSize(Number.NaN)).toEqual({ width: 380, height: 280 });
  });
});

describe("mediaNodeSize: media nodes fit within 280–400 by ratio", () => {
  it.each([
    ["1:1", 1, 400, 400],
    ["4:3", 4 / 3, 400, 300],
    ["3:2", 3 / 2, 400, 280],
    ["16:9", 16 / 9, 400, 280],
    ["21:9", 21 / 9, 400, 280],
    ["3:4", 3 / 4, 300, 400],
    ["4:5", 4 / 5, 320, 400],
    ["2:3", 2 / 3, 280, 400],
    ["9:16", 9 / 16, 280, 400],
  ])("%s → %d×%d", (_label, r, w, h) => expect(mediaNodeSize(r)).toEqual({ width: w, height: h }));
  it("keeps both sides within 280–400 for any ratio", () => {
    for (const r of [0.01, 0.3, 0.7, 1.1, 1.4, 2, 50]) {
      const { width, height } = mediaNodeSize(r);
      for (const side of [width, height]) {
        expect(side).toBeGreaterThanOrEqual(280);
        expect(side).toBeLessThanOrEqual(400);
      }
    }
  });
  it("treats an invalid ratio as 1:1", () => expect(mediaNodeSize(0)).toEqual({ width: 400, height: 400 }));
});
