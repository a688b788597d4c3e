/**
 * "Cut out people": MediaPipe Selfie Segmentation (Apache-2.0) through Human finds the people; the background
 * becomes transparent, a colour, a blur of itself or another image. People only: the model knows no other
 * subject, so a product shot comes back mostly transparent.
 *
 * The model sees the image squeezed to its 256×256 input (as MediaPipe's own pipeline does); its mask is
 * resized back to the full image with a cubic filter and its soft ramp steepened (see MASK_*), and every
 * compositing step runs in sharp at full resolution, so memory beyond the image itself stays small.
 */
import sharp, { type Sharp } from "sharp";
import { imageTensor, only, withHuman } from "./human";
import { inspectImage, parseColour, rawPixels, upright, type RawImage } from "./image";
import { checkpoint, progress } from "./runtime";
import { ToolInputError, type AiRunOptions, type CutOutBackground } from "./types";

export const MAX_CUTOUT_PIXELS = 40_000_000;
const MODEL_SIZE = 256;
/**
 * The model's probabilities are soft over several pixels; mapping 0.25..0.75 to 0..1 gives a cleaner edge
 * without a hard cut-out look (alpha' = 2·alpha − 0.5, in 0..255 units).
 */
const MASK_GAIN = 2;
const MASK_OFFSET = -0.5 * 255;
/**
 * Below this share of the model's pixels counted as person (probability over one half), the picture has no
 * person to keep: the tool refuses rather than hand back a blank, transparent picture.
 */
const MIN_PERSON_SHARE = 0.01;
export const NO_PERSON = "no person found in this picture";

/** A PNG of the image with its people kept and the background replaced as asked. */
export async function cutOutPeople(image: Buffer, params: { background: CutOutBackground }, opts: AiRunOptions): Promise<Buffer> {
  const report = progress(opts);
  opts.signal.throwIfAborted();
  const background = params?.background;
  checkBackground(background);
  const info = await inspectImage(image, "image", MAX_CUTOUT_PIXELS);
  if (background.kind === "image") await inspectImage(background.bytes, "background.bytes", MAX_CUTOUT_PIXELS);
  const original = await rawPixels(upright(image), "image");
  report(0.1);

  const mask = await personMask(original, opts.signal);
  report(0.7);
  await checkpoint(opts.signal);

  // sharp runs removeAlpha late in its pipeline (after joinChannel), so the colours are split off first.
  const colours =
    original.channels === 3 ? original : await rawPixels(sharp(original.data, { raw: rawInfo(original) }).removeAlpha(), "image");
  const rgb = sharp(colours.data, { raw: rawInfo(colours) });
  const person = await rgb
    .clone()
    .joinChannel(mask, { raw: { width: info.width, height: info.height, channels: 1 } })
    .png()
    .toBuffer();
  let out: Sharp;
  switch (background.kind) {
    case "transparent":
      out = sharp(person);
      break;
    case "colour":
      out = sharp(person).flatten({ background: parseColour(background.colour, "background.colour") });
      break;
    case "blur":
      out = rgb
        .clone()
        .blur(blurSigma(background.radius, info.width, info.height))
        .composite([{ input: person }]);
      break;
    case "image": {
      const cover = upright(background.bytes).resize(info.width, info.height, { fit: "cover" }).flatten({ background: "#ffffff" });
      const backdrop = await rawPixels(cover, "background.bytes");
      out = sharp(backdrop.data, { raw: rawInfo(backdrop) }).composite([{ input: person }]);
      break;
    }
  }
  const png = await out.png().toBuffer();
  opts.signal.throwIfAborted();
  report(1);
  return png;
}

/** The people's alpha (one byte a pixel, the image's size), times the image's own alpha if it has one. */
async function personMask(original: RawImage, signal: AbortSignal): Promise<Buffer> {
  const { width, height, channels } = original;
  const small = await rawPixels(
    sharp(original.data, { raw: rawInfo(original) })
      .removeAlpha()
      .resize(MODEL_SIZE, MODEL_SIZE, { fit: "fill", kernel: "lanczos3" }),
    "image",
  );
  await checkpoint(signal);
  const alpha = await withHuman(async (h, tf) => {
    signal.throwIfAborted();
    const input = imageTensor(tf, small);
    try {
      const result = await h.segmentation(input, only({ segmentation: true }));
      if (!result) throw new Error("Local AI: the person segmentation model did not run");
      const values = await result.data();
      tf.dispose(result as never);
      return Buffer.from(Uint8ClampedArray.from(values as Int32Array));
    } finally {
      tf.dispose(input as never);
    }
  });
  if (personShare(alpha) < MIN_PERSON_SHARE) throw new ToolInputError(NO_PERSON);
  let mask = await sharp(alpha, { raw: { width: MODEL_SIZE, height: MODEL_SIZE, channels: 1 } })
    .resize(width, height, { fit: "fill", kernel: "cubic" })
    .linear(MASK_GAIN, MASK_OFFSET)
    .extractChannel(0) // sharp would write a one-channel raw input back as sRGB
    .raw()
    .toBuffer();
  if (channels === 4) {
    mask = Buffer.from(mask);
    for (let i = 0; i < mask.length; i++) mask[i] = Math.round((mask[i]! * original.data[i * 4 + 3]!) / 255);
  }
  return mask;
}

/** The share of mask pixels more likely person than not. */
export function personShare(alpha: Uint8Array): number {
  let person = 0;
  for (const a of alpha) if (a > 127) person++;
  return alpha.length ? person / alpha.length : 0;
}

function rawInfo({ width, height, channels }: RawImage): { width: number; height: number; channels: 3 | 4 } {
  return { width, height, channels: channels as 3 | 4 };
}

function checkBackground(background: unknown): asserts background is CutOutBackground {
  const kind = (background as { kind?: unknown } | undefined)?.kind;
  if (kind === "transparent") return;
  if (kind === "colour") return void parseColour((background as { colour?: unknown }).colour, "background.colour");
  if (kind === "blur") {
    const radius = (background as { radius?: unknown }).radius;
    if (radius !== undefined && (typeof radius !== "number" || !Number.isFinite(radius) || radius < 1 || radius > 200)) {
      throw new ToolInputError(`background.radius: must be a number of pixels from 1 to 200, got ${JSON.stringify(radius)}`);
    }
    return;
  }
  if (kind === "image") {
    if (!Buffer.isBuffer((background as { bytes?: unknown }).bytes))
      throw new ToolInputError("background.bytes: must be the bytes of an image");
    return;
  }
  throw new ToolInputError(`background.kind: must be "transparent", "colour", "blur" or "image", got ${JSON.stringify(kind)}`);
}

/** Gaussian sigma for a blur "radius" in pixels (about two sigmas); by default 2% of the longer side. */
function blurSigma(radius: number | undefined, width: number, height: number): number {
  const r = radius ?? Math.max(4, 0.02 * Math.max(width, height));
  return Math.max(0.3, r / 2);
}
