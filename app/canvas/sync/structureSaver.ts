import type { StructureChange } from "../commands/canvasSync";

export type SaverStatus = "saving" | "saved" | "failed";

interface Options {
  send(change: StructureChange): Promise<void>;
  onStatus(status: SaverStatus): void;
  /** Where unsent changes survive a reload (localStorage key per project). */
  storageKey: string;
  debounceMs?: number;
  retryDelaysMs?: number[];
  periodicRetryMs?: number;
}

const positionOnly = (c: StructureChange) =>
  !c.deletedNodeIds?.length && !c.restoredNodeIds?.length && !c.edgesAdded?.length && !c.edgesRemoved?.length;

/**
 * Sends structure changes (positions, creations, deletions, edges, viewport) in the order they were made.
 * Moves wait 500 ms and merge; everything else goes at once. Failed sends are retried after 1, 2 and 4 s
 * and then kept (also in localStorage) and sent again on the next change, on reconnect and every 30 s.
 */
interface Entry {
  change: StructureChange;
  /** Called once this change is acknowledged by the server (or refused for good). */
  done: (() => void)[];
}

export class StructureSaver {
  private queue: Entry[];
  private timer: ReturnType<typeof setTimeout> | undefined;
  private sending = false;
  private attempt = 0;
  private readonly periodic: ReturnType<typeof setInterval>;

  constructor(private readonly opts: Options) {
    this.queue = load(opts.storageKey).map((change) => ({ change, done: [] }));
    this.periodic = setInterval(() => this.queue.length && !this.sending && void this.flush(), opts.periodicRetryMs ?? 30_000);
    if (this.queue.length) void this.flush();
  }

  /** Resolves when the change has reached the server, so dependent writes can follow it in order. */
  queueChange(change: StructureChange, immediate = false): Promise<void> {
    const acknowledged = new Promise<void>((resolve) => {
      const last = this.queue.at(-1);
      // Moves merge into a waiting move; never into the head while it is in flight.
      const lastInFlight = this.sending && this.queue.length === 1;
      if (last && !lastInFlight && positionOnly(last.change) && positionOnly(change)) {
        last.change = mergePositions(last.change, change);
        last.done.push(resolve);
      } else {
        this.queue.push({ change, done: [resolve] });
      }
    });
    this.persist();
    clearTimeout(this.timer);
    if (immediate) void this.flush();
    else this.timer = setTimeout(() => void this.flush(), this.opts.debounceMs ?? 500);
    return acknowledged;
  }

  hasPending() {
    return this.queue.length > 0;
  }

  /** The changes not yet acknowledged, oldest first (with those an earlier page left in storage). */
  pendingChanges(): StructureChange[] {
    return this.queue.map((e) => e.change);
  }

  retryNow() {
    this.attempt = 0;
    void this.flush();
  }

  async flush(): Promise<void> {
    if (this.sending) return;
    clearTimeout(this.timer);
    this.sending = true;
    try {
      while (this.queue.length) {
        this.opts.onStatus("saving");
        const head = this.queue[0]!;
        try {
          await this.opts.send(head.change);
        } catch {
          this.sending = false;
          this.scheduleRetry();
          return;
        }
        this.queue.shift();
        head.done.forEach((d) => d());
        this.attempt = 0;
        this.persist();
      }
      this.opts.onStatus("saved");
    } finally {
      this.sending = false;
    }
  }

  private scheduleRetry() {
    const delays = this.opts.retryDelaysMs ?? [1000, 2000, 4000];
    const delay = delays[this.attempt];
    this.attempt += 1;
    if (delay === undefined) {
      // Out of quick retries: keep everything and wait for the next change, reconnect or the 30 s tick.
      this.opts.onStatus("failed");
      return;
    }
    this.timer = setTimeout(() => void this.flush(), delay);
  }

  private persist() {
    try {
      if (this.queue.length) localStorage.setItem(this.opts.storageKey, JSON.stringify(this.queue.map((e) => e.change)));
      else localStorage.removeItem(this.opts.storageKey);
    } catch {
      /* storage full or unavailable: the in-memory queue still holds the changes */
    }
  }

  dispose() {
    clearTimeout(this.timer);
    clearInterval(this.periodic);
  }
}

function mergePositions(a: StructureChange, b: StructureChange): StructureChange {
  const byId = new Map((a.nodes ?? []).map((n) => [n.id, n]));
  for (const n of b.nodes ?? []) byId.set(n.id, n);
  return { nodes: [...byId.values()], viewport: b.viewport ?? a.viewport };
}

function load(key: string): StructureChange[] {
  try {
    const raw = localStorage.getItem(key);
    return raw ? (JSON.parse(raw) as StructureChange[]) : [];
  } catch {
    return [];
  }
}
