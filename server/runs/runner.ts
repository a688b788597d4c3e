/**
 * Runs one queued run: claims it (respecting the per-user limit), keeps its heartbeat, hands it to its
 * kind with live progress, and settles it: on success its status becomes succeeded and its hold is captured
 * (with its result written on its node, for a kind that leaves that to the engine), then its listeners hear
 * of it; on failure the hold is released and the message goes on the node.
 * Exactly one of capture and release happens, decided by which status change wins.
 */
import { eq, sql, type SQL } from "drizzle-orm";
import { GENERATION_MESSAGES } from "../../domain/generation/api";
import { generations } from "../db/schema";
import { HttpError } from "../errors";
import { SafeFetchError } from "../net/safeFetch";
import type { RunDeps } from "./deps";
import { ProviderError } from "./failure";
import type { AnyRunKind, RunResult, RunRow } from "./kind";
import { publicRunUrl, readRunMedia } from "./media";
import { runMessages } from "../../domain/realtime";
import { publishRun } from "./publishRun";
import { markSettled } from "./nodeStatus";
import { recordMediaCall } from "../services/mediaService";
import { claimNextRun, settleRun, settleRunAsking, type SettledAsking } from "./runRows";
import { KnownNodes } from "./knownNodes";
import { GENERATION_ORIGIN, patchNodeAlong, type StoredNode } from "./nodeWriter";
import type { RunKindRegistry } from "./registry";

/** How often a running job proves its worker is alive, and how stale a heartbeat may get. */
export const HEARTBEAT_MS = 5_000;
/** Settled runs this process remembers for a waiter here (`settledHere`). */
const RECENTLY_SETTLED_KEPT = 500;
/** Progress is published at most this often per run. */
const PROGRESS_EVERY_MS = 200;
/**
 * …and stored at most this often, from the run's start (the stored figure is what a page loaded mid-run
 * shows until the next message). The end is stored by the settling write, so a run shorter than this
 * stores no progress at all: two statements fewer for every short tool run (bench:tools' queue overhead).
 */
const PROGRESS_STORED_EVERY_MS = 1_000;

/**
 * Told of every run that succeeded, before it is reported done (the storyboard's shots take their images).
 * `asked` is the answer to its question (`RunSucceededQuestion`), null when it asked none.
 */
export type RunSucceededListener = (row: RunRow, kind: AnyRunKind, result: RunResult, asked: unknown) => Promise<void>;
/**
 * What a success listener needs to know from the database, as one SQL expression (its value as JSON),
 * evaluated in the statement that records the success instead of a read of its own; null to ask nothing.
 */
export type RunSucceededQuestion = (row: RunRow, result: RunResult) => SQL | null;

export class RunRunner<D extends RunDeps = RunDeps> {
  /** Runs in this process, so a cancel can stop them at once. */
  private readonly running = new Map<string, AbortController>();
  private readonly succeededListeners: { listener: RunSucceededListener; ask?: RunSucceededQuestion }[] = [];
  /**
   * Runs in this process until their settle writes are done. A failure marks its row first (so a cancel and a
   * failure cannot both release the hold) and writes the node after: waiters use `finished` so that a settled
   * row is never read next to a node that still says 'generating'.
   */
  private readonly settling = new Map<string, Promise<void>>();
  /** Called after a run settles (a chain moves on from here). */
  onSettled: (row: RunRow) => Promise<void> = async () => {};
  /** How each run this process settled ended, from its settle until its `run` is done. */
  private readonly outcomes = new Map<string, RunRow>();
  /** The last runs this process settled, as settled (`settledHere`): a waiter here needs no read. */
  private readonly recentlySettled = new Map<string, RunRow>();
  /** Waiters in this process for a run's settle here (`whenSettledHere`). */
  private readonly settleWaiters = new Map<string, Set<(row: RunRow) => void>>();

  constructor(
    private readonly deps: D,
    private readonly kinds: RunKindRegistry<D>,
    /** Told of each result written on a node, so the engine's next run of it starts from it (knownNodes.ts). */
    private readonly known = new KnownNodes(),
  ) {}

  onSucceeded(listener: RunSucceededListener, ask?: RunSucceededQuestion): void {
    this.succeededListeners.push({ listener, ask });
  }

  abortLocal(generationId: string): boolean {
    const controller = this.running.get(generationId);
    controller?.abort();
    return Boolean(controller);
  }

