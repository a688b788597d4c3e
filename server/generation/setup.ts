/**
 * Builds the run pieces for one process: queue, run engine (runner inside) with every run kind, and
 * optionally workers.
 * Used by the web server (buildApp) and by `npm run worker`.
 */
import { type Provider } from "../../domain/providers/registry";
import type { Model } from "../../domain/generation/modelTypes";
import type { Database } from "../db/client";
import { keysSecretFrom } from "../keys/crypto";
import { keyStatuses, resolveCredentials } from "../keys/keyService";
import type { RealtimeHub } from "../realtime/hub";
import type { MediaStorage } from "../storage/storage";
import { runKinds, subscribeToRuns } from "../runKinds";
import { RunEngine } from "../runs/engine";
import { GenerationQueue } from "../runs/queue";
import type { GenerationDeps, GenerationEngine } from "./deps";
import type { Engine } from "./engine";
import { ENGINES, modelAvailability } from "./engines";

export interface GenerationOptions {
  /** Extra or replacement engines (tests and benchmarks use fakes of external providers). */
  engines?: Partial<Record<Provider, Engine>>;
  /** Workers in this process; 0 leaves the work to `npm run worker` processes. Default GENERATION_WORKERS or 2. */
  workers?: number;
  perUserConcurrency?: number;
  perUserBacklog?: number;
  env?: NodeJS.ProcessEnv;
  modelAvailability?: (model: Model) => { usable: boolean; reason?: string };
  /** How often to look for generations whose worker died (ms). */
  sweepEveryMs?: number;
}

export interface Generation {
  /** The run engine (server/runs). */
  service: GenerationEngine;
  queue: GenerationQueue;
  close(): Promise<void>;
}

const intFromEnv = (raw: string | undefined, fallback: number) => {
  const n = Number(raw);
  return raw !== undefined && raw !== "" && Number.isInteger(n) && n >= 0 ? n : fallback;
};

export async function startGeneration(
  database: Database,
  hub: RealtimeHub,
  storage: MediaStorage,
  secret: string,
  options: GenerationOptions = {},
): Promise<Generation> {
  const env = options.env ?? process.env;
  const queue = await GenerationQueue.open(database);
  const keysSecret = keysSecretFrom(env, secret);
  const deps: GenerationDeps = {
    db: database.db,
    hub,
    storage,
    queue,
    engines: { ...ENGINES, ...options.engines },
    credentialsFor: (userId, provider) => resolveCredentials(database.db, keysSecret, env, userId, provider),
    keySourcesFor: async (userId) => new Map((await keyStatuses(database.db, env, userId)).map((k) => [k.provider, k.source])),
    modelAvailability: options.modelAvailability ?? modelAvailability,
    perUserConcurrency: options.perUserConcurrency ?? intFromEnv(env.GENERATION_USER_CONCURRENCY, 2),
    perUserBacklog: options.perUserBacklog ?? intFromEnv(env.GENERATION_USER_BACKLOG, 50),
  };
  const service = new RunEngine(deps, runKinds());
  subscribeToRuns(service);
  const workers = options.workers ?? intFromEnv(env.GENERATION_WORKERS, 2);
  let sweeper: NodeJS.Timeout | undefined;
  if (workers > 0) {
    // The embedded database belongs to this one process: whatever was running when it stopped is orphaned.
    await service.recover({ everyRunning: database.kind === "pglite" });
    await queue.work(workers, (job) => service.runner.run(job.generationId));
    sweeper = setInterval(
      () => void service.recover().catch((err) => console.error("[generation] recovery failed", err)),
      options.sweepEveryMs ?? 10_000,
    );
    sweeper.unref();
  }
  return {
    service,
    queue,
    async close() {
      if (sweeper) clearInterval(sweeper);
      await queue.close();
    },
  };
}
