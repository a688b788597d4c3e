/**
 * One worker thread for a kind of heavy, pure work (script imports, breakdowns), so it never stalls the
 * thread that answers every other request. The worker starts on first use and takes tasks one at a time;
 * a task that runs past its time limit, or a worker that dies (its heap is capped), fails that task, and
 * the next task gets a new worker. An idle worker does not keep the process alive.
 *
 * The worker answers each `{ id, ...task }` with `{ id, ...reply }`; `settle` turns a reply into the task's
 * value, or throws the error the caller should see.
 */
import { Worker } from "node:worker_threads";

export interface WorkerHostOptions<Task, Reply, Value> {
  /** The worker's entry (an .mjs that loads its TypeScript through tsx). */
  url: URL;
  timeLimitMs: number;
  heapMb: number;
  settle(reply: Reply): Value;
  /** The error a task gets when the worker ran out of time or died. */
  failure(task: Task, cause: "timeout" | "died"): Error;
  /** Buffers the task hands over rather than copies (a large upload's bytes): they are unusable here afterwards. */
  transfer?(task: Task): ArrayBuffer[];
}

interface Pending<Task, Value> {
  task: Task;
  resolve(value: Value): void;
  reject(err: Error): void;
}

export function createWorkerHost<Task extends object, Reply extends object, Value>(
  options: WorkerHostOptions<Task, Reply, Value>,
): (task: Task) => Promise<Value> {
  let worker: Worker | null = null;
  let nextId = 1;
  const queue: Pending<Task, Value>[] = [];
  let running: { id: number; job: Pending<Task, Value>; timer: NodeJS.Timeout; worker: Worker } | null = null;

  const finish = (outcome: { reply: Reply } | { error: Error }) => {
    if (!running) return;
    clearTimeout(running.timer);
    const { job } = running;
    running = null;
    if ("error" in outcome) job.reject(outcome.error);
    else {
      try {
        job.resolve(options.settle(outcome.reply));
      } catch (err) {
        job.reject(err as Error);
      }
    }
    startNext();
  };

  const startWorker = () => {
    const w = new Worker(options.url, { resourceLimits: { maxOldGenerationSizeMb: options.heapMb } });
    w.on("message", (m: Reply & { id: number }) => {
      if (running?.worker !== w || m.id !== running.id) return;
      finish({ reply: m });
    });
    const fail = () => {
      if (worker === w) worker = null;
      if (running?.worker === w) finish({ error: options.failure(running.job.task, "died") });
    };
    w.on("error", fail);
    w.on("exit", fail);
    w.unref();
    return w;
  };

  const startNext = () => {
    if (running) return;
    const job = queue.shift();
    if (!job) return;
    worker ??= startWorker();
    const w = worker;
    const id = nextId++;
    const timer = setTimeout(() => {
      worker = null;
      void w.terminate(); // its exit settles nothing more: the task is finished here
      finish({ error: options.failure(job.task, "timeout") });
    }, options.timeLimitMs);
    running = { id, job, timer, worker: w };
    w.postMessage({ ...job.task, id }, options.transfer?.(job.task) ?? []);
  };

  return (task: Task) =>
    new Promise<Value>((resolve, reject) => {
      queue.push({ task, resolve, reject });
      startNext();
    });
}
