import type { NodeData } from "../../../domain/canvas/node";

/** A node write the server has not acknowledged yet. One per (project, node): the latest data wins. */
export interface PendingWrite {
  projectId: string;
  nodeId: string;
  nodeData: NodeData;
  prevRev: number;
  /** When the first unacknowledged edit of this node was queued (ms since epoch). */
  queuedAt: number;
}

/**
 * Where unsent writes outlive the page (a reload, a crash, a closed tab), so the next page can send them.
 * `put` replaces the write stored for the same (projectId, nodeId).
 */
export interface PendingStore {
  load(): Promise<PendingWrite[]>;
  put(write: PendingWrite): Promise<void>;
  remove(projectId: string, nodeId: string): Promise<void>;
}

const keyOf = (projectId: string, nodeId: string) => `${projectId}\u0000${nodeId}`;

/** Keeps writes for the life of the page only: the default, and the fallback when IndexedDB is missing. */
export class MemoryPendingStore implements PendingStore {
  private readonly writes = new Map<string, PendingWrite>();

  async load(): Promise<PendingWrite[]> {
    return [...this.writes.values()];
  }

  async put(write: PendingWrite): Promise<void> {
    this.writes.set(keyOf(write.projectId, write.nodeId), write);
  }

  async remove(projectId: string, nodeId: string): Promise<void> {
    this.writes.delete(keyOf(projectId, nodeId));
  }
}

export const AUTOSAVE_DB_NAME = "reelgraph-autosave";
const STORE_NAME = "pending";
const DB_VERSION = 1;

/**
 * Pending writes in IndexedDB (database `reelgraph-autosave`, store `pending`, key [projectId, nodeId]),
 * shared by every tab of the origin. When IndexedDB is missing or refuses to open (old browsers, some
 * private modes, tests), it warns once and keeps the writes in memory: autosave still works, only a crash
 * loses what was unsent.
 */
export class IndexedDbPendingStore implements PendingStore {
  private readonly factory: IDBFactory | null;
  private db: Promise<IDBDatabase | null> | undefined;
  private memory: MemoryPendingStore | undefined;

  /** `indexedDB` is for tests: a fake factory, or null to act as a browser without IndexedDB. */
  constructor(opts: { indexedDB?: IDBFactory | null } = {}) {
    this.factory = opts.indexedDB !== undefined ? opts.indexedDB : typeof indexedDB === "undefined" ? null : indexedDB;
  }

  async load(): Promise<PendingWrite[]> {
    const db = await this.open();
    if (!db) return this.fallback().load();
    return this.run(db, "readonly", (s) => s.getAll() as IDBRequest<PendingWrite[]>);
  }

  async put(write: PendingWrite): Promise<void> {
    const db = await this.open();
    if (!db) return this.fallback().put(write);
    await this.run(db, "readwrite", (s) => s.put(write));
  }

  async remove(projectId: string, nodeId: string): Promise<void> {
    const db = await this.open();
    if (!db) return this.fallback().remove(projectId, nodeId);
    await this.run(db, "readwrite", (s) => s.delete([projectId, nodeId]));
  }

  private open(): Promise<IDBDatabase | null> {
    this.db ??= new Promise((resolve) => {
      const unavailable = (reason: unknown) => {
        console.warn("[autosave] IndexedDB is unavailable; unsaved node edits are kept in memory only.", reason);
        resolve(null);
      };
      if (!this.factory) return unavailable("no indexedDB");
      let req: IDBOpenDBRequest;
      try {
        req = this.factory.open(AUTOSAVE_DB_NAME, DB_VERSION);
      } catch (err) {
        return unavailable(err);
      }
      req.onupgradeneeded = () => {
        if (!req.result.objectStoreNames.contains(STORE_NAME)) {
          req.result.createObjectStore(STORE_NAME, { keyPath: ["projectId", "nodeId"] });
        }
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

  private fallback(): MemoryPendingStore {
    return (this.memory ??= new MemoryPendingStore());
  }

  /** One request in its own transaction; resolves when the transaction has committed. */
  private run<T>(db: IDBDatabase, mode: IDBTransactionMode, request: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
    return new Promise((resolve, reject) => {
      const tx = db.transaction(STORE_NAME, mode);
      const req = request(tx.objectStore(STORE_NAME));
      tx.oncomplete = () => resolve(req.result);
      tx.onerror = () => reject(tx.error ?? req.error);
      tx.onabort = () => reject(tx.error ?? new Error("IndexedDB transaction aborted"));
    });
  }
}
