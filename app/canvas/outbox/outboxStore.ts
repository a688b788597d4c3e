import { changesFromStructure } from "../../../domain/canvas/changeWire";
import type { NodeData, StructureRequest } from "../../../domain/canvas/node";
import type { OutboxEntry } from "./outboxEntries";

/** Where unsent canvas edits outlive the page (a reload, a crash, a closed tab). */
export interface OutboxStore {
  /** A project's entries, oldest first (with those an earlier version of the studio left behind). */
  load(projectId: string): Promise<OutboxEntry[]>;
  put(projectId: string, entry: OutboxEntry): Promise<void>;
  remove(projectId: string, key: string): Promise<void>;
}

type Stored = OutboxEntry & { projectId: string };

/** Keeps entries for the life of the page only: for tests, and the fallback when IndexedDB is missing. */
export class MemoryOutboxStore implements OutboxStore {
  private readonly entries = new Map<string, Stored>();
  async load(projectId: string): Promise<OutboxEntry[]> {
    return [...this.entries.values()]
      .filter((e) => e.projectId === projectId)
      .sort((a, b) => a.order - b.order)
      .map(({ projectId: _p, ...e }) => e as OutboxEntry);
  }
  async put(projectId: string, entry: OutboxEntry) {
    this.entries.set(entry.key, { ...entry, projectId });
  }
  async remove(_projectId: string, key: string) {
    this.entries.delete(key);
  }
}

export const OUTBOX_DB_NAME = "reelgraph-autosave";
const DB_VERSION = 2;
const OUTBOX = "outbox";
/** Version 1's store of node writes (one per node); read once and emptied, so an upgrade loses nothing. */
const LEGACY_PENDING = "pending";
const legacyStructureKey = (projectId: string) => `reelgraph.structure.${projectId}`;

interface LegacyWrite {
  projectId: string;
  nodeId: string;
  nodeData: NodeData;
  prevRev: number;
}

/**
 * Unsent entries in IndexedDB (database `reelgraph-autosave`, store `outbox`, one record per entry, shared
 * by the origin's tabs). When IndexedDB is missing or refuses to open (some private modes), it warns once
 * and keeps entries in memory: saving still works, only a crash loses what was unsent.
 */
export class IndexedDbOutboxStore implements OutboxStore {
  private db: Promise<IDBDatabase | null> | undefined;
  private memory: MemoryOutboxStore | undefined;

  constructor(private readonly factory: IDBFactory | null = typeof indexedDB === "undefined" ? null : indexedDB) {}

  async load(projectId: string): Promise<OutboxEntry[]> {
    const db = await this.open();
    if (!db) return this.fallback().load(projectId);
    const all = await this.request<Stored[]>(db, [OUTBOX], "readonly", (tx) => tx.objectStore(OUTBOX).getAll());
    const mine: OutboxEntry[] = all.filter((e) => e.projectId === projectId).map(({ projectId: _p, ...e }) => e as OutboxEntry);
    const legacy = await this.takeLegacy(db, projectId);
    return [...legacy, ...mine].sort((a, b) => a.order - b.order);
  }

  async put(projectId: string, entry: OutboxEntry): Promise<void> {
    const db = await this.open();
    if (!db) return this.fallback().put(projectId, entry);
    await this.request(db, [OUTBOX], "readwrite", (tx) => tx.objectStore(OUTBOX).put({ ...entry, projectId }));
  }

  async remove(projectId: string, key: string): Promise<void> {
    const db = await this.open();
    if (!db) return this.fallback().remove(projectId, key);
    await this.request(db, [OUTBOX], "readwrite", (tx) => tx.objectStore(OUTBOX).delete(key));
  }

  /** What version 1 kept (structure in localStorage, node writes in IndexedDB), as entries: structure first. */
  private async takeLegacy(db: IDBDatabase, projectId: string): Promise<OutboxEntry[]> {
    const entries: OutboxEntry[] = [];
    let order = -1_000_000;
    try {
      const raw = globalThis.localStorage?.getItem(legacyStructureKey(projectId));
      for (const body of raw ? (JSON.parse(raw) as Partial<StructureRequest>[]) : []) {
        entries.push({
          kind: "shape",
          key: `legacy-s-${order}`,
          order: order++,
          changes: changesFromStructure(body, { title: "Untitled", rev: 0 }),
          readyAt: 0,
        });
      }
    } catch {
      /* unreadable: nothing to take */
    }
    const writes = (
      await this.request<LegacyWrite[]>(db, [LEGACY_PENDING], "readonly", (tx) => tx.objectStore(LEGACY_PENDING).getAll())
    ).filter((w) => w.projectId === projectId);
    for (const w of writes)
      entries.push({
        kind: "data",
        key: `legacy-d-${w.nodeId}`,
        order: order++,
        nodeId: w.nodeId,
        data: w.nodeData,
        prevRev: w.prevRev,
        readyAt: 0,
      });
    // Moved into the outbox first, then taken out of the old places, so a crash in between only repeats.
    for (const e of entries) await this.put(projectId, e);
    for (const w of writes)
      await this.request(db, [LEGACY_PENDING], "readwrite", (tx) => tx.objectStore(LEGACY_PENDING).delete([w.projectId, w.nodeId]));
    globalThis.localStorage?.removeItem(legacyStructureKey(projectId));
    return entries;
  }

  private open(): Promise<IDBDatabase | null> {
    this.db ??= new Promise((resolve) => {
      const unavailable = (reason: unknown) => {
        console.warn("[outbox] IndexedDB is unavailable; unsaved canvas edits are kept in memory only.", reason);
        resolve(null);
      };
      if (!this.factory) return unavailable("no indexedDB");
      let req: IDBOpenDBRequest;
      try {
        req = this.factory.open(OUTBOX_DB_NAME, DB_VERSION);
      } catch (err) {
        return unavailable(err);
      }
      req.onupgradeneeded = () => {
        const db = req.result;
        if (!db.objectStoreNames.contains(LEGACY_PENDING)) db.createObjectStore(LEGACY_PENDING, { keyPath: ["projectId", "nodeId"] });
        if (!db.objectStoreNames.contains(OUTBOX)) db.createObjectStore(OUTBOX, { keyPath: "key" });
      };
      req.onsuccess = () => {
        const db = req.result;
        // Another tab wants a newer schema: step aside; the next call opens again.
        db.onversionchange = () => {
          db.close();
          this.db = undefined;
        };
        resolve(db);
      };
      req.onerror = () => unavailable(req.error);
    });
    return this.db;
  }

  private fallback(): MemoryOutboxStore {
    return (this.memory ??= new MemoryOutboxStore());
  }

  /** One request in its own transaction; resolves when the transaction has committed. */
  private request<T>(db: IDBDatabase, stores: string[], mode: IDBTransactionMode, make: (tx: IDBTransaction) => IDBRequest): Promise<T> {
    return new Promise((resolve, reject) => {
      const tx = db.transaction(stores, mode);
      const req = make(tx);
      tx.oncomplete = () => resolve(req.result as T);
      tx.onerror = () => reject(tx.error ?? req.error);
      tx.onabort = () => reject(tx.error ?? new Error("IndexedDB transaction aborted"));
    });
  }
}
