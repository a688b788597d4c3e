import { LOCAL_SOURCES, type CanvasChange, type ChangeList } from "../../../domain/canvas/changes";
import { structureFromChanges } from "../../../domain/canvas/changeWire";
import { AUTOSAVE_BATCH_MAX, type AutosaveConflict, type AutosaveResponse, type AutosaveUpdate, type NodeData, type StructureRequest } from "../../../domain/canvas/node";
import type { ApiError } from "../../api/client";
import { isRefusal, mayBePerWrite } from "./refusal";
import { changesLifeOf, dataCarriedBy, isMovesOnly, mergeMoves, splitIntoRequests, type DataEntry, type OutboxEntry, type ShapeEntry } from "./outboxEntries";
import { MemoryOutboxStore, type OutboxStore } from "./outboxStore";

export type OutboxStatus = "saving" | "saved" | "failed";

/** The canvas's two write routes (spec: canvas 7). Throw an ApiError for refusals (status 0: network). */
export interface OutboxTransport {
  autosave(body: { projectId: string; updates: AutosaveUpdate[]; clientId: string }): Promise<AutosaveResponse>;
  structure(projectId: string, body: StructureRequest): Promise<unknown>;
}

export interface OutboxOptions {
  projectId: string;
  clientId: string;
  transport: OutboxTransport;
  store?: OutboxStore;
  /** "saving" when a send starts, "saved" when nothing is left unacknowledged, "failed" when out of retries or refused. */
  onStatus?(status: OutboxStatus): void;
  /** Node writes the server stored, under the revision it stored them. */
  onAcknowledged?(writes: { nodeId: string; rev: number; data: NodeData }[]): void;
  /** Node writes the server refused because its copy moved on (or is a tombstone). */
  onConflicts?(conflicts: AutosaveConflict[]): void;
  /** A refusal that retrying cannot change (403 view-only, 400 bad data): the entries are dropped. */
  onRejected?(error: ApiError): void;
  debounceMs?: number;
  retryDelaysMs?: number[];
  periodicRetryMs?: number;
  now?: () => number;
}

/**
 * The one ordered outbox of a canvas (spec: canvas 7 "Autosave buffering", 9 constants). It takes the
 * browser's own change lists (`user`, `agent`) in the order they happened and sends them one request at a
 * time, so structure and data reach the server in that order by construction: a deleted node's last write
 * lands before its tombstone, a restored node's data after its restore.
 *
 * - Node data: one entry per node, later edits merge into it (the latest data wins, prevRev stays the
 *   earliest), sent 500 ms after the last edit; consecutive data entries go together, at most 10 a request.
 *   Moves and the viewport also wait 500 ms and merge; everything else is sent at once. An entry that is
 *   due makes every entry before it due.
 * - Failed sends are retried after 1, 2 and 4 s; then the entries are kept (also in IndexedDB) and sent
 *   again with the next change, on `retryNow()` (the browser's `online` event) and every 30 s. A refusal
 *   is dropped and reported; a refused data batch is first split in halves so one bad node does not take
 *   its batch-mates with it.
 */
export class Outbox {
  private readonly store: OutboxStore;
  private readonly debounceMs: number;
  private readonly retryDelaysMs: number[];
  private readonly now: () => number;
  private queue: OutboxEntry[] = [];
  private inFlight = new Set<OutboxEntry>();
  private sequence = 0;
  private attempt = 0;
  private retryAt = 0;
  private batchLimit = AUTOSAVE_BATCH_MAX;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private periodic: ReturnType<typeof setInterval> | undefined;
  private pumpRequested = false;
  private status: OutboxStatus | undefined;
  private idleWaiters: (() => void)[] = [];
  private lastSendOk = true;
  private storeChain: Promise<unknown> = Promise.resolve();
  private disposed = false;

  constructor(private readonly opts: OutboxOptions) {
    this.store = opts.store ?? new MemoryOutboxStore();
    this.debounceMs = opts.debounceMs ?? 500;
    this.retryDelaysMs = opts.retryDelaysMs ?? [1000, 2000, 4000];
    this.now = opts.now ?? Date.now;
  }

