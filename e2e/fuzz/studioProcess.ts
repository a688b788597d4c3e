import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";

/** A free loopback port, asked of the OS. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.unref();
    s.on("error", reject);
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

/**
 * The real studio server as a child process on a data dir of its own (PGlite), which it keeps across a
 * SIGKILL and a restart, as a crashed studio would.
 */
export class StudioProcess {
  readonly dataDir = mkdtempSync(path.join(os.tmpdir(), "reelgraph-fuzz-"));
  private child: ChildProcess | null = null;
  kills = 0;
  /** Exits the fuzz did not cause: each is a finding. */
  crashes = 0;

  private constructor(
    readonly port: number,
    /** Settings beyond the defaults (the ledger chaos run points fal and Stripe at local fakes). */
    private readonly extraEnv: Record<string, string> = {},
    /** How long a start may take (a busy CI machine compiles the server slowly). */
    private readonly startTimeoutMs = 60_000,
  ) {}

  static async start(extraEnv: Record<string, string> = {}, startTimeoutMs?: number): Promise<StudioProcess> {
    const studio = new StudioProcess(await freePort(), extraEnv, startTimeoutMs);
    await studio.up();
    return studio;
  }

  get url() {
    return `http://127.0.0.1:${this.port}`;
  }

  get running() {
    return this.child !== null;
  }

  async up(): Promise<void> {
    if (this.child) return;
    const child = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], {
      cwd: path.resolve(import.meta.dirname, "../.."),
      // Every seed signs up a user from 127.0.0.1: a full run (50 seeds) would pass the per-address sign-up limit.
      env: {
        ...process.env,
        PORT: String(this.port),
        HOST: "127.0.0.1",
        DATA_DIR: this.dataDir,
        BASE_URL: this.url,
        LOG_REQUESTS: "0",
        AUTH_SIGNUPS_PER_ADDRESS_PER_HOUR: "100000",
        ...this.extraEnv,
      },
      stdio: ["ignore", "ignore", "pipe"],
    });
    let stderr = "";
    child.stderr?.on("data", (d) => (stderr = (stderr + String(d)).slice(-4000)));
    this.child = child;
    // Not one of our SIGKILLs: the studio crashed. Say why, and let the next up() start it again.
    child.once("exit", (code, signal) => {
      if (this.child !== child) return;
      this.child = null;
      this.crashes += 1;
      console.error(`[fuzz] the studio exited by itself (${code ?? signal}): ${stderr.slice(-2000)}`);
    });
    const until = Date.now() + this.startTimeoutMs;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the studio exited while starting: ${stderr}`);
      try {
        if ((await fetch(`${this.url}/api/health`)).ok) return;
      } catch {
        /* not listening yet */
      }
      if (Date.now() > until) throw new Error(`the studio did not start within ${this.startTimeoutMs / 1000} s: ${stderr}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  /** SIGKILL: no shutdown, no checkpoint, requests in flight cut off. */
  async kill(): Promise<void> {
    const child = this.child;
    if (!child) return;
    this.child = null;
    this.kills += 1;
    const exited = new Promise((r) => child.once("exit", r));
    child.kill("SIGKILL");
    await exited;
  }

  /** Stops it (SIGTERM) and keeps its data dir, for reading the database afterwards; `stop()` removes it. */
  async halt(): Promise<void> {
    const child = this.child;
    this.child = null;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((r) => child.once("exit", r));
    child.kill("SIGTERM");
    await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
    if (child.exitCode === null) {
      child.kill("SIGKILL");
      await exited;
    }
  }

  async stop(): Promise<void> {
    const child = this.child;
    this.child = null;
    if (child && child.exitCode === null) {
      const exited = new Promise((r) => child.once("exit", r));
      child.kill("SIGTERM");
      await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
      if (child.exitCode === null) child.kill("SIGKILL");
    }
    rmSync(this.dataDir, { recursive: true, force: true });
  }
}
