import {
  AUTOSAVE_BATCH_MAX,
  type AutosaveConflict,
  type AutosaveResponse,
  type AutosaveUpdate,
  type NodeData,
} from "../../../domain/canvas/node";
import type { ApiError } from "../../api/client";
import { MemoryPendingStore, type PendingStore, type PendingWrite } from "./pendingStore";
import { isRefusal, mayBePerWrite } from "./refusal";

export type WriteBufferStatus = "saving" | "saved" | "failed";

export interface WriteBufferOptions {
  /** POST /api/workflows/autosave for one project. Throw an ApiError for HTTP refusals (api() does). */
  send(projectId: string, updates: AutosaveUpdate[]): Promise<AutosaveResponse>;
  /** Where unsent writes survive a reload; memory only when absent. */
  store?: PendingStore;
  /** Reported on change only: "saving" when a send starts, "saved" when nothing is left unacknowledged,
   *  "failed" after the last retry or on a refusal. */
  onStatus?(status: WriteBufferStatus): void;
  /** Conflicts from a successful answer; the caller keeps the higher revision (see `acknowledge`). */
  onConflicts?(projectId: string, conflicts: AutosaveConflict[]): void;
  /**
   * Writes an earlier page left unsent, just taken from the store and about to be sent: the page shows them,
   * since the canvas it loaded from the server does not have them yet.
   */
  onRestored?(writes: PendingWrite[]): void;
  /** Writes the server stored as sent (with the revision it stored them under). */
  onSaved?(projectId: string, writes: { nodeId: string; nodeData: NodeData }[]): void;
  /**
   * The server refused these nodes' writes for good (a 4xx other than 408/429: 403 view-only, 400 bad
   * data, 401 signed out, 404 project gone). The buffer has already forgotten every write it held for
   * them, in memory and in the store, so nothing retries a request that cannot succeed. The canvas still
   * shows the edits: tell the user (`Autosave failed: {status} {message}`), and on 403 switch to view-only.
   * A later edit of those nodes is queued and sent as usual. Called once per refused request; a 400/413/422
   * batch is first split in halves and resent, so a single bad node does not take its batch-mates with it.
   */
  onRejected?(projectId: string, nodeIds: string[], error: ApiError): void;
  debounceMs?: number;
  batchSize?: number;
  retryDelaysMs?: number[];
  periodicRetryMs?: number;
  now?: () => number;
}

/** A timer that makes a group of writes due together, so writes queued in one tick share one request. */
interface Wake {
  kind: "debounce" | "retry";
  keys: Set<string>;
  handle?: ReturnType<typeof setTimeout>;
}

interface Entry {
  write: PendingWrite;
  /** Failed sends in a row; past `retryDelaysMs.length` the write is parked. */
  failures: number;
  /** timer: waiting for `wake`; due: goes with the next send; parked: out of retries, waits for a trigger. */
  wait: "timer" | "due" | "parked";
  wake?: Wake;
}

const keyOf = (w: { projectId: string; nodeId: string }) => `${w.projectId}\u0000${w.nodeId}`;

/**
 * The client's write buffer for node data (spec: canvas 7 "Autosave buffering", 9 constants).
 *
 * - One pending write per node: the latest data wins; prevRev stays the earliest not yet acknowledged.
 * - Debounced 500 ms per node, or sent at once (`immediate`, `settleNodes`, `flushAll`). Writes that become
 *   due in the same tick go in the same request; requests are per project, at most 10 writes each.
 * - At most one write per node is in flight. An edit made meanwhile waits for that answer, so the server
 *   never sees an older write after a newer one.
 * - Failed sends are retried after 1 s, 2 s, 4 s. Deliberate deviation from the spec: after that the
 *   writes are kept (here and in the store), status is "failed", and they go again with the next change,
 *   on `retryNow()` (the browser's `online` event) and every 30 s: a flaky connection must not lose work.
 * - A write leaves the store once acknowledged, unless a newer write for its node arrived meanwhile.
 */
