import type { CanvasChange } from "../../../domain/canvas/changes";
import { AUTOSAVE_BATCH_MAX, STRUCTURE_UPDATES_MAX, type NodeData } from "../../../domain/canvas/node";
import { unsavedEdits } from "../../../domain/canvas/nodeMerge";
import {
  changesLifeOf,
  dataCarriedBy,
  isMovesOnly,
  mergeMoves,
  splitIntoRequests,
  type DataEntry,
  type OutboxEntry,
  type ShapeEntry,
} from "./outboxEntries";
import type { OutboxStore } from "./outboxStore";
import type { UnsentShape } from "../document/inbound";

type Existence = "removed" | "present";

/**
 * What a node's or edge's unsent structure changes leave it as. A change not yet sent reaches the server
 * after anything heard now; one in flight may land before or after (its echo settles which), so it counts
 * only with nothing queued after it.
 */
function settledBy({ queued, inFlight }: { queued: Map<string, Existence>; inFlight: Map<string, Existence> }) {
  const queuedAs = (v: Existence) => new Set([...queued].flatMap(([id, x]) => (x === v ? [id] : [])));
  const inFlightAs = (v: Existence) => new Set([...inFlight].flatMap(([id, x]) => (x === v && !queued.has(id) ? [id] : [])));
  return {
    removalQueued: queuedAs("removed"),
    presenceQueued: queuedAs("present"),
    removalInFlight: inFlightAs("removed"),
    presenceInFlight: inFlightAs("present"),
  };
}

/**
 * The outbox's entries in the order they happened, mirrored to the store: how change lists become entries,
 * which entries merge, and which go in the next request. Sending, retries and status are the outbox's.
 */
export class OutboxQueue {
  entries: OutboxEntry[] = [];
  readonly inFlight = new Set<OutboxEntry>();
  private sequence = 0;
  /** The order the last entry got (orders only grow: see nextKey). */
  private lastOrder = 0;
  private storeChain: Promise<unknown> = Promise.resolve();

  constructor(private readonly opts: { projectId: string; clientId: string; store: OutboxStore; debounceMs: number; now: () => number }) {}

  /** Entries an earlier page left, put before anything queued since. */
  async load(): Promise<OutboxEntry[]> {
    const kept = await this.inStore(() => this.opts.store.load(this.opts.projectId));
    // New entries go after every kept one, whatever the clock says.
    for (const e of kept) this.lastOrder = Math.max(this.lastOrder, e.order);
    this.entries = [...kept.map((e) => ({ ...e, readyAt: 0 })), ...this.entries];
    return kept;
  }

  /** One of this browser's change lists; `urgent` data goes at once, other data after the debounce. */
  add(changes: readonly CanvasChange[], urgent: boolean, rebased = false) {
    const readyAt = urgent ? 0 : this.opts.now() + this.opts.debounceMs;
    const shape = changes.filter((c) => c.type !== "node-data");
    for (const group of splitIntoRequests(shape)) this.addShape(group);
    for (const c of shape) {
      const carried = dataCarriedBy(c);
      if (!carried) continue;
      if (c.type !== "node-restored") {
        this.addData(carried.nodeId, carried.data, carried.prevRev, 0);
        continue;
      }
      // A restore writes back the copy the node was deleted with. What in it is new is what was unsent when
      // it was deleted (the node's earlier data entries): their base and fields are the restore's. With none,
      // nothing in it is new (no fields), so fields someone else wrote meanwhile win. Its own revision minus
      // one is not a base: that revision may be an unsent one of this tab, numbered like another tab's write.
      const earlier = this.entries.filter((e): e is DataEntry => e.kind === "data" && e.nodeId === carried.nodeId);
      const prevRev = Math.min(carried.prevRev, ...earlier.map((e) => e.prevRev));
      const fields = earlier.some((e) => !e.fields) ? undefined : [...new Set(earlier.flatMap((e) => e.fields ?? []))];
      this.addData(carried.nodeId, carried.data, prevRev, 0, false, fields);
    }
    for (const c of changes) if (c.type === "node-data") this.addData(c.id, c.data, c.prevRev, readyAt, rebased, c.fields);
  }

  /**
   * Drops unsent data of nodes removed elsewhere (the server would only answer with a tombstone), and unsent
   * edges to them: the canvas here has let those edges go, and if the node came back before they were sent
   * the server would keep an edge no one here shows.
   */
  forgetRemoved(changes: readonly CanvasChange[]): boolean {
    const removed = new Set(changes.flatMap((c) => (c.type === "node-removed" ? [c.id] : [])));
    if (removed.size === 0) return false;
    const doomed = this.entries.filter((e) => e.kind === "data" && removed.has(e.nodeId) && !this.inFlight.has(e));
    for (const e of doomed) this.drop(e);
    let edgesDropped = false;
    for (const e of this.entries) {
      if (e.kind !== "shape" || this.inFlight.has(e)) continue;
      const kept = e.changes.filter((c) => c.type !== "edge-added" || (!removed.has(c.edge.source) && !removed.has(c.edge.target)));
      if (kept.length === e.changes.length) continue;
      edgesDropped = true;
      if (kept.length === 0) this.drop(e);
      else {
        e.changes = kept;
        this.persist(e);
      }
    }
    return doomed.length > 0 || edgesDropped;
  }

