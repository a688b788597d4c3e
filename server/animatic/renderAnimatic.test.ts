import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ffmpegPath } from "../generation/local/ffmpeg";
import { frameAt, meanColour, meanDifference } from "../generation/local/testKit";
import type { AnimaticInput } from "./animaticPlan";
import { meanVolumeDb, parseMeanVolume, probeMedia } from "./probe";
import { AnimaticRenderError, renderAnimatic } from "./renderAnimatic";

let dir: string;
const file = (name: string) => path.join(dir, name);

function ffmpeg(args: string[]): void {
  const r = spawnSync(ffmpegPath(), ["-hide_banner", "-loglevel", "error", "-y", ...args]);
  if (r.status !== 0) throw new Error(`ffmpeg ${args.join(" ")} failed: ${r.stderr}`);
}

/** Video frames in a file, counted by copying its packets to the null muxer. */
function videoFrames(mp4: string): number {
  const log = spawnSync(ffmpegPath(), ["-hide_banner", "-nostdin", "-i", mp4, "-map", "0:v", "-c", "copy", "-f", "null", "-"], {
    encoding: "utf8",
  }).stderr;
  return Number([...log.matchAll(/frame=\s*(\d+)/g)].at(-1)?.[1]);
}

beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), "animatic-test-"));
  ffmpeg(["-f", "lavfi", "-i", "color=c=0x3366aa:s=1024x768", "-frames:v", "1", file("blue.png")]);
  ffmpeg(["-f", "lavfi", "-i", "testsrc=s=1600x900", "-frames:v", "1", file("pattern.png")]);
  // 1 s of moving test pattern: shorter than its 2 s segment, so its last frame must be held
  ffmpeg([
    "-f",
    "lavfi",
    "-i",
    "testsrc=s=640x360:r=30:d=1",
    "-c:v",
    "libx264",
    "-preset",
    "ultrafast",
    "-pix_fmt",
    "yuv420p",
    file("clip.mp4"),
  ]);
  ffmpeg(["-f", "lavfi", "-i", "sine=frequency=440:duration=1", file("line.wav")]);
  writeFileSync(file("not-an-image.png"), "hello");
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

const HOSTILE = `It's 50% "done": C:\\path`;

/** Scene card 1.5 s | still 1.5 s | video 2 s | card 1.5 s with dialogue at +0.25 s | push in 2 s = 8.5 s. */
function animatic(): AnimaticInput {
  return {
    width: 1280,
    height: 720,
    fps: 24,
    captions: true,
    segments: [
      {
        id: "s1",
        seconds: 1.5,
        visual: { kind: "still", path: file("blue.png"), movement: "static" },
        dialogue: [],
        caption: HOSTILE,
        sceneCard: { title: "INT. HARBOUR – NIGHT" },
      },
      { id: "s2", seconds: 2, visual: { kind: "video", path: file("clip.mp4"), sourceSeconds: 1 }, dialogue: [] },
      {
        id: "s3",
        seconds: 1.5,
        visual: { kind: "card", title: HOSTILE, subtitle: "no image yet" },
        dialogue: [{ path: file("line.wav"), startSeconds: 0.25 }],
      },
      { id: "s4", seconds: 2, visual: { kind: "still", path: file("pattern.png"), movement: "push in" }, dialogue: [] },
    ],
  };
}

