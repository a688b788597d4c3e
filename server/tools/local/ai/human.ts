/**
 * One @vladmandic/human 3.3.6 instance (MIT) per process, on the shared tfjs-wasm runtime. Human's Node
 * wasm build is loaded by file path (the package's "exports" only offer the tfjs-node build) and resolves
 * tfjs-core, tfjs-converter and tfjs-backend-wasm 4.11 from node_modules, the same instances as ./runtime.
 *
 * Models, all read from disk through runtime's file:// loader:
 * - face detector: BlazeFace (MediaPipe, Apache-2.0), in Human's own models/ folder;
 * - object detector: CenterNet MobileNet-v3 (COCO labels), in Human's models/ folder;
 * - person segmentation: MediaPipe Selfie Segmentation (Apache-2.0), ./models/selfie (see its README). It is
 *   the only segmentation model used: Human's RVM is GPL-3.0, and the "meet" model is under Google's terms.
 *
 * Human keeps state between calls (merged config, frame cache), so calls go one at a time through `withHuman`,
 * each with every module's `enabled` set, and frame caching is off (these are stills, not video).
 */
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { Config, Human, Tensor } from "@vladmandic/human";
import type { RawImage } from "./image";
import { packageDir, requireCjs, tfjs, wasmDir, type Tf } from "./runtime";

export type { Human };

export const SELFIE_MODEL_URL = new URL("./models/selfie/selfie.json", import.meta.url).href;

const off = { enabled: false };

/** Everything off, no caching; each call turns on what it needs. */
function baseConfig(): Partial<Config> {
  return {
    backend: "wasm",
    wasmPath: wasmDir(),
    modelBasePath: pathToFileURL(path.join(packageDir("@vladmandic/human"), "models")).href + "/",
    debug: false,
    warmup: "none",
    cacheModels: false,
    cacheSensitivity: 0,
    skipAllowed: false,
    filter: off,
    gesture: off,
    body: off,
    hand: off,
    face: {
      enabled: false,
      detector: {
        rotation: false,
        maxDetected: 64,
        minConfidence: 0.5,
        iouThreshold: 0.2,
        scale: 1,
        return: false,
        skipFrames: 0,
        skipTime: 0,
      },
      mesh: off,
      attention: off,
      iris: off,
      description: off,
      emotion: off,
      antispoof: off,
      liveness: off,
      gear: off,
    },
    object: { enabled: false, minConfidence: 0.3, iouThreshold: 0.4, maxDetected: 20, skipFrames: 0, skipTime: 0 },
    segmentation: { enabled: false, modelPath: SELFIE_MODEL_URL, mode: "alpha" },
  };
}

let instance: Promise<Human> | undefined;
let queue: Promise<unknown> = Promise.resolve();

function human(): Promise<Human> {
  instance ??= (async () => {
    await tfjs(); // the backend is up before Human looks at it, so Human keeps it
    const dist = path.join(packageDir("@vladmandic/human"), "dist", "human.node-wasm.js");
    const { Human: HumanClass } = requireCjs(dist) as typeof import("@vladmandic/human");
    const h = new HumanClass(baseConfig());
    await h.init();
    return h;
  })().catch((err: unknown) => {
    instance = undefined;
    throw err;
  });
  return instance;
}

/** Runs `work` with the Human instance and tfjs, after any earlier Human call has finished. */
export function withHuman<T>(work: (h: Human, tf: Tf) => Promise<T>): Promise<T> {
  const run = queue.then(async () => work(await human(), await tfjs()));
  queue = run.catch(() => undefined);
  return run;
}

/** The per-call config: `modules` on, everything else off. */
export function only(modules: { face?: boolean; object?: boolean; segmentation?: boolean }): Partial<Config> {
  const base = baseConfig();
  return {
    face: { ...base.face, enabled: Boolean(modules.face) },
    object: { ...base.object, enabled: Boolean(modules.object) },
    segmentation: { ...base.segmentation, enabled: Boolean(modules.segmentation) },
  };
}

/** An RGB image as the float tensor [1, h, w, 3] (0..255) that Human takes; the caller disposes it. */
export function imageTensor(tf: Tf, raw: RawImage): Tensor {
  if (raw.channels !== 3) throw new Error(`Local AI: expected RGB pixels, got ${raw.channels} channels`);
  return tf.tensor4d(Float32Array.from(raw.data), [1, raw.height, raw.width, 3]) as unknown as Tensor;
}
