/**
 * Running the ffmpeg binary from @ffmpeg-installer/ffmpeg (a static 2018 build): spawned with an argument
 * array (no shell), real progress from `-progress pipe:1`, killed at once when the job is cancelled.
 */
import { spawn } from "node:child_process";
import { createRequire } from "node:module";

let binary: string | undefined;

export function ffmpegPath(): string {
  binary ??= (createRequire(import.meta.url)("@ffmpeg-installer/ffmpeg") as { path: string }).path;
  return binary;
}

/** "00:00:01.875081" → 1.875081 seconds; null when it is not a time (ffmpeg prints N/A before the first frame). */
export function parseProgressTime(value: string): number | null {
  const m = /^(-?\d+):(\d{2}):(\d{2}(?:\.\d+)?)$/.exec(value.trim());
  if (!m) return null;
  return Number(m[1]) * 3600 + Number(m[2]) * 60 + Number(m[3]);
}

export interface FfmpegOptions {
  args: string[];
  cwd: string;
  /** Seconds of output expected; progress is out_time against it. */
  duration: number;
  signal: AbortSignal;
  onProgress?(fraction: number): void;
}

export class FfmpegError extends Error {}

/**
 * Resolves when ffmpeg exits 0; rejects with FfmpegError (the last lines of its log) otherwise, or with the
 * signal's reason when aborted (after the process has been killed).
 */
export function runFfmpeg({ args, cwd, duration, signal, onProgress }: FfmpegOptions): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) {
      reject(signal.reason);
      return;
    }
    const child = spawn(ffmpegPath(), ["-hide_banner", "-nostdin", "-nostats", "-loglevel", "error", "-progress", "pipe:1", "-y", ...args], {
      cwd,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let log = "";
    let pending = "";
    const kill = () => child.kill("SIGKILL");
    signal.addEventListener("abort", kill, { once: true });
    child.stderr.setEncoding("utf8");
    child.stderr.on("data", (chunk: string) => {
      log = (log + chunk).slice(-4000);
    });
    child.stdout.setEncoding("utf8");
    child.stdout.on("data", (chunk: string) => {
      pending += chunk;
      const lines = pending.split("\n");
      pending = lines.pop() ?? "";
      for (const line of lines) {
        if (!line.startsWith("out_time=")) continue;
        const seconds = parseProgressTime(line.slice("out_time=".length));
        if (seconds !== null && duration > 0) onProgress?.(Math.max(0, Math.min(1, seconds / duration)));
      }
    });
    child.on("error", (err) => {
      signal.removeEventListener("abort", kill);
      reject(new FfmpegError(`ffmpeg could not start: ${err.message}`));
    });
    child.on("close", (code) => {
      signal.removeEventListener("abort", kill);
      if (signal.aborted) reject(signal.reason);
      else if (code === 0) resolve();
      else reject(new FfmpegError(log.trim().split("\n").slice(-3).join(" ") || `ffmpeg exited with ${code}`));
    });
  });
}
