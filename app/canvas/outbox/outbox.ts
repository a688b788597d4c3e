import { LOCAL_SOURCES, type ChangeList } from "../../../domain/canvas/changes";
import { structureFromChanges } from "../../../domain/canvas/changeWire";
import {
  type AutosaveConflict,
  type AutosaveRefusal,
  type AutosaveResponse,
  type AutosaveUpdate,
  type NodeData,
  type StructureRequestBody,
} from "../../../domain/canvas/node";
import { ApiError } from "../../api/client";
import { isRefusal, mayBePerWrite } from "../../api/refusal";
import type { DataEntry, OutboxEntry } from "./outboxEntries";
import { OutboxQueue } from "./outboxQueue";
import { MemoryOutboxStore, type OutboxStore } from "./outboxStore";
import type { UnsentShape } from "../document/inbound";

export type OutboxStatus = "saving" | "saved" | "failed";

/** The canvas's two write routes (spec: canvas 7). Throw an ApiError for refusals (status 0: network). */
export interface OutboxTransport {
  autosave(body: { projectId: string; updates: AutosaveUpdate[]; clientId: string }): Promise<AutosaveResponse>;
  /** Answers `{ success, edgesAdded }`: the ids of the edges it added. */
  structure(projectId: string, body: StructureRequestBody): Promise<unknown>;
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
  /** A refusal that retrying cannot change (403 view-only, 400 bad data, one update refused): the entries are dropped. */
  onRejected?(error: ApiError): void;
  /** Edges the server did not add (an end was deleted meanwhile): they must go from the canvas too. */
  onEdgesRefused?(edgeIds: string[]): void;
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
 *   earliest), sent 500 ms after the last edit; consecutive data entries go together, at most 10 a request,
 *   and those right behind a structure change ride with it (a new node's first data: a paste or an agent
 *   plan is one request, one transaction).
 *   Moves and the viewport also wait 500 ms and merge; everything else is sent at once. An entry that is
 *   due makes every entry before it due.
 * - Failed sends are retried after 1, 2 and 4 s; then the entries are kept (also in IndexedDB) and sent
 *   again with the next change, on `retryNow()` (the browser's `online` event) and every 30 s. A refusal
 *   is dropped and reported; a refused data batch is first split in halves so one bad node does not take
 *   its batch-mates with it.
 */
export class Outbox {
  private readonly queue: OutboxQueue;
  private readonly retryDelaysMs: number[];
  private readonly now: () => number;
  private attempt = 0;
  private retryAt = 0;
  /** Caps a request's entries while a refused batch is split in halves (see pump). */
  private batchLimit = Number.POSITIVE_INFINITY;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private periodic: ReturnType<typeof setInterval> | undefined;
  private pumpRequested = false;
  private status: OutboxStatus | undefined;
  private idleWaiters: (() => void)[] = [];
  private lastSendOk = true;
  /** While an earlier page's entries are being read, nothing is sent: they go first. */
  private loading = false;
  private disposed = false;

  constructor(private readonly opts: OutboxOptions) {
    this.now = opts.now ?? Date.now;
    this.retryDelaysMs = opts.retryDelaysMs ?? [1000, 2000, 4000];
    const store = opts.store ?? new MemoryOutboxStore();
    this.queue = new OutboxQueue({
      projectId: opts.projectId,
      clientId: opts.clientId,
      store,
      debounceMs: opts.debounceMs ?? 500,
      now: this.now,
    });
  }

  /**
   * Takes over what an earlier page left unsent and returns it (oldest first) so the page can show it; it
   * goes before anything queued since.
   */
  /** How many requests the server has answered with success (a canvas read before the last may lack it). */
  answered = 0;

  async load(show: (kept: OutboxEntry[]) => void = () => {}): Promise<OutboxEntry[]> {
    let kept: OutboxEntry[] = [];
    this.loading = true;
    try {
      kept = await this.queue.load();
    } catch (err) {
      console.warn("[outbox] could not read unsent edits", err);
    } finally {
      this.loading = false;
    }
    if (this.disposed) return [];
    // Shown (and rebased onto the canvas just loaded) before anything is sent.
    show(kept);
    this.requestPump();
    return kept;
  }

  /** A change list from the canvas document: this browser's own edits are queued, the rest is not ours to send. */
  take(list: ChangeList): void {
    if (this.disposed || list.replayed) return;
    if (!LOCAL_SOURCES.includes(list.source)) {
      if (this.queue.forgetRemoved(list.changes)) this.settled(true);
      return;
    }
    this.queue.add(list.changes, list.urgent === true, list.rebased === true);
    // A change is a good moment to retry what failed earlier (spec deviation: never dropped).
    this.retryAt = 0;
    this.requestPump();
  }

  /**
   * Sends everything now, in order; resolves when the queue is empty or a send failed (the entries behind
   * it wait for it). Check `hasPending()` after.
   */
  async flush(): Promise<void> {
    for (const e of this.queue.entries) e.readyAt = 0;
    this.retryAt = 0;
    this.pump();
    while (this.queue.entries.length > 0 && !this.disposed) {
      await new Promise<void>((resolve) => this.idleWaiters.push(resolve));
      if (!this.lastSendOk && this.queue.inFlight.size === 0) return;
    }
  }

  /** The browser is back online: what waits for a retry goes now. */
  retryNow(): void {
    this.retryAt = 0;
    this.requestPump();
  }

  hasPending(): boolean {
    return this.queue.entries.length > 0;
  }

  /** Nodes and edges whose structure change the server has not acknowledged yet, and nodes moved since. */
  unsentShape(): UnsentShape {
    return this.queue.unsentShape();
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
    return this.queue.stored();
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

  /** Sends the next request when it is due and none is out; otherwise wakes up when one will be. */
  private pump() {
    if (this.disposed || this.loading) return;
    const now = this.now();
    const next = this.queue.next(now, this.batchLimit);
    if (!next) return;
    clearTimeout(this.timer);
    if (this.retryAt > now) return this.wakeAt(this.retryAt);
    if ("wakeAt" in next) return this.wakeAt(next.wakeAt);
    for (const e of next.batch) this.queue.inFlight.add(e);
    void this.deliver(next.batch).catch((err: unknown) => console.error("[outbox] send bookkeeping failed", err));
  }

  private wakeAt(time: number) {
    if (!Number.isFinite(time)) return;
    this.timer = setTimeout(() => this.pump(), Math.max(0, time - this.now()));
  }

  private async deliver(batch: OutboxEntry[]) {
    this.setStatus("saving");
    const { projectId, clientId, transport } = this.opts;
    const head = batch[0]!;
    // The data entries of the batch: all of it, or what rides behind a structure head.
    const data = batch.filter((e): e is DataEntry => e.kind === "data");
    const updates = data.map((e) => ({ nodeId: e.nodeId, nodeData: e.data, prevRev: e.prevRev }));
    let answer: AutosaveResponse | undefined;
    try {
      if (head.kind === "shape") {
        const body = structureFromChanges(head.changes);
        const reply = (await transport.structure(projectId, { ...body, updates, clientId })) as
          | (Partial<AutosaveResponse> & { edgesAdded?: string[] })
          | null;
        const added = new Set(reply?.edgesAdded ?? body.edgesAdded.map((e) => e.id));
        const refused = body.edgesAdded.filter((e) => !added.has(e.id)).map((e) => e.id);
        if (refused.length) this.callback(() => this.opts.onEdgesRefused?.(refused));
        if (data.length) answer = { success: true, conflicts: reply?.conflicts ?? [] };
      } else {
        answer = await transport.autosave({ projectId, updates, clientId });
        if (answer?.success !== true) throw new Error("Autosave answered without success");
      }
    } catch (err) {
      for (const e of batch) this.queue.inFlight.delete(e);
      if (!isRefusal(err)) this.retryLater();
      else if (batch.length > 1 && mayBePerWrite(err)) this.batchLimit = Math.ceil(batch.length / 2);
      else this.refuse(batch, err);
      return this.settled(false);
    }
    for (const e of batch) this.queue.drop(e);
    this.answered += 1;
    this.attempt = 0;
    this.batchLimit = Number.POSITIVE_INFINITY;
    const rejected = answer ? this.acknowledge(data, answer.conflicts ?? [], answer.refused ?? []) : false;
    this.settled(!rejected);
  }

  /**
   * Reports what the server stored, what conflicted and what it refused as bad input (by position: such an
   * update is dropped like a refused request, since sending it again cannot help). True when one was refused.
   */
  private acknowledge(batch: DataEntry[], conflicts: AutosaveConflict[], refusals: AutosaveRefusal[]): boolean {
    const notStored = new Set(conflicts.map((c) => c.nodeId));
    const refusedEntries = new Set(refusals.map((r) => batch[r.index]).filter((e) => e !== undefined));
    const stored = batch
      .filter((e) => !notStored.has(e.nodeId) && !refusedEntries.has(e))
      .map((e) => ({ nodeId: e.nodeId, rev: e.data.rev ?? e.prevRev + 1, data: e.data }));
    for (const w of stored) this.queue.rebaseOnStored(w.nodeId, w.rev, w.data);
    if (stored.length) this.callback(() => this.opts.onAcknowledged?.(stored));
    if (conflicts.length) this.callback(() => this.opts.onConflicts?.(conflicts));
    if (refusals.length === 0) return false;
    this.setStatus("failed");
    for (const r of refusals) this.callback(() => this.opts.onRejected?.(new ApiError(400, r.code, r.error)));
    return true;
  }

  private refuse(batch: OutboxEntry[], err: ApiError) {
    for (const e of batch) this.queue.drop(e);
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
    if (this.queue.entries.length === 0) {
      this.attempt = 0;
      this.retryAt = 0;
      clearInterval(this.periodic);
      this.periodic = undefined;
      if (ok) this.setStatus("saved");
    }
    for (const w of this.idleWaiters.splice(0)) w();
    this.pump();
  }

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
}