  /**
   * Takes over what an earlier page left unsent and returns it (oldest first) so the page can show it; it
   * goes before anything queued since.
   */
  async load(): Promise<OutboxEntry[]> {
    let kept: OutboxEntry[] = [];
    try {
      kept = await this.inStore(() => this.store.load(this.opts.projectId));
    } catch (err) {
      console.warn("[outbox] could not read unsent edits", err);
    }
    if (this.disposed || kept.length === 0) return [];
    this.queue = [...kept.map((e) => ({ ...e, readyAt: 0 })), ...this.queue];
    this.requestPump();
    return kept;
  }

  /** A change list from the canvas document: this browser's own edits are queued, the rest is not ours to send. */
  take(list: ChangeList): void {
    if (this.disposed || list.replayed) return;
    if (!LOCAL_SOURCES.includes(list.source)) return this.forgetRemoved(list.changes);
    const readyAt = list.urgent ? 0 : this.now() + this.debounceMs;
    const shape = list.changes.filter((c) => c.type !== "node-data");
    for (const group of splitIntoRequests(shape)) this.queueShape(group);
    for (const c of shape) {
      const carried = dataCarriedBy(c);
      if (carried) this.queueData(carried.nodeId, carried.data, carried.prevRev, 0);
    }
    for (const c of list.changes) if (c.type === "node-data") this.queueData(c.id, c.data, c.prevRev, readyAt);
    // A change is a good moment to retry what failed earlier (spec deviation: never dropped).
    this.retryAt = 0;
    this.requestPump();
  }

  /**
   * Sends everything now, in order; resolves when the queue is empty or a send failed (the entries behind
   * it wait for it). Check `hasPending()` after.
   */
  async flush(): Promise<void> {
    for (const e of this.queue) e.readyAt = 0;
    this.retryAt = 0;
    this.pump();
    while (this.queue.length > 0 && !this.disposed) {
      await new Promise<void>((resolve) => this.idleWaiters.push(resolve));
      if (!this.lastSendOk && this.inFlight.size === 0) return;
    }
  }

  /** The browser is back online: what waits for a retry goes now. */
  retryNow(): void {
    this.retryAt = 0;
    this.requestPump();
  }

  hasPending(): boolean {
    return this.queue.length > 0;
  }

  /** Nodes and edges whose structure change the server has not acknowledged yet. */
  unsentShape(): { nodeIds: Set<string>; edgeIds: Set<string> } {
    const nodeIds = new Set<string>();
    const edgeIds = new Set<string>();
    for (const e of this.queue) {
      if (e.kind !== "shape") continue;
      for (const c of e.changes) {
        if (c.type === "edge-added") edgeIds.add(c.edge.id);
        else if (c.type === "edge-removed") edgeIds.add(c.id);
        else if (c.type === "node-added") nodeIds.add(c.node.id);
        else if (c.type === "node-removed" || c.type === "node-restored") nodeIds.add(c.id);
      }
    }
    return { nodeIds, edgeIds };
  }

  /**
   * Stops timers and sending; unsent entries stay in the store for the next page. Resolves once the store
   * has every entry written so far (a page that reloads at once may open before that).
   */
  dispose(): Promise<void> {
    this.disposed = true;
    clearTimeout(this.timer);
    clearInterval(this.periodic);
    for (const w of this.idleWaiters.splice(0)) w();
    return this.storeChain.then(() => undefined);
  }

  // --- queueing --------------------------------------------------------------------------------------

  private nextKey(): { key: string; order: number } {
    this.sequence += 1;
    const order = this.now() * 1000 + (this.sequence % 1000);
    return { key: `${this.opts.clientId}-${this.now().toString(36)}-${this.sequence}`, order };
  }

