/**
 * `npm run worker`: a process that only runs generation jobs, for scaling out. It shares PostgreSQL
 * (DATABASE_URL) and media storage (S3, or the same DATA_DIR on one machine) with the web servers; progress
 * and results reach their clients through the LISTEN/NOTIFY relay.
 */
import path from "node:path";
import { loadConfig } from "./config";
import { openDatabase } from "./db/client";
import { startGeneration } from "./generation/setup";
import { RealtimeHub } from "./realtime/hub";
import { PgNotifyRelay } from "./realtime/pgRelay";
import { createStorage } from "./storage/createStorage";
import { priceLocalRuns } from "../domain/generation/localRunPricing";

async function main() {
  const config = loadConfig();
  priceLocalRuns(config.priceLocalModels);
  if (!config.databaseUrl) {
    console.error(
      "npm run worker needs DATABASE_URL: the embedded database belongs to the one `npm start` process, which runs its own workers.",
    );
    process.exit(1);
  }
  const database = await openDatabase({
    url: config.databaseUrl,
    dataDir: path.join(config.dataDir, "db"),
    pgliteInProcess: config.pgliteInProcess,
  });
  const hub = new RealtimeHub(await PgNotifyRelay.start(database.notifier));
  const workers = Number(process.env.GENERATION_WORKERS ?? 4) || 4;
  const generation = await startGeneration(database, hub, createStorage(process.env, config.dataDir), config.authSecret, { workers });
  console.log(`Reelgraph generation worker: ${workers} workers on PostgreSQL`);
  const stop = async () => {
    await generation.close();
    await hub.close();
    await database.close();
    process.exit(0);
  };
  process.on("SIGINT", () => void stop());
  process.on("SIGTERM", () => void stop());
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
