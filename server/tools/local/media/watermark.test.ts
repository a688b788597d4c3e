import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { frameAt, meanDifference } from "../../../generation/local/testKit";
import {
  placeMark,
  probeMedia,
  ToolInputError,
  watermarkImage,
  watermarkVideo,
  WATERMARK_POSITIONS,
  type MediaFile,
  type WatermarkOptions,
  type WatermarkPosition,
} from "./index";
import { textMarkSvg } from "./watermarkMark";
import { checkMp4, colourClip, patternClip, removeFixtures, toFile } from "./testFixtures";

afterAll(removeFixtures);

const W = 320;
const H = 240;
const run = () => ({ signal: new AbortController().signal });
const options = (o: Partial<WatermarkOptions>): WatermarkOptions => ({
  text: "© Reelgraph",
  position: "bottom-right",
  opacity: 1,
  scale: 0.3,
  margin: 8,
  ...o,
});

type Quadrant = Exclude<WatermarkPosition, "centre">;
const OPPOSITE: Record<Quadrant, Quadrant> = {
  "top-left": "bottom-right",
  "top-right": "bottom-left",
  "bottom-left": "top-right",
  "bottom-right": "top-left",
};

/** The raw RGB bytes of one quarter of a W×H frame. */
function quarter(rgb: Buffer, which: Quadrant): Buffer {
  const [vertical, horizontal] = which.split("-");
  const x0 = horizontal === "left" ? 0 : W / 2;
  const y0 = vertical === "top" ? 0 : H / 2;
  const rows: Buffer[] = [];
  for (let y = y0; y < y0 + H / 2; y++) rows.push(rgb.subarray((y * W + x0) * 3, (y * W + x0 + W / 2) * 3));
  return Buffer.concat(rows);
}

/** The middle of the frame (a quarter of its area), for the centre position. */
function middle(rgb: Buffer): Buffer {
  const rows: Buffer[] = [];
  for (let y = H / 4; y < (3 * H) / 4; y++) rows.push(rgb.subarray((y * W + W / 4) * 3, (y * W + (3 * W) / 4) * 3));
  return Buffer.concat(rows);
}

const rgbOf = (bytes: Buffer) => sharp(bytes).removeAlpha().raw().toBuffer();

async function flat(colour: string, width = W, height = H): Promise<MediaFile> {
  return {
    bytes: await sharp({ create: { width, height, channels: 3, background: colour } })
      .png()
      .toBuffer(),
    contentType: "image/png",
  };
}

/** Largest (red − green) of any pixel: how red the reddest one is. */
function reddest(rgb: Buffer): number {
  let most = -255;
  for (let i = 0; i < rgb.length; i += 3) most = Math.max(most, (rgb[i] as number) - (rgb[i + 1] as number));
  return most;
}

