/**
 * Loading a 3D model file for the viewer (spec: canvas 7 "3D loading", 8 "3D", 9 "3D timeout 30 s"):
 * the direct URL is tried up to 3 times, waiting 1 s then 2 s between tries, all under one 30 s time-out.
 */

export const MODEL_TIMEOUT_MS = 30_000;
/** Waits before the 2nd and 3rd tries. */
export const MODEL_RETRY_WAITS_MS = [1000, 2000] as const;

export const MODEL_MESSAGES = {
  failed: "Failed to load 3D model",
  render: "Failed to render 3D model",
  init: "Failed to initialize 3D viewer",
  timeout: "Loading timeout",
} as const;

/** A failure with the spec's message for the user. */
export class ModelLoadError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "ModelLoadError";
  }
}

export interface FetchModelOptions {
  signal?: AbortSignal;
  waits?: readonly number[];
  fetch?: typeof globalThis.fetch;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

/**
 * Fetch the model's bytes with same-origin credentials: one try, then one more after each wait. Any
 * failure (network, HTTP status, empty body) is retried, since a freshly generated file may not be
 * readable yet. An abort (the time-out) stops at once and is rethrown as is.
 */
export async function fetchModel(url: string, options: FetchModelOptions = {}): Promise<Blob> {
  const { signal, waits = MODEL_RETRY_WAITS_MS, fetch = globalThis.fetch, sleep = wait } = options;
  let lastError: unknown;
  for (let attempt = 0; attempt <= waits.length; attempt++) {
    if (attempt > 0) await sleep(waits[attempt - 1]!, signal);
    signal?.throwIfAborted();
    try {
      const response = await fetch(url, { credentials: "same-origin", signal });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      const blob = await response.blob();
      if (blob.size === 0) throw new Error("Empty file");
      return blob;
    } catch (error) {
      if (signal?.aborted) throw signal.reason ?? error;
      lastError = error;
    }
  }
  throw new ModelLoadError(MODEL_MESSAGES.failed, { cause: lastError });
}

/** True for a binary glTF (.glb): it starts with the ASCII magic "glTF". */
export async function isBinaryGltf(blob: Blob): Promise<boolean> {
  if (blob.size < 12) return false;
  const head = new Uint8Array(await blob.slice(0, 4).arrayBuffer());
  return head[0] === 0x67 && head[1] === 0x6c && head[2] === 0x54 && head[3] === 0x46;
}

function wait(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal!.reason);
    };
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}

let webglSupport: boolean | undefined;

/** Whether this browser can create a WebGL context (headless or blocklisted GPUs may not). Probed once. */
export function hasWebGL(): boolean {
  if (webglSupport !== undefined) return webglSupport;
  try {
    const canvas = document.createElement("canvas");
    const gl = (canvas.getContext("webgl2") ?? canvas.getContext("webgl")) as WebGLRenderingContext | null;
    webglSupport = !!gl;
    gl?.getExtension("WEBGL_lose_context")?.loseContext(); // give the probe's context back at once
  } catch {
    webglSupport = false;
  }
  return webglSupport;
}

/** Test hook: probe WebGL again on the next call. */
export function resetWebGLProbe() {
  webglSupport = undefined;
}
