/**
 * Sound tools (input: anything ffmpeg decodes — WAV, MP3, M4A, OGG, or a video's sound; output: 16-bit PCM WAV
 * at the input's sample rate and channel count).
 * - Loudness: EBU R128 in two passes — loudnorm measures integrated loudness and true peak, then one constant
 *   gain hits the target; a limiter holds peaks under -1.5 dBTP only when that gain would push them over (and
 *   then up to 6 dB of make-up gain, measured again, brings limited sound back towards the target, as far as
 *   its peaks allow).
 * - Silence: silencedetect finds the quiet stretch at the start and at the end; only those two are cut (pauses
 *   inside speech are kept), with atrim so nothing is held in memory.
 * - Fades: afade in from the start and out to the end.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { runFfmpeg, runFfmpegLogged } from "../../../generation/local/ffmpeg";
import { secs } from "./encode";
import { probeAudio } from "./probe";
import { checkNumber, progressSpan, seconds, withWorkspace, writeInput } from "./workspace";
import { ToolInputError, type MediaFile, type MediaProbe, type ToolRunOptions } from "./types";

const TRUE_PEAK = -1.5;
const LOUDNESS_RANGE = 11;

async function encodeWav(
  dir: string,
  input: string,
  filters: string,
  probe: MediaProbe,
  duration: number,
  options: ToolRunOptions,
): Promise<MediaFile> {
  const rate = probe.sampleRate && probe.sampleRate >= 8000 ? probe.sampleRate : 48000;
  // prettier-ignore
  await runFfmpeg({
    args: ["-i", input, "-map", "0:a:0", "-vn", "-sn", "-af", filters, "-ar", String(rate), "-c:a", "pcm_s16le", "-f", "wav", "out.wav"],
    cwd: dir,
    duration,
    signal: options.signal,
    onProgress: options.onProgress,
  });
  return { bytes: await readFile(path.join(dir, "out.wav")), contentType: "audio/wav" };
}

export interface LoudnormMeasure {
  input_i: string;
  input_tp: string;
  input_lra: string;
  input_thresh: string;
  target_offset: string;
}

/** The JSON loudnorm prints at the end of a measuring pass. */
export function parseLoudnorm(log: string): LoudnormMeasure {
  const start = log.lastIndexOf("{");
  const end = log.lastIndexOf("}");
  if (start < 0 || end < start) throw new Error(`loudnorm printed no measurement: ${log.slice(-300)}`);
  return JSON.parse(log.slice(start, end + 1)) as LoudnormMeasure;
}

/** Integrated loudness and true peak from loudnorm's measuring pass over `file`. */
async function measureLoudness(
  dir: string,
  file: string,
  duration: number,
  target: number,
  signal: AbortSignal,
  onProgress?: (f: number) => void,
): Promise<LoudnormMeasure> {
  // prettier-ignore
  const run = await runFfmpegLogged(
    [
      "-i",
      file,
      "-map",
      "0:a:0",
      "-vn",
      "-af",
      `loudnorm=I=${target}:TP=${TRUE_PEAK}:LRA=${LOUDNESS_RANGE}:print_format=json`,
      "-f",
      "null",
      "-",
    ],
    dir,
    signal,
    duration,
    onProgress,
  );
  if (run.code !== 0) throw new Error(`loudness measurement failed: ${run.log.trim().split("\n").slice(-3).join(" ")}`);
  return parseLoudnorm(run.log);
}

/**
 * One constant gain, plus a peak limiter when that gain would push true peaks above -1.5 dBTP (limiting 0.5 dB
 * lower, as the limiter sees samples, not true peaks). Returns the filter and whether it limits.
 */
export function loudnessFilter(
  m: Pick<LoudnormMeasure, "input_i" | "input_tp">,
  target: number,
  extraGain = 0,
): { filter: string; limited: boolean } {
  const gain = target - Number(m.input_i) + extraGain;
  const volume = `volume=${gain.toFixed(2)}dB`;
  if (!(Number(m.input_tp) + gain > TRUE_PEAK)) return { filter: volume, limited: false };
  return { filter: `${volume},alimiter=limit=${(10 ** ((TRUE_PEAK - 0.5) / 20)).toFixed(4)}:level=false`, limited: true };
}

/** Extra gain (dB) allowed to make up for loudness the limiter took away. */
const MAX_MAKEUP = 6;