  private queueShape(changes: CanvasChange[]) {
    const movesOnly = changes.every((c) => c.type === "node-moved" || c.type === "viewport");
    const last = this.queue.at(-1);
    if (movesOnly && last && isMovesOnly(last) && !this.inFlight.has(last)) {
      const merged = last as ShapeEntry;
      merged.changes = mergeMoves(merged.changes, changes);
      merged.readyAt = this.now() + this.debounceMs;
      return this.persist(merged);
    }
    const entry: ShapeEntry = { kind: "shape", ...this.nextKey(), changes, readyAt: movesOnly ? this.now() + this.debounceMs : 0 };
    this.queue.push(entry);
    this.persist(entry);
  }

  private queueData(nodeId: string, data: NodeData, prevRev: number, readyAt: number) {
    const open = this.openDataEntry(nodeId);
    if (open) {
      open.data = data;
      open.prevRev = Math.min(open.prevRev, prevRev);
      // An urgent save goes now; otherwise each edit restarts the debounce, unless the entry is already due.
      open.readyAt = readyAt === 0 || open.readyAt === 0 ? 0 : readyAt;
      return this.persist(open);
    }
    const entry: DataEntry = { kind: "data", ...this.nextKey(), nodeId, data, prevRev, readyAt };
    this.queue.push(entry);
    this.persist(entry);
  }

  /** The node's unsent data entry that a new edit may join: not in flight, and not before its removal or restore. */
  private openDataEntry(nodeId: string): DataEntry | undefined {
    for (let i = this.queue.length - 1; i >= 0; i--) {
      const e = this.queue[i]!;
      if (e.kind === "shape" && changesLifeOf(e, nodeId)) return undefined;
      if (e.kind === "data" && e.nodeId === nodeId) return this.inFlight.has(e) ? undefined : e;
    }
    return undefined;
  }

  /** Another client or the server removed a node: its unsent data would only be answered with a tombstone. */
  private forgetRemoved(changes: readonly CanvasChange[]) {
    const removed = new Set(changes.flatMap((c) => (c.type === "node-removed" ? [c.id] : [])));
    if (removed.size === 0) return;
    const before = this.queue.length;
    for (const e of [...this.queue]) if (e.kind === "data" && removed.has(e.nodeId) && !this.inFlight.has(e)) this.drop(e);
    if (this.queue.length < before) this.settled(true);
  }

  // --- sending ---------------------------------------------------------------------------------------

  private requestPump() {
    if (this.pumpRequested || this.disposed) return;
    this.pumpRequested = true;
    // At the end of the tick, so changes made together share a request.
    void Promise.resolve().then(() => {
      this.pumpRequested = false;
      this.pump();
    });
  }

  /** Sends the head of the queue when it is due (it, or an entry after it) and no request is out. */
  private pump() {
    if (this.disposed || this.inFlight.size > 0 || this.queue.length === 0) return;
    const now = this.now();
    clearTimeout(this.timer);
    if (this.retryAt > now) return this.wakeAt(this.retryAt);
    let due = -1;
    this.queue.forEach((e, i) => e.readyAt <= now && (due = i));
    if (due < 0) return this.wakeAt(Math.min(...this.queue.map((e) => e.readyAt)));
    const head = this.queue[0]!;
    const batch: OutboxEntry[] = [head];
    if (head.kind === "data") {
      const nodes = new Set([head.nodeId]);
      for (let i = 1; i <= due && batch.length < this.batchLimit; i++) {
        const e = this.queue[i]!;
        if (e.kind !== "data" || nodes.has(e.nodeId)) break;
        nodes.add(e.nodeId);
        batch.push(e);
      }
    }
    for (const e of batch) this.inFlight.add(e);
    void this.deliver(batch).catch((err: unknown) => console.error("[outbox] send bookkeeping failed", err));
  }

  private wakeAt(time: number) {
    if (!Number.isFinite(time)) return;
    this.timer = setTimeout(() => this.pump(), Math.max(0, time - this.now()));
  }

