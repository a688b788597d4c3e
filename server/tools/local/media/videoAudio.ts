/**
 * The sound of a clip: taken out as its own file (WAV, or M4A which keeps AAC untouched), or replaced by
 * another track for dubbing. A replaced track is padded with silence or cut so the clip keeps its length; the
 * picture is copied when it already is H.264 yuv420p, so dubbing does not cost a generation of quality.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { runFfmpeg } from "../../../generation/local/ffmpeg";
import { AAC, EVEN_SIZE, H264, encodeMp4 } from "./encode";
import { probeAudio, probeFile, probeVideo } from "./probe";
import { withWorkspace, writeInput } from "./workspace";
import { ToolInputError, type MediaFile, type ToolRunOptions } from "./types";

export type AudioFormat = "wav" | "m4a";

export interface ExtractAudioOptions extends ToolRunOptions {
  /** "wav" (16-bit PCM, default) or "m4a" (AAC; copied when the clip's sound already is AAC). */
  format?: AudioFormat;
}

export async function extractAudio(video: MediaFile, options: ExtractAudioOptions): Promise<MediaFile> {
  const format = options.format ?? "wav";
  if (format !== "wav" && format !== "m4a") throw new ToolInputError(`format must be "wav" or "m4a" (got ${String(format)})`);
  const { signal, onProgress } = options;
  return withWorkspace(signal, async (dir) => {
    const input = await writeInput(dir, "input", video);
    const probe = await probeFile(dir, input, "video", signal);
    if (!probe.hasAudio) throw new ToolInputError("The video has no audio track");
    const out = `out.${format}`;
    const codec =
      format === "wav"
        ? ["-c:a", "pcm_s16le", "-f", "wav"]
        : [...(probe.audioCodec === "aac" ? ["-c:a", "copy"] : AAC), "-movflags", "+faststart", "-f", "ipod"];
    await runFfmpeg({
      args: ["-i", input, "-map", "0:a:0", "-vn", "-sn", ...codec, out],
      cwd: dir,
      duration: probe.durationSeconds,
      signal,
      onProgress,
    });
    onProgress?.(1);
    return { bytes: await readFile(path.join(dir, out)), contentType: format === "wav" ? "audio/wav" : "audio/mp4" };
  });
}

/** The clip with `audio` as its only sound track; as long as the clip (the track is padded or cut). */
export async function replaceAudio(video: MediaFile, audio: MediaFile, options: ToolRunOptions): Promise<MediaFile> {
  const { signal, onProgress } = options;
  return withWorkspace(signal, async (dir) => {
    const videoFile = await writeInput(dir, "video", video);
    const audioFile = await writeInput(dir, "audio", audio);
    const picture = await probeVideo(dir, videoFile, "video", signal);
    await probeAudio(dir, audioFile, "audio", signal);
    const copy = picture.videoCodec === "h264" && picture.pixelFormat === "yuv420p" && picture.width % 2 === 0 && picture.height % 2 === 0;
    // prettier-ignore
    const result = await encodeMp4(
      dir,
      [
        "-i",
        videoFile,
        "-i",
        audioFile,
        "-map",
        "0:v:0",
        "-map",
        "1:a:0",
        ...(copy ? ["-c:v", "copy"] : ["-vf", EVEN_SIZE, ...H264]),
        "-af",
        "apad",
        ...AAC,
        "-shortest",
      ],
      { duration: picture.durationSeconds, signal, onProgress },
    );
    onProgress?.(1);
    return result;
  });
}