export class WriteBuffer {
  private readonly store: PendingStore;
  private readonly debounceMs: number;
  private readonly batchSize: number;
  private readonly retryDelaysMs: number[];
  private readonly periodicRetryMs: number;
  private readonly now: () => number;

  private readonly pending = new Map<string, Entry>();
  private readonly inFlight = new Map<string, Entry>();
  private readonly sending = new Set<Promise<void>>();
  private readonly wakes = new Set<Wake>();
  /** The debounce timer of the current tick, joined by every write queued before the tick ends. */
  private openDebounce: Wake | undefined;
  private periodic: ReturnType<typeof setInterval> | undefined;
  private pumpRequested = false;
  private storeChain: Promise<unknown> = Promise.resolve();
  private status: WriteBufferStatus | undefined;
  private disposed = false;

  constructor(private readonly opts: WriteBufferOptions) {
    this.store = opts.store ?? new MemoryPendingStore();
    this.debounceMs = opts.debounceMs ?? 500;
    this.batchSize = Math.max(1, Math.floor(opts.batchSize ?? AUTOSAVE_BATCH_MAX));
    this.retryDelaysMs = opts.retryDelaysMs ?? [1000, 2000, 4000];
    this.periodicRetryMs = opts.periodicRetryMs ?? 30_000;
    this.now = opts.now ?? Date.now;
  }

  /** Buffers a node's new data. `prevRev` is the revision this edit was based on (node.data.rev before it). */
  queue(projectId: string, nodeId: string, nodeData: NodeData, prevRev: number, opts: { immediate?: boolean } = {}): void {
    const key = keyOf({ projectId, nodeId });
    const existing = this.pending.get(key);
    const write: PendingWrite = existing
      ? { ...existing.write, nodeData, prevRev: Math.min(existing.write.prevRev, prevRev) }
      : { projectId, nodeId, nodeData, prevRev, queuedAt: this.now() };
    // After dispose the write is only kept in the store, for the next page's restore().
    if (this.disposed) return void this.persist(write);
    const entry: Entry = existing ?? { write, failures: 0, wait: "due" };
    entry.write = write;
    this.pending.set(key, entry);
    this.persist(write);

    // Writes that ran out of retries go along with this change.
    for (const e of this.pending.values()) if (e.wait === "parked") e.wait = "due";

    if (opts.immediate) {
      this.makeDue(key, entry);
      this.requestPump();
    } else if (entry.wake?.kind !== "retry") {
      // A write waiting for a retry keeps that schedule; otherwise every edit restarts the node's debounce.
      this.debounce(key, entry);
    }
  }

  /**
   * The nodes are about to be deleted: sends their pending writes now and resolves once none of them is
   * in flight. A write that still could not be sent is then forgotten: after the deletion the server would
   * only answer it with a tombstone, which would take the node away again if the user has undone the
   * deletion meanwhile. Nothing is lost by that: the undo history holds the data, and a restored node is
   * written whole.
   */
  async settleNodes(projectId: string, nodeIds: string[]): Promise<void> {
    const keys = new Set(nodeIds.map((nodeId) => keyOf({ projectId, nodeId })));
    for (const [key, e] of this.pending) if (keys.has(key)) this.makeDue(key, e);
    this.pump();
    while ([...keys].some((k) => this.inFlight.has(k))) {
      await Promise.allSettled([...this.sending]);
      this.pump();
    }
    for (const key of keys) {
      const e = this.pending.get(key);
      if (e) this.forget(key, e);
    }
    this.settled(true);
  }

  /** Sends everything pending now; resolves when each write has had one attempt (it never rejects:
   *  check `hasPending()` to know whether something is still unsaved). */
  async flushAll(): Promise<void> {
    for (const [key, e] of this.pending) this.makeDue(key, e);
    await this.drain();
  }

