import { afterAll, describe, expect, it } from "vitest";
import { readWav } from "../../../generation/local/wav";
import { fadeAudio, normalizeLoudness, probeMedia, ToolInputError, trimSilence, type MediaFile } from "./index";
import { loudnessFilter, parseLoudnorm, soundSpan } from "./audio";
import { expressionAudio, frequency, integratedLoudness, pcm, removeFixtures, rms, tone } from "./testFixtures";

afterAll(removeFixtures);

const options = () => ({ signal: new AbortController().signal });

function checkWav(out: MediaFile, sampleRate = 44100) {
  expect(out.contentType).toBe("audio/wav");
  const wav = readWav(out.bytes);
  expect(wav).toMatchObject({ sampleRate, channels: 1, bitsPerSample: 16 });
  return wav;
}

describe("normalizeLoudness", () => {
  it("brings quiet and loud sound to the target, measured by EBU R128", async () => {
    const quiet = tone([[440, 2]], { volume: 0.005 });
    const loud = tone([[440, 2]], { volume: 1 });
    expect(integratedLoudness(quiet)).toBeLessThan(-35);
    const progress: number[] = [];
    const a = await normalizeLoudness(quiet, {}, { ...options(), onProgress: (f) => progress.push(f) });
    checkWav(a);
    expect(Math.abs(integratedLoudness(a) - -23)).toBeLessThanOrEqual(1.5);
    expect(progress.at(-1)).toBe(1);
    expect(progress).toEqual([...progress].sort((x, y) => x - y));
    const b = await normalizeLoudness(loud, { targetLufs: -16 }, options());
    expect(Math.abs(integratedLoudness(b) - -16)).toBeLessThanOrEqual(1.5);
    expect(pcm(b).length / 16000).toBeCloseTo(2, 1);
  });

  it("holds peaks under -1.5 dBTP when the gain would clip them, and still reaches the target", async () => {
    // a steady tone at 0.3 with 5 ms spikes at 0.95: -12 LUFS takes more gain than the spikes' headroom
    const spiky = expressionAudio("0.3*sin(2*PI*440*t)+if(lt(mod(t\\,0.25)\\,0.005)\\,0.65*sin(2*PI*1760*t)\\,0)", 2);
    const out = await normalizeLoudness(spiky, { targetLufs: -12 }, options());
    const peak = pcm(out, 44100).reduce((max, v) => Math.max(max, Math.abs(v)), 0);
    expect(peak).toBeLessThan(10 ** (-1.5 / 20));
    expect(Math.abs(integratedLoudness(out) - -12)).toBeLessThanOrEqual(1.5);
  });

  it("limits only when the gain would push the true peak over -1.5 dBTP", () => {
    expect(loudnessFilter({ input_i: "-30", input_tp: "-3" }, -14)).toEqual({
      filter: expect.stringMatching(/^volume=16.00dB,alimiter=limit=0.7943:level=false$/),
      limited: true,
    });
    expect(loudnessFilter({ input_i: "-30", input_tp: "-20" }, -23)).toEqual({ filter: "volume=7.00dB", limited: false });
    expect(loudnessFilter({ input_i: "-30", input_tp: "-20" }, -23, 1.5)).toEqual({ filter: "volume=8.50dB", limited: false });
  });

  it("reads MP3 and Ogg Vorbis too", async () => {
    for (const format of ["mp3", "ogg"] as const) {
      const out = await normalizeLoudness(tone([[440, 1.5]], { volume: 0.1, format }), { targetLufs: -20 }, options());
      expect(Math.abs(integratedLoudness(out) - -20)).toBeLessThanOrEqual(1.5);
    }
  });

  it("refuses silence and a target out of range", async () => {
    await expect(normalizeLoudness(tone([["silence", 1]]), {}, options())).rejects.toThrow(ToolInputError);
    await expect(normalizeLoudness(tone([[440, 1]]), { targetLufs: 3 }, options())).rejects.toThrow(
      "targetLufs must be between -40 and -5 LUFS (got 3)",
    );
  });

  it("parses loudnorm's measurement", () => {
    const log =
      '[Parsed_loudnorm_0 @ 0x1] \n{\n\t"input_i" : "-22.25",\n\t"input_tp" : "-18.49",\n\t"input_lra" : "0.00",\n\t"input_thresh" : "-32.25",\n\t"target_offset" : "-0.05"\n}\n';
    expect(parseLoudnorm(log)).toMatchObject({ input_i: "-22.25", target_offset: "-0.05" });
  });
});

