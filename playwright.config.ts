import { defineConfig } from "@playwright/test";
import { chromiumLaunchOptions } from "./e2e/support/chromium";
import {
  E2E_AUTH_SECRET,
  E2E_AUTH_WINDOW_SECONDS,
  E2E_PORT,
  E2E_SIGNUPS_PER_ADDRESS,
  LOW_CREDITS_PORT,
  LOW_SIGNUP_CREDITS,
} from "./e2e/support/servers";
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";

const PORT = E2E_PORT;
// A fresh embedded database for every run, so the suite never depends on what a previous run left.
const DATA_DIR = process.env.E2E_DATA_DIR ?? mkdtempSync(path.join(os.tmpdir(), "reelgraph-e2e-"));
const AUTH_LIMITS = {
  AUTH_FAILURE_WINDOW_SECONDS: String(E2E_AUTH_WINDOW_SECONDS),
  AUTH_SIGNUPS_PER_ADDRESS_PER_HOUR: String(E2E_SIGNUPS_PER_ADDRESS),
};

export default defineConfig({
  testDir: "e2e",
  // e2e/fuzz/*.test.ts are vitest files (the sync fuzz runs in Node, not in a browser).
  testMatch: "**/*.spec.ts",
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [["list"], ["./e2e/support/errorContextReporter.ts"]],
  use: {
    baseURL: `http://localhost:${PORT}`,
    viewport: { width: 1280, height: 800 },
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: chromiumLaunchOptions,
  },
  webServer: [
    {
      command: "npm run build -- --logLevel warn && node --import tsx server/main.ts",
      url: `http://localhost:${PORT}/api/health`,
      timeout: 180_000,
      reuseExistingServer: false,
      // As a hosted operator runs it: local models cost credits, so the journeys see credits move.
      env: { PORT: String(PORT), DATA_DIR, BETTER_AUTH_SECRET: E2E_AUTH_SECRET, PRICE_LOCAL_MODELS: "true", ...AUTH_LIMITS },
    },
    {
      // A second studio whose new accounts start nearly empty, for the 'Insufficient credits' journey. It
      // waits for the first one's build (same dist/app) by starting after it answers.
      command: `node scripts/wait-for.mjs http://localhost:${PORT}/api/health && node --import tsx server/main.ts`,
      url: `http://localhost:${LOW_CREDITS_PORT}/api/health`,
      timeout: 240_000,
      reuseExistingServer: false,
      env: {
        PORT: String(LOW_CREDITS_PORT),
        DATA_DIR: `${DATA_DIR}-low-credits`,
        SIGNUP_CREDITS: String(LOW_SIGNUP_CREDITS),
        PRICE_LOCAL_MODELS: "true",
        BETTER_AUTH_SECRET: E2E_AUTH_SECRET,
        ...AUTH_LIMITS,
      },
    },
  ],
});
