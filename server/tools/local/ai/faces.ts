/**
 * Faces: BlazeFace (MediaPipe, Apache-2.0) through Human finds them; blurFaces hides them, cropToFace frames
 * the most prominent one. The detector sees the image at most DETECT_SIDE pixels on its longer side (it
 * works at 256×256 inside), so faces smaller than about 2% of the image width may be missed.
 */
import sharp, { type OverlayOptions } from "sharp";
import { imageTensor, only, withHuman } from "./human";
import { inspectImage, rawPixels, upright, type ImageInfo } from "./image";
import { progress } from "./runtime";
import { ToolInputError, type AiRunOptions, type FaceBox } from "./types";

export const MAX_FACE_PIXELS = 40_000_000;
const DETECT_SIDE = 1280;

/** The faces in the image, most confident first, in the upright image's pixels. */
export async function detectFaces(image: Buffer, opts: AiRunOptions): Promise<FaceBox[]> {
  const report = progress(opts);
  const { boxes } = await findFaces(image, opts.signal);
  report(1);
  return boxes;
}

async function findFaces(image: Buffer, signal: AbortSignal): Promise<{ boxes: FaceBox[]; info: ImageInfo }> {
  signal.throwIfAborted();
  const info = await inspectImage(image, "image", MAX_FACE_PIXELS);
  // Letterboxed into a square: BlazeFace works at 256×256, and Human would stretch any other shape to it.
  const side = Math.min(DETECT_SIDE, Math.max(info.width, info.height));
  const k = side / Math.max(info.width, info.height);
  const small = await rawPixels(
    upright(image).flatten({ background: "#ffffff" }).resize(side, side, { fit: "contain", background: "#000000" }),
    "image",
  );
  const [offX, offY] = [(side - info.width * k) / 2, (side - info.height * k) / 2];
  const faces = await withHuman(async (h, tf) => {
    signal.throwIfAborted();
    const input = imageTensor(tf, small);
    try {
      return (await h.detect(input, only({ face: true }))).face;
    } finally {
      tf.dispose(input as never);
    }
  });
  signal.throwIfAborted();
  const boxes = faces
    .map((f) => {
      const x = Math.max(0, Math.round((f.box[0] - offX) / k));
      const y = Math.max(0, Math.round((f.box[1] - offY) / k));
      const width = Math.min(info.width, Math.round((f.box[0] + f.box[2] - offX) / k)) - x;
      const height = Math.min(info.height, Math.round((f.box[1] + f.box[3] - offY) / k)) - y;
      return { x, y, width, height, score: Math.round(f.score * 1000) / 1000 };
    })
    .filter((b) => b.width > 0 && b.height > 0)
    .sort((a, b) => b.score - a.score);
  return { boxes, info };
}

/**
 * A PNG of the image with every face blurred inside an ellipse a little larger than the face box.
 * `strength` (0.05..1, default 0.15) is the blur's sigma as a fraction of the face's size.
 */
export async function blurFaces(image: Buffer, params: { strength?: number }, opts: AiRunOptions): Promise<Buffer> {
  const report = progress(opts);
  const strength = params?.strength ?? 0.15;
  if (typeof strength !== "number" || !(strength >= 0.05 && strength <= 1)) {
    throw new ToolInputError(`strength: must be a number from 0.05 to 1, got ${JSON.stringify(params?.strength)}`);
  }
  const { boxes, info } = await findFaces(image, opts.signal);
  report(0.6);
  const base = await sharp(await upright(image).png({ compressionLevel: 1 }).toBuffer());
  const patches: OverlayOptions[] = [];
  for (const face of boxes) {
    const grow = 0.25 * Math.max(face.width, face.height);
    const left = Math.max(0, Math.round(face.x - grow));
    const top = Math.max(0, Math.round(face.y - grow));
    const width = Math.min(info.width, Math.round(face.x + face.width + grow)) - left;
    const height = Math.min(info.height, Math.round(face.y + face.height + grow)) - top;
    const sigma = Math.max(2, strength * Math.max(face.width, face.height));
    const ellipse = Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><ellipse cx="${width / 2}" cy="${height / 2}" rx="${width / 2}" ry="${height / 2}" fill="#fff"/></svg>`,
    );
    const patch = await base
      .clone()
      .extract({ left, top, width, height })
      .blur(sigma)
      .ensureAlpha()
      .composite([{ input: ellipse, blend: "dest-in" }])
      .png()
      .toBuffer();
    patches.push({ input: patch, left, top });
    opts.signal.throwIfAborted();
  }
  const blurred = base.clone().composite(patches);
  const png = await (info.hasAlpha ? blurred : blurred.removeAlpha()).png().toBuffer();
  report(1);
  return png;
}

/**
 * A PNG cropped around the largest face: `margin` (0..3, default 0.6) of the face's size is kept on each side,
 * and the crop has the width/height ratio `aspect` (0.2..5, default 1), shrunk to fit inside the image.
 */
export async function cropToFace(image: Buffer, params: { aspect?: number; margin?: number }, opts: AiRunOptions): Promise<Buffer> {
  const report = progress(opts);
  const aspect = params?.aspect ?? 1;
  const margin = params?.margin ?? 0.6;
  if (typeof aspect !== "number" || !(aspect >= 0.2 && aspect <= 5))
    throw new ToolInputError(`aspect: must be a width/height ratio from 0.2 to 5, got ${JSON.stringify(params?.aspect)}`);
  if (typeof margin !== "number" || !(margin >= 0 && margin <= 3))
    throw new ToolInputError(`margin: must be a number from 0 to 3, got ${JSON.stringify(params?.margin)}`);
  const { boxes, info } = await findFaces(image, opts.signal);
  const face = [...boxes].sort((a, b) => b.width * b.height - a.width * a.height)[0];
  if (!face) throw new ToolInputError("image: no face was found to crop to");
  report(0.7);
  let width = face.width * (1 + 2 * margin);
  let height = face.height * (1 + 2 * margin);
  if (width / height < aspect) width = height * aspect;
  else height = width / aspect;
  const fit = Math.min(1, info.width / width, info.height / height);
  width = Math.max(1, Math.round(width * fit));
  height = Math.max(1, Math.round(height * fit));
  const left = clamp(Math.round(face.x + face.width / 2 - width / 2), 0, info.width - width);
  const top = clamp(Math.round(face.y + face.height / 2 - height / 2), 0, info.height - height);
  const png = await upright(image).extract({ left, top, width, height }).png().toBuffer();
  report(1);
  return png;
}

function clamp(v: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, v));
}