export async function normalizeLoudness(audio: MediaFile, params: { targetLufs?: number }, options: ToolRunOptions): Promise<MediaFile> {
  const target = checkNumber("targetLufs", params.targetLufs ?? -23, -40, -5, "LUFS");
  const { signal, onProgress } = options;
  return withWorkspace(signal, async (dir) => {
    const input = await writeInput(dir, "input", audio);
    const probe = await probeAudio(dir, input, "audio", signal);
    const duration = probe.durationSeconds;
    // loudnorm is used to measure only: its linear mode refuses input with a loudness range of 0 (steady tones,
    // room tone) and its dynamic mode leaves clips shorter than its 3 s window unchanged in this ffmpeg
    const m = await measureLoudness(dir, input, duration, target, signal, progressSpan(onProgress, 0, 0.4));
    if (!(Number(m.input_i) > -70)) throw new ToolInputError("audio is silent: there is no loudness to normalise");
    // limiting lowers loudness when peaks carry much of it: measure, make up the difference, keep the closest
    const encode = (makeup: number, span?: (f: number) => void) => {
      const { filter, limited } = loudnessFilter(m, target, makeup);
      return encodeWav(dir, input, filter, probe, duration, { signal, onProgress: span }).then((file) => ({ file, limited, makeup }));
    };
    let last = await encode(0, progressSpan(onProgress, 0.4, 0.8));
    let best = { ...last, miss: Infinity };
    while (last.limited) {
      const miss = target - Number((await measureLoudness(dir, "out.wav", duration, target, signal)).input_i);
      if (Math.abs(miss) >= Math.abs(best.miss) - 0.2) break; // more gain no longer helps: the peaks set the limit
      best = { ...last, miss };
      if (Math.abs(miss) <= 0.5 || last.makeup + miss > MAX_MAKEUP) break;
      last = await encode(last.makeup + miss);
    }
    const result = best.file;
    onProgress?.(1);
    return result;
  });
}

/** silencedetect's log → where sound starts and ends (null when it is silent throughout). */
export function soundSpan(log: string, duration: number): { start: number; end: number } | null {
  const events = [...log.matchAll(/silence_(start|end): (-?[\d.]+)/g)].map((m) => ({ kind: m[1], at: Math.max(0, Number(m[2])) }));
  let start = 0;
  let end = duration;
  const first = events[0];
  if (first?.kind === "start" && first.at <= 0.001) {
    const firstEnd = events.find((e) => e.kind === "end");
    if (!firstEnd || firstEnd.at >= duration - 0.001) return null; // one silence from start to end
    start = firstEnd.at;
  }
  const last = events.at(-1);
  // a silence that runs to the end of the file has no silence_end in this ffmpeg (newer ones print one at the end)
  if (last?.kind === "start" && last.at > start) end = last.at;
  else if (last?.kind === "end" && last.at >= duration - 0.001) {
    const lastStart = events.filter((e) => e.kind === "start").at(-1);
    if (lastStart && lastStart.at > start) end = lastStart.at;
  }
  return { start, end };
}

export async function trimSilence(audio: MediaFile, params: { thresholdDb?: number }, options: ToolRunOptions): Promise<MediaFile> {
  const threshold = checkNumber("thresholdDb", params.thresholdDb ?? -40, -90, -10, "dB");
  const { signal, onProgress } = options;
  return withWorkspace(signal, async (dir) => {
    const input = await writeInput(dir, "input", audio);
    const probe = await probeAudio(dir, input, "audio", signal);
    // prettier-ignore
    const detect = await runFfmpegLogged(
      ["-i", input, "-map", "0:a:0", "-vn", "-af", `silencedetect=noise=${threshold}dB:d=0.02`, "-f", "null", "-"],
      dir,
      signal,
      probe.durationSeconds,
      progressSpan(onProgress, 0, 0.5),
    );
    if (detect.code !== 0) throw new Error(`silence detection failed: ${detect.log.trim().split("\n").slice(-3).join(" ")}`);
    const span = soundSpan(detect.log, probe.durationSeconds);
    if (!span || span.end - span.start < 0.01)
      throw new ToolInputError(`audio is silent at thresholdDb (${threshold} dB): nothing would be left`);
    const filters = `atrim=start=${secs(span.start)}:end=${secs(span.end)},asetpts=PTS-STARTPTS`;
    const result = await encodeWav(dir, input, filters, probe, span.end - span.start, {
      signal,
      onProgress: progressSpan(onProgress, 0.5, 1),
    });
    onProgress?.(1);
    return result;
  });
}

export async function fadeAudio(
  audio: MediaFile,
  params: { fadeIn?: number; fadeOut?: number },
  options: ToolRunOptions,
): Promise<MediaFile> {
  const fadeIn = checkNumber("fadeIn", params.fadeIn ?? 0, 0, Infinity, "seconds");
  const fadeOut = checkNumber("fadeOut", params.fadeOut ?? 0, 0, Infinity, "seconds");
  const { signal, onProgress } = options;
  return withWorkspace(signal, async (dir) => {
    const input = await writeInput(dir, "input", audio);
    const probe = await probeAudio(dir, input, "audio", signal);
    const duration = probe.durationSeconds;
    if (fadeIn > duration) throw new ToolInputError(`fadeIn must be at most the audio's length (${seconds(duration)})`);
    if (fadeOut > duration) throw new ToolInputError(`fadeOut must be at most the audio's length (${seconds(duration)})`);
    if (fadeIn + fadeOut > duration + 1e-6)
      throw new ToolInputError(`fadeIn + fadeOut must be at most the audio's length (${seconds(duration)})`);
    const filters = ["asetpts=PTS-STARTPTS"];
    if (fadeIn > 0) filters.push(`afade=t=in:st=0:d=${secs(fadeIn)}`);
    if (fadeOut > 0) filters.push(`afade=t=out:st=${secs(Math.max(0, duration - fadeOut))}:d=${secs(fadeOut)}`);
    const result = await encodeWav(dir, input, filters.join(","), probe, duration, { signal, onProgress });
    onProgress?.(1);
    return result;
  });
}
