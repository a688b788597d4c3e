import { afterAll, describe, expect, it } from "vitest";
import { frameAt, meanColour, meanDifference } from "../../../generation/local/testKit";
import { extractAudio, joinVideos, probeMedia, replaceAudio, ToolInputError, type MediaFile } from "./index";
import { checkMp4, colourAt, colourClip, frequency, isBlue, isRed, pcm, redBlue, removeFixtures, rms, run, toFile } from "./testFixtures";

afterAll(removeFixtures);

describe("extractAudio", () => {
  it("takes the sound out as WAV or M4A", async () => {
    const wav = await extractAudio(redBlue(), { signal: new AbortController().signal });
    expect(wav.contentType).toBe("audio/wav");
    expect(wav.bytes.toString("ascii", 0, 4)).toBe("RIFF");
    const sound = pcm(wav);
    expect(sound.length / 16000).toBeCloseTo(2, 1);
    expect(frequency(sound)).toBeGreaterThan(420);
    expect(frequency(sound)).toBeLessThan(460);
    const m4a = await extractAudio(redBlue(), { signal: new AbortController().signal, format: "m4a" });
    expect(m4a.contentType).toBe("audio/mp4");
    expect(await probeMedia(m4a.bytes)).toMatchObject({ hasAudio: true, hasVideo: false, audioCodec: "aac" });
  });

  it("says so when the video has no audio track", async () => {
    await expect(extractAudio(colourClip([["red", 0.5]]), run().options)).rejects.toThrow(
      new ToolInputError("The video has no audio track"),
    );
  });
});

describe("replaceAudio", () => {
  it("dubs the clip: the new track, padded or cut to the clip's length", async () => {
    const short = (await extractAudio(colourClip([["black", 1]], { tone: 1000, size: "64x64" }), run().options)) as MediaFile;
    const out = await replaceAudio(redBlue(), short, run().options);
    const { probe } = checkMp4(out);
    expect(probe.duration).toBeGreaterThan(1.9);
    expect(probe.duration).toBeLessThan(2.1);
    const sound = pcm(out);
    expect(sound.length / 16000).toBeGreaterThan(1.9);
    expect(frequency(sound.subarray(0, 14000))).toBeGreaterThan(950); // 1 kHz, not the original 440 Hz
    expect(rms(sound, 20000, 30000)).toBeLessThan(0.01); // silence after the 1 s track

    const long = await extractAudio(colourClip([["black", 3]], { tone: 1000, size: "64x64" }), run().options);
    const cut = await replaceAudio(redBlue(), long, run().options);
    expect(checkMp4(cut).probe.duration).toBeLessThan(2.1);
    await expect(replaceAudio(redBlue(), colourClip([["red", 0.5]]), run().options)).rejects.toThrow("audio has no audio track");
    // a WebM picture cannot be copied into MP4 as it is: it is encoded to H.264
    const webm = await replaceAudio(colourClip([["blue", 1]], { format: "webm", size: "96x64" }), short, run().options);
    expect(checkMp4(webm).probe).toMatchObject({ width: 96, height: 64 });
    expect(frequency(pcm(webm).subarray(0, 14000))).toBeGreaterThan(950);
  });
});

describe("joinVideos", () => {
  it("plays the clips in order, fitted to the first one's frame, with sound throughout", async () => {
    const first = colourClip([["red", 1]], { tone: 440 });
    // square, 30 fps, silent: pillarboxed into 160×120, resampled to 25 fps, silence for its length
    const second = colourClip([["blue", 0.8]], { size: "120x120", fps: 30 });
    const { progress, options } = run();
    const out = await joinVideos([first, second], options);
    const { file, probe } = checkMp4(out);
    expect(probe).toMatchObject({ width: 160, height: 120, fps: 25 });
    expect(probe.duration).toBeGreaterThan(1.7);
    expect(probe.duration).toBeLessThan(1.9);
    expect(isRed(colourAt(file, 0.5))).toBe(true);
    const frame = frameAt(file, 1.4, 160, 120);
    const column = (x: number) =>
      meanColour(Buffer.concat(Array.from({ length: 120 }, (_, y) => frame.subarray((y * 160 + x) * 3, (y * 160 + x) * 3 + 3))));
    expect(Math.max(...column(5))).toBeLessThan(30); // black pad
    expect(isBlue(column(80))).toBe(true);
    const sound = pcm(out);
    expect(sound.length / 16000).toBeGreaterThan(1.7);
    expect(rms(sound, 1600, 14000)).toBeGreaterThan(0.05); // the fixture's sine is at 1/8 amplitude
    expect(rms(sound, 18000, 27000)).toBeLessThan(0.01);
    expect(progress.at(-1)).toBe(1);
    await expect(joinVideos([first], run().options)).rejects.toThrow("videos must contain at least 2 clips");
    await expect(joinVideos([first, { bytes: Buffer.from("nope"), contentType: "video/mp4" }], run().options)).rejects.toThrow(
      /^videos\[1\]/,
    );
  });

  it("joins silent clips without inventing a sound track", async () => {
    const out = await joinVideos([colourClip([["red", 0.5]]), colourClip([["blue", 0.5]])], run().options);
    const probe = await probeMedia(out.bytes);
    expect(probe.hasAudio).toBe(false);
    expect(probe.durationSeconds).toBeCloseTo(1, 1);
    expect(meanDifference(frameAt(toFile(out), 0.2), frameAt(toFile(out), 0.8))).toBeGreaterThan(50);
  });
});
