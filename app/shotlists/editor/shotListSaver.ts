/**
 * Saves the editor's document after a quiet period (spec: shell 4 "Shot list edits ... saved after a
 * 1-second quiet period"). Edits are never dropped: a failed save keeps the latest document pending,
 * reports 'failed', and is tried again on the next change or flush (spec: 'Failed to save changes').
 */
export type SaverStatus = "saved" | "pending" | "saving" | "failed";

export interface SaverOptions<T> {
  save(doc: T): Promise<void>;
  delayMs: number;
  onStatus?(status: SaverStatus): void;
  onError?(err: unknown): void;
}

export class ShotListSaver<T> {
  private pending: T | null = null;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private inFlight: Promise<boolean> | null = null;
  private current: SaverStatus = "saved";

  constructor(private readonly opts: SaverOptions<T>) {}

  get status(): SaverStatus {
    return this.current;
  }

  hasPending(): boolean {
    return this.pending !== null || this.inFlight !== null;
  }

  /** The document changed: save it once nothing has changed for `delayMs`. */
  change(doc: T): void {
    this.pending = doc;
    this.setStatus("pending");
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.flush(), this.opts.delayMs);
  }

  /** Saves now (e.g. before an upload or export, or when leaving). Resolves true when everything is saved. */
  async flush(): Promise<boolean> {
    clearTimeout(this.timer);
    this.timer = undefined;
    // One save at a time, in order: wait for the one under way, then send what changed meanwhile.
    if (this.inFlight) await this.inFlight;
    const doc = this.pending;
    if (doc === null) return this.current !== "failed";
    this.pending = null;
    this.setStatus("saving");
    const attempt = this.opts.save(doc).then(
      () => true,
      (err: unknown) => {
        // Keep it unless a newer change replaced it while the request was out.
        this.pending ??= doc;
        this.opts.onError?.(err);
        return false;
      },
    );
    this.inFlight = attempt;
    const ok = await attempt;
    this.inFlight = null;
    if (!ok) {
      this.setStatus("failed");
      return false;
    }
    if (this.pending !== null) {
      this.setStatus("pending");
      return this.flush();
    }
    this.setStatus("saved");
    return true;
  }

  dispose(): void {
    clearTimeout(this.timer);
  }

  private setStatus(s: SaverStatus) {
    if (s === this.current) return;
    this.current = s;
    this.opts.onStatus?.(s);
  }
}