  /** True while any write is unacknowledged (pending or in flight): use it for `beforeunload`. */
  hasPending(): boolean {
    return this.pending.size > 0 || this.inFlight.size > 0;
  }

  /** Nodes with an unacknowledged write. */
  pendingCount(): number {
    return new Set([...this.pending.keys(), ...this.inFlight.keys()]).size;
  }

  /**
   * Sends the writes an earlier page left in the store (all projects), then resolves after one attempt.
   * A write this page already queued for the same node is newer and wins. Call it before loading the
   * canvas from the server so the load includes them; stale ones come back as conflicts.
   */
  async restore(): Promise<void> {
    let writes: PendingWrite[];
    try {
      writes = await this.inStore(() => this.store.load());
    } catch (err) {
      console.warn("[autosave] could not read unsent edits", err);
      return;
    }
    if (this.disposed) return;
    const taken: PendingWrite[] = [];
    for (const write of writes) {
      const key = keyOf(write);
      if (this.pending.has(key) || this.inFlight.has(key)) continue;
      this.pending.set(key, { write, failures: 0, wait: "due" });
      taken.push(write);
    }
    if (taken.length > 0) this.callback(() => this.opts.onRestored?.(taken));
    await this.drain();
  }

  /** Sends the writes waiting for a retry (or out of retries) now: for the browser's `online` event. */
  retryNow(): void {
    for (const [key, e] of this.pending) if (e.wait === "parked" || e.wake?.kind === "retry") this.makeDue(key, e);
    this.requestPump();
  }

  /** Stops timers and sending. Unsent writes stay in the store for the next page; answers still in
   *  flight update the store but no longer call back. */
  dispose(): void {
    this.disposed = true;
    for (const wake of this.wakes) clearTimeout(wake.handle);
    this.wakes.clear();
    clearInterval(this.periodic);
    this.periodic = undefined;
    this.pending.clear();
  }

  // --- scheduling -----------------------------------------------------------------------------------

  private debounce(key: string, entry: Entry) {
    const open = this.openDebounce;
    if (open && this.wakes.has(open)) return this.attach(open, key, entry);
    this.openDebounce = this.wakeAfter([key], this.debounceMs, "debounce");
    void Promise.resolve().then(() => (this.openDebounce = undefined));
  }

  private wakeAfter(keys: string[], ms: number, kind: Wake["kind"]): Wake {
    const wake: Wake = { kind, keys: new Set() };
    for (const key of keys) {
      const e = this.pending.get(key);
      if (e) this.attach(wake, key, e);
    }
    wake.handle = setTimeout(() => {
      this.wakes.delete(wake);
      for (const key of wake.keys) {
        const e = this.pending.get(key);
        if (e?.wake === wake) {
          e.wake = undefined;
          e.wait = "due";
        }
      }
      this.requestPump();
    }, ms);
    this.wakes.add(wake);
    return wake;
  }

  private attach(wake: Wake, key: string, entry: Entry) {
    if (entry.wake === wake) return; // re-queued in the same tick: same timer
    this.detach(key, entry);
    wake.keys.add(key);
    entry.wake = wake;
    entry.wait = "timer";
  }

  /** Takes the entry off its timer; a timer left with no writes is cleared. */
  private detach(key: string, entry: Entry) {
    const wake = entry.wake;
    if (!wake) return;
    entry.wake = undefined;
    wake.keys.delete(key);
    if (wake.keys.size === 0) {
      clearTimeout(wake.handle);
      this.wakes.delete(wake);
    }
  }

  private makeDue(key: string, entry: Entry) {
    this.detach(key, entry);
    entry.wait = "due";
  }

  /** Sends at the end of the current tick, so writes made due together share requests. */
  private requestPump() {
    if (this.pumpRequested || this.disposed) return;
    this.pumpRequested = true;
    void Promise.resolve().then(() => {
      this.pumpRequested = false;
      this.pump();
    });
  }

