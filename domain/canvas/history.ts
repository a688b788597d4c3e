/** spec (canvas 9): history cap 50. */
export const HISTORY_CAP = 50;

/**
 * Undo history made of recorded changes, in the style of tldraw's HistoryManager (spec: canvas 4
 * "Undo/redo"). Changes recorded after a `mark()` form one step until the next mark, so a paste, a set of
 * inserted assets or an agent's whole plan is undone at once. Undo and redo never store hand-written
 * inverses: `undo(invert)` takes the last step, asks `invert` for the changes that reverse it (computed
 * against the canvas as it is now) and keeps what `invert` returned as the redo step, and the other way
 * round. A new recorded step clears redo. At most `cap` steps are kept; the oldest goes first.
 */
export class History<C> {
  private past: C[][] = [];
  private future: C[][] = [];
  private open = false;

  constructor(readonly cap: number = HISTORY_CAP) {
    if (!Number.isInteger(cap) || cap < 1) throw new RangeError("History cap must be a positive integer");
  }

  /** The next recorded change starts a new step. */
  mark(): void {
    this.open = false;
  }

  /** Adds changes to the current step (a new one after a mark); clears redo. */
  record(changes: readonly C[]): void {
    if (changes.length === 0) return;
    if (this.open && this.past.length > 0) {
      this.past = [...this.past.slice(0, -1), [...this.past.at(-1)!, ...changes]];
    } else {
      this.past = [...this.past, [...changes]].slice(-this.cap);
      this.open = true;
    }
    this.future = [];
  }

  /** The changes that undo the last step (what `invert` made of it), or null when there is none. */
  undo(invert: (step: readonly C[]) => C[]): C[] | null {
    const step = this.past.at(-1);
    if (!step) return null;
    const inverse = invert(step);
    this.past = this.past.slice(0, -1);
    this.future = [...this.future, inverse].slice(-this.cap);
    this.open = false;
    return inverse;
  }

  /** The changes that redo the last undone step, or null when there is none. */
  redo(invert: (step: readonly C[]) => C[]): C[] | null {
    const step = this.future.at(-1);
    if (!step) return null;
    const inverse = invert(step);
    this.future = this.future.slice(0, -1);
    this.past = [...this.past, inverse].slice(-this.cap);
    this.open = false;
    return inverse;
  }

  /** The step undo would take next (its identity: it stays the same object until it is undone). */
  get lastStep(): readonly C[] | undefined {
    return this.past.at(-1);
  }

  get canUndo(): boolean {
    return this.past.length > 0;
  }

  get canRedo(): boolean {
    return this.future.length > 0;
  }

  clear(): void {
    this.past = [];
    this.future = [];
    this.open = false;
  }
}
