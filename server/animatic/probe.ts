/**
 * What is in a rendered animatic, without ffprobe (the static ffmpeg build ships none): `ffmpeg -i file`
 * prints the duration and one line per stream (parsed by the media tools' parseProbe), and the volumedetect
 * filter measures loudness over a range.
 */
import path from "node:path";
import { runFfmpegLogged } from "../generation/local/ffmpeg";
import { parseProbe } from "../tools/local/media/probe";

export interface MediaInfo {
  durationSeconds: number;
  video: { codec: string; width: number; height: number } | null;
  audio: { codec: string } | null;
}

const never = () => new AbortController().signal;

/** `file:` so a path is never taken for another protocol (http:, concat:…). */
const fileArg = (file: string) => `file:${path.resolve(file)}`;

/** Duration and first video/audio stream of a media file; rejects when ffmpeg cannot read it. */
export async function probeMedia(file: string, options: { signal?: AbortSignal } = {}): Promise<MediaInfo> {
  const signal = options.signal ?? never();
  const { log } = await runFfmpegLogged(["-i", fileArg(file)], path.dirname(path.resolve(file)), signal);
  const probe = parseProbe(log);
  if (!probe.hasAudio && !probe.hasVideo)
    throw new Error(`not a media file ffmpeg can read: ${file}: ${log.trim().split("\n").slice(-2).join(" ")}`);
  let durationSeconds = probe.durationSeconds;
  if (durationSeconds === null) {
    // no duration in the header: the last timestamp of a pass that copies every packet
    const measured = await runFfmpegLogged(
      ["-i", fileArg(file), "-map", "0", "-c", "copy", "-f", "null", "-"],
      path.dirname(path.resolve(file)),
      signal,
    );
    durationSeconds = measured.outTime ?? 0;
  }
  return {
    durationSeconds,
    video: probe.hasVideo ? { codec: probe.videoCodec ?? "unknown", width: probe.width ?? 0, height: probe.height ?? 0 } : null,
    audio: probe.hasAudio ? { codec: probe.audioCodec ?? "unknown" } : null,
  };
}

/** volumedetect's mean_volume line → dB (−Infinity for digital silence printed as -inf). */
export function parseMeanVolume(log: string): number | null {
  const m = /mean_volume:\s*(-?inf|-?[\d.]+)\s*dB/.exec(log);
  if (!m?.[1]) return null;
  return m[1].endsWith("inf") ? (m[1].startsWith("-") ? -Infinity : Infinity) : Number(m[1]);
}

/** Mean volume (dBFS) of the first audio stream between two times; about −91 dB where it is silent. */
export async function meanVolumeDb(
  file: string,
  fromSeconds: number,
  toSeconds: number,
  options: { signal?: AbortSignal } = {},
): Promise<number> {
  if (!(toSeconds > fromSeconds) || fromSeconds < 0) throw new Error(`meanVolumeDb needs 0 ≤ from < to (got ${fromSeconds}–${toSeconds})`);
  const signal = options.signal ?? never();
  // prettier-ignore
  const args = [
    "-ss",
    fromSeconds.toFixed(3),
    "-t",
    (toSeconds - fromSeconds).toFixed(3),
    "-i",
    fileArg(file),
    "-map",
    "0:a:0",
    "-af",
    "volumedetect",
    "-f",
    "null",
    "-",
  ];
  const { code, log } = await runFfmpegLogged(args, path.dirname(path.resolve(file)), signal);
  const db = parseMeanVolume(log);
  if (code !== 0 || db === null) throw new Error(`could not measure the volume of ${file}: ${log.trim().split("\n").slice(-2).join(" ")}`);
  return db;
}
