import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import type { MediaBytes } from "../engine";
import { localEngine } from "./index";
import { frameAt, meanColour, meanDifference, probeVideo, testRequest } from "./testKit";
import { layoutTitle, titleOf } from "./video";
import { crossfadeTimeline, videoSize } from "./videoGraph";

const dir = mkdtempSync(path.join(os.tmpdir(), "local-video-test-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A picture with structure (stripes and a disc), so a camera move changes the frame. */
async function picture(width = 800, height = 450): Promise<MediaBytes> {
  const stripes = Array.from(
    { length: 12 },
    (_, i) => `<rect x="${i * (width / 12)}" width="${width / 24}" height="${height}" fill="hsl(${i * 30},80%,50%)"/>`,
  ).join("");
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="#222"/>${stripes}<circle cx="${width * 0.7}" cy="${height * 0.4}" r="${height / 5}" fill="#fff"/></svg>`;
  return { bytes: await sharp(Buffer.from(svg)).jpeg().toBuffer(), contentType: "image/jpeg" };
}

async function solid(colour: string): Promise<MediaBytes> {
  return {
    bytes: await sharp({ create: { width: 320, height: 180, channels: 3, background: colour } })
      .png()
      .toBuffer(),
    contentType: "image/png",
  };
}

async function render(name: string, options: Parameters<typeof testRequest>[1]) {
  const request = testRequest("local/video-ffmpeg", options);
  const result = await localEngine.run(request);
  if (result.kind !== "media") throw new Error("expected media");
  const file = path.join(dir, `${name}.mp4`);
  writeFileSync(file, result.files[0]?.bytes as Buffer);
  return { file, bytes: result.files[0]?.bytes as Buffer, contentType: result.files[0]?.contentType, progress: request.progress };
}

const small = { resolution: "360p", fps: 24 };

describe("Local Video (ffmpeg)", () => {
  it("moves the camera over one image: H.264 yuv420p MP4 at the size and length asked, moov first", async () => {
    const media = { "/api/media/p": await picture() };
    const { file, bytes, contentType, progress } = await render("dolly", {
      params: { ...small, images: ["/api/media/p"], camera_movement: "dolly-in", duration: 2, aspect_ratio: "16:9" },
      media,
    });
    expect(contentType).toBe("video/mp4");
    expect(bytes.toString("ascii", 4, 8)).toBe("ftyp");
    expect(bytes.indexOf("moov")).toBeLessThan(bytes.indexOf("mdat")); // faststart
    expect(probeVideo(file)).toEqual({ codec: "h264", pixelFormat: "yuv420p", width: 640, height: 360, fps: 24, duration: 2 });
    expect(meanDifference(frameAt(file, 0), frameAt(file, 1.95))).toBeGreaterThan(8);
    const percents = progress.map((p) => p.percent ?? 0);
    expect(percents).toEqual([...percents].sort((a, b) => a - b));
    expect(percents.at(-1)).toBe(100);
    expect(percents.some((p) => p > 2 && p < 100)).toBe(true); // real ffmpeg progress in between
  });

  it("keeps a static shot still, and takes the image from upstream context when the param is empty", async () => {
    const media = { "/api/media/p": await picture() };
    const { file } = await render("static", {
      params: { ...small, camera_movement: "static", duration: 1, aspect_ratio: "1:1" },
      context: [{ nodeId: "img", type: "image", url: "/api/media/p" }],
      media,
    });
    expect(probeVideo(file)).toMatchObject({ width: 360, height: 360, duration: 1 });
    expect(meanDifference(frameAt(file, 0), frameAt(file, 0.9))).toBeLessThan(2);
  });

  it("crossfades several images in order", async () => {
    const media = { "/r": await solid("#ff0000"), "/g": await solid("#00ff00"), "/b": await solid("#0000ff") };
    const { file } = await render("sequence", {
      params: { ...small, images: ["/r", "/g", "/b"], camera_movement: "static", duration: 3, crossfade: 0.5 },
      media,
    });
    expect(probeVideo(file).duration).toBe(3);
    const dominant = (t: number) => {
      const [r, g, b] = meanColour(frameAt(file, t));
      return r > g && r > b ? "red" : g > b ? "green" : "blue";
    };
    expect([dominant(0.2), dominant(1.5), dominant(2.8)]).toEqual(["red", "green", "blue"]);
    const [r, g] = meanColour(frameAt(file, 1.0)); // mid-crossfade from red to green: both present
    expect(Math.min(r, g)).toBeGreaterThan(40);
  });

  it("makes a title card from the prompt when there is no image, text included", async () => {
    const { file } = await render("title", {
      prompt: `Act 1: "The Harbour" <b>100%</b> \\ %{pts}`,
      params: { ...small, aspect_ratio: "9:16", duration: 2, camera_movement: "static" },
    });
    expect(probeVideo(file)).toMatchObject({ width: 360, height: 640, duration: 2 });
    // the background is dimmed, so near-white pixels in the middle band are the title's letters
    const middle = frameAt(file, 1, 90, 160).subarray(90 * 3 * 60, 90 * 3 * 100);
    let white = 0;
    for (let i = 0; i < middle.length; i += 3)
      if ((middle[i] as number) > 200 && (middle[i + 1] as number) > 200 && (middle[i + 2] as number) > 200) white++;
    expect(white).toBeGreaterThan(20);
  });

  it("kills ffmpeg promptly when cancelled", async () => {
    const controller = new AbortController();
    const request = testRequest("local/video-ffmpeg", {
      prompt: "A very long title card",
      params: { resolution: "1080p", duration: 30, fps: 30, camera_movement: "dolly-in" },
      signal: controller.signal,
    });
    request.onProgress = (report) => {
      if ((report.percent ?? 0) > 2) controller.abort();
    };
    const started = performance.now();
    let abortedAt = 0;
    controller.signal.addEventListener("abort", () => (abortedAt = performance.now()));
    await expect(localEngine.run(request)).rejects.toThrow(/abort/i);
    expect(abortedAt).toBeGreaterThan(started);
    expect(performance.now() - abortedAt).toBeLessThan(1000);
  });
});

describe("video layout rules", () => {
  it("sizes by aspect ratio and resolution", () => {
    expect(videoSize("16:9", "720p")).toEqual({ width: 1280, height: 720 });
    expect(videoSize("9:16", "1080p")).toEqual({ width: 1080, height: 1920 });
    expect(videoSize("16:9", "480p")).toEqual({ width: 854, height: 480 });
  });

  it("times a crossfade so the pictures fill the duration, shortening the fade when it must", () => {
    const { clips, crossfade } = crossfadeTimeline(3, 6, 1, 24);
    expect(crossfade).toBe(1);
    const last = clips.at(-1) as { start: number; frames: number };
    expect(last.start + last.frames / 24).toBeGreaterThanOrEqual(6);
    expect(crossfadeTimeline(10, 2, 1, 24).crossfade).toBeCloseTo(2 / 11);
  });

  it("shows the user's words on a title card, not the toolbar's instructions", () => {
    const composed = "The Harbour. Style: film noir. Look: cinematic. Aspect ratio 16:9.";
    expect(titleOf(testRequest("local/video-ffmpeg", { prompt: composed, userPrompt: "  The   Harbour. " }))).toBe("The Harbour.");
    expect(titleOf(testRequest("local/video-ffmpeg", { prompt: "x", userPrompt: "Style: a word I wrote myself" }))).toBe(
      "Style: a word I wrote myself",
    );
  });

  it("wraps a long title into centred lines that fit, ending in an ellipsis when it cannot", () => {
    const { fontSize, lines } = layoutTitle("The night the harbour lights went out, a story in three parts", 1280, 720);
    expect(lines.length).toBeGreaterThan(1);
    for (const line of lines) expect(line.length * fontSize * 0.6).toBeLessThanOrEqual(1280 * 0.84);
    const long = layoutTitle("word ".repeat(400), 640, 360);
    expect(long.lines.at(-1)?.endsWith("…")).toBe(true);
  });
});
