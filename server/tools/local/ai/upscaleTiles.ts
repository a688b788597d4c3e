/**
 * The ESRGAN slim models and the tile loop that runs a picture through one of them (see ./upscale.ts for the
 * tiling and padding, ./upscaleBands.ts for spreading the rows over threads).
 */
import path from "node:path";
import type { LayersModel } from "@tensorflow/tfjs-layers";
import type { RawImage } from "./image";
import { checkpoint, packageDir, readModelArtifacts, requireCjs, tfjs, type Tf } from "./runtime";

export type UpscaleFactor = 2 | 4;

const models = new Map<UpscaleFactor, Promise<LayersModel>>();

/** The ESRGAN slim model for `scale`, loaded once per process. */
export function upscaleModel(scale: UpscaleFactor): Promise<LayersModel> {
  let model = models.get(scale);
  if (!model) {
    model = loadModel(scale).catch((err: unknown) => {
      models.delete(scale);
      throw err;
    });
    models.set(scale, model);
  }
  return model;
}

async function loadModel(scale: UpscaleFactor): Promise<LayersModel> {
  const tf = await tfjs();
  const layers = requireCjs("@tensorflow/tfjs-layers") as typeof import("@tensorflow/tfjs-layers");
  const json = path.join(packageDir("@upscalerjs/esrgan-slim"), "models", `x${scale}`, "model.json");
  return layers.loadLayersModel(tf.io.fromMemory(await readModelArtifacts(json)));
}

/**
 * The colour channels of RGB or RGBA pixels through the model tile by tile; returns the upscaled RGB.
 * Exported for the seam test, which compares small tiles with one whole-image tile.
 */
export async function upscalePixels(
  tf: Tf,
  model: LayersModel,
  image: RawImage,
  scale: number,
  tile: number,
  pad: number,
  signal: AbortSignal,
  onTile?: (fraction: number) => void,
): Promise<Uint8ClampedArray> {
  const { width, height } = image;
  const outW = width * scale;
  const out = new Uint8ClampedArray(outW * height * scale * 3); // assignment rounds and clamps to 0..255
  const cols = Math.ceil(width / tile);
  const rows = Math.ceil(height / tile);
  for (let ty = 0; ty < rows; ty++) {
    for (let tx = 0; tx < cols; tx++) {
      await checkpoint(signal);
      const [x0, y0] = [tx * tile, ty * tile];
      const [x1, y1] = [Math.min(x0 + tile, width), Math.min(y0 + tile, height)];
      const [wx0, wy0, ww, wh] = [x0 - pad, y0 - pad, x1 - x0 + 2 * pad, y1 - y0 + 2 * pad];
      const window = rgbWindow(image, wx0, wy0, ww, wh);
      const result = tf.tidy(() => model.predict(tf.tensor4d(window, [1, wh, ww, 3])) as import("@tensorflow/tfjs-core").Tensor);
      const values = result.dataSync();
      result.dispose();
      const [ox, oy, rowLen, coreLen] = [(x0 - wx0) * scale, (y0 - wy0) * scale, ww * scale * 3, (x1 - x0) * scale * 3];
      for (let y = 0; y < (y1 - y0) * scale; y++) {
        const src = (oy + y) * rowLen + ox * 3;
        out.set(values.subarray(src, src + coreLen), ((y0 * scale + y) * outW + x0 * scale) * 3);
      }
      onTile?.((ty * cols + tx + 1) / (rows * cols));
    }
  }
  return out;
}

/** `i` reflected into 0..n-1 (…, 1, 0 | 0, 1, …, n-1 | n-1, …). */
function mirror(i: number, n: number): number {
  const m = i < 0 ? -1 - i : i >= n ? 2 * n - 1 - i : i;
  return Math.min(n - 1, Math.max(0, m));
}

/**
 * One window of the image as RGB floats 0..255 (alpha, if any, left out). Where the window reaches past the
 * image, the image is mirrored: the models pad with zeros, which would give the result a dark frame.
 */
function rgbWindow({ data, width, height, channels }: RawImage, x0: number, y0: number, w: number, h: number): Float32Array {
  const rgb = new Float32Array(w * h * 3);
  for (let y = 0; y < h; y++) {
    const sy = mirror(y0 + y, height);
    for (let x = 0; x < w; x++) {
      const src = (sy * width + mirror(x0 + x, width)) * channels;
      const dst = (y * w + x) * 3;
      for (let c = 0; c < 3; c++) rgb[dst + c] = data[src + c]!;
    }
  }
  return rgb;
}
