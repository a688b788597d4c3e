import { defineConfig } from "vitest/config";
import react from "@vitejs/plugin-react";

// `*.postgres.test.ts` files need a server PostgreSQL (several processes on one database): api-postgres only.
const api = (name: string, env: Record<string, string>, postgresOnly: "include" | "exclude") => ({
  test: {
    name,
    include: ["server/**/*.test.ts", "scripts/**/*.test.ts"],
    ...(postgresOnly === "exclude" ? { exclude: ["**/node_modules/**", "**/*.postgres.test.ts"] } : {}),
    environment: "node" as const,
    env,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

// The API suite runs on PGlite always, and once more on PostgreSQL when TEST_DATABASE_URL is set.
export default defineConfig({
  test: {
    // Each API file opens its own embedded Postgres; two at a time suits a 2-core machine.
    maxWorkers: 2,
    projects: [
      { test: { name: "domain", include: ["domain/**/*.test.ts"], environment: "node" } },
      {
        plugins: [react()],
        // Typing through user-event in jsdom takes seconds on a busy 2-core machine; 5 s timed a test out
        // mid-typing there, and its last keys landed in the next test.
        test: {
          name: "app",
          include: ["app/**/*.test.{ts,tsx}"],
          environment: "jsdom",
          setupFiles: ["app/test/setup.ts"],
          testTimeout: 20_000,
        },
      },
      api("api-pglite", { TEST_DB: "pglite" }, "exclude"),
      // The sync fuzz starts the real studio as a child process (e2e/fuzz).
      {
        // One retry: the sync fuzz is timing-dependent (a seed does not replay exactly), and a CI machine may be
        // loaded; a failure that repeats fails the run.
        test: {
          name: "fuzz",
          include: ["e2e/fuzz/**/*.test.ts"],
          environment: "node",
          testTimeout: 300_000,
          hookTimeout: 120_000,
          retry: 1,
        },
      },
      {
        // The ledger chaos run's small version: the real studio as a child process, killed mid-job.
        test: { name: "chaos", include: ["e2e/chaos/**/*.test.ts"], environment: "node", testTimeout: 300_000 },
      },
      {
        // Issue 29: the real studio as a child process, abused (deep JSON, large zips) while /api/health is timed.
        test: {
          name: "robustness",
          include: ["e2e/robustness/**/*.test.ts"],
          environment: "node",
          testTimeout: 120_000,
          hookTimeout: 150_000,
        },
      },
      ...(process.env.TEST_DATABASE_URL ? [api("api-postgres", { TEST_DB: "postgres" }, "include")] : []),
    ],
  },
});
