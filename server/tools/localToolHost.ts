/**
 * Runs offline tools: "Local AI" ones in a worker thread (./localToolWorker.ts), so their model work never
 * stalls the server's other requests; ffmpeg and sharp ones in this process (they already work outside the
 * JavaScript thread). One worker per process, started on first use, runs are queued in it one by one (the
 * wasm backend is single-threaded anyway); a worker that dies fails its runs and is replaced on the next.
 */
import { Worker } from "node:worker_threads";
import type { ParamValue } from "../../domain/generation/parameterRules";
import { findTool } from "../../domain/tools/catalogue";
import { ToolInputError } from "./local/media";
import { runLocalTool, type LocalToolRun, type ToolInputs, type ToolProduct } from "./runLocalTool";

export type HostMessage =
  | { type: "run"; id: number; toolId: string; inputs: ToolInputs; params: Record<string, ParamValue> }
  | { type: "abort"; id: number };
export type WorkerMessage =
  | { type: "progress"; id: number; fraction: number }
  | { type: "done"; id: number; product: ToolProduct }
  | { type: "failed"; id: number; message: string; inputError: boolean; aborted: boolean };

interface Pending {
  resolve(p: ToolProduct): void;
  reject(e: Error): void;
  onProgress(f: number): void;
}

let worker: Worker | null = null;
let nextId = 1;
const pending = new Map<number, Pending>();

function startWorker(): Worker {
  const w = new Worker(new URL("./localToolWorker.mjs", import.meta.url));
  w.on("message", (m: WorkerMessage) => {
    const p = pending.get(m.id);
    if (!p) return;
    if (m.type === "progress") return p.onProgress(m.fraction);
    pending.delete(m.id);
    if (m.type === "done") {
      const product =
        m.product.kind === "media"
          ? {
              ...m.product,
              file: {
                ...m.product.file,
                bytes: Buffer.from(m.product.file.bytes.buffer, m.product.file.bytes.byteOffset, m.product.file.bytes.byteLength),
              },
            }
          : m.product;
      p.resolve(product);
    } else
      p.reject(
        m.inputError
          ? new ToolInputError(m.message)
          : m.aborted
            ? Object.assign(new Error("Cancelled"), { name: "AbortError" })
            : new Error(m.message),
      );
  });
  const fail = (err: Error) => {
    if (worker === w) worker = null;
    for (const [id, p] of pending) {
      pending.delete(id);
      p.reject(new Error(`The Local AI worker stopped: ${err.message}`));
    }
  };
  w.on("error", fail);
  w.on("exit", (code) => fail(new Error(`exit code ${code}`)));
  // An idle worker does not keep the process alive (tests and shutdown end on their own).
  w.unref();
  return w;
}

/** Runs one offline tool; Local AI tools in the worker thread. */
export function runOfflineTool(
  toolId: string,
  inputs: ToolInputs,
  params: Record<string, ParamValue>,
  run: LocalToolRun,
): Promise<ToolProduct> {
  if (findTool(toolId)?.label !== "Local AI") return runLocalTool(toolId, inputs, params, run);
  worker ??= startWorker();
  const w = worker;
  const id = nextId++;
  return new Promise<ToolProduct>((resolve, reject) => {
    if (run.signal.aborted) return reject(Object.assign(new Error("Cancelled"), { name: "AbortError" }));
    const onAbort = () => w.postMessage({ type: "abort", id } satisfies HostMessage);
    run.signal.addEventListener("abort", onAbort, { once: true });
    const done = () => run.signal.removeEventListener("abort", onAbort);
    pending.set(id, {
      resolve: (p) => (done(), resolve(p)),
      reject: (e) => (done(), reject(e)),
      onProgress: run.onProgress,
    });
    w.postMessage({ type: "run", id, toolId, inputs, params } satisfies HostMessage);
  });
}

/** Stops the worker (tests, shutdown). */
export async function stopOfflineToolWorker(): Promise<void> {
  const w = worker;
  worker = null;
  if (w) await w.terminate();
}