  private startPeriodicRetry() {
    this.periodic ??= setInterval(() => {
      for (const e of this.pending.values()) if (e.wait === "parked") e.wait = "due";
      this.requestPump();
    }, this.periodicRetryMs);
  }

  // --- sending ----------------------------------------------------------------------------------------

  /** Starts a request per project and batch for every due write whose node has nothing in flight. */
  private pump() {
    if (this.disposed) return;
    const byProject = new Map<string, [string, Entry][]>();
    for (const [key, e] of this.pending) {
      if (e.wait !== "due" || this.inFlight.has(key)) continue;
      const list = byProject.get(e.write.projectId) ?? [];
      list.push([key, e]);
      byProject.set(e.write.projectId, list);
    }
    for (const [projectId, entries] of byProject) {
      for (let i = 0; i < entries.length; i += this.batchSize) {
        const batch = entries.slice(i, i + this.batchSize);
        for (const [key, e] of batch) {
          this.pending.delete(key);
          this.inFlight.set(key, e);
        }
        const sent = this.deliver(projectId, batch.map(([, e]) => e))
          .catch((err: unknown) => console.error("[autosave] send bookkeeping failed", err))
          .finally(() => this.sending.delete(sent));
        this.sending.add(sent);
      }
    }
  }

  /** Starts what is due, then waits until nothing is in flight (writes that waited for their node's
   *  earlier write included). */
  private async drain() {
    this.pump();
    while (this.sending.size > 0) {
      await Promise.allSettled([...this.sending]);
      this.pump();
    }
  }

  private async deliver(projectId: string, batch: Entry[]): Promise<void> {
    this.setStatus("saving");
    let answer: AutosaveResponse;
    try {
      answer = await this.opts.send(
        projectId,
        batch.map((e) => ({ nodeId: e.write.nodeId, nodeData: e.write.nodeData, prevRev: e.write.prevRev })),
      );
      if (answer?.success !== true) throw new Error("Autosave answered without success");
    } catch (err) {
      if (!isRefusal(err)) {
        this.retryLater(batch);
      } else if (batch.length > 1 && mayBePerWrite(err)) {
        const half = Math.ceil(batch.length / 2);
        await Promise.all([this.deliver(projectId, batch.slice(0, half)), this.deliver(projectId, batch.slice(half))]);
        return;
      } else {
        this.refuse(projectId, batch, err);
      }
      this.settled(false);
      return;
    }
    this.acknowledge(projectId, batch, answer.conflicts ?? []);
    this.settled(true);
  }

  /**
   * The server stored the batch, except the nodes listed as conflicts (its revision moved past our
   * prevRev; it sends its rev and data, null for a tombstone). The caller keeps the higher revision, and
   * a write queued here meanwhile is judged the same way so the two agree: if its data carries a higher rev
   * than the server's, the caller keeps it and so must the server, so it is rebased onto the server's rev;
   * otherwise (or for a deleted node) the caller takes the server's version and the write is dropped.
   */
  private acknowledge(projectId: string, batch: Entry[], conflicts: AutosaveConflict[]) {
    const conflictOf = new Map(conflicts.map((c) => [c.nodeId, c]));
    for (const sent of batch) {
      const key = keyOf(sent.write);
      this.inFlight.delete(key);
      const newer = this.pending.get(key);
      const conflict = conflictOf.get(sent.write.nodeId);
      if (newer && conflict) {
        const rev = newer.write.nodeData.rev ?? newer.write.prevRev + 1;
        if (conflict.deleted !== true && conflict.nodeData !== null && rev > conflict.rev) {
          newer.write = { ...newer.write, prevRev: Math.max(newer.write.prevRev, conflict.rev) };
          this.persist(newer.write);
        } else {
          this.forget(key, newer);
        }
      }
      if (!this.pending.has(key)) this.unpersist(sent.write);
    }
    const saved = batch
      .filter((e) => !conflictOf.has(e.write.nodeId))
      .map((e) => ({ nodeId: e.write.nodeId, nodeData: { ...e.write.nodeData, rev: e.write.nodeData.rev ?? e.write.prevRev + 1 } }));
    if (saved.length > 0) this.callback(() => this.opts.onSaved?.(projectId, saved));
    if (conflicts.length > 0) this.callback(() => this.opts.onConflicts?.(projectId, conflicts));
  }