  /**
   * The next request, once the head or an entry after it is due (otherwise when to look again): the head
   * and the due data entries right behind it, of distinct nodes. A data head takes at most
   * AUTOSAVE_BATCH_MAX data entries (spec: canvas 7); a structure head carries up to STRUCTURE_UPDATES_MAX
   * (the data of the nodes it creates: a paste or an agent plan is one request). `limit` caps the whole
   * batch while a refused batch is being split.
   */
  next(now: number, limit: number): { batch: OutboxEntry[] } | { wakeAt: number } | null {
    if (this.entries.length === 0 || this.inFlight.size > 0) return null;
    let due = -1;
    this.entries.forEach((e, i) => e.readyAt <= now && (due = i));
    if (due < 0) return { wakeAt: Math.min(...this.entries.map((e) => e.readyAt)) };
    const head = this.entries[0]!;
    const batch: OutboxEntry[] = [head];
    const max = Math.min(limit, head.kind === "data" ? AUTOSAVE_BATCH_MAX : 1 + STRUCTURE_UPDATES_MAX);
    const nodes = new Set(head.kind === "data" ? [head.nodeId] : []);
    for (let i = 1; i <= due && batch.length < max; i++) {
      const e = this.entries[i]!;
      if (e.kind !== "data" || nodes.has(e.nodeId)) break;
      nodes.add(e.nodeId);
      batch.push(e);
    }
    return { batch };
  }

  /** Nodes and edges whose structure change the server has not acknowledged yet, and nodes moved since. */
  unsentShape(): UnsentShape {
    const nodeIds = new Set<string>();
    const edgeIds = new Set<string>();
    const movedIds = new Set<string>();
    const groupIds = new Set<string>();
    const groupQueued = new Set<string>();
    // Whether a node or edge ends removed or present by what this client still sends (see settledBy).
    const nodes = { queued: new Map<string, Existence>(), inFlight: new Map<string, Existence>() };
    const edges = { queued: new Map<string, Existence>(), inFlight: new Map<string, Existence>() };
    for (const e of this.entries) {
      if (e.kind !== "shape") continue;
      const when = this.inFlight.has(e) ? "inFlight" : "queued";
      for (const c of e.changes) {
        if (c.type === "edge-added" || c.type === "edge-removed") {
          const id = c.type === "edge-added" ? c.edge.id : c.id;
          edgeIds.add(id);
          edges[when].set(id, c.type === "edge-added" ? "present" : "removed");
        } else if (c.type === "node-added" || c.type === "node-removed" || c.type === "node-restored") {
          const id = c.type === "node-added" ? c.node.id : c.id;
          nodeIds.add(id);
          nodes[when].set(id, c.type === "node-removed" ? "removed" : "present");
        } else if (c.type === "group-added" || c.type === "group-updated" || c.type === "group-removed") {
          const id = c.type === "group-removed" ? c.id : c.group.id;
          groupIds.add(id);
          if (when === "queued") groupQueued.add(id);
        }
        // A move in flight may land before or after another person's: the echo settles which.
        else if (c.type === "node-moved" && when === "queued") movedIds.add(c.id);
      }
    }
    const n = settledBy(nodes);
    const ed = settledBy(edges);
    return {
      nodeIds,
      edgeIds,
      movedIds,
      groupIds,
      groupQueued,
      removalQueued: n.removalQueued,
      presenceQueued: n.presenceQueued,
      removalInFlight: n.removalInFlight,
      edgeRemovalQueued: ed.removalQueued,
      edgePresenceQueued: ed.presenceQueued,
      edgeRemovalInFlight: ed.removalInFlight,
      edgePresenceInFlight: ed.presenceInFlight,
    };
  }

  drop(entry: OutboxEntry) {
    this.entries = this.entries.filter((e) => e !== entry);
    this.inFlight.delete(entry);
    void this.inStore(() => this.opts.store.remove(this.opts.projectId, entry.key)).catch(() => {});
  }

  /** Resolves once the store has every entry written so far. */
  stored(): Promise<void> {
    return this.storeChain.then(() => undefined);
  }