describe("watermarkImage", () => {
  it.each(Object.keys(OPPOSITE) as Quadrant[])("text at %s changes that corner and leaves the opposite one untouched", async (position) => {
    const image = await flat("#777777");
    const out = await watermarkImage(image, options({ position }), run());
    expect(out.contentType).toBe("image/png");
    expect(await sharp(out.bytes).metadata()).toMatchObject({ format: "png", width: W, height: H });
    const [before, after] = [await rgbOf(image.bytes), await rgbOf(out.bytes)];
    expect(meanDifference(quarter(before, position), quarter(after, position))).toBeGreaterThan(1.5);
    expect(Math.max(...quarter(after, position))).toBeGreaterThan(240); // white letters
    expect(quarter(after, OPPOSITE[position]).equals(quarter(before, OPPOSITE[position]))).toBe(true);
  });

  it("centre puts the mark in the middle, away from every corner", async () => {
    const image = await flat("#777777");
    const out = await watermarkImage(image, options({ position: "centre", scale: 0.2 }), run());
    const [before, after] = [await rgbOf(image.bytes), await rgbOf(out.bytes)];
    expect(meanDifference(middle(before), middle(after))).toBeGreaterThan(0.5);
    expect(Math.max(...middle(after))).toBeGreaterThan(240);
    // corners 40×30 px are left alone
    const corner = (rgb: Buffer) => Buffer.concat(Array.from({ length: 30 }, (_, y) => rgb.subarray(y * W * 3, (y * W + 40) * 3)));
    expect(corner(after).equals(corner(before))).toBe(true);
  });

  it("opacity 0 leaves the picture as it was; more opacity, more change", async () => {
    const image = await flat("#777777");
    const before = await rgbOf(image.bytes);
    const invisible = await rgbOf((await watermarkImage(image, options({ opacity: 0 }), run())).bytes);
    expect(invisible.equals(before)).toBe(true);
    const faint = meanDifference(before, await rgbOf((await watermarkImage(image, options({ opacity: 0.3 }), run())).bytes));
    const solid = meanDifference(before, await rgbOf((await watermarkImage(image, options({ opacity: 1 }), run())).bytes));
    expect(faint).toBeGreaterThan(0);
    expect(solid).toBeGreaterThan(faint * 2);
  });

  it("draws markup, entities, quotes and ffmpeg expansions as plain letters: nothing is injected", async () => {
    const text = `</svg><svg><rect width="9999" height="9999" fill="red"/> &amp; &#60; "it's" %{pts} %{eif:1:d} \\ ; [x]`;
    const { svg } = textMarkSvg(text, { width: 300, height: 200 });
    // the SVG holds three elements and path numbers only, never a piece of the text
    expect([...svg.matchAll(/<(\w+)/g)].map((m) => m[1])).toEqual(["svg", "path", "path"]);
    for (const piece of ["rect", "red", "&amp;", "&#60;", "%{", "it's"]) expect(svg).not.toContain(piece);
    const image = await flat("#777777");
    const out = await watermarkImage(image, options({ text, position: "top-left", scale: 0.5 }), run());
    const [before, after] = [await rgbOf(image.bytes), await rgbOf(out.bytes)];
    expect(meanDifference(quarter(before, "top-left"), quarter(after, "top-left"))).toBeGreaterThan(0.3);
    expect(Math.max(...quarter(after, "top-left"))).toBeGreaterThan(180); // small letters, anti-aliased
    expect(quarter(after, "bottom-right").equals(quarter(before, "bottom-right"))).toBe(true);
    expect(reddest(after)).toBeLessThan(10); // grey, white and black only: no red rectangle
  });

  it("a connected picture is the logo, fitted to the size and laid in the chosen corner", async () => {
    const image = await flat("#777777");
    const logo = await flat("#ff0000", 50, 50);
    const out = await watermarkImage(image, options({ text: "  ", logo, position: "bottom-left", scale: 0.25 }), run());
    const after = await rgbOf(out.bytes);
    // 0.25 × 320 = an 80 px square, 8 px in from the bottom-left corner
    const at = (x: number, y: number) => [...after.subarray((y * W + x) * 3, (y * W + x) * 3 + 3)];
    expect(at(8 + 40, H - 8 - 40)).toEqual([255, 0, 0]);
    expect(at(8 + 82, H - 8 - 40)).toEqual([119, 119, 119]);
    expect(at(8 + 40, H - 8 - 82)).toEqual([119, 119, 119]);
    expect(reddest(quarter(after, "top-right"))).toBe(0);
    expect(reddest(quarter(after, "bottom-right"))).toBe(0);
  });

  it("the text wins over a connected logo", async () => {
    const image = await flat("#777777");
    const out = await watermarkImage(image, options({ logo: await flat("#ff0000", 50, 50) }), run());
    expect(reddest(await rgbOf(out.bytes))).toBeLessThan(10);
  });

  it("refuses a run with neither text nor logo, over-long text and an SVG logo, naming the field", async () => {
    const image = await flat("#777777", 32, 32);
    await expect(watermarkImage(image, options({ text: " \n " }), run())).rejects.toThrow(
      new ToolInputError("text: type the watermark or connect an image node to use as the logo"),
    );
    await expect(watermarkImage(image, options({ text: "x".repeat(201) }), run())).rejects.toThrow(
      "text must be at most 200 characters (got 201)",
    );
    await expect(watermarkImage(image, options({ opacity: 2 }), run())).rejects.toThrow("opacity must be between 0 and 1 (got 2)");
    await expect(watermarkImage(image, options({ position: "middle" as never }), run())).rejects.toThrow(
      /^position must be one of top-left/,
    );
    const svgLogo = {
      bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>'),
      contentType: "image/svg+xml",
    };
    await expect(watermarkImage(image, options({ text: "", logo: svgLogo }), run())).rejects.toThrow(
      "logo must be a PNG, JPEG or WebP picture (got svg)",
    );
  });
});

