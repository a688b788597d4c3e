import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest";
import { adjustColour, compressModel, loopVideo, normalizeLoudness, probeMedia, trimVideo } from "./index";
import { patternClip, removeFixtures, tone } from "./testFixtures";

afterAll(removeFixtures);

// fixtures first: they live in the real temp dir
const clip = patternClip(2);
const sound = tone([[440, 2]]);

/** Child processes of this test worker named ffmpeg (none may outlive a cancelled tool). */
function ffmpegChildren(): string[] {
  const r = spawnSync("ps", ["-o", "pid=,comm=", "--ppid", String(process.pid)], { encoding: "utf8" });
  return r.stdout.split("\n").filter((line) => line.includes("ffmpeg"));
}

describe("cancelling", () => {
  // every tool's workspace goes under os.tmpdir(): point it at an empty folder to see what is left behind
  let tmp = "";
  let previous: string | undefined;
  beforeEach(() => {
    tmp = mkdtempSync(path.join(os.tmpdir(), "media-tools-abort-"));
    previous = process.env.TMPDIR;
    process.env.TMPDIR = tmp;
    expect(os.tmpdir()).toBe(tmp);
  });
  afterEach(() => {
    if (previous === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = previous;
    rmSync(tmp, { recursive: true, force: true });
  });

  it("an already aborted signal rejects before any work", async () => {
    const controller = new AbortController();
    controller.abort();
    const { signal } = controller;
    await expect(trimVideo(clip, { start: 0, end: 1 }, { signal })).rejects.toMatchObject({ name: "AbortError" });
    await expect(normalizeLoudness(sound, {}, { signal })).rejects.toMatchObject({ name: "AbortError" });
    await expect(adjustColour({ bytes: Buffer.alloc(0), contentType: "image/png" }, {}, { signal })).rejects.toMatchObject({
      name: "AbortError",
    });
    await expect(compressModel({ bytes: Buffer.alloc(0), contentType: "model/gltf-binary" }, { signal })).rejects.toMatchObject({
      name: "AbortError",
    });
    await expect(probeMedia(clip.bytes, { signal })).rejects.toMatchObject({ name: "AbortError" });
    expect(readdirSync(tmp)).toEqual([]);
  });

  it("aborting mid-encode kills ffmpeg at once and removes the workspace", async () => {
    const controller = new AbortController();
    let running: () => void = () => undefined;
    const encoding = new Promise<void>((resolve) => (running = resolve));
    // 20 s of 320×240 output; cancelled on ffmpeg's first progress report, i.e. while it is encoding
    const job = loopVideo(clip, { times: 10 }, { signal: controller.signal, onProgress: (f) => f > 0 && f < 1 && running() });
    const outcome = job.then(
      () => "finished",
      (err: unknown) => err,
    );
    await Promise.race([encoding, outcome]);
    expect(readdirSync(tmp)).toHaveLength(1); // the workspace exists while it runs
    const abortedAt = performance.now();
    controller.abort();
    const result = await outcome;
    expect(performance.now() - abortedAt).toBeLessThan(500);
    expect(result).toMatchObject({ name: "AbortError" });
    expect(readdirSync(tmp)).toEqual([]);
    expect(ffmpegChildren()).toEqual([]);
  });

  it("aborting a measuring pass (loudness) does the same", async () => {
    const controller = new AbortController();
    const job = normalizeLoudness(sound, {}, { signal: controller.signal });
    const outcome = job.then(
      () => "finished",
      (err: unknown) => err,
    );
    await new Promise((resolve) => setTimeout(resolve, 30));
    controller.abort(new Error("stopped by the user"));
    const result = await outcome;
    // either it was cancelled in flight or it had not got far: never a result after abort
    expect(result).toEqual(new Error("stopped by the user"));
    expect(readdirSync(tmp)).toEqual([]);
    expect(ffmpegChildren()).toEqual([]);
  });
});
