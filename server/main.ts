import { loadConfig } from "./config";
import { openDatabase } from "./db/client";
import { buildApp } from "./app";
import { warmScreenplayPdf } from "./screenplay/pdf";
import path from "node:path";

/** Starts the studio: database (PGlite in DATA_DIR unless DATABASE_URL), migrations, API and app. */
async function main() {
  const config = loadConfig();
  const database = await openDatabase({
    url: config.databaseUrl,
    dataDir: path.join(config.dataDir, "db"),
    pgliteInProcess: config.pgliteInProcess,
  });
  const { server } = await buildApp({ database, config, logger: process.env.LOG_REQUESTS === "1" });

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal}: closing connections and the database…`);
    try {
      await server.close();
    } finally {
      // PGlite checkpoints on close; skipping it can lose the last writes.
      await database.close();
      process.exit(0);
    }
  };
  process.on("SIGINT", () => void stop("SIGINT"));
  process.on("SIGTERM", () => void stop("SIGTERM"));

  await server.listen({ port: config.port, host: config.host });
  const where = database.kind === "pglite" ? `embedded PGlite in ${path.join(config.dataDir, "db")}` : "PostgreSQL";
  console.log(`Reelgraph studio on http://localhost:${config.port}  (database: ${where})`);
  // Load the screenplay fonts and PDF code now, so the first script export is as fast as the rest.
  void warmScreenplayPdf().catch((err) => console.warn("screenplay PDF warm-up failed", err));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
