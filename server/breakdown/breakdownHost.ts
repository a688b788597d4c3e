/**
 * Script breakdowns and reports run in one worker thread (./breakdownWorker.ts), started on first use and
 * fed one task at a time, so reading a long script never stalls the thread that answers other requests.
 * A task past its time limit, or a worker that dies, fails that task; the next one gets a new worker.
 */
import { Worker } from "node:worker_threads";
import type { Breakdown, BreakdownReport } from "../../domain/breakdown";
import type { ScreenplayElement } from "../../domain/screenplay/elements";

type TaskRequest = { elements: ScreenplayElement[] } & ({ task: "breakdown"; headingId?: string } | { task: "report" });
export type BreakdownRequest = TaskRequest & { id: number };
export type BreakdownReply = { id: number; ok: true; breakdown?: Breakdown; report?: BreakdownReport } | { id: number; ok: false; message: string };

const TIME_LIMIT_MS = 30_000;
const WORKER_HEAP_MB = 1024;

interface Task {
  request: TaskRequest;
  resolve(reply: Extract<BreakdownReply, { ok: true }>): void;
  reject(err: Error): void;
}

let worker: Worker | null = null;
let nextId = 1;
const queue: Task[] = [];
let running: { id: number; task: Task; timer: NodeJS.Timeout; worker: Worker } | null = null;

function finish(outcome: { reply: Extract<BreakdownReply, { ok: true }> } | { error: Error }) {
  if (!running) return;
  clearTimeout(running.timer);
  const { task } = running;
  running = null;
  if ("reply" in outcome) task.resolve(outcome.reply);
  else task.reject(outcome.error);
  startNext();
}

function startWorker(): Worker {
  const w = new Worker(new URL("./breakdownWorker.mjs", import.meta.url), { resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB } });
  w.on("message", (m: BreakdownReply) => {
    if (running?.worker !== w || m.id !== running.id) return;
    finish(m.ok ? { reply: m } : { error: new Error(m.message) });
  });
  const fail = () => {
    if (worker === w) worker = null;
    if (running?.worker === w) finish({ error: new Error("The breakdown stopped unexpectedly. Please try again.") });
  };
  w.on("error", fail);
  w.on("exit", fail);
  // An idle worker does not keep the process alive (tests and shutdown end on their own).
  w.unref();
  return w;
}

function startNext() {
  if (running) return;
  const task = queue.shift();
  if (!task) return;
  worker ??= startWorker();
  const w = worker;
  const id = nextId++;
  const timer = setTimeout(() => {
    worker = null;
    void w.terminate();
    finish({ error: new Error("The breakdown took too long. Please try again.") });
  }, TIME_LIMIT_MS);
  running = { id, task, timer, worker: w };
  w.postMessage({ ...task.request, id } as BreakdownRequest);
}

function run(request: TaskRequest): Promise<Extract<BreakdownReply, { ok: true }>> {
  return new Promise((resolve, reject) => {
    queue.push({ request, resolve, reject });
    startNext();
  });
}

export async function breakDownOffThread(elements: ScreenplayElement[], headingId?: string): Promise<Breakdown> {
  return (await run({ task: "breakdown", elements, headingId })).breakdown!;
}

export async function breakdownReportOffThread(elements: ScreenplayElement[]): Promise<BreakdownReport> {
  return (await run({ task: "report", elements })).report!;
}