  /**
   * The queue's job handler. The job is a token of its run's user: it starts that user's first queued run
   * in their order (runRows.claimNextRun), which may be another run than the job's. Safe to call twice.
   */
  async run(generationId: string): Promise<void> {
    const claim = await this.claim(generationId);
    if (claim === "busy") {
      // The user already has as many runs as allowed: look again shortly.
      await this.deps.queue.send({ generationId }, { startAfterSeconds: 1 });
      return;
    }
    if (!claim) return;
    await this.runClaimed(claim.row, claim.node);
  }

  /**
   * Runs a run this process holds as running: claimed above, or started by the statement that recorded it
   * (engine.start with an idle worker here), with its node as last read or written (null off the canvas).
   */
  async runClaimed(row: RunRow, node: StoredNode | null): Promise<void> {
    const done = this.execute(row, node);
    this.settling.set(row.id, done);
    try {
      await done;
    } finally {
      this.settling.delete(row.id);
      this.announceSettled(row.id);
    }
  }

  /** Whether this process is running or settling the run now. */
  settlingHere(generationId: string): boolean {
    return this.settling.has(generationId);
  }

  /** The run as this process settled it, if it did lately (the settle's own copy of what it wrote). */
  settledHere(generationId: string): RunRow | undefined {
    return this.recentlySettled.get(generationId);
  }

  /**
   * Resolves with the run as settled when this process settles it; never, when another process does (the
   * waiter then hears of it through the run's live message). `stop` forgets the waiter.
   */
  whenSettledHere(generationId: string): { settled: Promise<RunRow>; stop: () => void } {
    let resolve: (row: RunRow) => void = () => {};
    const settled = new Promise<RunRow>((r) => {
      resolve = r;
    });
    const waiters = this.settleWaiters.get(generationId) ?? new Set();
    waiters.add(resolve);
    this.settleWaiters.set(generationId, waiters);
    const stop = () => {
      waiters.delete(resolve);
      if (waiters.size === 0 && this.settleWaiters.get(generationId) === waiters) this.settleWaiters.delete(generationId);
    };
    return { settled, stop };
  }

  private announceSettled(generationId: string): void {
    const row = this.outcomes.get(generationId);
    if (!row) return;
    this.outcomes.delete(generationId);
    this.recentlySettled.set(generationId, row);
    // a few hundred are plenty: a waiter asks right after its run's start
    if (this.recentlySettled.size > RECENTLY_SETTLED_KEPT) {
      this.recentlySettled.delete(this.recentlySettled.keys().next().value!);
    }
    for (const resolve of this.settleWaiters.get(generationId) ?? []) resolve(row);
    this.settleWaiters.delete(generationId);
  }

  /** Resolves once this process has finished settling the run (at once if it is not running here). */
  async finished(generationId: string): Promise<void> {
    await this.settling.get(generationId)?.catch(() => {});
  }

  private claim(generationId: string): ReturnType<typeof claimNextRun> {
    return claimNextRun(this.deps.db, generationId, this.deps.perUserConcurrency);
  }

  private async execute(row: RunRow, node: StoredNode | null): Promise<void> {
    const { db, hub } = this.deps;
    const controller = new AbortController();
    this.running.set(row.id, controller);
    const heartbeat = setInterval(() => void this.beat(row.id, controller), HEARTBEAT_MS);
    let lastProgress = 0;
    let lastStored = Date.now();
    const progress = (percent: number | undefined, message: string) => {
      const now = Date.now();
      if (now - lastProgress < PROGRESS_EVERY_MS && percent !== 100) return;
      lastProgress = now;
      const rounded = percent === undefined ? undefined : Math.max(0, Math.min(100, Math.round(percent)));
      void publishRun(hub, row, runMessages.running(row, message, rounded), { progress: true });
      if (rounded === undefined || rounded === 100 || now - lastStored < PROGRESS_STORED_EVERY_MS) return;
      lastStored = now;
      void db
        .update(generations)
        .set({ progress: rounded })
        .where(eq(generations.id, row.id))
        .catch(() => {});
    };
    try {
      const kind = this.kinds.of(row);
      await publishRun(hub, row, runMessages.running(row, GENERATION_MESSAGES.processing));
      const result = await kind.execute({
        deps: this.deps,
        row,
        request: row.request as never,
        node,
        signal: controller.signal,
        progress,
        readMedia: (url) => readRunMedia(this.deps, row.userId, url, controller.signal),
        publicUrl: (url) => publicRunUrl(this.deps, row.userId, url, controller.signal),
      });
      await this.settleSucceeded(row, kind, result, node);
    } catch (err) {
      await this.fail(row, controller.signal.aborted ? GENERATION_MESSAGES.cancelled : messageOf(err));
    } finally {
      clearInterval(heartbeat);
      this.running.delete(row.id);
    }
  }

