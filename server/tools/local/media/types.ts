/**
 * Shared shapes of the offline media tools: bytes in, bytes out, an AbortSignal that stops the work at once,
 * and an error class for mistakes the user can fix (its message names the field), as opposed to failures of
 * the tool itself (FfmpegError, sharp's errors), which are ours to fix.
 */

export interface MediaFile {
  bytes: Buffer;
  contentType: string;
}

export interface ToolRunOptions {
  signal: AbortSignal;
  /** 0..1, non-decreasing; 1 is reported once the output bytes are ready. */
  onProgress?(fraction: number): void;
}

/** Bad parameters or input the user must fix, e.g. "start must be less than the video's length (4.0 s)". */
export class ToolInputError extends Error {
  override name = "ToolInputError";
}

/** What probeMedia tells about a media file (the static ffmpeg build has no ffprobe: parsed from `ffmpeg -i`). */
export interface MediaProbe {
  durationSeconds: number;
  /** Display size, after the rotation a phone recorded in the metadata (ffmpeg applies it when decoding). */
  width?: number;
  height?: number;
  fps?: number;
  hasAudio: boolean;
  hasVideo: boolean;
  videoCodec?: string;
  pixelFormat?: string;
  audioCodec?: string;
  sampleRate?: number;
}
