/**
 * The generation job queue: pg-boss on the studio's own database (PGlite or PostgreSQL), so jobs survive
 * restarts and several processes can share the work (`npm run worker`).
 *
 * pg-boss workers poll. To keep queue overhead in milliseconds rather than the polling interval, every
 * enqueue wakes the workers: directly in this process, and through a Postgres NOTIFY for workers in other
 * processes; a job queued to start later wakes this process's workers when it is due. Polling stays as the
 * safety net: every 2 s on PostgreSQL, where other processes queue jobs too; every 10 s on PGlite, which
 * belongs to this one process and runs one query at a time (each poll held every save behind it for 3–12
 * ms, bench:autosave).
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

export class GenerationQueue {
  private workerIds: string[] = [];
  private unlisten?: () => Promise<void>;

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

  private wakeLocal() {
    for (const id of this.workerIds) this.boss.notifyWorker(id);
  }

  /** Starts `concurrency` workers in this process; each takes one job at a time. */
  async work(concurrency: number, handler: JobHandler): Promise<void> {
    for (let i = 0; i < concurrency; i++) {
      let self = "";
      const id = await this.boss.work<GenerationJob>(
        GENERATION_QUEUE,
        { batchSize: 1, pollingIntervalSeconds: POLLING_SECONDS[this.database.kind] },
        async ([job]) => {
          try {
            if (job) await handler(job.data);
          } finally {
            // More may be waiting: look again at once instead of after the polling interval.
            if (self) this.boss.notifyWorker(self);
          }
        },
      );
      self = id;
      this.workerIds.push(id);
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
    // Jobs in flight finish or are recovered by the sweeper after a restart.
    await this.boss.stop({ graceful: true, wait: true, timeout: 10_000 });
  }
}
