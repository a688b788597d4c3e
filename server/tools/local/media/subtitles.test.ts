import { afterAll, describe, expect, it } from "vitest";
import { frameAt, meanDifference, probeVideo } from "../../../generation/local/testKit";
import { burnSubtitles, ToolInputError } from "./index";
import { fontFor, layoutSubtitle, wrapText } from "./subtitles";
import { colourClip, removeFixtures, toFile } from "./testFixtures";

afterAll(removeFixtures);

const W = 320;
const H = 240;

/** Rows [from, to) of a raw RGB frame W wide. */
const rows = (frame: Buffer, from: number, to: number) => frame.subarray(from * W * 3, to * W * 3);

describe("burnSubtitles", () => {
  it("draws the wrapped text at the bottom for the whole clip, leaving the top alone", async () => {
    const clip = colourClip([["gray", 1]], { size: `${W}x${H}`, tone: 440 });
    const text = "The night was quiet until the engines started, and the whole street woke up at once.";
    const out = await burnSubtitles(clip, { text }, { signal: new AbortController().signal });
    const before = toFile(clip);
    const after = toFile(out);
    expect(probeVideo(after)).toMatchObject({ codec: "h264", pixelFormat: "yuv420p", width: W, height: H });
    for (const t of [0.05, 0.5, 0.95]) {
      const a = frameAt(before, t, W, H);
      const b = frameAt(after, t, W, H);
      expect(meanDifference(rows(a, 0, 120), rows(b, 0, 120))).toBeLessThan(2);
      expect(meanDifference(rows(a, 160, 230), rows(b, 160, 230))).toBeGreaterThan(15);
      expect(Math.max(...rows(b, 160, 230))).toBeGreaterThan(220); // white letters
    }
    const { lines } = layoutSubtitle(text, W, H, fontFor(text).font);
    expect(lines.length).toBeGreaterThan(1);
    expect(lines.join(" ")).toBe(text);
  });

  it("rejects empty text", async () => {
    const clip = colourClip([["gray", 0.2]]);
    await expect(burnSubtitles(clip, { text: "  \n " }, { signal: new AbortController().signal })).rejects.toThrow(
      new ToolInputError("text must not be empty"),
    );
  });
});

describe("subtitle layout", () => {
  it("wraps on measured widths, cuts words longer than a line, keeps explicit line breaks", () => {
    const measure = (s: string) => s.length * 10;
    expect(wrapText("aaa bbb ccc", 75, measure)).toEqual(["aaa bbb", "ccc"]);
    expect(wrapText("abcdefghij", 40, measure)).toEqual(["abcd", "efgh", "ij"]);
    expect(wrapText("one\ntwo", 1000, measure)).toEqual(["one", "two"]);
  });

  it("fits every line in 90% of the width, shrinking the font for long text", () => {
    const font = fontFor("x").font;
    const short = layoutSubtitle("Hi", 1280, 720, font);
    const long = layoutSubtitle("word ".repeat(120).trim(), 1280, 720, font);
    expect(long.fontSize).toBeLessThan(short.fontSize);
    for (const line of long.lines)
      expect((font.layout(line).advanceWidth / font.unitsPerEm) * long.fontSize).toBeLessThanOrEqual(1280 * 0.9);
    expect(long.lines.length * long.fontSize * 1.3).toBeLessThanOrEqual(720 * 0.4);
  });

  it("uses Noto Sans JP for Japanese and DejaVu Sans otherwise", () => {
    expect(fontFor("Hello, world").file).toMatch(/DejaVuSans-Bold\.ttf$/);
    expect(fontFor("こんにちは、世界").file).toMatch(/NotoSansJP/);
  });
});
