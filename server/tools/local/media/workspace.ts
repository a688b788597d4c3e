/**
 * What every media tool shares: a private temporary folder removed in `finally` (also when aborted), input
 * bytes written there under a name ffmpeg can guess the format from, progress split across several passes,
 * and parameter checks whose messages name the field.
 */
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
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
export function progressSpan(
  onProgress: ((fraction: number) => void) | undefined,
  from: number,
  to: number,
): ((fraction: number) => void) | undefined {
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

/** A finite number in [min, max], or a ToolInputError naming the field. */
export function checkNumber(field: string, value: unknown, min: number, max: number, unit = ""): number {
  if (typeof value !== "number" || !Number.isFinite(value))
    throw new ToolInputError(`${field} must be a number${unit ? ` of ${unit}` : ""}`);
  if (value < min && max === Infinity) throw new ToolInputError(`${field} must be ${min}${unit ? ` ${unit}` : ""} or more (got ${value})`);
  if (value < min || value > max)
    throw new ToolInputError(`${field} must be between ${min} and ${max}${unit ? ` ${unit}` : ""} (got ${value})`);
  return value;
}

/** "4.0 s" — how lengths appear in messages. */
export function seconds(value: number): string {
  return `${value.toFixed(1)} s`;
}
