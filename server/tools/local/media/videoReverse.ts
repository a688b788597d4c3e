/**
 * Playing a clip backwards. ffmpeg's reverse/areverse filters hold every decoded frame in memory, so a long or
 * large clip is cut into chunks that fit a memory budget: each chunk is reversed into a lossless intermediate,
 * then the chunks are joined last-first and encoded once.
 */
import { probeVideo } from "./probe";
import { runFfmpeg } from "../../../generation/local/ffmpeg";
import { AAC, EVEN_SIZE, H264, encodeMp4, outputFps, secs } from "./encode";
import { progressSpan, throwIfAborted, withWorkspace, writeInput } from "./workspace";
import type { MediaFile, ToolRunOptions } from "./types";

/** Decoded frames the reverse filter may hold at once (bytes). */
const MEMORY_BUDGET = 1024 * 1024 * 1024;

/** Seconds of this clip the reverse filter can hold within the budget (3 bytes a pixel covers 4:2:0 to 4:4:4 8-bit). */
export function reverseChunkSeconds(width: number, height: number, fps: number): number {
  const frames = Math.floor(MEMORY_BUDGET / (width * height * 3));
  return Math.max(1, frames) / fps;
}

export async function reverseVideo(video: MediaFile, options: ToolRunOptions): Promise<MediaFile> {
  return reverseVideoInChunks(video, options);
}

/** reverseVideo with the chunk length chosen by the caller (tests use a short one to cover the chunked path). */
export async function reverseVideoInChunks(video: MediaFile, options: ToolRunOptions, chunkSeconds?: number): Promise<MediaFile> {
  const { signal, onProgress } = options;
  return withWorkspace(signal, async (dir) => {
    const input = await writeInput(dir, "input", video);
    const probe = await probeVideo(dir, input, "video", signal);
    const duration = probe.durationSeconds;
    const fps = outputFps(probe.fps);
    const chunk = chunkSeconds ?? reverseChunkSeconds(probe.width, probe.height, fps);
    const count = Math.ceil(duration / chunk - 1e-6);
    const audio = probe.hasAudio;
    if (count <= 1) {
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
          "-vf",
          `reverse,${EVEN_SIZE}`,
          ...(audio ? ["-af", "areverse"] : []),
          ...H264,
          ...AAC,
        ],
        { duration, signal, onProgress },
      );
      onProgress?.(1);
      return result;
    }
    const chunkFiles: string[] = [];
    for (let i = 0; i < count; i++) {
      throwIfAborted(signal);
      const start = i * chunk;
      const length = Math.min(chunk, duration - start);
      const file = `chunk-${i}.mkv`;
      // prettier-ignore
      await runFfmpeg({
        args: [
          "-ss",
          secs(start),
          "-i",
          input,
          "-map",
          "0:v:0",
          "-map",
          "0:a:0?",
          // trim inside the graph: an output -t would cut after reverse, which would already hold the whole rest
          "-vf",
          `trim=duration=${secs(length)},setpts=PTS-STARTPTS,reverse`,
          ...(audio ? ["-af", `atrim=duration=${secs(length)},asetpts=PTS-STARTPTS,areverse`] : []),
          "-c:v",
          "libx264",
          "-preset",
          "ultrafast",
          "-qp",
          "0",
          "-c:a",
          "pcm_s16le",
          file,
        ],
        cwd: dir,
        duration: length,
        signal,
        onProgress: progressSpan(onProgress, (0.6 * i) / count, (0.6 * (i + 1)) / count),
      });
      chunkFiles.push(file);
    }
    const ordered = chunkFiles.reverse();
    const inputs = ordered.flatMap((file) => ["-i", file]);
    const segments = ordered.map((_, i) => (audio ? `[${i}:v:0][${i}:a:0]` : `[${i}:v:0]`)).join("");
    const graph = `${segments}concat=n=${ordered.length}:v=1:a=${audio ? 1 : 0}${audio ? "[v][a]" : "[v]"};[v]${EVEN_SIZE}[vo]`;
    // prettier-ignore
    const result = await encodeMp4(
      dir,
      [...inputs, "-filter_complex", graph, "-map", "[vo]", ...(audio ? ["-map", "[a]"] : []), "-r", String(fps), ...H264, ...AAC],
      { duration, signal, onProgress: progressSpan(onProgress, 0.6, 1) },
    );
    onProgress?.(1);
    return result;
  });
}
