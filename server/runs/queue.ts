/**
 * The generation job queue: pg-boss on the studio's own database (PGlite or PostgreSQL), so jobs survive
 * restarts and several processes can share the work (`npm run worker`).
 *
 * pg-boss workers poll. To keep queue overhead in milliseconds rather than the polling interval, every
 * enqueue wakes a worker: directly in this process, and through a Postgres NOTIFY for workers in other
 * processes; a job queued to start later wakes this process's workers when it is due. Polling stays as the
 * safety net: every 2 s on PostgreSQL, where other processes queue jobs too; every 10 s on PGlite, which
 * belongs to this one process and runs one query at a time (each poll held every save behind it for 3–12
 * ms, bench:autosave).
 *
 * A wake is one job, so it wakes one idle worker, not all of them: each fetch is a round trip, and on
 * PGlite the empty ones queued in front of the run's own statements (bench:queue traced five fetches per
 * no-op run, 23 ms of its 42). A wake that finds every worker busy is kept, and the first worker to finish
 * fetches again for it. A worker that ran a job looks again at once, until a fetch finds the queue empty:
 * wakes arriving together can land on a worker already woken (pg-boss keeps one flag per worker, not a
 * count), so counting wakes alone lost jobs, which then waited for the poll (bench:queue's 200 runs at once
 * took 13–14 s instead of 3.5 in about one try of three, every worker asleep beside 160 due jobs). A burst
 * ends with one empty fetch per worker; a run handed over in-process (below) has no job and fetches nothing.
 *
 * In-process hand-off: a run started in a process with an idle worker of its own needs no job at all. The
 * engine takes the worker (`takeIdleWorker`) before recording the run and gives it the run once recorded,
 * which saves the job's insert, the worker's fetch and the job's completion, five round trips with the
 * transaction around them (bench:queue). The run's row is what lasts: a row left queued with no job (this
 * process died before the worker claimed it) gets one from the engine's recovery, at start on PGlite and
 * from the sweeper on PostgreSQL.
 */
import PgBoss from "pg-boss";
import { sql, type SQL } from "drizzle-orm";
import { rowsOf, type Database, type Db, type ExecuteSql } from "../db/client";

export const GENERATION_QUEUE = "generation";
const WAKE_CHANNEL = "generation_jobs";
/** A job whose worker vanished is handed back by pg-boss after this; the sweeper usually acts sooner. */
const JOB_EXPIRY_SECONDS = 60 * 60;
const POLLING_SECONDS = { postgres: 2, pglite: 10 } as const;
/** A delayed job is looked for this long after it is due (the database's clock and this one are the same). */
const DUE_MARGIN_MS = 100;
/** A woken worker's fetch is answered well within this; after it, the wake found nothing (`LocalWorker.wokenAt`). */
const WAKE_FETCH_MS = 1_000;
const woken = (w: { wokenAt: number }) => w.wokenAt > 0 && Date.now() - w.wokenAt < WAKE_FETCH_MS;
/** A worker that may be handed a run: not running one, and not about to fetch one it was woken for. */
const isIdle = (w: { busy: boolean; wokenAt: number }) => !w.busy && !woken(w);

export interface GenerationJob {
  generationId: string;
}

/** Runs raw `$n` SQL inside a drizzle transaction, so pg-boss can insert a job in the caller's transaction. */
export function transactionExecutor(tx: Pick<Db, "execute">): ExecuteSql {
  return async (text, values = []) => {
    const parts = text.split(/\$(\d+)/);
    const chunks: SQL[] = [];
    parts.forEach((part, i) => {
      if (i % 2 === 0) chunks.push(sql.raw(part));
      // drizzle renders an undefined parameter as nothing at all; SQL wants NULL.
      else chunks.push(sql`${values[Number(part) - 1] ?? null}`);
    });
    return { rows: rowsOf(await tx.execute(sql.join(chunks))) };
  };
}

