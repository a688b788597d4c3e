/** Checking and decoding the image bytes the tools are given (sharp/libvips; EXIF orientation applied). */
import sharp, { type Metadata, type Sharp } from "sharp";
import { ToolInputError } from "./types";

const FORMATS = new Set(["png", "jpeg", "webp"]);

export interface ImageInfo {
  /** Size after EXIF orientation. */
  width: number;
  height: number;
  hasAlpha: boolean;
  /** Dots per inch, when the file says. */
  density?: number;
}

export interface RawImage {
  data: Buffer;
  width: number;
  height: number;
  channels: number;
}

/** Reads the header only: a PNG, JPEG or WebP of at most `maxPixels`, or a ToolInputError naming `field`. */
export async function inspectImage(bytes: unknown, field: string, maxPixels: number): Promise<ImageInfo> {
  if (!Buffer.isBuffer(bytes) || bytes.length === 0) throw new ToolInputError(`${field}: no image bytes were given`);
  let meta: Metadata;
  try {
    meta = await sharp(bytes).metadata();
  } catch {
    throw new ToolInputError(`${field}: not a readable PNG, JPEG or WebP image`);
  }
  if (!meta.format || !FORMATS.has(meta.format)) {
    throw new ToolInputError(`${field}: must be a PNG, JPEG or WebP image, not ${meta.format ?? "an unknown format"}`);
  }
  const { width, height } = meta.autoOrient ?? meta;
  if (!width || !height) throw new ToolInputError(`${field}: the image has no size`);
  if (width * height > maxPixels) {
    throw new ToolInputError(`${field}: ${width}×${height} is too large (at most ${(maxPixels / 1e6).toFixed(1)} megapixels)`);
  }
  return { width, height, hasAlpha: Boolean(meta.hasAlpha), density: meta.density };
}

/** The image upright (EXIF orientation applied), first frame only, as 8-bit sRGB (3 channels, or 4 with alpha). */
export function upright(bytes: Buffer): Sharp {
  return sharp(bytes).autoOrient().toColourspace("srgb");
}

/** Raw pixels of `pipeline`; a decoding failure (truncated or corrupt data) is the user's to fix. */
export async function rawPixels(pipeline: Sharp, field: string): Promise<RawImage> {
  try {
    const { data, info } = await pipeline.raw().toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.height, channels: info.channels };
  } catch (err) {
    throw new ToolInputError(`${field}: the image could not be decoded (${err instanceof Error ? err.message : String(err)})`);
  }
}

/** True when every alpha value of an RGBA buffer is 255. */
export function isOpaque(raw: RawImage): boolean {
  if (raw.channels !== 4) return true;
  for (let i = 3; i < raw.data.length; i += 4) if (raw.data[i] !== 255) return false;
  return true;
}

/** "#rrggbb" (case-insensitive) as sharp's colour object, or a ToolInputError naming `field`. */
export function parseColour(value: unknown, field: string): { r: number; g: number; b: number } {
  if (typeof value !== "string" || !/^#[0-9a-f]{6}$/i.test(value)) {
    throw new ToolInputError(`${field}: must be a colour written #rrggbb, got ${JSON.stringify(value)}`);
  }
  const n = Number.parseInt(value.slice(1), 16);
  return { r: (n >> 16) & 255, g: (n >> 8) & 255, b: n & 255 };
}
