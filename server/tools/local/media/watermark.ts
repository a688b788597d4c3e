/**
 * Watermarking a picture or a video with a line of text or a logo in a corner (or the centre). The mark is
 * rendered once (./watermarkMark.ts) and laid over the picture with sharp, or over every frame with ffmpeg's
 * overlay filter; a video keeps its sound and its length.
 */
import { writeFile } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { WATERMARK_POSITIONS } from "../../../../domain/tools/catalogueLocal";
import { AAC, EVEN_SIZE, H264, encodeMp4 } from "./encode";
import { uprightSize } from "./image";
import { probeVideo } from "./probe";
import { MAX_MARK_TEXT, markText, renderLogoMark, renderTextMark, type Mark } from "./watermarkMark";
import { checkNumber, throwIfAborted, withWorkspace, writeInput } from "./workspace";
import { ToolInputError, type MediaFile, type ToolRunOptions } from "./types";

// one list for the catalogue's Position choices and this check
export { WATERMARK_POSITIONS };
export type WatermarkPosition = (typeof WATERMARK_POSITIONS)[number];

export interface WatermarkOptions {
  /** The mark; empty (or only spaces): the logo is the mark. */
  text: string;
  /** A picture to use as the mark when there is no text. */
  logo?: MediaFile;
  position: WatermarkPosition;
  /** 0 (invisible) – 1 (solid). */
  opacity: number;
  /** The mark's width as a share of the frame's width, 0.05 – 0.5. */
  scale: number;
  /** Pixels between the mark and the frame's edges (less when the frame is too small for it). */
  margin: number;
}

interface Size {
  width: number;
  height: number;
}

function checkOptions(o: WatermarkOptions): WatermarkOptions {
  if (!WATERMARK_POSITIONS.includes(o.position))
    throw new ToolInputError(`position must be one of ${WATERMARK_POSITIONS.join(", ")} (got ${String(o.position)})`);
  if (typeof o.text !== "string") throw new ToolInputError("text must be text");
  const text = markText(o.text);
  if (text.length > MAX_MARK_TEXT) throw new ToolInputError(`text must be at most ${MAX_MARK_TEXT} characters (got ${text.length})`);
  if (!text && !o.logo) throw new ToolInputError("text: type the watermark or connect an image node to use as the logo");
  return {
    ...o,
    text,
    opacity: checkNumber("opacity", o.opacity, 0, 1),
    scale: checkNumber("scale", o.scale, 0.05, 0.5),
    margin: Math.round(checkNumber("margin", o.margin, 0, 10_000, "pixels")),
  };
}

/** The box the mark may fill on a frame: `scale` of its width, its height less the margins. */
function markBox(frame: Size, o: WatermarkOptions): Size {
  const margin = Math.min(o.margin, Math.floor(frame.height / 4));
  return { width: Math.max(1, Math.round(frame.width * o.scale)), height: Math.max(1, frame.height - 2 * margin) };
}

function renderMark(frame: Size, o: WatermarkOptions): Promise<Mark> {
  const box = markBox(frame, o);
  return o.text ? renderTextMark(o.text, box, o.opacity) : renderLogoMark(o.logo!, box, o.opacity);
}

/** Top-left pixel of the mark: `margin` in from the chosen corner, less when the frame leaves no room for it. */
export function placeMark(frame: Size, mark: Size, position: WatermarkPosition, margin: number): { left: number; top: number } {
  const mx = Math.max(0, Math.min(margin, Math.floor((frame.width - mark.width) / 2)));
  const my = Math.max(0, Math.min(margin, Math.floor((frame.height - mark.height) / 2)));
  if (position === "centre")
    return {
      left: Math.max(0, Math.floor((frame.width - mark.width) / 2)),
      top: Math.max(0, Math.floor((frame.height - mark.height) / 2)),
    };
  const [vertical, horizontal] = position.split("-") as ["top" | "bottom", "left" | "right"];
  return {
    left: horizontal === "left" ? mx : Math.max(0, frame.width - mark.width - mx),
    top: vertical === "top" ? my : Math.max(0, frame.height - mark.height - my),
  };
}

/** The picture upright with the mark laid over it, as PNG. */
export async function watermarkImage(image: MediaFile, options: WatermarkOptions, run: ToolRunOptions): Promise<MediaFile> {
  const o = checkOptions(options);
  throwIfAborted(run.signal);
  const frame = await uprightSize(image.bytes, "image");
  const mark = await renderMark(frame, o);
  run.onProgress?.(0.3);
  throwIfAborted(run.signal);
  const at = placeMark(frame, mark, o.position, o.margin);
  const bytes = await sharp(image.bytes)
    .autoOrient()
    .composite([{ input: mark.bytes, ...at }])
    .png()
    .toBuffer();
  throwIfAborted(run.signal);
  run.onProgress?.(1);
  return { bytes, contentType: "image/png" };
}

/** Every frame with the mark laid over it, the sound kept, as the video tools' MP4. */
export async function watermarkVideo(video: MediaFile, options: WatermarkOptions, run: ToolRunOptions): Promise<MediaFile> {
  const o = checkOptions(options);
  const { signal, onProgress } = run;
  return withWorkspace(signal, async (dir) => {
    const input = await writeInput(dir, "input", video);
    const probe = await probeVideo(dir, input, "video", signal);
    // the same even frame EVEN_SIZE crops to, so the mark sits where it was placed
    const frame = { width: probe.width - (probe.width % 2), height: probe.height - (probe.height % 2) };
    const mark = await renderMark(frame, o);
    await writeFile(path.join(dir, "mark.png"), mark.bytes);
    const { left, top } = placeMark(frame, mark, o.position, o.margin);
    // prettier-ignore
    const result = await encodeMp4(
      dir,
      [
        "-i",
        input,
        "-i",
        "mark.png",
        "-filter_complex",
        `[0:v]${EVEN_SIZE}[base];[base][1:v]overlay=x=${left}:y=${top}:eof_action=repeat:format=auto[v]`,
        "-map",
        "[v]",
        "-map",
        "0:a:0?",
        ...H264,
        ...AAC,
      ],
      { duration: probe.durationSeconds, signal, onProgress },
    );
    onProgress?.(1);
    return result;
  });
}
