/**
 * Picture tools with sharp (libvips), output PNG. The picture is turned upright first from its EXIF
 * orientation, so a phone photo is cropped and adjusted the way it is seen, and the output carries no EXIF.
 * Crops keep the exact ratio (the largest whole multiple of it that fits), centred. A sharp call cannot be
 * interrupted, so the signal is checked before and after it (pictures take milliseconds, not minutes).
 */
import sharp from "sharp";
import { checkNumber, throwIfAborted } from "./workspace";
import { ToolInputError, type MediaFile, type ToolRunOptions } from "./types";

export const ASPECT_RATIOS = ["1:1", "4:3", "3:2", "16:9", "21:9", "9:16", "4:5", "2:3"] as const;
export type AspectRatio = (typeof ASPECT_RATIOS)[number];

const READABLE = new Set(["png", "jpeg", "webp", "gif", "tiff", "avif", "heif"]);

/** Upright size and sample depth of the picture; a ToolInputError when sharp cannot read it (SVG is refused: it is code). */
export async function uprightSize(bytes: Buffer, field: string): Promise<{ width: number; height: number; depth: string | undefined }> {
  const meta = await sharp(bytes)
    .metadata()
    .catch(() => null);
  if (!meta) throw new ToolInputError(`${field} is not a picture that can be read (PNG, JPEG or WebP)`);
  if (!READABLE.has(meta.format)) throw new ToolInputError(`${field} must be a PNG, JPEG or WebP picture (got ${meta.format})`);
  return { width: meta.autoOrient.width, height: meta.autoOrient.height, depth: meta.depth };
}

function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b);
}

/** The centred crop box of `ratio` inside width×height: ratio sides × the largest whole k that fits. */
export function cropBox(width: number, height: number, ratio: AspectRatio): { left: number; top: number; width: number; height: number } {
  const [a, b] = ratio.split(":").map(Number) as [number, number];
  const g = gcd(a, b);
  const [rw, rh] = [a / g, b / g];
  const k = Math.min(Math.floor(width / rw), Math.floor(height / rh));
  if (k < 1) throw new ToolInputError(`image is too small for aspectRatio ${ratio} (${width}×${height})`);
  const w = rw * k;
  const h = rh * k;
  return { left: Math.floor((width - w) / 2), top: Math.floor((height - h) / 2), width: w, height: h };
}

export async function cropToAspect(image: MediaFile, params: { aspectRatio: AspectRatio }, options: ToolRunOptions): Promise<MediaFile> {
  if (!ASPECT_RATIOS.includes(params.aspectRatio))
    throw new ToolInputError(`aspectRatio must be one of ${ASPECT_RATIOS.join(", ")} (got ${String(params.aspectRatio)})`);
  throwIfAborted(options.signal);
  const size = await uprightSize(image.bytes, "image");
  const box = cropBox(size.width, size.height, params.aspectRatio);
  throwIfAborted(options.signal);
  options.onProgress?.(0.2);
  const bytes = await sharp(image.bytes).autoOrient().extract(box).png().toBuffer();
  throwIfAborted(options.signal);
  options.onProgress?.(1);
  return { bytes, contentType: "image/png" };
}

export interface ColourAdjustment {
  /** Multiplier of lightness, 0–2 (1 unchanged, 0 black). */
  brightness?: number;
  /** Multiplier of chroma, 0–2 (1 unchanged, 0 greyscale). */
  saturation?: number;
  /** Slope around mid-grey, 0–2 (1 unchanged, 0 flat grey). */
  contrast?: number;
  /** Hue rotation in degrees, -180–180 (0 unchanged). */
  hue?: number;
}

export async function adjustColour(image: MediaFile, params: ColourAdjustment, options: ToolRunOptions): Promise<MediaFile> {
  const brightness = checkNumber("brightness", params.brightness ?? 1, 0, 2);
  const saturation = checkNumber("saturation", params.saturation ?? 1, 0, 2);
  const contrast = checkNumber("contrast", params.contrast ?? 1, 0, 2);
  const hue = checkNumber("hue", params.hue ?? 0, -180, 180, "degrees");
  throwIfAborted(options.signal);
  const { depth } = await uprightSize(image.bytes, "image");
  options.onProgress?.(0.2);
  let pipeline = sharp(image.bytes).autoOrient();
  if (brightness !== 1 || saturation !== 1 || hue !== 0) pipeline = pipeline.modulate({ brightness, saturation, hue: Math.round(hue) });
  // three values: the slope touches colour only, never an alpha channel; sharp applies it at the input's depth
  const offset = (depth === "ushort" ? 32768 : 128) * (1 - contrast);
  if (contrast !== 1) pipeline = pipeline.linear([contrast, contrast, contrast], [offset, offset, offset]);
  const bytes = await pipeline.png().toBuffer();
  throwIfAborted(options.signal);
  options.onProgress?.(1);
  return { bytes, contentType: "image/png" };
}