export type JobHandler = (job: GenerationJob) => Promise<void>;

/** A worker of this process, as the wake-ups see it. */
interface LocalWorker {
  id: string;
  busy: boolean;
  /**
   * When it was last notified for a job (0: not since it last took one). pg-boss calls back only when a
   * fetch finds a job, so a wake whose job another worker took is never cleared by a job: it counts for
   * `WAKE_FETCH_MS` only. Kept forever, as before, it left a worker out of every hand-off from then on (seen on
   * PostgreSQL, where a process also hears its own wakes back).
   */
  wokenAt: number;
  /** A run handed to it in-process, until done: a job its pg-boss loop fetches meanwhile waits for it. */
  handedOff?: Promise<void>;
}

/** An idle worker taken for one run about to be recorded: given the run, or let go if it was refused. */
export interface WorkerHandOff {
  /** The run as a job: the worker claims it, as for a job from the queue. */
  run(job: GenerationJob): void;
  /** A run its recording already started (runRows.insertQueuedRun `startWithin`): the worker runs `task`. */
  runStarted(task: () => Promise<void>): void;
  release(): void;
}

export class GenerationQueue {
  private readonly workers: LocalWorker[] = [];
  /** Wakes that found every worker busy: each is a job the next worker to finish fetches for. */
  private missedWakes = 0;
  private unlisten?: () => Promise<void>;
  private handler?: JobHandler;

  private constructor(
    private readonly boss: PgBoss,
    private readonly database: Database,
  ) {}

  static async open(database: Database): Promise<GenerationQueue> {
    const boss = new PgBoss({
      db: { executeSql: (text, values) => database.executeSql(text, values) },
      schema: "pgboss",
      // Maintenance (expiry, archiving) runs in every process; cron scheduling is not used.
      schedule: false,
      supervise: true,
      maintenanceIntervalSeconds: 30,
    });
    boss.on("error", (err) => console.error("[queue]", err.message));
    await boss.start();
    await boss.createQueue(GENERATION_QUEUE, { name: GENERATION_QUEUE, retryLimit: 0, expireInSeconds: JOB_EXPIRY_SECONDS });
    return new GenerationQueue(boss, database);
  }

  /** Queues a job inside the caller's transaction: it exists exactly when the transaction commits. */
  async sendInTransaction(tx: Pick<Db, "execute">, job: GenerationJob): Promise<string> {
    const id = await this.boss.send(GENERATION_QUEUE, job, {
      db: { executeSql: transactionExecutor(tx) },
      singletonKey: job.generationId,
    });
    if (!id) throw new Error(`Generation ${job.generationId} is already queued`);
    return id;
  }

  async send(job: GenerationJob, options: { startAfterSeconds?: number } = {}): Promise<string | null> {
    const later = options.startAfterSeconds;
    const id = await this.boss.send(GENERATION_QUEUE, job, later ? { startAfter: later } : {});
    if (!later) await this.wake();
    else setTimeout(() => this.wakeLocal(), later * 1000 + DUE_MARGIN_MS).unref();
    return id;
  }

  /** Tells idle workers here and in other processes that a job is waiting. */
  async wake(): Promise<void> {
    this.wakeLocal();
    if (this.database.kind === "postgres") await this.database.notifier.notify(WAKE_CHANNEL, "1");
  }

  /** Wakes one idle worker, else leaves the wake for the first worker to finish. */
  private wakeLocal() {
    if (this.workers.length === 0) return;
    // A worker not running a job fetches after a notify: at once if it sleeps, again if it is fetching.
    // One not woken yet is preferred, so wakes arriving together reach different workers.
    const idle = this.workers.find(isIdle) ?? this.workers.find((w) => !w.busy);
    if (idle) this.notify(idle);
    else this.missedWakes++;
  }

  private notify(worker: LocalWorker) {
    worker.wokenAt = Date.now();
    this.boss.notifyWorker(worker.id);
  }

