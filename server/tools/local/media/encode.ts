/**
 * The one output format of the video tools — H.264 High in MP4, yuv420p, moov atom first (+faststart) so a
 * browser can start playing before the download ends, AAC audio — and the ffmpeg arguments that make it.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { runFfmpeg } from "../../../generation/local/ffmpeg";
import type { MediaFile } from "./types";

/** yuv420p needs even sides: an odd row or column is cropped off rather than the picture resampled. */
export const EVEN_SIZE = "crop=trunc(iw/2)*2:trunc(ih/2)*2";

export const H264 = ["-c:v", "libx264", "-preset", "veryfast", "-crf", "20", "-pix_fmt", "yuv420p"];
export const AAC = ["-c:a", "aac", "-b:a", "192k"];

/** Frame rate to keep: the probed one when it is plausible, else 30. */
export function outputFps(fps: number | undefined): number {
  return fps !== undefined && fps >= 1 && fps <= 120 ? Math.round(fps * 1000) / 1000 : 30;
}

/** Seconds as an ffmpeg argument (no exponent notation, microsecond precision). */
export function secs(value: number): string {
  return value.toFixed(6);
}

export interface EncodeRun {
  /** Seconds of output, for progress. */
  duration: number;
  signal: AbortSignal;
  onProgress?(fraction: number): void;
}

/** Runs ffmpeg with `args` (inputs, maps, codecs) writing `out.mp4` in `dir`, and returns the MP4. */
export async function encodeMp4(dir: string, args: string[], run: EncodeRun): Promise<MediaFile> {
  await runFfmpeg({
    args: [...args, "-movflags", "+faststart", "-f", "mp4", "out.mp4"],
    cwd: dir,
    duration: run.duration,
    signal: run.signal,
    onProgress: run.onProgress,
  });
  return { bytes: await readFile(path.join(dir, "out.mp4")), contentType: "video/mp4" };
}
