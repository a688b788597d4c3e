import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { changeSpeed, extractFrame, loopVideo, probeMedia, reverseVideo, ToolInputError, trimVideo } from "./index";
import { checkMp4, colourAt, colourClip, frequency, isBlue, isRed, pcm, redBlue, removeFixtures, run } from "./testFixtures";
import { atempoChain, trimRange } from "./videoEdit";
import { reverseVideoInChunks } from "./videoReverse";

afterAll(removeFixtures);

describe("probeMedia", () => {
  it("reads length, size and streams; measures a WebM whose header has no duration", async () => {
    expect(await probeMedia(redBlue().bytes)).toMatchObject({ width: 160, height: 120, hasAudio: true, hasVideo: true, fps: 25 });
    expect((await probeMedia(redBlue().bytes)).durationSeconds).toBeCloseTo(2, 1);
    const webm = colourClip([["green", 1]], { format: "webm", size: "96x64", streamed: true });
    const probe = await probeMedia(webm.bytes);
    expect(probe).toMatchObject({ width: 96, height: 64, hasAudio: false, hasVideo: true });
    expect(probe.durationSeconds).toBeGreaterThan(0.9);
    expect(probe.durationSeconds).toBeLessThan(1.1);
    await expect(probeMedia(Buffer.from("not a video at all"))).rejects.toThrow(ToolInputError);
  });
});

describe("trimVideo", () => {
  it("keeps [start, end] with sound, frame-accurately", async () => {
    const { progress, options } = run();
    const out = await trimVideo(redBlue(), { start: 0.5, end: 1.5 }, options);
    const { file, probe } = checkMp4(out);
    expect(probe.duration).toBeGreaterThan(0.9);
    expect(probe.duration).toBeLessThan(1.1);
    expect(isRed(colourAt(file, 0.1))).toBe(true);
    expect(isBlue(colourAt(file, 0.9))).toBe(true);
    expect((await probeMedia(out.bytes)).hasAudio).toBe(true);
    expect(progress.at(-1)).toBe(1);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
  });

  it("names the field that is out of range", () => {
    expect(() => trimRange({ start: 4, end: 5 }, 4)).toThrow("start must be less than the video's length (4.0 s)");
    expect(() => trimRange({ start: 1, end: 1 }, 4)).toThrow("end must be greater than start (1.0 s)");
    expect(() => trimRange({ start: 1, end: 4.5 }, 4)).toThrow("end must be at most the video's length (4.0 s)");
    expect(() => trimRange({ start: -1, end: 2 }, 4)).toThrow(/^start must be 0 seconds or more/);
    expect(() => trimRange({ start: Number.NaN, end: 2 }, 4)).toThrow(/^start must be a number/);
    expect(trimRange({ start: 1, end: 4.02 }, 4)).toEqual({ start: 1, end: 4 });
  });

  it("rejects a start beyond the clip with a ToolInputError", async () => {
    await expect(trimVideo(redBlue(), { start: 3, end: 4 }, run().options)).rejects.toThrow(
      new ToolInputError("start must be less than the video's length (2.0 s)"),
    );
  });
});

describe("changeSpeed", () => {
  it("×2 halves the length and keeps the sound in step", async () => {
    const out = await changeSpeed(redBlue(), { factor: 2 }, run().options);
    const { file, probe } = checkMp4(out);
    expect(probe.duration).toBeGreaterThan(0.9);
    expect(probe.duration).toBeLessThan(1.1);
    expect(probe.fps).toBe(25);
    expect(isRed(colourAt(file, 0.2))).toBe(true);
    expect(isBlue(colourAt(file, 0.8))).toBe(true);
    const sound = pcm(out);
    expect(sound.length / 16000).toBeGreaterThan(0.9);
    expect(sound.length / 16000).toBeLessThan(1.1);
    expect(frequency(sound)).toBeGreaterThan(400); // atempo keeps the pitch
    expect(frequency(sound)).toBeLessThan(480);
  });

  it("×0.5 doubles it; chains atempo within 0.5–2", async () => {
    const out = await changeSpeed(colourClip([["red", 1]], { tone: 440 }), { factor: 0.5 }, run().options);
    const { probe } = checkMp4(out);
    expect(probe.duration).toBeGreaterThan(1.9);
    expect(probe.duration).toBeLessThan(2.1);
    expect(atempoChain(4)).toBe("atempo=2.000000,atempo=2.000000");
    expect(atempoChain(0.25)).toBe("atempo=0.500000,atempo=0.500000");
    expect(atempoChain(3)).toBe("atempo=2.000000,atempo=1.500000");
    await expect(changeSpeed(redBlue(), { factor: 5 }, run().options)).rejects.toThrow("factor must be between 0.25 and 4 (got 5)");
  });
});

