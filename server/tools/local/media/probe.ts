/**
 * Probing media without ffprobe (the static ffmpeg build ships none): `ffmpeg -i file` prints the container's
 * duration and one line per stream, which is parsed here. Files whose header has no duration (WebM straight
 * from a browser's MediaRecorder) are measured by copying every packet to the null muxer.
 */
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { runFfmpegLogged } from "../../../generation/local/ffmpeg";
import { withWorkspace } from "./workspace";
import { ToolInputError, type MediaProbe } from "./types";

interface StreamLine {
  kind: "Video" | "Audio";
  text: string;
  /** Metadata and side-data lines printed under the stream. */
  details: string;
}

function streamLines(log: string): StreamLine[] {
  const streams: StreamLine[] = [];
  let current: StreamLine | null = null;
  for (const line of log.split("\n")) {
    const m = /^\s*Stream #0:\d+.*?: (Video|Audio|Subtitle|Data|Attachment): (.*)$/.exec(line);
    if (m) {
      current = m[1] === "Video" || m[1] === "Audio" ? { kind: m[1], text: m[2] ?? "", details: "" } : null;
      if (current) streams.push(current);
    } else if (/^\s*(Output|Input) #/.test(line) || /^\S/.test(line)) current = null;
    else if (current) current.details += `${line}\n`;
  }
  return streams;
}

/** `ffmpeg -i` output → probe; durationSeconds is null when the header has no duration. */
export function parseProbe(log: string): Omit<MediaProbe, "durationSeconds"> & { durationSeconds: number | null } {
  const d = /Duration: (\d+):(\d{2}):(\d{2}(?:\.\d+)?)/.exec(log);
  const probe: Omit<MediaProbe, "durationSeconds"> & { durationSeconds: number | null } = {
    durationSeconds: d ? Number(d[1]) * 3600 + Number(d[2]) * 60 + Number(d[3]) : null,
    hasAudio: false,
    hasVideo: false,
  };
  for (const stream of streamLines(log)) {
    if (stream.kind === "Audio" && !probe.hasAudio) {
      probe.hasAudio = true;
      probe.audioCodec = /^(\w+)/.exec(stream.text)?.[1];
      const rate = /(\d+) Hz/.exec(stream.text);
      if (rate) probe.sampleRate = Number(rate[1]);
    }
    // a cover picture in an MP3/M4A is a video stream to ffmpeg, but not a video
    if (stream.kind === "Video" && !probe.hasVideo && !stream.text.includes("(attached pic)")) {
      probe.hasVideo = true;
      const m = /^(\w+)[^,]*, (\w+)/.exec(stream.text);
      probe.videoCodec = m?.[1];
      probe.pixelFormat = m?.[2];
      const size = /, (\d+)x(\d+)/.exec(stream.text);
      if (size) {
        const rotation = /rotate\s*:\s*(-?\d+)/.exec(stream.details)?.[1] ?? /rotation of (-?[\d.]+) degrees/.exec(stream.details)?.[1];
        const quarterTurn = rotation !== undefined && Math.abs(Math.round(Number(rotation) / 90)) % 2 === 1;
        probe.width = Number(size[quarterTurn ? 2 : 1]);
        probe.height = Number(size[quarterTurn ? 1 : 2]);
      }
      const fps = /([\d.]+)(k?) fps/.exec(stream.text) ?? /([\d.]+)(k?) tbr/.exec(stream.text);
      if (fps) probe.fps = Number(fps[1]) * (fps[2] ? 1000 : 1);
    }
  }
  return probe;
}

/** Probes a file in `dir`; a ToolInputError naming `field` when ffmpeg finds no audio or video in it. */
export async function probeFile(dir: string, file: string, field: string, signal: AbortSignal): Promise<MediaProbe> {
  const { log } = await runFfmpegLogged(["-i", file], dir, signal);
  const probe = parseProbe(log);
  if (!probe.hasAudio && !probe.hasVideo) throw new ToolInputError(`${field} is not a video or audio file ffmpeg can read`);
  let duration = probe.durationSeconds;
  if (duration === null || duration <= 0) {
    const measured = await runFfmpegLogged(["-i", file, "-map", "0:v?", "-map", "0:a?", "-c", "copy", "-f", "null", "-"], dir, signal);
    duration = measured.outTime ?? 0;
  }
  return { ...probe, durationSeconds: duration };
}

/** Duration, picture size and streams of a media file (any container ffmpeg reads). */
export async function probeMedia(bytes: Buffer, options: { signal?: AbortSignal } = {}): Promise<MediaProbe> {
  const signal = options.signal ?? new AbortController().signal;
  return withWorkspace(signal, async (dir) => {
    await writeFile(path.join(dir, "input.bin"), bytes);
    return probeFile(dir, "input.bin", "media", signal);
  });
}

/** Probes and checks the input of a video tool: it must have a picture that lasts. */
export async function probeVideo(
  dir: string,
  file: string,
  field: string,
  signal: AbortSignal,
): Promise<MediaProbe & { width: number; height: number }> {
  const probe = await probeFile(dir, file, field, signal);
  if (!probe.hasVideo || probe.width === undefined || probe.height === undefined) throw new ToolInputError(`${field} has no video track`);
  if (probe.durationSeconds <= 0) throw new ToolInputError(`${field} has no length (is it a still picture?)`);
  return { ...probe, width: probe.width, height: probe.height };
}

/** Probes and checks the input of an audio tool. */
export async function probeAudio(dir: string, file: string, field: string, signal: AbortSignal): Promise<MediaProbe> {
  const probe = await probeFile(dir, file, field, signal);
  if (!probe.hasAudio) throw new ToolInputError(`${field} has no audio track`);
  if (probe.durationSeconds <= 0) throw new ToolInputError(`${field} has no length`);
  return probe;
}