  /** Keeps the heartbeat fresh, and stops the run when someone cancelled it (possibly from another process). */
  private async beat(generationId: string, controller: AbortController) {
    try {
      const [row] = await this.deps.db
        .update(generations)
        .set({ heartbeatAt: sql`now()` })
        .where(eq(generations.id, generationId))
        .returning({ status: generations.status });
      if (row && row.status !== "running") controller.abort();
    } catch {
      // A missed beat is retried in 5 s; the sweeper allows several.
    }
  }

  /**
   * The run's status becomes succeeded (unless a cancel won), its hold is captured once, its listeners hear
   * of it, and the chain moves on. A result the kind left to the engine (`nodeResult`) goes on its node in
   * the same statement as the settle, and so do its products' media rows (`media`).
   */
  private async settleSucceeded(row: RunRow, kind: AnyRunKind, result: RunResult, node: StoredNode | null) {
    const settle = settleRunAsking(
      row.id,
      result.data,
      this.succeededListeners.map(({ ask }) => ask?.(row, result) ?? null),
      result.media?.length ? recordMediaCall(result.media.map((file) => file.media)) : null,
    );
    let answer: SettledAsking;
    let told = result;
    if (result.nodeResult) {
      const written = await patchNodeAlong(
        this.deps.db,
        this.deps.hub,
        row.projectId,
        row.nodeId,
        result.nodeResult.patch,
        kind.origin ?? GENERATION_ORIGIN,
        node,
        settle.expression,
      );
      answer = written.ran ? settle.read(written.alongside) : await settle.run(this.deps.db);
      this.known.written(row.projectId, node, written.node);
      if (!written.node) told = { ...result, image: undefined };
    } else {
      answer = await settle.run(this.deps.db);
      this.known.forget(row.projectId, row.nodeId); // the kind wrote its node its own way
    }
    // Cancelled at the very end: the cancel already released the hold, and the result is kept as a bonus.
    if (answer.status && this.settling.has(row.id))
      this.outcomes.set(row.id, { ...row, status: "succeeded", result: result.data, progress: 100, error: null, finishedAt: new Date() });
    for (const [i, { listener }] of this.succeededListeners.entries()) {
      // A listener's trouble is its own: the run succeeded either way.
      await listener(row, kind, told, answer.answers[i] ?? null).catch((err: unknown) =>
        console.error("[runs] a success listener failed", err),
      );
    }
    await publishRun(this.deps.hub, row, runMessages.succeeded(row));
    await this.onSettled({ ...row, status: "succeeded" });
  }

  async fail(row: RunRow, message: string): Promise<void> {
    const { db, hub } = this.deps;
    const won = await settleRun(db, row.id, message === GENERATION_MESSAGES.cancelled ? "cancelled" : "failed", { error: message });
    if (!won) {
      // Someone else settled it first: a cancel (which released the hold itself) or a success.
      const [now] = await db.select({ status: generations.status }).from(generations).where(eq(generations.id, row.id));
      if (now?.status !== "cancelled") return;
    }
    const status = (won ?? "cancelled") as "failed" | "cancelled";
    if (won && this.settling.has(row.id)) this.outcomes.set(row.id, { ...row, status, error: message, finishedAt: new Date() });
    this.known.forget(row.projectId, row.nodeId);
    await markSettled(this.deps, this.kinds.of(row), row, status, message);
    await publishRun(hub, row, status === "cancelled" ? runMessages.cancelled(row, message) : runMessages.failed(row, message));
    await this.onSettled({ ...row, status });
  }
}

/** What the user sees on the node: provider messages as they are; anything else, the spec's fallback. */
function messageOf(err: unknown): string {
  if (err instanceof ProviderError) return err.message;
  // Our own refusals (a media input the user may not read) carry a message meant for them.
  if (err instanceof HttpError || err instanceof SafeFetchError) return err.message;
  console.error("[runs]", err);
  return GENERATION_MESSAGES.failedRetry;
}
