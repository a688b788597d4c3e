/**
 * Test helpers for the local engines (used by the *.test.ts files here): an EngineRequest whose media
 * reads come from an in-memory map, and ffmpeg-based probes of the MP4s the video engine writes.
 */
import { spawnSync } from "node:child_process";
import { LOCAL_MODELS } from "../../../domain/generation/catalogueLocal";
import type { EngineRequest, GenerationContextItem, MediaBytes, ProgressReport } from "../engine";
import { ffmpegPath } from "./ffmpeg";

export interface TestRequest extends EngineRequest {
  progress: ProgressReport[];
}

export function testRequest(
  modelId: string,
  options: {
    prompt?: string;
    /** The user's words alone (the prompt without the toolbar's instructions); the prompt when absent. */
    userPrompt?: string;
    params?: Record<string, unknown>;
    context?: GenerationContextItem[];
    seed?: number;
    media?: Record<string, MediaBytes>;
    signal?: AbortSignal;
  } = {},
): TestRequest {
  const model = LOCAL_MODELS.find((m) => m.id === modelId);
  if (!model) throw new Error(`no local model ${modelId}`);
  const progress: ProgressReport[] = [];
  const media = options.media ?? {};
  return {
    model,
    prompt: options.prompt ?? "",
    userPrompt: options.userPrompt ?? options.prompt ?? "",
    params: options.params ?? {},
    context: options.context ?? [],
    seed: options.seed ?? 42,
    credentials: {},
    signal: options.signal ?? new AbortController().signal,
    progress,
    onProgress: (report) => progress.push(report),
    readMedia: async (url) => {
      const found = media[url];
      if (!found) throw new Error(`no test media at ${url}`);
      return found;
    },
    publicUrl: async (url) => url,
  };
}

export interface VideoProbe {
  codec: string;
  pixelFormat: string;
  width: number;
  height: number;
  fps: number;
  duration: number;
}

/** What `ffmpeg -i file` says about the first video stream (the static build has no ffprobe). */
export function probeVideo(file: string): VideoProbe {
  const out = spawnSync(ffmpegPath(), ["-hide_banner", "-i", file], { encoding: "utf8" }).stderr;
  const duration = /Duration: (\d+):(\d+):(\d+(?:\.\d+)?)/.exec(out);
  const stream = /Stream #\d+:\d+.*?: Video: (\w+).*?, (\w+)(?:\([^)]*\))?, (\d+)x(\d+).*?, ([\d.]+) fps/.exec(out);
  if (!duration || !stream) throw new Error(`cannot probe ${file}:\n${out}`);
  return {
    codec: stream[1] as string,
    pixelFormat: stream[2] as string,
    width: Number(stream[3]),
    height: Number(stream[4]),
    fps: Number(stream[5]),
    duration: Number(duration[1]) * 3600 + Number(duration[2]) * 60 + Number(duration[3]),
  };
}

/** One frame at `seconds`, scaled to width×height, as raw RGB bytes. */
export function frameAt(file: string, seconds: number, width = 64, height = 36): Buffer {
  const r = spawnSync(
    ffmpegPath(),
    [
      "-hide_banner",
      "-loglevel",
      "error",
      "-ss",
      String(seconds),
      "-i",
      file,
      "-frames:v",
      "1",
      "-vf",
      `scale=${width}:${height}`,
      "-f",
      "rawvideo",
      "-pix_fmt",
      "rgb24",
      "pipe:1",
    ],
    { maxBuffer: 1 << 24 },
  );
  if (r.status !== 0 || r.stdout.length !== width * height * 3) throw new Error(`no frame at ${seconds}s of ${file}: ${r.stderr}`);
  return r.stdout;
}

/** Mean absolute difference per byte (0–255). */
export function meanDifference(a: Buffer, b: Buffer): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += Math.abs((a[i] as number) - (b[i] as number));
  return sum / a.length;
}

/** Average [r, g, b] of raw RGB bytes. */
export function meanColour(rgb: Buffer): [number, number, number] {
  const sums = [0, 0, 0];
  for (let i = 0; i < rgb.length; i++) (sums[i % 3] as number) += rgb[i] as number;
  const n = rgb.length / 3;
  return [(sums[0] as number) / n, (sums[1] as number) / n, (sums[2] as number) / n];
}
