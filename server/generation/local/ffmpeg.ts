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

export interface FfmpegRun {
  code: number | null;
  /** stderr (the last `keepLog` characters). */
  log: string;
  /** The last output time ffmpeg reported (seconds), e.g. the real length of a file whose header has none. */
  outTime: number | null;
}

/**
 * The one place ffmpeg is spawned: progress parsed from `-progress pipe:1`, the log's tail kept, killed at once
 * when the signal aborts. Resolves with the exit code (callers decide what a non-zero exit means); rejects
 * only when ffmpeg could not start, or with the signal's reason once it has been killed.
 */
function spawnFfmpeg(
  args: string[],
  cwd: string,
  signal: AbortSignal,
  keepLog: number,
  duration: number,
  onProgress?: (fraction: number) => void,
): Promise<FfmpegRun> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) {
      reject(signal.reason);
      return;
    }
    const child = spawn(ffmpegPath(), ["-hide_banner", "-nostdin", "-nostats", "-progress", "pipe:1", "-y", ...args], {
      cwd,
      stdio: ["ignore", "pipe", "pipe"],
    });
    const kill = () => child.kill("SIGKILL");
    signal.addEventListener("abort", kill, { once: true });
    let log = "";
    let pending = "";
    let outTime: number | null = null;
    child.stderr.setEncoding("utf8");
    child.stderr.on("data", (chunk: string) => {
      log = (log + chunk).slice(-keepLog);
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
      reject(new FfmpegError(`ffmpeg could not start: ${err.message}`));
    });
    child.on("close", (code) => {
      signal.removeEventListener("abort", kill);
      if (signal.aborted) reject(signal.reason);
      else resolve({ code, log, outTime });
    });
  });
}

/**
 * Resolves when ffmpeg exits 0; rejects with FfmpegError (the last lines of its log) otherwise, or with the
 * signal's reason when aborted (after the process has been killed).
 */
export async function runFfmpeg({ args, cwd, duration, signal, onProgress }: FfmpegOptions): Promise<void> {
  const run = await spawnFfmpeg(["-loglevel", "error", ...args], cwd, signal, 4000, duration, onProgress);
  if (run.code !== 0) throw new FfmpegError(run.log.trim().split("\n").slice(-3).join(" ") || `ffmpeg exited with ${run.code}`);
}

/**
 * ffmpeg with its info-level log kept (the last 256 KB): for probing (`-i file` alone exits 1 by design) and
 * measuring filters (loudnorm, silencedetect print at info level). Never rejects on a non-zero exit (callers
 * read the log); rejects with the signal's reason once it has killed ffmpeg.
 */
export function runFfmpegLogged(
  args: string[],
  cwd: string,
  signal: AbortSignal,
  duration = 0,
  onProgress?: (fraction: number) => void,
): Promise<FfmpegRun> {
  return spawnFfmpeg(args, cwd, signal, 262_144, duration, onProgress);
}