  private async deliver(batch: OutboxEntry[]) {
    this.setStatus("saving");
    const { projectId, clientId, transport } = this.opts;
    let answer: AutosaveResponse | undefined;
    try {
      if (batch[0]!.kind === "shape") {
        await transport.structure(projectId, { ...structureFromChanges(batch[0]!.changes), clientId });
      } else {
        const updates = (batch as DataEntry[]).map((e) => ({ nodeId: e.nodeId, nodeData: e.data, prevRev: e.prevRev }));
        answer = await transport.autosave({ projectId, updates, clientId });
        if (answer?.success !== true) throw new Error("Autosave answered without success");
      }
    } catch (err) {
      for (const e of batch) this.inFlight.delete(e);
      if (!isRefusal(err)) this.retryLater();
      else if (batch.length > 1 && mayBePerWrite(err)) this.batchLimit = Math.ceil(batch.length / 2);
      else this.refuse(batch, err);
      return this.settled(false);
    }
    for (const e of batch) this.inFlight.delete(e);
    this.attempt = 0;
    this.batchLimit = AUTOSAVE_BATCH_MAX;
    if (answer) this.acknowledge(batch as DataEntry[], answer.conflicts ?? []);
    else this.drop(batch[0]!);
    this.settled(true);
  }

  private acknowledge(batch: DataEntry[], conflicts: AutosaveConflict[]) {
    const refused = new Set(conflicts.map((c) => c.nodeId));
    for (const e of batch) this.drop(e);
    const stored = batch.filter((e) => !refused.has(e.nodeId)).map((e) => ({ nodeId: e.nodeId, rev: e.data.rev ?? e.prevRev + 1, data: e.data }));
    if (stored.length) this.callback(() => this.opts.onAcknowledged?.(stored));
    if (conflicts.length) this.callback(() => this.opts.onConflicts?.(conflicts));
  }

  private refuse(batch: OutboxEntry[], err: ApiError) {
    for (const e of batch) this.drop(e);
    this.setStatus("failed");
    this.callback(() => this.opts.onRejected?.(err));
  }

  private retryLater() {
    const delay = this.retryDelaysMs[this.attempt];
    this.attempt += 1;
    if (delay !== undefined) {
      this.retryAt = this.now() + delay;
      return;
    }
    // Out of quick retries: kept, and sent again with the next change, on reconnect or every 30 s.
    this.retryAt = Number.POSITIVE_INFINITY;
    this.setStatus("failed");
    this.periodic ??= setInterval(() => this.retryNow(), this.opts.periodicRetryMs ?? 30_000);
  }

  /** After each answer: report, wake `flush()`, and send what is next. */
  private settled(ok: boolean) {
    if (this.disposed) return;
    this.lastSendOk = ok;
    if (this.queue.length === 0) {
      this.attempt = 0;
      this.retryAt = 0;
      clearInterval(this.periodic);
      this.periodic = undefined;
      if (ok && this.inFlight.size === 0) this.setStatus("saved");
    }
    for (const w of this.idleWaiters.splice(0)) w();
    this.pump();
  }

  private drop(entry: OutboxEntry) {
    this.queue = this.queue.filter((e) => e !== entry);
    void this.inStore(() => this.store.remove(this.opts.projectId, entry.key)).catch(() => {});
  }

  // --- status, callbacks, store ----------------------------------------------------------------------

  private setStatus(status: OutboxStatus) {
    if (status === this.status || this.disposed) return;
    this.status = status;
    this.callback(() => this.opts.onStatus?.(status));
  }

  /** A throwing UI callback must not break the outbox's bookkeeping. */
  private callback(fn: () => void) {
    if (this.disposed) return;
    try {
      fn();
    } catch (err) {
      console.error("[outbox] callback failed", err);
    }
  }

  private persist(entry: OutboxEntry) {
    const copy = { ...entry };
    void this.inStore(() => this.store.put(this.opts.projectId, copy)).catch(() => {});
  }

  /** Store operations run one after another, so a removal never overtakes the put it follows. */
  private inStore<T>(op: () => Promise<T>): Promise<T> {
    const run = this.storeChain.then(op);
    this.storeChain = run.catch((err: unknown) => console.warn("[outbox] store failed", err));
    return run;
  }
}
