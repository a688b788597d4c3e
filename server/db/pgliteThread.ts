import { Worker } from "node:worker_threads";
import type { QueryOptions, Results } from "@electric-sql/pglite";

/**
 * PGlite (embedded Postgres) on its own thread, behind the part of PGlite's interface the studio uses
 * (drizzle's PGlite driver, pg-boss's raw SQL, LISTEN). PGlite executes queries synchronously on the
 * thread it lives on: on the server's thread, each query stopped all HTTP and JSON work meanwhile, so the
 * studio used one core, and saves arriving together could never gather into one write
 * (bench/autosave). Transactions keep PGlite's own rule: while one is open, everything else waits for it.
 */
export class PGliteThread {
  private nextId = 1;
  private readonly pending = new Map<number, { resolve(value: unknown): void; reject(err: Error): void }>();
  private readonly listeners = new Map<number, (payload: string) => void>();
  private failure: Error | null = null;

  private constructor(private readonly worker: Worker) {
    worker.on("message", (m: WorkerReply) => {
      if ("notification" in m) return this.listeners.get(m.notification)?.(m.payload);
      if (!("id" in m)) return;
      const p = this.pending.get(m.id);
      this.pending.delete(m.id);
      if (m.ok) p?.resolve(m.result);
      else p?.reject(databaseError(m.error));
    });
    // The thread ended under us (out of memory, a crash in WASM): every waiting query fails with why, and
    // the process ends as it would have with PGlite on its own thread, so a supervisor restarts it
    // instead of a studio answering 500 to everything.
    const lost = (err: Error) => {
      const unexpected = !this.failure;
      this.failure ??= err;
      for (const p of this.pending.values()) p.reject(this.failure);
      this.pending.clear();
      if (unexpected) {
        setImmediate(() => {
          throw err;
        });
      }
    };
    worker.on("error", lost);
    worker.on("exit", (code) => lost(new Error(`The embedded database stopped (exit code ${code})`)));
  }

  /** Starts the thread and waits for the database: in `dataDir`, or in memory without one. */
  static async open(dataDir?: string): Promise<PGliteThread> {
    const worker = new Worker(new URL("./pgliteWorker.mjs", import.meta.url), { workerData: { dataDir } });
    await new Promise<void>((resolve, reject) => {
      const onMessage = (m: { ready?: boolean; error?: ErrorData }) => {
        if (m.ready === undefined) return;
        worker.off("message", onMessage);
        if (m.ready) resolve();
        else reject(databaseError(m.error ?? { message: "The embedded database did not start" }));
      };
      worker.on("message", onMessage);
      worker.once("error", reject);
    });
    return new PGliteThread(worker);
  }

  async query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    return this.call({ op: "query", text, params, options: sendable(options) });
  }

  async exec(text: string, options?: QueryOptions): Promise<Results[]> {
    return this.call({ op: "exec", text, options: sendable(options) });
  }

  /** Runs `callback` in one transaction: committed when it returns, rolled back when it throws. */
  async transaction<T>(callback: (tx: PGliteThreadTransaction) => Promise<T>): Promise<T> {
    const txId = this.nextId++;
    await this.call({ op: "begin", txId });
    const tx: PGliteThreadTransaction = {
      query: async (text, params, options) => this.call({ op: "query", txId, text, params, options: sendable(options) }),
      exec: async (text, options) => this.call({ op: "exec", txId, text, options: sendable(options) }),
      rollback: async () => {
        throw new Error("Roll a transaction back by throwing from its callback");
      },
      closed: false,
    };
    let result: T;
    try {
      result = await callback(tx);
    } catch (err) {
      tx.closed = true;
      await this.call({ op: "end", txId, commit: false });
      throw err;
    }
    tx.closed = true;
    await this.call({ op: "end", txId, commit: true });
    return result;
  }

  async listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>> {
    const listenId = this.nextId++;
    this.listeners.set(listenId, onPayload);
    await this.call({ op: "listen", channel, listenId });
    return async () => {
      this.listeners.delete(listenId);
      await this.call({ op: "unlisten", listenId });
    };
  }

  /** Closes the database (PGlite writes its files out) and ends the thread. */
  async close(): Promise<void> {
    if (!this.failure) await this.call({ op: "close" });
    this.failure ??= new Error("The embedded database is closed");
    await this.worker.terminate();
  }

  private call<T>(message: Record<string, unknown>): Promise<T> {
    if (this.failure) return Promise.reject(this.failure);
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      this.worker.postMessage({ ...message, id });
    });
  }
}

export interface PGliteThreadTransaction {
  query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  exec(text: string, options?: QueryOptions): Promise<Results[]>;
  rollback(): Promise<void>;
  closed: boolean;
}

type ErrorData = { message: string; name?: string } & Record<string, unknown>;
type WorkerReply =
  | { id: number; ok: true; result: unknown }
  | { id: number; ok: false; error: ErrorData }
  | { notification: number; payload: string };

/**
 * Functions cannot cross to the thread. The only parsers sent are drizzle's, which keep a type's text as it
 * is (it maps dates and intervals itself); they go as the list of those type ids.
 */
function sendable(options?: QueryOptions): Record<string, unknown> | undefined {
  if (!options) return undefined;
  const { parsers, serializers, ...rest } = options;
  if (serializers && Object.keys(serializers).length) throw new Error("Query serializers cannot run on the database thread");
  if (!parsers) return rest;
  for (const [type, parse] of Object.entries(parsers)) {
    if (parse("1", Number(type)) !== "1") throw new Error(`Only parsers that keep the text can run on the database thread (type ${type})`);
  }
  return { ...rest, rawTypes: Object.keys(parsers).map(Number) };
}

/** The worker's error as an Error again, with Postgres' fields (code, constraint, detail...) on it. */
function databaseError(data: ErrorData): Error {
  const err = new Error(data.message);
  Object.assign(err, data);
  return err;
}