  /** A worker is free again: it fetches for a wake missed while every worker was busy. */
  private takeMissedWake(worker: LocalWorker) {
    if (this.missedWakes === 0) return false;
    this.missedWakes--;
    this.notify(worker);
    return true;
  }

  /** Whether `takeIdleWorker` would find a worker now (a run from a known node needs one: engine.ts). */
  hasIdleWorker(): boolean {
    return Boolean(this.handler && this.workers.some(isIdle));
  }

  /**
   * Takes an idle worker of this process for a run about to be recorded (see the hand-off above), or null
   * when none is idle (then the run is queued as a job). The worker counts as busy until it is given the
   * run and has run it, or is let go.
   */
  takeIdleWorker(): WorkerHandOff | null {
    const handler = this.handler;
    const idle = handler && this.workers.find(isIdle);
    if (!handler || !idle) return null;
    idle.busy = true;
    let settled = false;
    const free = () => {
      idle.busy = false;
      idle.handedOff = undefined;
      this.takeMissedWake(idle);
    };
    const runStarted = (task: () => Promise<void>) => {
      if (settled) return;
      settled = true;
      idle.handedOff = task()
        // As a job that failed: logged; a run that never got going is found again by recovery (a row left
        // queued, or one started at once whose heartbeat goes stale).
        .catch((err: unknown) => console.error("[queue] a run handed over in-process failed", err))
        .finally(free);
    };
    return {
      run: (job) => runStarted(() => handler(job)),
      runStarted,
      release: () => {
        if (settled) return;
        settled = true;
        free();
      },
    };
  }

  /** Starts `concurrency` workers in this process; each takes one job at a time. */
  async work(concurrency: number, handler: JobHandler): Promise<void> {
    this.handler = handler;
    for (let i = 0; i < concurrency; i++) {
      const self: LocalWorker = { id: "", busy: false, wokenAt: 0 };
      self.id = await this.boss.work<GenerationJob>(
        GENERATION_QUEUE,
        { batchSize: 1, pollingIntervalSeconds: POLLING_SECONDS[this.database.kind] },
        async ([job]) => {
          // Woken by its poll while running a run handed over in-process: one job at a time per worker.
          while (self.handedOff) await self.handedOff;
          self.busy = true;
          self.wokenAt = 0;
          try {
            if (job) await handler(job.data);
          } finally {
            self.busy = false;
            // More may be waiting: look again at once instead of after the polling interval, until a fetch
            // finds the queue empty (see "A worker that ran a job" above).
            if (!this.takeMissedWake(self)) this.boss.notifyWorker(self.id);
          }
        },
      );
      this.workers.push(self);
    }
    if (this.database.kind === "postgres" && !this.unlisten) {
      this.unlisten = await this.database.notifier.listen(WAKE_CHANNEL, () => this.wakeLocal());
    }
  }

  /** Generations whose job waits in the queue (created or due for a retry), not yet fetched by a worker. */
  async waitingGenerationIds(): Promise<Set<string>> {
    const { rows } = await this.database.executeSql(
      `select data->>'generationId' as id from pgboss.job where name = $1 and state in ('created', 'retry')`,
      [GENERATION_QUEUE],
    );
    return new Set((rows as { id: string | null }[]).flatMap((r) => (r.id ? [r.id] : [])));
  }

  async cancel(jobIds: string[]): Promise<void> {
    if (jobIds.length) await this.boss.cancel(GENERATION_QUEUE, jobIds);
  }

  async close(): Promise<void> {
    await this.unlisten?.();
    this.handler = undefined; // no more hand-offs; those running finish first
    await Promise.all(this.workers.map((w) => w.handedOff));
    // Jobs in flight finish or are recovered by the sweeper after a restart.
    await this.boss.stop({ graceful: true, wait: true, timeout: 10_000 });
  }
}
