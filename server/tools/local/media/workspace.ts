/**
 * What every media tool shares: a private temporary folder removed in `finally` (also when aborted), input
 * bytes written there under a name ffmpeg can guess the format from, ffmpeg runs that keep their log (for the
 * measuring passes: loudnorm, silencedetect and probing print at info level, which runFfmpeg discards), progress
 * split across several passes, and parameter checks whose messages name the field.
 */
import { spawn } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { ffmpegPath, parseProgressTime } from "../../../generation/local/ffmpeg";
import { ToolInputError, type MediaFile } from "./types";

export function throwIfAborted(signal: AbortSignal): void {
  if (signal.aborted) throw signal.reason ?? new DOMException("The tool was cancelled", "AbortError");
}

/** Runs `work` in a new folder under the OS temp dir; the folder and everything in it is gone afterwards. */
export async function withWorkspace<T>(signal: AbortSignal, work: (dir: string) => Promise<T>): Promise<T> {
  throwIfAborted(signal);
  const dir = await mkdtemp(path.join(os.tmpdir(), "reelgraph-tool-"));
  try {
    return await work(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const EXTENSIONS: Record<string, string> = {
  "video/mp4": "mp4",
  "video/quicktime": "mov",
  "video/webm": "webm",
  "video/x-matroska": "mkv",
  "audio/wav": "wav",
  "audio/x-wav": "wav",
  "audio/wave": "wav",
  "audio/mpeg": "mp3",
  "audio/mp3": "mp3",
  "audio/mp4": "m4a",
  "audio/x-m4a": "m4a",
  "audio/aac": "aac",
  "audio/ogg": "ogg",
  "audio/webm": "webm",
  "audio/flac": "flac",
};

/** Writes the bytes as `<name>.<ext>` (ffmpeg probes the content anyway; the extension is a hint). */
export async function writeInput(dir: string, name: string, file: MediaFile): Promise<string> {
  const ext = EXTENSIONS[file.contentType.split(";")[0]?.trim().toLowerCase() ?? ""] ?? "bin";
  const fileName = `${name}.${ext}`;
  await writeFile(path.join(dir, fileName), file.bytes);
  return fileName;
}

/** A progress callback for one pass that covers [from, to] of the whole tool. */
export function progressSpan(onProgress: ((fraction: number) => void) | undefined, from: number, to: number): ((fraction: number) => void) | undefined {
  if (!onProgress) return undefined;
  let last = from;
  return (fraction) => {
    const value = from + (to - from) * Math.max(0, Math.min(1, fraction));
    if (value >= last) {
      last = value;
      onProgress(value);
    }
  };
}

export interface LoggedRun {
  code: number | null;
  /** stderr at info level (the last 256 KB). */
  log: string;
  /** The last output time ffmpeg reported (seconds), e.g. the real length of a file whose header has none. */
  outTime: number | null;
}

/**
 * ffmpeg with its log kept: for probing (`-i file` alone exits 1 by design) and measuring filters. Never
 * rejects on a non-zero exit (callers read the log); rejects with the signal's reason once it has killed ffmpeg.
 */
export function runFfmpegLogged(args: string[], cwd: string, signal: AbortSignal, duration = 0, onProgress?: (fraction: number) => void): Promise<LoggedRun> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) {
      reject(signal.reason);
      return;
    }
    const child = spawn(ffmpegPath(), ["-hide_banner", "-nostdin", "-nostats", "-progress", "pipe:1", "-y", ...args], { cwd, stdio: ["ignore", "pipe", "pipe"] });
    const kill = () => child.kill("SIGKILL");
    signal.addEventListener("abort", kill, { once: true });
    let log = "";
    let pending = "";
    let outTime: number | null = null;
    child.stderr.setEncoding("utf8");
    child.stderr.on("data", (chunk: string) => {
      log = (log + chunk).slice(-262_144);
    });
    child.stdout.setEncoding("utf8");
    child.stdout.on("data", (chunk: string) => {
      pending += chunk;
      const lines = pending.split("\n");
      pending = lines.pop() ?? "";
      for (const line of lines) {
        if (!line.startsWith("out_time=")) continue;
        const seconds = parseProgressTime(line.slice("out_time=".length));
        if (seconds === null) continue;
        outTime = seconds;
        if (duration > 0) onProgress?.(Math.max(0, Math.min(1, seconds / duration)));
      }
    });
    child.on("error", (err) => {
      signal.removeEventListener("abort", kill);
      reject(new Error(`ffmpeg could not start: ${err.message}`));
    });
    child.on("close", (code) => {
      signal.removeEventListener("abort", kill);
      if (signal.aborted) reject(signal.reason);
      else resolve({ code, log, outTime });
    });
  });
}

/** A finite number in [min, max], or a ToolInputError naming the field. */
export function checkNumber(field: string, value: unknown, min: number, max: number, unit = ""): number {
  if (typeof value !== "number" || !Number.isFinite(value)) throw new ToolInputError(`${field} must be a number${unit ? ` of ${unit}` : ""}`);
  if (value < min && max === Infinity) throw new ToolInputError(`${field} must be ${min}${unit ? ` ${unit}` : ""} or more (got ${value})`);
  if (value < min || value > max) throw new ToolInputError(`${field} must be between ${min} and ${max}${unit ? ` ${unit}` : ""} (got ${value})`);
  return value;
}

/** "4.0 s" — how lengths appear in messages. */
export function seconds(value: number): string {
  return `${value.toFixed(1)} s`;
}
