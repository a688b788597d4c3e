/**
 * A few seconds' memory of answers that are costly to ask for on a hot path (who a session token belongs
 * to, what a member may do to a project), bounded in size. Forgetting also voids answers being asked for
 * at that moment: `storeSince` keeps an answer only if nothing was forgotten since its `mark`.
 */
export class ShortMemory<V> {
  private readonly entries = new Map<string, { value: V; until: number }>();
  private forgets = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 10_000,
    private readonly now: () => number = () => Date.now(),
  ) {}

  /** The value and the milliseconds it has left, unless it ran out (then it is dropped). */
  get(key: string): { value: V; left: number } | null {
    const entry = this.entries.get(key);
    if (!entry) return null;
    const left = entry.until - this.now();
    if (left > 0) return { value: entry.value, left };
    this.entries.delete(key);
    return null;
  }

  set(key: string, value: V): void {
    // A Map iterates in insertion order: past the bound, the oldest entry goes.
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, { value, until: this.now() + this.ttlMs });
  }

  /** Taken before asking; see `storeSince`. */
  mark(): number {
    return this.forgets;
  }

  /** Stores an answer asked for at `mark` (null drops the entry), unless something was forgotten since. */
  storeSince(mark: number, key: string, value: V | null): void {
    if (mark !== this.forgets) return;
    if (value === null) this.entries.delete(key);
    else this.set(key, value);
  }

  /** Drops every entry `matches` picks, and voids every answer being asked for now. */
  forget(matches: (key: string, value: V) => boolean): void {
    this.forgets += 1;
    for (const [key, entry] of this.entries) if (matches(key, entry.value)) this.entries.delete(key);
  }
}