  /** Refused for good: forget these nodes entirely (see `onRejected`). */
  private refuse(projectId: string, batch: Entry[], err: ApiError) {
    for (const sent of batch) {
      const key = keyOf(sent.write);
      this.inFlight.delete(key);
      const newer = this.pending.get(key);
      if (newer) this.forget(key, newer);
      this.unpersist(sent.write);
    }
    this.setStatus("failed");
    const nodeIds = batch.map((e) => e.write.nodeId);
    this.callback(() => this.opts.onRejected?.(projectId, nodeIds, err));
  }

  /** Puts failed writes back (merged with any newer edit of their node) and schedules their retry. */
  private retryLater(batch: Entry[]) {
    const byDelay = new Map<number, string[]>();
    let parked = false;
    for (const sent of batch) {
      const key = keyOf(sent.write);
      this.inFlight.delete(key);
      if (this.disposed) continue; // the store still holds it
      const failures = sent.failures + 1;
      const newer = this.pending.get(key);
      let entry: Entry;
      if (newer) {
        // Nothing of the failed write reached the server: the newer data goes, based on the older rev.
        newer.write = { ...newer.write, prevRev: Math.min(newer.write.prevRev, sent.write.prevRev) };
        newer.failures = Math.max(newer.failures, failures);
        this.persist(newer.write);
        entry = newer;
      } else {
        entry = { write: sent.write, failures, wait: "due" };
        this.pending.set(key, entry);
      }
      const delay = this.retryDelaysMs[entry.failures - 1];
      if (delay === undefined) {
        this.detach(key, entry);
        entry.wait = "parked";
        parked = true;
      } else {
        byDelay.set(delay, [...(byDelay.get(delay) ?? []), key]);
      }
    }
    for (const [delay, keys] of byDelay) this.wakeAfter(keys, delay, "retry");
    if (parked) {
      this.setStatus("failed");
      this.startPeriodicRetry();
    }
  }

  private forget(key: string, entry: Entry) {
    this.detach(key, entry);
    this.pending.delete(key);
    this.unpersist(entry.write);
  }

  /** After each answer: report "saved" when all is acknowledged, and send what waited for this one. */
  private settled(ok: boolean) {
    if (this.disposed) return;
    if (ok && this.pending.size === 0 && this.inFlight.size === 0) this.setStatus("saved");
    const values = [...this.pending.values()];
    if (!values.some((e) => e.wait === "parked")) {
      clearInterval(this.periodic);
      this.periodic = undefined;
    }
    if (values.some((e) => e.wait === "due")) this.requestPump();
  }

  // --- status, callbacks, store -------------------------------------------------------------------------

  private setStatus(status: WriteBufferStatus) {
    if (status === this.status) return;
    this.status = status;
    this.callback(() => this.opts.onStatus?.(status));
  }

  /** A throwing UI callback must not break the buffer's bookkeeping. */
  private callback(fn: () => void) {
    if (this.disposed) return;
    try {
      fn();
    } catch (err) {
      console.error("[autosave] callback failed", err);
    }
  }

  private persist(write: PendingWrite) {
    void this.inStore(() => this.store.put(write)).catch(() => {});
  }

  private unpersist(write: PendingWrite) {
    void this.inStore(() => this.store.remove(write.projectId, write.nodeId)).catch(() => {});
  }

  /** Store operations run one after another, so a removal never overtakes the put it follows. */
  private inStore<T>(op: () => Promise<T>): Promise<T> {
    const run = this.storeChain.then(op);
    this.storeChain = run.catch((err: unknown) => console.warn("[autosave] pending store failed", err));
    return run;
  }
}
