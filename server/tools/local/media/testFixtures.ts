/**
 * Tiny media made in the tests themselves with ffmpeg's lavfi sources (colour segments, sine tones, silence)
 * and the probes the tests check outputs with: frame colours, decoded PCM, frequency, loudness, MP4 format.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect } from "vitest";
import { ffmpegPath } from "../../../generation/local/ffmpeg";
import { frameAt, meanColour, probeVideo } from "../../../generation/local/testKit";
import type { MediaFile } from "./types";

const dir = mkdtempSync(path.join(os.tmpdir(), "media-tools-test-"));
let counter = 0;

export function removeFixtures(): void {
  rmSync(dir, { recursive: true, force: true });
}

function ffmpeg(args: string[]): Buffer {
  const r = spawnSync(ffmpegPath(), ["-hide_banner", "-loglevel", "error", "-y", ...args], { maxBuffer: 1 << 26 });
  if (r.status !== 0) throw new Error(`ffmpeg ${args.join(" ")} failed: ${r.stderr}`);
  return r.stdout;
}

/** Writes bytes to a file in the fixture folder (for frameAt/probeVideo from testKit). */
export function toFile(file: MediaFile | Buffer, ext = "mp4"): string {
  const name = path.join(dir, `out-${counter++}.${ext}`);
  writeFileSync(name, Buffer.isBuffer(file) ? file : file.bytes);
  return name;
}

function make(args: string[], ext: string): Buffer {
  const name = path.join(dir, `fixture-${counter++}.${ext}`);
  ffmpeg([...args, name]);
  return readFileSync(name);
}

export interface ClipOptions {
  size?: string;
  fps?: number;
  /** A sine of this frequency for the whole clip; none makes a silent (no audio track) clip. */
  tone?: number;
  format?: "mp4" | "webm";
  /** WebM written to a pipe, as a browser's MediaRecorder does: no duration or cues in the header. */
  streamed?: boolean;
}

/** A clip made of solid colour segments, e.g. [["red", 1], ["blue", 1]]. */
export function colourClip(segments: Array<[string, number]>, options: ClipOptions = {}): MediaFile {
  const { size = "160x120", fps = 25, tone, format = "mp4", streamed = false } = options;
  const total = segments.reduce((sum, [, d]) => sum + d, 0);
  const args = segments.flatMap(([colour, d]) => ["-f", "lavfi", "-i", `color=c=${colour}:s=${size}:r=${fps}:d=${d}`]);
  if (tone) args.push("-f", "lavfi", "-i", `sine=f=${tone}:sample_rate=44100:d=${total}`);
  const graph = `${segments.map((_, i) => `[${i}:v]`).join("")}concat=n=${segments.length}:v=1:a=0[v]`;
  args.push("-filter_complex", graph, "-map", "[v]");
  if (tone) args.push("-map", `${segments.length}:a`);
  if (format === "webm") args.push("-c:v", "libvpx", "-b:v", "300k", ...(tone ? ["-c:a", "libopus"] : []), "-f", "webm");
  else
    args.push(
      "-c:v",
      "libx264",
      "-preset",
      "ultrafast",
      "-pix_fmt",
      "yuv420p",
      ...(tone ? ["-c:a", "aac"] : []),
      "-movflags",
      "+faststart",
    );
  const bytes = streamed ? ffmpeg([...args, "pipe:1"]) : make(args, format);
  return { bytes, contentType: format === "webm" ? "video/webm" : "video/mp4" };
}

/** A test-pattern clip (moving picture, for jobs that should take a while). */
export function patternClip(seconds: number, size = "320x240"): MediaFile {
  const args = ["-f", "lavfi", "-i", `testsrc=s=${size}:r=25:d=${seconds}`, "-f", "lavfi", "-i", `sine=f=330:d=${seconds}`];
  return {
    bytes: make([...args, "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-c:a", "aac"], "mp4"),
    contentType: "video/mp4",
  };
}

