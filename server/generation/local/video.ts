/**
 * 'Local Video (ffmpeg)': real H.264 MP4s made offline. One picture gets the chosen camera move, several
 * pictures crossfade (each with the move), and with no picture the prompt becomes a title card over a dimmed
 * sketch of it. Pictures are fitted to the frame with sharp first (cover, EXIF-rotated), so ffmpeg only ever
 * reads JPEGs we wrote, from a private temporary folder.
 */
import { mkdtemp, readFile, rm, symlink, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { LOCAL_CAMERA_MOVES } from "../../../domain/generation/catalogueLocal";
import type { EngineRequest, EngineResult } from "../engine";
import { ProviderError } from "../engine";
import { FfmpegError, runFfmpeg } from "./ffmpeg";
import { enumParam, numberParam, stringParam, throwIfAborted, upstreamImageUrls, urlListParam } from "./params";
import { renderSketch } from "./sketch";
import {
  overscanFor,
  sequenceGraph,
  titleGraph,
  VIDEO_RATIOS,
  VIDEO_RESOLUTIONS,
  videoSize,
  type CameraMove,
  type TitleLine,
} from "./videoGraph";
import { wrapWords } from "../../../domain/wordWrap";

const NAME = "Local Video (ffmpeg)";
const MAX_IMAGES = 20;
const FPS_CHOICES = [24, 25, 30] as const;
const FONT = createRequire(import.meta.url).resolve("dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf");

export interface VideoInput {
  /** Encoded pictures (any format sharp reads); none makes a title card of `title`. */
  images: Buffer[];
  title: string;
  move: CameraMove;
  width: number;
  height: number;
  fps: number;
  duration: number;
  crossfade: number;
  /** Seeds the title card's background sketch. */
  seed: number;
  signal: AbortSignal;
  onProgress?(fraction: number): void;
}

/**
 * Title text → font size and lines that fit 84% of the width (DejaVu Sans Bold averages ~0.6 em a
 * character); the size steps down until the lines fit 70% of the height; overflow ends with an ellipsis.
 */
export function layoutTitle(text: string, width: number, height: number): { fontSize: number; lines: string[] } {
  const words = text.replace(/\s+/g, " ").trim().split(" ").filter(Boolean);
  let fit: { fontSize: number; lines: string[] } = { fontSize: 12, lines: [] };
  for (const divisor of [9, 12, 15, 19, 24]) {
    const fontSize = Math.max(12, Math.round(Math.min(width, height * 1.4) / divisor));
    const perLine = Math.max(4, Math.floor((width * 0.84) / (fontSize * 0.6)));
    const maxLines = Math.max(1, Math.floor((height * 0.7) / (fontSize * 1.35)));
    const lines = wrapWords(words, perLine);
    fit = { fontSize, lines: lines.length > maxLines ? [...lines.slice(0, maxLines - 1), `${lines[maxLines - 1]}…`] : lines };
    if (lines.length <= maxLines) break;
  }
  return fit;
}

/** The words on a title card: the user's own (the toolbar's style and framing instructions are for engines). */
export function titleOf(request: Pick<EngineRequest, "params" | "userPrompt">): string {
  return (stringParam(request.params, "prompt") ?? request.userPrompt).replace(/\s+/g, " ").trim();
}

async function fitPicture(bytes: Buffer, width: number, height: number, file: string): Promise<void> {
  try {
    await sharp(bytes)
      .rotate()
      .resize(width, height, { fit: "cover" })
      .flatten({ background: "#000000" })
      .jpeg({ quality: 94, chromaSubsampling: "4:4:4" })
      .toFile(file);
  } catch {
    throw new ProviderError(`${NAME} could not read an input image`);
  }
}

/** An MP4 (H.264, yuv420p, moov first). Exported for tests and the benchmark; the engine entry point is runVideo. */
export async function renderVideo(input: VideoInput): Promise<Buffer> {
  const { move, width, height, fps, duration, signal } = input;
  const dir = await mkdtemp(path.join(os.tmpdir(), "reelgraph-video-"));
  try {
    const scale = overscanFor(move, width, height);
    const srcW = Math.round(width * scale);
    const srcH = Math.round(height * scale);
    const args: string[] = [];
    let graph: string;
    if (input.images.length > 0) {
      for (const [i, bytes] of input.images.entries()) {
        throwIfAborted(signal);
        await fitPicture(bytes, srcW, srcH, path.join(dir, `in-${i}.jpg`));
        args.push("-i", `in-${i}.jpg`);
      }
      graph = sequenceGraph({ move, width, height, fps, duration, crossfade: input.crossfade, count: input.images.length });
    } else {
      const sketch = await renderSketch({ prompt: input.title, seed: input.seed, width: srcW, height: srcH });
      await sharp(sketch).modulate({ brightness: 0.5 }).jpeg({ quality: 92 }).toFile(path.join(dir, "in-0.jpg"));
      args.push("-i", "in-0.jpg");
      const { fontSize, lines } = layoutTitle(input.title, width, height);
      const lineHeight = Math.round(fontSize * 1.3);
      const top = Math.round((height - lineHeight * lines.length) / 2);
      const titleLines: TitleLine[] = [];
      for (const [i, line] of lines.entries()) {
        await writeFile(path.join(dir, `title-${i}.txt`), line, "utf8");
        titleLines.push({ file: `title-${i}.txt`, y: top + i * lineHeight });
      }
      await symlink(FONT, path.join(dir, "font.ttf"));
      graph = titleGraph({ move, width, height, fps, duration, fontFile: "font.ttf", fontSize, lines: titleLines });
    }
    throwIfAborted(signal);
    const out = "out.mp4";
    // prettier-ignore
    args.push(
      "-filter_complex",
      graph,
      "-map",
      "[out]",
      "-an",
      "-c:v",
      "libx264",
      "-preset",
      "veryfast",
      "-crf",
      "20",
      "-pix_fmt",
      "yuv420p",
      "-r",
      String(fps),
      "-t",
      String(duration),
      "-movflags",
      "+faststart",
      out,
    );
    try {
      await runFfmpeg({ args, cwd: dir, duration, signal, onProgress: input.onProgress });
    } catch (err) {
      if (err instanceof FfmpegError) throw new ProviderError(`${NAME} failed: ${err.message}`);
      throw err;
    }
    return await readFile(path.join(dir, out));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

export async function runVideo(request: EngineRequest): Promise<EngineResult> {
  const { params, signal } = request;
  throwIfAborted(signal);
  const ratio = enumParam(params, "aspect_ratio", VIDEO_RATIOS, "16:9");
  const resolution = enumParam(params, "resolution", VIDEO_RESOLUTIONS, "720p");
  const { width, height } = videoSize(ratio, resolution);
  const fromParam = urlListParam(params, "images");
  const urls = (fromParam.length > 0 ? fromParam : upstreamImageUrls(request)).slice(0, MAX_IMAGES);
  const title = titleOf(request);
  if (urls.length === 0 && !title) throw new ProviderError(`${NAME} needs an image or a prompt`);
  const images: Buffer[] = [];
  for (const url of urls) {
    throwIfAborted(signal);
    images.push((await request.readMedia(url)).bytes);
  }
  request.onProgress({ percent: 2, message: "Preparing frames" });
  const bytes = await renderVideo({
    images,
    title,
    move: enumParam(params, "camera_movement", LOCAL_CAMERA_MOVES, "dolly-in"),
    width,
    height,
    fps: enumParam(params, "fps", FPS_CHOICES, 24),
    duration: Math.round(numberParam(params, "duration", 5, 1, 30)),
    crossfade: numberParam(params, "crossfade", 1, 0.2, 3),
    seed: request.seed,
    signal,
    onProgress: (fraction) => request.onProgress({ percent: Math.min(99, Math.round(2 + 97 * fraction)) }),
  });
  request.onProgress({ percent: 100 });
  return { kind: "media", mediaType: "video", files: [{ bytes, contentType: "video/mp4" }] };
}
