/**
 * Passes on at most one value per `intervalMs`, always the latest: a value that arrives too soon waits for
 * the end of the interval, replacing any that waited before it, so the last position or state always gets
 * through and a flood costs one send per interval.
 */
export class LatestThrottle<T> {
  private lastSentAt = -Infinity;
  private pending: { value: T } | null = null;
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly intervalMs: number,
    private readonly send: (value: T) => void,
    private readonly now: () => number = () => performance.now(),
  ) {}

  push(value: T): void {
    const wait = this.lastSentAt + this.intervalMs - this.now();
    if (wait <= 0 && !this.timer) return this.emit(value);
    this.pending = { value };
    this.timer ??= setTimeout(
      () => {
        this.timer = undefined;
        const next = this.pending;
        this.pending = null;
        if (next) this.emit(next.value);
      },
      Math.max(0, wait),
    );
  }

  /** Drops what is waiting (the connection closed). */
  cancel(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.pending = null;
  }

  private emit(value: T) {
    this.lastSentAt = this.now();
    this.send(value);
  }
}
