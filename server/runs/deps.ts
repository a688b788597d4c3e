/** What the run engine needs from the rest of the server; run kinds get more (server/generation/deps.ts). */
import type { Db } from "../db/client";
import type { RealtimeHub } from "../realtime/hub";
import type { MediaStorage } from "../storage/storage";
import type { GenerationQueue } from "./queue";

export interface RunDeps {
  db: Db;
  hub: RealtimeHub;
  storage: MediaStorage;
  queue: GenerationQueue;
  /** Runs of one user at the same time; more wait in the queue. */
  perUserConcurrency: number;
  /** Queued or running runs one user may have before new ones are refused. */
  perUserBacklog: number;
}