describe("reverseVideo", () => {
  it("puts the first frame's colour last", async () => {
    const out = await reverseVideo(redBlue(), run().options);
    const { file, probe } = checkMp4(out);
    expect(probe.duration).toBeGreaterThan(1.9);
    expect(probe.duration).toBeLessThan(2.1);
    expect(isBlue(colourAt(file, 0.1))).toBe(true);
    expect(isRed(colourAt(file, 1.9))).toBe(true);
    expect((await probeMedia(out.bytes)).hasAudio).toBe(true);
  });

  it("in chunks (long clips) the order is still reversed", async () => {
    const clip = colourClip([
      ["red", 0.6],
      ["lime", 0.6],
      ["blue", 0.6],
    ]);
    const out = await reverseVideoInChunks(clip, run().options, 0.5);
    const { file, probe } = checkMp4(out);
    expect(probe.duration).toBeGreaterThan(1.7);
    expect(probe.duration).toBeLessThan(1.9);
    expect(isBlue(colourAt(file, 0.2))).toBe(true);
    expect(colourAt(file, 0.9)[1]).toBeGreaterThan(180); // lime in the middle
    expect(isRed(colourAt(file, 1.7))).toBe(true);
  });
});

describe("loopVideo", () => {
  it("repeats the clip, sound included", async () => {
    const out = await loopVideo(redBlue(), { times: 3 }, run().options);
    const { file, probe } = checkMp4(out);
    expect(probe.duration).toBeGreaterThan(5.9);
    expect(probe.duration).toBeLessThan(6.1);
    for (const t of [0.5, 2.5, 4.5]) expect(isRed(colourAt(file, t))).toBe(true);
    for (const t of [1.5, 3.5, 5.5]) expect(isBlue(colourAt(file, t))).toBe(true);
    expect(pcm(out).length / 16000).toBeGreaterThan(5.9);
    await expect(loopVideo(redBlue(), { times: 2.5 }, run().options)).rejects.toThrow(
      "times must be a whole number between 2 and 10 (got 2.5)",
    );
    await expect(loopVideo(redBlue(), { times: 11 }, run().options)).rejects.toThrow(ToolInputError);
  });
});

describe("extractFrame", () => {
  // red for 1.96 s, then one lime frame at 25 fps: only the true last decoded frame is lime
  const lastLime = colourClip([
    ["red", 1.96],
    ["lime", 0.04],
  ]);

  it("returns the first frame as PNG", async () => {
    const out = await extractFrame(lastLime, { which: "first" }, run().options);
    expect(out.contentType).toBe("image/png");
    const { channels, isOpaque } = await sharp(out.bytes).stats();
    expect(isOpaque).toBe(true);
    expect(isRed(channels.slice(0, 3).map((c) => c.mean))).toBe(true);
    expect((await sharp(out.bytes).metadata()).width).toBe(160);
  });

  it("returns the last frame of a WebM whose header has no duration", async () => {
    const streamed = colourClip(
      [
        ["red", 0.96],
        ["lime", 0.04],
      ],
      { format: "webm", streamed: true, size: "96x64" },
    );
    const out = await extractFrame(streamed, { which: "last" }, run().options);
    const [r, g] = (await sharp(out.bytes).stats()).channels.map((c) => c.mean) as [number, number];
    expect(g).toBeGreaterThan(200);
    expect(r).toBeLessThan(60);
  });

  it("returns the very last decoded frame", async () => {
    const out = await extractFrame(lastLime, { which: "last" }, run().options);
    const [r, g, b] = (await sharp(out.bytes).stats()).channels.map((c) => c.mean) as [number, number, number];
    expect(g).toBeGreaterThan(200);
    expect(r).toBeLessThan(60);
    expect(b).toBeLessThan(60);
  });
});
