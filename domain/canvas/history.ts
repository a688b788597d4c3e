/** spec (canvas 9): history cap 50. */
export const HISTORY_CAP = 50;

/**
 * spec (canvas 4 "Undo/redo"): snapshot history for structural changes (create, connect, paste, delete).
 *
 * Usage: call `push(snapshotBeforeChange)` before (or as) each structural change — it clears redo.
 * `undo(current)` returns the snapshot to restore and keeps `current` for redo; `redo(current)` is the
 * mirror image ("undo and redo swap snapshots"). Both return null (and change nothing) when there is
 * nothing to undo/redo. At most `cap` undo steps are kept; the oldest is dropped.
 *
 * Snapshots are stored by reference and never copied or modified: pass immutable values (e.g. the
 * current `{nodes, edges}` arrays, which React state already treats as immutable). The internal stacks
 * are replaced, never mutated, so `undoStack`/`redoStack` may be handed out safely.
 */
export class History<S> {
  private past: readonly S[] = [];
  private future: readonly S[] = [];

  constructor(readonly cap: number = HISTORY_CAP) {
    if (!Number.isInteger(cap) || cap < 1) throw new RangeError("History cap must be a positive integer");
  }

  /** Record the state before a structural change; clears redo. */
  push(snapshot: S): void {
    this.past = [...this.past, snapshot].slice(-this.cap);
    this.future = [];
  }

  /** The snapshot to restore, with `current` kept for redo; null when there is nothing to undo. */
  undo(current: S): S | null {
    const previous = this.past.at(-1);
    if (this.past.length === 0) return null;
    this.past = this.past.slice(0, -1);
    this.future = [...this.future, current].slice(-this.cap);
    return previous as S;
  }

  /** The snapshot to restore, with `current` kept for undo; null when there is nothing to redo. */
  redo(current: S): S | null {
    const next = this.future.at(-1);
    if (this.future.length === 0) return null;
    this.future = this.future.slice(0, -1);
    this.past = [...this.past, current].slice(-this.cap);
    return next as S;
  }

  get canUndo(): boolean {
    return this.past.length > 0;
  }

  get canRedo(): boolean {
    return this.future.length > 0;
  }

  /** Oldest first. */
  get undoStack(): readonly S[] {
    return this.past;
  }

  /** Next redo last. */
  get redoStack(): readonly S[] {
    return this.future;
  }

  clear(): void {
    this.past = [];
    this.future = [];
  }
}