  private addShape(changes: CanvasChange[]) {
    const { now, debounceMs } = this.opts;
    const movesOnly = changes.every((c) => c.type === "node-moved" || c.type === "viewport");
    const last = this.entries.at(-1);
    if (movesOnly && last && isMovesOnly(last) && !this.inFlight.has(last)) {
      const merged = last as ShapeEntry;
      merged.changes = mergeMoves(merged.changes, changes);
      merged.readyAt = now() + debounceMs;
      return this.persist(merged);
    }
    this.push({ kind: "shape", ...this.nextKey(), changes, readyAt: movesOnly ? now() + debounceMs : 0 });
  }

  private addData(nodeId: string, data: NodeData, prevRev: number, readyAt: number, rebased = false, fields?: string[]) {
    const open = this.openDataEntry(nodeId);
    if (!open) return this.push({ kind: "data", ...this.nextKey(), nodeId, data, prevRev, readyAt, ...(fields ? { fields } : {}) });
    open.data = data;
    // A merge onto the server's copy says in full what is still this client's; edits add theirs.
    if (rebased && fields) open.fields = fields;
    else if (open.fields && fields) open.fields = [...new Set([...open.fields, ...fields])];
    else delete open.fields;
    // Edits keep the oldest base they were made from; a merge onto the server's copy moves the base there.
    open.prevRev = rebased ? prevRev : Math.min(open.prevRev, prevRev);
    // An urgent save goes now; otherwise each edit restarts the debounce, unless the entry is already due.
    open.readyAt = readyAt === 0 || open.readyAt === 0 ? 0 : readyAt;
    this.persist(open);
  }

  /**
   * A write of the node was stored at `rev`: its later entries here were made on top of it, so it is their
   * base now, and only what differs from it is theirs (a restore queued behind the write of a node made here
   * wrote the whole node; once that write is stored, the restore's copy is not new).
   */
  rebaseOnStored(nodeId: string, rev: number, data: NodeData) {
    for (const e of this.entries) {
      if (e.kind !== "data" || e.nodeId !== nodeId || this.inFlight.has(e) || e.prevRev >= rev) continue;
      e.prevRev = rev;
      // Only values it holds: a field the stored copy has and this entry lacks was written by someone else
      // (merged in after a clash) after this entry was made, not cleared by it (fuzz 50×1000, seed 9: such a
      // field, counted as this entry's, was saved back as nothing over another tab's acknowledged prompt).
      const differing = unsavedEdits(data, e.data);
      // And a field it claimed that the stored write holds with the same value is on the server now, not
      // unsent (fuzz 50×1000, seed 4: a restore claiming a whole pasted node's fields after its first write
      // landed put the pasted title back over another tab's, once replayed after a reload).
      e.fields = e.fields
        ? e.fields.filter((f) => f in differing)
        : Object.keys(differing).filter((k) => differing[k as keyof NodeData] !== undefined);
      this.persist(e);
    }
  }

  /** The node's unsent data entry that a new edit may join: not in flight, and not before its removal or restore. */
  private openDataEntry(nodeId: string): DataEntry | undefined {
    for (let i = this.entries.length - 1; i >= 0; i--) {
      const e = this.entries[i]!;
      if (e.kind === "shape" && changesLifeOf(e, nodeId)) return undefined;
      if (e.kind === "data" && e.nodeId === nodeId) return this.inFlight.has(e) ? undefined : e;
    }
    return undefined;
  }

  private push(entry: OutboxEntry) {
    this.entries.push(entry);
    this.persist(entry);
  }

  private nextKey(): { key: string; order: number } {
    this.sequence += 1;
    const t = this.opts.now();
    // Unique across pages and tabs sharing the store, even two with the same clock and client id.
    const salt = Math.random().toString(36).slice(2, 8);
    // Strictly increasing: a paste of a thousand nodes makes more entries in one millisecond than the
    // clock's thousand steps hold, and a counter that wrapped put its last data entries before its
    // structure once a reload sorted the store (fuzz 50×1000 on 2829944, seeds 29 and 36: new nodes'
    // data sent before the nodes, one tab stuck, another showing an older copy).
    const order = Math.max(t * 1000, this.lastOrder + 1);
    this.lastOrder = order;
    return { key: `${this.opts.clientId}-${t.toString(36)}-${this.sequence}-${salt}`, order };
  }

  private persist(entry: OutboxEntry) {
    const copy = { ...entry };
    void this.inStore(() => this.opts.store.put(this.opts.projectId, copy)).catch(() => {});
  }

  /** Store operations run one after another, so a removal never overtakes the put it follows. */
  private inStore<T>(op: () => Promise<T>): Promise<T> {
    const run = this.storeChain.then(op);
    this.storeChain = run.catch((err: unknown) => console.warn("[outbox] store failed", err));
    return run;
  }
}