/** Audio from sine/anullsrc pieces, e.g. [["silence", 0.5], [440, 1]]; `volume` is the sine's peak (0–1). */
export function tone(
  pieces: Array<["silence" | number, number]>,
  options: { volume?: number; format?: "wav" | "mp3" | "ogg" } = {},
): MediaFile {
  const { volume = 0.5, format = "wav" } = options;
  const args = pieces.flatMap(([what, d]) => [
    "-f",
    "lavfi",
    "-i",
    what === "silence" ? "anullsrc=r=44100:cl=mono" : `sine=f=${what}:sample_rate=44100:d=${d}`,
  ]);
  // anullsrc has no d option in this ffmpeg: every piece is cut to its length with atrim
  const graph = pieces.map(([, d], i) => `[${i}:a]atrim=end=${d},aformat=sample_fmts=fltp:channel_layouts=mono[a${i}]`).join(";");
  const joined = `${graph};${pieces.map((_, i) => `[a${i}]`).join("")}concat=n=${pieces.length}:v=0:a=1,volume=${volume * 8}[out]`; // lavfi's sine peaks at 1/8
  const codec = format === "wav" ? ["-c:a", "pcm_s16le"] : format === "mp3" ? ["-c:a", "libmp3lame"] : ["-c:a", "libvorbis"];
  const types = { wav: "audio/wav", mp3: "audio/mpeg", ogg: "audio/ogg" };
  return { bytes: make([...args, "-filter_complex", joined, "-map", "[out]", ...codec], format), contentType: types[format] };
}

/** Mono audio from an aevalsrc expression of t, e.g. "0.1*sin(2*PI*440*t)". */
export function expressionAudio(expression: string, seconds: number): MediaFile {
  return {
    bytes: make(["-f", "lavfi", "-i", `aevalsrc=${expression}:s=44100:d=${seconds}`, "-c:a", "pcm_s16le"], "wav"),
    contentType: "audio/wav",
  };
}

/** Mono 16 kHz samples (-1..1) of a media file's first audio track. */
export function pcm(file: MediaFile, rate = 16000): Float32Array {
  const name = toFile(file, "bin");
  const raw = ffmpeg(["-i", name, "-map", "0:a:0", "-ac", "1", "-ar", String(rate), "-f", "s16le", "-c:a", "pcm_s16le", "pipe:1"]);
  const samples = new Float32Array(raw.length / 2);
  for (let i = 0; i < samples.length; i++) samples[i] = raw.readInt16LE(i * 2) / 32768;
  return samples;
}

export function rms(samples: Float32Array, from = 0, to = samples.length): number {
  let sum = 0;
  for (let i = from; i < to; i++) sum += (samples[i] as number) ** 2;
  return Math.sqrt(sum / Math.max(1, to - from));
}

/** Dominant frequency from zero crossings (for pure tones). */
export function frequency(samples: Float32Array, rate = 16000): number {
  let crossings = 0;
  for (let i = 1; i < samples.length; i++) if ((samples[i - 1] as number) < 0 !== (samples[i] as number) < 0) crossings++;
  return crossings / 2 / (samples.length / rate);
}

/** Integrated loudness (LUFS) measured by ffmpeg's ebur128 filter. */
export function integratedLoudness(file: MediaFile): number {
  const name = toFile(file, "wav");
  const r = spawnSync(ffmpegPath(), ["-hide_banner", "-nostats", "-i", name, "-af", "ebur128", "-f", "null", "-"], { encoding: "utf8" });
  const summary = r.stderr.slice(r.stderr.lastIndexOf("Summary:"));
  const m = /I:\s+(-?[\d.]+) LUFS/.exec(summary);
  if (!m) throw new Error(`no loudness in ${r.stderr.slice(-500)}`);
  return Number(m[1]);
}

export const run = () => {
  const progress: number[] = [];
  return { progress, options: { signal: new AbortController().signal, onProgress: (f: number) => progress.push(f) } };
};

let redBlueClip: MediaFile | undefined;

/** Red for 1 s then blue for 1 s, with a 440 Hz tone (made once per test file). */
export function redBlue(): MediaFile {
  redBlueClip ??= colourClip(
    [
      ["red", 1],
      ["blue", 1],
    ],
    { tone: 440 },
  );
  return redBlueClip;
}

export function colourAt(file: string, t: number): [number, number, number] {
  return meanColour(frameAt(file, t, 16, 12));
}

export const isRed = ([r, g, b]: number[]) => (r as number) > 180 && (g as number) < 60 && (b as number) < 60;
export const isBlue = ([r, g, b]: number[]) => (b as number) > 180 && (r as number) < 60 && (g as number) < 60;

/** An H.264 yuv420p MP4 with the moov atom first; returns its file and probe. */
export function checkMp4(out: MediaFile) {
  expect(out.contentType).toBe("video/mp4");
  expect(out.bytes.toString("ascii", 4, 8)).toBe("ftyp");
  expect(out.bytes.indexOf("moov")).toBeLessThan(out.bytes.indexOf("mdat"));
  const file = toFile(out);
  const probe = probeVideo(file);
  expect(probe.codec).toBe("h264");
  expect(probe.pixelFormat).toBe("yuv420p");
  return { file, probe };
}
