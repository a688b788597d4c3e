/**
 * The one TensorFlow.js runtime that every Local AI tool shares: tfjs-core 4.11 on the WebAssembly backend
 * (SIMD, single thread), started once per process. Everything loads from node_modules or this folder; nothing
 * is fetched. tfjs-node is not used (its install downloads libtensorflow), nor a CDN for the .wasm files.
 *
 * The packages are CommonJS and are loaded with `require`, so that this file, Human's node-wasm build and the
 * wasm backend share one tfjs-core instance (one engine, one kernel registry, one backend).
 */
import { readFile } from "node:fs/promises";
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { setImmediate as nextTurn } from "node:timers/promises";
import { fileURLToPath } from "node:url";
import type { AiRunOptions } from "./types";

export const requireCjs = createRequire(import.meta.url);

export type Tf = typeof import("@tensorflow/tfjs-core");
type TfWasm = typeof import("@tensorflow/tfjs-backend-wasm");
type ModelArtifacts = import("@tensorflow/tfjs-core").io.ModelArtifacts;

/** The folder of an installed package (its package.json's folder), found from its entry point. */
export function packageDir(name: string): string {
  let dir = path.dirname(requireCjs.resolve(name));
  for (;;) {
    const manifest = path.join(dir, "package.json");
    if (existsSync(manifest) && (JSON.parse(readFileSync(manifest, "utf8")) as { name?: string }).name === name) return dir;
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`Local AI: cannot find the folder of the package ${name}`);
    dir = parent;
  }
}

/** A tfjs model folder on disk (model.json plus its weight shards) as in-memory artifacts. */
export async function readModelArtifacts(jsonPath: string): Promise<ModelArtifacts> {
  const json = JSON.parse(await readFile(jsonPath, "utf8")) as {
    modelTopology: object;
    weightsManifest: { paths: string[]; weights: NonNullable<ModelArtifacts["weightSpecs"]> }[];
    format?: string;
    generatedBy?: string;
    convertedBy?: string;
    signature?: object;
    userDefinedMetadata?: Record<string, object>;
  };
  const dir = path.dirname(jsonPath);
  const weightSpecs = json.weightsManifest.flatMap((group) => group.weights);
  const shards = await Promise.all(json.weightsManifest.flatMap((group) => group.paths.map((p) => readFile(path.join(dir, p)))));
  const all = Buffer.concat(shards);
  return {
    modelTopology: json.modelTopology,
    weightSpecs,
    weightData: all.buffer.slice(all.byteOffset, all.byteOffset + all.byteLength) as ArrayBuffer,
    format: json.format,
    generatedBy: json.generatedBy,
    convertedBy: json.convertedBy,
    signature: json.signature,
    userDefinedMetadata: json.userDefinedMetadata,
  };
}

/** The folder holding tfjs-backend-wasm's .wasm files, with a trailing slash as setWasmPaths wants. */
export function wasmDir(): string {
  return path.join(packageDir("@tensorflow/tfjs-backend-wasm"), "dist") + path.sep;
}

let runtime: Promise<Tf> | undefined;

/** tfjs on the wasm backend, started on first use. `file://` model URLs load from disk (Human uses them). */
export function tfjs(): Promise<Tf> {
  runtime ??= start().catch((err: unknown) => {
    runtime = undefined; // a later call may try again
    throw err;
  });
  return runtime;
}

async function start(): Promise<Tf> {
  // Emscripten's Node glue adds process-wide handlers that rethrow every uncaught exception and unhandled
  // rejection (printing its whole minified source); they would override the server's own handling.
  const handlers = () => [
    ...process.listeners("uncaughtException").map((listener) => ["uncaughtException", listener] as const),
    ...process.listeners("unhandledRejection").map((listener) => ["unhandledRejection", listener] as const),
  ];
  const before = new Set<unknown>(handlers().map(([, listener]) => listener));
  try {
    return await startBackend();
  } finally {
    for (const [event, listener] of handlers()) if (!before.has(listener)) process.removeListener(event, listener);
  }
}

async function startBackend(): Promise<Tf> {
  const tf = requireCjs("@tensorflow/tfjs-core") as Tf;
  const wasm = requireCjs("@tensorflow/tfjs-backend-wasm") as TfWasm;
  wasm.setWasmPaths(wasmDir());
  // tfjs's routers may answer null for a URL they do not handle (the declared type says otherwise).
  const fileRouter = (url: string | string[]) =>
    typeof url === "string" && url.startsWith("file://") ? { load: () => readModelArtifacts(fileURLToPath(url)) } : null;
  tf.io.registerLoadRouter(fileRouter as unknown as Parameters<Tf["io"]["registerLoadRouter"]>[0]);
  if (!(await tf.setBackend("wasm"))) throw new Error("Local AI: the TensorFlow.js WebAssembly backend did not start");
  await tf.ready();
  return tf;
}

/** Monotonic, clamped progress; a no-op when the caller gave no callback. */
export function progress(opts: AiRunOptions): (fraction: number) => void {
  let last = 0;
  return (fraction) => {
    const f = Math.min(1, Math.max(last, fraction));
    if (f === last) return;
    last = f;
    opts.onProgress?.(f);
  };
}

/**
 * Lets the event loop run (abort listeners, I/O) between two blocking pieces of model work, then rejects if
 * the caller aborted meanwhile.
 */
export async function checkpoint(signal: AbortSignal): Promise<void> {
  signal.throwIfAborted();
  await nextTurn();
  signal.throwIfAborted();
}
