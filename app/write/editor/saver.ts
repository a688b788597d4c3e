/**
 * The script autosave state machine (framework-free). spec 4 "Screenplay save": unsaved changes → countdown
 * (1 s after the last keystroke, spec 9) → saving → saved. A failed save leaves the edits local and the state
 * 'unsaved' until the next keystroke or an explicit save retries. Saves never overlap: a save asked for while
 * one is in flight runs right after it.
 */
export type SaveState = "saved" | "countdown" | "saving" | "unsaved";

export interface SaverSnapshot {
  state: SaveState;
  /** When the countdown ends (epoch ms), while there is one. */
  dueAt: number | null;
  /** When the document was last saved (epoch ms), if known. */
  lastSavedAt: number | null;
}

export interface SaverOptions {
  /** spec 9: autosave debounce. */
  delayMs?: number;
  /** Sends the current document as an edit of `baseVersion`; resolves to the saved version. */
  send(baseVersion: number): Promise<number>;
  /** A save failed (the edits stay local). */
  onFailure(error: unknown): void;
  now?: () => number;
}

export const AUTOSAVE_DELAY_MS = 1000;

export class Saver {
  private rev = 0;
  private savedRev = 0;
  private epoch = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private dueAt: number | null = null;
  private running: Promise<boolean> | null = null;
  private again = false;
  private disposed = false;
  private snap: SaverSnapshot;
  private readonly listeners = new Set<() => void>();
  private readonly delay: number;
  private readonly now: () => number;

  constructor(
    private baseVersion: number,
    private lastSavedAt: number | null,
    private readonly opts: SaverOptions,
  ) {
    this.delay = opts.delayMs ?? AUTOSAVE_DELAY_MS;
    this.now = opts.now ?? Date.now;
    this.snap = this.compute();
  }

  /** The version the next save edits. */
  get version(): number {
    return this.baseVersion;
  }

  /** Edits not yet stored on the server (including ones being sent now). */
  isDirty(): boolean {
    return this.rev !== this.savedRev;
  }

  getSnapshot = (): SaverSnapshot => this.snap;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** A keystroke changed the document: (re)start the countdown. */
  edited(): void {
    if (this.disposed) return;
    this.rev++;
    this.clearTimer();
    this.dueAt = this.now() + this.delay;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.dueAt = null;
      void this.saveNow();
    }, this.delay);
    this.emit();
  }

  /** Saves now (Save button, Cmd/Ctrl+S, exit). Resolves true when everything is stored. */
  saveNow(): Promise<boolean> {
    this.clearTimer();
    if (this.running) {
      this.again = true;
      return this.running;
    }
    if (!this.isDirty()) {
      this.emit();
      return Promise.resolve(true);
    }
    this.running = this.run().finally(() => {
      this.running = null;
      this.emit();
    });
    this.emit();
    return this.running;
  }

  /** The document was replaced by the server's copy at `version`: nothing is unsaved any more. */
  reset(version: number, savedAt: number | null = this.lastSavedAt): void {
    this.epoch++;
    this.clearTimer();
    this.baseVersion = version;
    this.savedRev = this.rev;
    this.lastSavedAt = savedAt;
    this.emit();
  }

  dispose(): void {
    this.disposed = true;
    this.clearTimer();
    this.listeners.clear();
  }

  private async run(): Promise<boolean> {
    do {
      this.again = false;
      if (!this.isDirty()) break;
      const rev = this.rev;
      const epoch = this.epoch;
      try {
        const version = await this.opts.send(this.baseVersion);
        if (epoch !== this.epoch) return true;
        this.baseVersion = version;
        this.savedRev = rev;
        this.lastSavedAt = this.now();
      } catch (error) {
        if (epoch !== this.epoch) return true;
        if (!this.disposed) this.opts.onFailure(error);
        return false;
      }
    } while (this.again);
    return !this.isDirty();
  }

  private clearTimer() {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    this.dueAt = null;
  }

  private compute(): SaverSnapshot {
    const state: SaveState = this.running ? "saving" : this.timer ? "countdown" : this.isDirty() ? "unsaved" : "saved";
    return { state, dueAt: state === "countdown" ? this.dueAt : null, lastSavedAt: this.lastSavedAt };
  }

  private emit() {
    if (this.disposed) return;
    const next = this.compute();
    const prev = this.snap;
    if (next.state === prev.state && next.dueAt === prev.dueAt && next.lastSavedAt === prev.lastSavedAt) return;
    this.snap = next;
    this.listeners.forEach((l) => l());
  }
}