describe("trimSilence", () => {
  it("cuts the silence at both ends and keeps the pause in the middle", async () => {
    const padded = tone([
      ["silence", 0.5],
      [440, 0.4],
      ["silence", 0.4],
      [660, 0.4],
      ["silence", 0.6],
    ]);
    const out = await trimSilence(padded, {}, options());
    checkWav(out);
    const sound = pcm(out);
    expect(sound.length / 16000).toBeGreaterThan(1.1);
    expect(sound.length / 16000).toBeLessThan(1.3);
    expect(rms(sound, 0, 320)).toBeGreaterThan(0.1); // sound from the first 20 ms
    expect(rms(sound, sound.length - 320)).toBeGreaterThan(0.1); // and up to the end
    expect(rms(sound, 7200, 12000)).toBeLessThan(0.001); // the pause at 0.45–0.75 s is still there
    expect(frequency(sound.subarray(0, 6000))).toBeCloseTo(440, -1);
  });

  it("leaves sound without silence alone, and refuses all-silent audio", async () => {
    const out = await trimSilence(tone([[440, 1]]), { thresholdDb: -50 }, options());
    expect(pcm(out).length / 16000).toBeCloseTo(1, 1);
    await expect(trimSilence(tone([["silence", 1]]), {}, options())).rejects.toThrow(
      "audio is silent at thresholdDb (-40 dB): nothing would be left",
    );
  });

  it("reads silencedetect's events, with or without a final silence_end", () => {
    const log = "silence_start: 0\nsilence_end: 0.5 | silence_duration: 0.5\nsilence_start: 1.5\n";
    expect(soundSpan(log, 2)).toEqual({ start: 0.5, end: 1.5 });
    expect(soundSpan(`${log}silence_end: 2 | silence_duration: 0.5\n`, 2)).toEqual({ start: 0.5, end: 1.5 });
    expect(soundSpan("", 2)).toEqual({ start: 0, end: 2 });
    expect(soundSpan("silence_start: 0\n", 2)).toBeNull();
  });
});

describe("fadeAudio", () => {
  it("fades in from silence and out to silence", async () => {
    const out = await fadeAudio(tone([[440, 2]]), { fadeIn: 0.5, fadeOut: 0.5 }, options());
    checkWav(out);
    const sound = pcm(out);
    expect(sound.length / 16000).toBeCloseTo(2, 1);
    const middle = rms(sound, 12000, 20000);
    expect(middle).toBeGreaterThan(0.3);
    expect(rms(sound, 0, 800)).toBeLessThan(middle * 0.1); // first 50 ms
    expect(rms(sound, 3600, 4400)).toBeGreaterThan(middle * 0.35); // about halfway up at 0.25 s
    expect(rms(sound, 3600, 4400)).toBeLessThan(middle * 0.65);
    expect(rms(sound, sound.length - 800)).toBeLessThan(middle * 0.1); // last 50 ms
  });

  it("checks the lengths against the audio", async () => {
    const short = tone([[440, 1]]);
    await expect(fadeAudio(short, { fadeIn: 0.7, fadeOut: 0.7 }, options())).rejects.toThrow(
      "fadeIn + fadeOut must be at most the audio's length (1.0 s)",
    );
    await expect(fadeAudio(short, { fadeIn: -1 }, options())).rejects.toThrow("fadeIn must be 0 seconds or more (got -1)");
    const mp3 = await fadeAudio(tone([[440, 1]], { format: "mp3" }), { fadeOut: 0.3 }, options());
    expect(await probeMedia(mp3.bytes)).toMatchObject({ hasAudio: true, hasVideo: false, audioCodec: "pcm_s16le" });
  });
});
