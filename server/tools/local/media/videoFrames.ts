/**
 * A still from a clip as PNG: its first frame, or its true last decoded frame. For the last one ffmpeg seeks
 * to a little before the end (-sseof) and rewrites one file per frame (-update 1), so what stays on disk is the
 * final frame; when the container claims more length than the picture has (sound running on), the seek can
 * land after the last frame, and a streamed WebM cannot seek from its end at all: then the whole clip is decoded.
 */
import { access, readFile } from "node:fs/promises";
import path from "node:path";
import { FfmpegError, runFfmpeg } from "../../../generation/local/ffmpeg";
import { outputFps, secs } from "./encode";
import { probeVideo } from "./probe";
import { progressSpan, withWorkspace, writeInput } from "./workspace";
import { ToolInputError, type MediaFile, type ToolRunOptions } from "./types";

const WHICH = ["first", "last"] as const;

async function exists(file: string): Promise<boolean> {
  return access(file).then(
    () => true,
    () => false,
  );
}

export async function extractFrame(video: MediaFile, params: { which: "first" | "last" }, options: ToolRunOptions): Promise<MediaFile> {
  if (!WHICH.includes(params.which)) throw new ToolInputError(`which must be "first" or "last" (got ${String(params.which)})`);
  const { signal, onProgress } = options;
  return withWorkspace(signal, async (dir) => {
    const input = await writeInput(dir, "input", video);
    const probe = await probeVideo(dir, input, "video", signal);
    const out = path.join(dir, "frame.png");
    const png = ["-an", "-sn", "-f", "image2", "-c:v", "png", "frame.png"];
    if (params.which === "first") {
      await runFfmpeg({ args: ["-i", input, "-map", "0:v:0", "-frames:v", "1", ...png], cwd: dir, duration: 0, signal });
    } else {
      const back = Math.min(probe.durationSeconds, Math.max(2, 4 / outputFps(probe.fps)));
      const tail = runFfmpeg({
        args: ["-sseof", secs(-back), "-i", input, "-map", "0:v:0", "-update", "1", ...png],
        cwd: dir,
        duration: back,
        signal,
        onProgress: progressSpan(onProgress, 0, 0.5),
      });
      // a file whose header has no duration (streamed WebM) cannot be seeked from its end
      const seeked = await tail.then(
        () => true,
        (err: unknown) => {
          if (err instanceof FfmpegError) return false;
          throw err;
        },
      );
      if (!seeked || !(await exists(out))) {
        // prettier-ignore
        await runFfmpeg({
          args: ["-i", input, "-map", "0:v:0", "-update", "1", ...png],
          cwd: dir,
          duration: probe.durationSeconds,
          signal,
          onProgress: progressSpan(onProgress, 0.5, 1),
        });
      }
    }
    if (!(await exists(out))) throw new ToolInputError("video has no picture frames ffmpeg can decode");
    onProgress?.(1);
    return { bytes: await readFile(out), contentType: "image/png" };
  });
}
