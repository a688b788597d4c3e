/**
 * Cutting, retiming and repeating a clip. Each re-encodes (frame-accurate cuts, one output format) and keeps
 * the first audio track when there is one; the length checks happen against the probed length so the message
 * can say what the limit is.
 */
import { probeVideo } from "./probe";
import { AAC, EVEN_SIZE, H264, encodeMp4, outputFps, secs } from "./encode";
import { checkNumber, seconds, withWorkspace, writeInput } from "./workspace";
import { ToolInputError, type MediaFile, type ToolRunOptions } from "./types";

/** Validated [start, end] inside a clip of `duration` seconds (end may overshoot by 50 ms of rounding). */
export function trimRange(params: { start: number; end: number }, duration: number, fps = 30): { start: number; end: number } {
  const start = checkNumber("start", params.start, 0, Infinity, "seconds");
  const end = checkNumber("end", params.end, 0, Infinity, "seconds");
  if (start >= duration) throw new ToolInputError(`start must be less than the video's length (${seconds(duration)})`);
  if (end <= start) throw new ToolInputError(`end must be greater than start (${seconds(start)})`);
  if (end > duration + 0.05) throw new ToolInputError(`end must be at most the video's length (${seconds(duration)})`);
  const clamped = Math.min(end, duration);
  if (clamped - start < 1 / fps) throw new ToolInputError(`end must be at least one frame (${(1 / fps).toFixed(3)} s) after start`);
  return { start, end: clamped };
}

export async function trimVideo(video: MediaFile, params: { start: number; end: number }, options: ToolRunOptions): Promise<MediaFile> {
  return withWorkspace(options.signal, async (dir) => {
    const input = await writeInput(dir, "input", video);
    const probe = await probeVideo(dir, input, "video", options.signal);
    const { start, end } = trimRange(params, probe.durationSeconds, outputFps(probe.fps));
    // input-side seek + re-encode is frame-accurate (ffmpeg decodes from the keyframe before and drops up to start)
    // prettier-ignore
    const result = await encodeMp4(
      dir,
      ["-ss", secs(start), "-i", input, "-t", secs(end - start), "-map", "0:v:0", "-map", "0:a:0?", "-vf", EVEN_SIZE, ...H264, ...AAC],
      { duration: end - start, ...options },
    );
    options.onProgress?.(1);
    return result;
  });
}

/** atempo takes 0.5–2 per instance in this ffmpeg: 4 → 2×2, 0.25 → 0.5×0.5, 3 → 2×1.5. */
export function atempoChain(factor: number): string {
  const steps: number[] = [];
  let rest = factor;
  while (rest > 2) {
    steps.push(2);
    rest /= 2;
  }
  while (rest < 0.5) {
    steps.push(0.5);
    rest /= 0.5;
  }
  steps.push(rest);
  return steps.map((s) => `atempo=${s.toFixed(6)}`).join(",");
}

/** factor 2 plays twice as fast (half the length); pitch is kept (atempo), frames are dropped or repeated. */
export async function changeSpeed(video: MediaFile, params: { factor: number }, options: ToolRunOptions): Promise<MediaFile> {
  const factor = checkNumber("factor", params.factor, 0.25, 4);
  return withWorkspace(options.signal, async (dir) => {
    const input = await writeInput(dir, "input", video);
    const probe = await probeVideo(dir, input, "video", options.signal);
    const fps = outputFps(probe.fps);
    const duration = probe.durationSeconds / factor;
    // prettier-ignore
    const result = await encodeMp4(
      dir,
      [
        "-i",
        input,
        "-map",
        "0:v:0",
        "-map",
        "0:a:0?",
        // frames are picked at fps/factor on the source timeline, then retimed: the fps filter placed after setpts
        // would pad the end up to the source's original end time (it keeps the input's EOF timestamp)
        "-vf",
        `fps=${(fps / factor).toFixed(6)},setpts=(PTS-STARTPTS)/${factor},${EVEN_SIZE}`,
        "-r",
        String(fps),
        ...(probe.hasAudio ? ["-af", `asetpts=PTS-STARTPTS,${atempoChain(factor)}`] : []),
        ...H264,
        ...AAC,
      ],
      { duration, ...options },
    );
    options.onProgress?.(1);
    return result;
  });
}

/** The clip `times` times in a row (2–10), sound included. */
export async function loopVideo(video: MediaFile, params: { times: number }, options: ToolRunOptions): Promise<MediaFile> {
  const times = checkNumber("times", params.times, 2, 10);
  if (!Number.isInteger(times)) throw new ToolInputError(`times must be a whole number between 2 and 10 (got ${times})`);
  return withWorkspace(options.signal, async (dir) => {
    const input = await writeInput(dir, "input", video);
    const probe = await probeVideo(dir, input, "video", options.signal);
    // the concat filter over the same file opened `times` times streams it; split would hold every frame in memory
    const inputs = Array.from({ length: times }, () => ["-i", input]).flat();
    const segments = Array.from({ length: times }, (_, i) => (probe.hasAudio ? `[${i}:v:0][${i}:a:0]` : `[${i}:v:0]`)).join("");
    const graph = `${segments}concat=n=${times}:v=1:a=${probe.hasAudio ? 1 : 0}${probe.hasAudio ? "[v][a]" : "[v]"};[v]${EVEN_SIZE}[vo]`;
    // prettier-ignore
    const result = await encodeMp4(
      dir,
      [...inputs, "-filter_complex", graph, "-map", "[vo]", ...(probe.hasAudio ? ["-map", "[a]"] : []), ...H264, ...AAC],
      { duration: probe.durationSeconds * times, ...options },
    );
    options.onProgress?.(1);
    return result;
  });
}
