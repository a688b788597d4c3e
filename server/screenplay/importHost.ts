/**
 * Script imports run in a worker thread (./importWorker.ts): unzipping and parsing a 50 MB upload can take
 * seconds, and on the server's own thread that would hold every other request (issue 17 item 3). One worker
 * per process, started on first use; imports go to it one at a time. An import that runs past its time
 * limit, or a worker that dies (its heap is capped), fails that import and the next one gets a new worker.
 */
import { Worker } from "node:worker_threads";
import type { ParsedScript } from "../../domain/screenplay/elements";
import { PARSE_MESSAGES, ScreenplayParseError } from "../../domain/screenplay/parseError";
import type { ImportKind } from "./importScript";

export type ImportRequest = { id: number; kind: ImportKind; bytes: Uint8Array };
export type ImportReply = { id: number; ok: true; parsed: ParsedScript } | { id: number; ok: false; refused: boolean; message: string };

export const IMPORT_TIME_LIMIT_MS = 20_000;
/** Far above what a capped document needs to parse; a file that needs more fails alone, not the server. */
const WORKER_HEAP_MB = 1024;

interface Job {
  kind: ImportKind;
  bytes: Buffer;
  resolve(parsed: ParsedScript): void;
  reject(err: Error): void;
}

let worker: Worker | null = null;
let nextId = 1;
const queue: Job[] = [];
let running: { id: number; job: Job; timer: NodeJS.Timeout; worker: Worker } | null = null;

function failureFor(kind: ImportKind): ScreenplayParseError {
  return new ScreenplayParseError(kind === "docx" ? PARSE_MESSAGES.docxUnparseable : "Failed to process uploaded file. Please check the file format and try again.");
}

function finish(outcome: { parsed: ParsedScript } | { error: Error }) {
  if (!running) return;
  clearTimeout(running.timer);
  const { job } = running;
  running = null;
  if ("parsed" in outcome) job.resolve(outcome.parsed);
  else job.reject(outcome.error);
  startNext();
}

function startWorker(): Worker {
  const w = new Worker(new URL("./importWorker.mjs", import.meta.url), { resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB } });
  w.on("message", (m: ImportReply) => {
    if (running?.worker !== w || m.id !== running.id) return;
    if (m.ok) finish({ parsed: m.parsed });
    else finish({ error: m.refused ? new ScreenplayParseError(m.message) : new Error(m.message) });
  });
  const fail = () => {
    if (worker === w) worker = null;
    if (running?.worker === w) finish({ error: failureFor(running.job.kind) });
  };
  w.on("error", fail);
  w.on("exit", fail);
  // An idle worker does not keep the process alive (tests and shutdown end on their own).
  w.unref();
  return w;
}

function startNext() {
  if (running) return;
  const job = queue.shift();
  if (!job) return;
  worker ??= startWorker();
  const w = worker;
  const id = nextId++;
  const timer = setTimeout(() => {
    worker = null;
    void w.terminate(); // its exit settles nothing more: the job is finished here
    finish({ error: failureFor(job.kind) });
  }, IMPORT_TIME_LIMIT_MS);
  running = { id, job, timer, worker: w };
  w.postMessage({ id, kind: job.kind, bytes: job.bytes } satisfies ImportRequest);
}

/** importScript, off the server's thread; bad files reject with ScreenplayParseError. */
export function importScriptOffThread(kind: ImportKind, bytes: Buffer): Promise<ParsedScript> {
  return new Promise((resolve, reject) => {
    queue.push({ kind, bytes, resolve, reject });
    startNext();
  });
}