describe("placeMark", () => {
  it("keeps the margin from the chosen edges", () => {
    const frame = { width: 320, height: 240 };
    const mark = { width: 100, height: 20 };
    expect(WATERMARK_POSITIONS.map((p) => placeMark(frame, mark, p, 10))).toEqual([
      { left: 10, top: 10 },
      { left: 210, top: 10 },
      { left: 10, top: 210 },
      { left: 210, top: 210 },
      { left: 110, top: 110 },
    ]);
  });

  it("gives up margin rather than push the mark off a small frame", () => {
    expect(placeMark({ width: 40, height: 30 }, { width: 30, height: 20 }, "bottom-right", 24)).toEqual({ left: 5, top: 5 });
  });
});

describe("watermarkVideo", () => {
  const clip = () => colourClip([["gray", 1]], { size: `${W}x${H}`, tone: 440 });

  it("marks the chosen corner of every frame, leaves the opposite one, keeps the sound and the length", async () => {
    const video = clip();
    const out = await watermarkVideo(video, options({ position: "top-right" }), run());
    const { file, probe } = checkMp4(out);
    expect(probe).toMatchObject({ width: W, height: H });
    const source = await probeMedia(video.bytes);
    const result = await probeMedia(out.bytes);
    expect(result.hasAudio).toBe(true);
    expect(Math.abs(result.durationSeconds - source.durationSeconds)).toBeLessThan(0.1);
    const original = toFile(video);
    for (const t of [0.05, 0.5, 0.95]) {
      const [a, b] = [frameAt(original, t, W, H), frameAt(file, t, W, H)];
      expect(meanDifference(quarter(a, "top-right"), quarter(b, "top-right"))).toBeGreaterThan(1.5);
      expect(Math.max(...quarter(b, "top-right"))).toBeGreaterThan(220);
      expect(meanDifference(quarter(a, "bottom-left"), quarter(b, "bottom-left"))).toBeLessThan(1.5);
    }
  }, 60_000);

  it("opacity 0 leaves the frames (almost) as they were", async () => {
    const video = clip();
    const out = await watermarkVideo(video, options({ opacity: 0 }), run());
    const [a, b] = [frameAt(toFile(video), 0.5, W, H), frameAt(toFile(out), 0.5, W, H)];
    expect(meanDifference(a, b)).toBeLessThan(1.5);
  }, 60_000);

  it("takes text that would break a filter graph (quotes, colons, brackets, %{…}) as plain letters", async () => {
    const video = clip();
    const out = await watermarkVideo(
      video,
      options({ text: `it's [0:v]; drawbox=c=red:t=fill, %{pts} '\\`, position: "bottom-left", scale: 0.5 }),
      run(),
    );
    const file = checkMp4(out).file;
    const frame = frameAt(file, 0.5, W, H);
    const before = frameAt(toFile(video), 0.5, W, H);
    expect(meanDifference(quarter(before, "bottom-left"), quarter(frame, "bottom-left"))).toBeGreaterThan(1);
    expect(meanDifference(quarter(before, "top-right"), quarter(frame, "top-right"))).toBeLessThan(1.5);
    expect(reddest(frame)).toBeLessThan(20);
  }, 60_000);

  it("stops when cancelled part-way", async () => {
    const controller = new AbortController();
    const started = Date.now();
    const out = watermarkVideo(patternClip(6), options({}), { signal: controller.signal, onProgress: (f) => f > 0 && controller.abort() });
    await expect(out).rejects.toMatchObject({ name: "AbortError" });
    expect(Date.now() - started).toBeLessThan(5_000);
  }, 60_000);

  it("lays a connected logo over the video", async () => {
    const video = clip();
    const logo = await flat("#ff0000", 50, 50);
    const out = await watermarkVideo(video, options({ text: "", logo, position: "top-left", scale: 0.25 }), run());
    const frame = frameAt(toFile(out), 0.5, W, H);
    const at = (x: number, y: number) => [...frame.subarray((y * W + x) * 3, (y * W + x) * 3 + 3)];
    const [r, g, b] = at(8 + 40, 8 + 40) as [number, number, number];
    expect(r).toBeGreaterThan(200);
    expect(g + b).toBeLessThan(80);
    expect(reddest(quarter(frame, "bottom-right"))).toBeLessThan(20);
  }, 60_000);
});
