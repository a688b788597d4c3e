/**
 * "Upscale ×2 / ×4": ESRGAN slim (UpscalerJS's RDN models, MIT, about 0.9 MB each, bundled in
 * @upscalerjs/esrgan-slim) on tfjs-wasm. `upscaler/node` is not used: it needs tfjs-node.
 *
 * The image runs through the model in tiles, each with PAD pixels of context on every side (mirrored past
 * the image's edges), so the wasm heap (which never shrinks) stays the size of one tile's activations
 * whatever the image size. Tiles are 512 output pixels square for both factors (256 input pixels at ×2, 128
 * at ×4), so both need the same heap; at ×2 a 256 px picture is one tile, not four, which saves the padding
 * of four (on a busy machine about a fifth of the time; on a quiet one about 5%, within the noise). The rows
 * are then shared out between threads (./upscaleBands.ts). PAD is the models' receptive-field radius: 3×3 convolutions
 * F_m1, F_0, F_1_1, F_2_1, GFF_2, UPN2, UPN3 (1 px each), UPN1 5×5 (2 px) and SR 3×3 after the upsampling
 * (under 1 px) make 10 px, so a tile's kept core sees exactly the pixels it would see in a whole-image run
 * and the stitched result has no seams (the test compares the two).
 *
 * Alpha: the model knows only RGB. Fully transparent pixels carry arbitrary colour (often black), which would
 * bleed into the edges of the visible content, so first they take the colour of their nearest visible
 * neighbours (BLEED_PX rings, more than the receptive field plus Lanczos-3's reach); the colours are then
 * upscaled by the model and the alpha channel by Lanczos-3, and the two are joined again.
 */
import sharp from "sharp";
import { inspectImage, isOpaque, rawPixels, upright, type RawImage } from "./image";
import { checkpoint, progress, tfjs } from "./runtime";
import { ToolInputError, type AiRunOptions } from "./types";
import { upscaleInBands, warmUpscaleHelpers } from "./upscaleBands";
import { upscaleModel, type UpscaleFactor } from "./upscaleTiles";

export type { UpscaleFactor } from "./upscaleTiles";
export { upscaleModel, upscalePixels } from "./upscaleTiles";

/** Input pixels per tile side: 512 output pixels at either factor. */
export const UPSCALE_TILE: Record<UpscaleFactor, number> = { 2: 256, 4: 128 };
export const UPSCALE_PAD = 10;
/** The largest output: 4096×4096 pixels, so at most 2048² in for ×2 and 1024² for ×4. */
export const MAX_UPSCALED_PIXELS = 4096 * 4096;
const BLEED_PX = 16;

/** An upscaled PNG exactly `scale` times the (upright) image's width and height. */
export async function upscaleImage(image: Buffer, params: { scale: UpscaleFactor }, opts: AiRunOptions): Promise<Buffer> {
  const report = progress(opts);
  opts.signal.throwIfAborted();
  const scale = params?.scale;
  if (scale !== 2 && scale !== 4) throw new ToolInputError(`scale: must be 2 or 4, got ${JSON.stringify(scale)}`);
  await inspectImage(image, "image", MAX_UPSCALED_PIXELS / (scale * scale));
  warmUpscaleHelpers(scale);
  const [tf, model] = await Promise.all([tfjs(), upscaleModel(scale)]);
  const raw = await rawPixels(upright(image), "image");
  await checkpoint(opts.signal);
  report(0.05);

  const { width, height } = raw;
  const alpha = raw.channels === 4 && !isOpaque(raw) ? channel(raw.data, 4, 3) : undefined;
  const colours = alpha ? bleedColours(raw, BLEED_PX) : raw;
  const out = await upscaleInBands(tf, model, colours, scale, UPSCALE_TILE[scale], UPSCALE_PAD, opts.signal, (f) => report(0.05 + 0.9 * f));

  const outW = width * scale;
  const outH = height * scale;
  let result = sharp(Buffer.from(out.buffer, out.byteOffset, out.byteLength), { raw: { width: outW, height: outH, channels: 3 } });
  if (alpha) {
    const bigAlpha = await sharp(alpha, { raw: { width, height, channels: 1 } })
      .resize(outW, outH, { kernel: "lanczos3" })
      .extractChannel(0)
      .raw()
      .toBuffer();
    result = result.joinChannel(bigAlpha, { raw: { width: outW, height: outH, channels: 1 } });
  }
  const png = await result.png().toBuffer();
  opts.signal.throwIfAborted();
  report(1);
  return png;
}

function channel(data: Buffer, channels: number, index: number): Buffer {
  const out = Buffer.alloc(data.length / channels);
  for (let i = 0; i < out.length; i++) out[i] = data[i * channels + index]!;
  return out;
}

/**
 * RGB where each fully transparent pixel within `rings` steps of a visible one has the mean colour of its
 * already-coloured 4-neighbours (ring by ring outwards); farther ones stay black.
 */
function bleedColours(image: RawImage, rings: number): RawImage {
  const { data, width, height } = image;
  const n = width * height;
  const rgb = Buffer.alloc(n * 3);
  const ring = new Uint8Array(n); // 0: no colour yet, 1: visible, k: coloured in pass k
  for (let i = 0; i < n; i++) {
    if (data[i * 4 + 3]! > 0) {
      ring[i] = 1;
      rgb.set(data.subarray(i * 4, i * 4 + 3), i * 3);
    }
  }
  const around = (i: number, out: number[]) => {
    out.length = 0;
    const x = i % width;
    if (x > 0) out.push(i - 1);
    if (x < width - 1) out.push(i + 1);
    if (i >= width) out.push(i - width);
    if (i + width < n) out.push(i + width);
    return out;
  };
  const near: number[] = [];
  let frontier: number[] = [];
  for (let i = 0; i < n; i++) if (ring[i] === 0 && around(i, near).some((j) => ring[j] === 1)) frontier.push(i);
  for (let k = 2; k <= rings + 1 && frontier.length > 0; k++) {
    for (const i of frontier) ring[i] = 255; // being coloured in this pass
    const next: number[] = [];
    for (const i of frontier) {
      let [r, g, b, count] = [0, 0, 0, 0];
      for (const j of around(i, near)) {
        const rj = ring[j]!;
        if (rj !== 0 && rj < k) {
          [r, g, b, count] = [r + rgb[j * 3]!, g + rgb[j * 3 + 1]!, b + rgb[j * 3 + 2]!, count + 1];
        } else if (rj === 0) {
          ring[j] = 254; // queued for the next pass
          next.push(j);
        }
      }
      rgb[i * 3] = Math.round(r / count);
      rgb[i * 3 + 1] = Math.round(g / count);
      rgb[i * 3 + 2] = Math.round(b / count);
    }
    for (const i of frontier) ring[i] = k;
    for (const j of next) ring[j] = 0;
    frontier = next;
  }
  return { data: rgb, width, height, channels: 3 };
}
