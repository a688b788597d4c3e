/**
 * Upscaling on every core. tfjs's wasm backend runs one thread in Node (its threaded build does not start
 * there: tfjs#3830), so a 256 px picture at ×2 keeps one core busy for about 2.5 s on this kind of machine
 * while the other idles. Here the picture's rows are cut into bands, one per thread: this thread upscales the
 * first band, helper worker threads (./upscaleHelperWorker.ts, each with its own tfjs and model) the others,
 * all at once.
 *
 * Each band goes out with PAD rows of the picture above and below it (the models' receptive field), and only
 * the band's own rows are kept from the result, so the joined picture equals a one-thread run (the test
 * compares the two). A helper that fails or dies costs only speed: its band is done here instead.
 */
import os from "node:os";
import { Worker } from "node:worker_threads";
import type { LayersModel } from "@tensorflow/tfjs-layers";
import type { RawImage } from "./image";
import type { Tf } from "./runtime";
import { upscalePixels, type UpscaleFactor } from "./upscaleTiles";

/** Below this many rows a band's two PAD strips cost more than a second core saves. */
const MIN_BAND_ROWS = 64;
/** Helper threads besides the calling one: all cores but one, at most three (memory: each has its own heap). */
const HELPERS = Math.max(0, Math.min(3, os.availableParallelism() - 1));

export interface BandJob {
  id: number;
  scale: UpscaleFactor;
  image: RawImage;
  tile: number;
  pad: number;
}
export type HelperAnswer = { id: number; rgb: Uint8ClampedArray } | { id: number; error: string };

interface Helper {
  worker: Worker;
  waiting: Map<number, { resolve(rgb: Uint8ClampedArray): void; reject(err: Error): void }>;
}

let helpers: Helper[] | undefined;
let nextJob = 1;

function startHelper(): Helper {
  const worker = new Worker(new URL("./upscaleHelperWorker.mjs", import.meta.url));
  const helper: Helper = { worker, waiting: new Map() };
  worker.on("message", (m: HelperAnswer) => {
    const job = helper.waiting.get(m.id);
    if (!job) return;
    helper.waiting.delete(m.id);
    if (helper.waiting.size === 0) worker.unref();
    if ("rgb" in m) job.resolve(m.rgb);
    else job.reject(new Error(m.error));
  });
  const fail = (err: Error) => {
    if (helpers?.includes(helper)) helpers = helpers.filter((h) => h !== helper);
    for (const job of helper.waiting.values()) job.reject(err);
    helper.waiting.clear();
  };
  worker.on("error", fail);
  worker.on("exit", (code) => fail(new Error(`the upscale helper stopped (exit code ${code})`)));
  worker.unref(); // an idle helper does not keep the process alive
  return helper;
}

/** The first `count` helpers, started as needed. */
function helperPool(count = HELPERS): Helper[] {
  helpers ??= [];
  while (helpers.length < count) helpers.push(startHelper());
  return helpers.slice(0, count);
}

/** Starts the helpers and has them load the model for `scale`, while this thread loads its own. */
export function warmUpscaleHelpers(scale: UpscaleFactor): void {
  for (const helper of helperPool()) helper.worker.postMessage({ id: 0, scale, warm: true });
}

function onHelper(helper: Helper, job: Omit<BandJob, "id">): Promise<Uint8ClampedArray> {
  const id = nextJob++;
  return new Promise((resolve, reject) => {
    helper.waiting.set(id, { resolve, reject });
    helper.worker.ref(); // a band being worked on keeps the process alive until it is back
    helper.worker.postMessage({ ...job, id } satisfies BandJob);
  });
}

/** The row ranges [from, to) of `bands` nearly equal bands of `height` rows. */
export function bandRows(height: number, bands: number): [number, number][] {
  return Array.from({ length: bands }, (_, i) => [Math.round((i * height) / bands), Math.round(((i + 1) * height) / bands)]);
}

/** Rows [from, to) of the image (a view, not a copy). */
function rowsOf(image: RawImage, from: number, to: number): RawImage {
  const stride = image.width * image.channels;
  return { ...image, data: image.data.subarray(from * stride, to * stride), height: to - from };
}

/**
 * The image's RGB upscaled by `scale`, its bands on this thread and the helpers at once. `helperCount`
 * is for the tests (which run with more helpers than this machine's cores would give).
 */
export async function upscaleInBands(
  tf: Tf,
  model: LayersModel,
  image: RawImage,
  scale: UpscaleFactor,
  tile: number,
  pad: number,
  signal: AbortSignal,
  onProgress?: (fraction: number) => void,
  helperCount = HELPERS,
): Promise<Uint8ClampedArray> {
  const pool = helperPool(helperCount);
  const bands = Math.max(1, Math.min(pool.length + 1, Math.floor(image.height / MIN_BAND_ROWS)));
  if (bands === 1) return upscalePixels(tf, model, image, scale, tile, pad, signal, onProgress);

  const { width, height } = image;
  const rowBytes = width * scale * 3;
  const out = new Uint8ClampedArray(rowBytes * height * scale);
  const windows = bandRows(height, bands).map(([from, to]) => ({
    from,
    to,
    top: Math.max(0, from - pad),
    bottom: Math.min(height, to + pad),
  }));
  const place = (w: (typeof windows)[number], rgb: Uint8ClampedArray) => {
    const skip = (w.from - w.top) * scale * rowBytes;
    out.set(rgb.subarray(skip, skip + (w.to - w.from) * scale * rowBytes), w.from * scale * rowBytes);
  };
  const here = (w: (typeof windows)[number], report?: (f: number) => void) =>
    upscalePixels(tf, model, rowsOf(image, w.top, w.bottom), scale, tile, pad, signal, report);

  // Helpers get copies of their rows (a transfer would detach the caller's buffer); this thread does band 0.
  const helped = windows.slice(1).map((w, i) => {
    const band = rowsOf(image, w.top, w.bottom);
    return onHelper(pool[i]!, { scale, image: { ...band, data: Buffer.from(band.data) }, tile, pad }).then(
      (rgb) => rgb,
      () => null, // done here below instead
    );
  });
  place(windows[0]!, await here(windows[0]!, (f) => onProgress?.(f / bands)));
  for (const [i, pending] of helped.entries()) {
    const w = windows[i + 1]!;
    signal.throwIfAborted();
    place(w, (await pending) ?? (await here(w)));
    onProgress?.((i + 2) / bands);
  }
  return out;
}

/** Stops the helpers (tests, shutdown); the next upscale starts new ones. */
export async function stopUpscaleHelpers(): Promise<void> {
  const pool = helpers ?? [];
  helpers = undefined;
  await Promise.all(pool.map((h) => h.worker.terminate()));
}
