import { spawn } from "node:child_process";

/**
 * Asks a studio's /api/health again and again from a process of its own, so the test's own work (building
 * and sending a 20 MB zip) cannot be mistaken for the server's slowness. `stop()` returns the slowest
 * answer and how many were asked; a health check that failed counts as the time it took to fail.
 */
const POLL = `
let worst = 0, polls = 0, failures = 0, stopping = false;
process.stdin.on("data", () => (stopping = true));
(async () => {
  while (!stopping) {
    const started = performance.now();
    try {
      const res = await fetch(process.argv[1] + "/api/health", { signal: AbortSignal.timeout(30000) });
      await res.text();
      if (!res.ok) failures++;
    } catch { failures++; }
    worst = Math.max(worst, performance.now() - started);
    polls++;
    await new Promise((r) => setTimeout(r, 25));
  }
  process.stdout.write(JSON.stringify({ worstMs: Math.round(worst), polls, failures }));
  process.exit(0);
})();
`;

export interface HealthReport {
  worstMs: number;
  polls: number;
  failures: number;
}

export function pollHealth(baseUrl: string): { stop(): Promise<HealthReport> } {
  const child = spawn(process.execPath, ["-e", POLL, baseUrl], { stdio: ["pipe", "pipe", "inherit"] });
  let out = "";
  child.stdout.on("data", (d) => (out += String(d)));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  return {
    async stop() {
      child.stdin.end("stop\n");
      await exited;
      return JSON.parse(out) as HealthReport;
    },
  };
}