describe("renderAnimatic", () => {
  it("renders every shot for its time, with the dialogue where it is spoken", { timeout: 120_000 }, async () => {
    const workDir = file("work");
    const outputPath = file("out/animatic.mp4");
    const progress: number[] = [];
    const result = await renderAnimatic(animatic(), {
      workDir,
      outputPath,
      signal: new AbortController().signal,
      onProgress: (f) => progress.push(f),
    });
    expect(result.durationSeconds).toBe(8.5);
    expect(progress.at(-1)).toBe(1);
    expect(readdirSync(workDir)).toEqual([]); // its private folder is gone

    const info = await probeMedia(outputPath);
    expect(Math.abs(info.durationSeconds - 8.5)).toBeLessThanOrEqual(0.1);
    expect(info.video).toEqual({ codec: "h264", width: 1280, height: 720 });
    expect(info.audio).toEqual({ codec: "aac" });
    expect(videoFrames(outputPath)).toBe(8.5 * 24);

    // the dialogue: 1.5 + 1.5 + 2 = 5 s to the card, + 0.25 s offset, 1 s long
    expect(await meanVolumeDb(outputPath, 5.35, 6.15)).toBeGreaterThan(-30);
    expect(await meanVolumeDb(outputPath, 0.2, 1.2)).toBeLessThan(-60);
    expect(await meanVolumeDb(outputPath, 6.6, 8.3)).toBeLessThan(-60);

    const [r0, g0, b0] = meanColour(frameAt(outputPath, 0.75)); // scene card: dark, a little white text
    expect(Math.max(r0, g0, b0)).toBeLessThan(60);
    const [r1, g1, b1] = meanColour(frameAt(outputPath, 2.25)); // the blue still
    expect(b1).toBeGreaterThan(r1 + 40);
    expect(b1).toBeGreaterThan(g1);
    // the clip's last frame held through the second half of its segment, not black
    expect(Math.max(...meanColour(frameAt(outputPath, 4.6)))).toBeGreaterThan(60);
    const [r3, g3, b3] = meanColour(frameAt(outputPath, 5.75)); // the card
    expect(Math.max(r3, g3, b3)).toBeLessThan(60);
    // the push in moves: its first and last frames differ
    expect(meanDifference(frameAt(outputPath, 6.52), frameAt(outputPath, 8.45))).toBeGreaterThan(10);
  });

  it("names a missing input before running ffmpeg", async () => {
    const input = animatic();
    input.segments[3] = { id: "s4", seconds: 2, visual: { kind: "still", path: file("gone.png"), movement: "pan left" }, dialogue: [] };
    const run = renderAnimatic(input, { workDir: file("work"), outputPath: file("never.mp4"), signal: new AbortController().signal });
    await expect(run).rejects.toThrow(AnimaticRenderError);
    await expect(run).rejects.toThrow(/still of segment s4 is missing: .*gone\.png/);
  });

  it("fails with ffmpeg's own words when it cannot read a still", async () => {
    const input: AnimaticInput = {
      ...animatic(),
      segments: [{ id: "bad", seconds: 1.5, visual: { kind: "still", path: file("not-an-image.png"), movement: "static" }, dialogue: [] }],
    };
    const run = renderAnimatic(input, { workDir: file("work"), outputPath: file("never.mp4"), signal: new AbortController().signal });
    await expect(run).rejects.toThrow(/ffmpeg failed \(exit \d+\) rendering an animatic of 1 pieces: .+/);
    expect(readdirSync(file("work"))).toEqual([]);
  });

  it("stops ffmpeg when the signal aborts", { timeout: 60_000 }, async () => {
    const controller = new AbortController();
    const reason = new Error("cancelled");
    const run = renderAnimatic(animatic(), {
      workDir: file("work"),
      outputPath: file("aborted.mp4"),
      signal: controller.signal,
      onProgress: () => controller.abort(reason),
    });
    await expect(run).rejects.toBe(reason);
    expect(readdirSync(dir)).not.toContain("aborted.mp4");
    expect(readdirSync(file("work"))).toEqual([]);
  });

  it("rejects an input the schema does not allow", async () => {
    const input = { ...animatic(), width: 320, height: 180 } as unknown as AnimaticInput;
    await expect(
      renderAnimatic(input, { workDir: file("work"), outputPath: file("never.mp4"), signal: new AbortController().signal }),
    ).rejects.toThrow();
  });
});

describe("parseMeanVolume", () => {
  it("reads volumedetect's line, silence included", () => {
    expect(parseMeanVolume("[Parsed_volumedetect_0 @ 0x1] mean_volume: -24.1 dB\n")).toBe(-24.1);
    expect(parseMeanVolume("mean_volume: -inf dB")).toBe(-Infinity);
    expect(parseMeanVolume("nothing")).toBeNull();
  });
});
