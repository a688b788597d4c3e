import { describe, expect, it } from "vitest";
import { HISTORY_CAP, History } from "./history";

type Snap = { nodes: string[] };
const s = (...nodes: string[]): Snap => ({ nodes });

describe("History (spec 4 'Undo/redo')", () => {
  it("starts with nothing to undo or redo", () => {
    const h = new History<Snap>();
    expect(h.canUndo).toBe(false);
    expect(h.canRedo).toBe(false);
    expect(h.undo(s("x"))).toBeNull();
    expect(h.redo(s("x"))).toBeNull();
  });
  it("undo returns the snapshot pushed before the change", () => {
    const h = new History<Snap>();
    const before = s();
    h.push(before);
    expect(h.canUndo).toBe(true);
    expect(h.undo(s("a"))).toBe(before);
    expect(h.canUndo).toBe(false);
  });
  it("undo and redo swap snapshots", () => {
    const h = new History<Snap>();
    const before = s();
    const after = s("a");
    h.push(before);
    expect(h.undo(after)).toBe(before);
    expect(h.canRedo).toBe(true);
    expect(h.redo(before)).toBe(after);
    expect(h.canRedo).toBe(false);
    expect(h.undo(after)).toBe(before);
  });
  it("undoes several changes newest first and redoes them in order", () => {
    const h = new History<Snap>();
    const s0 = s();
    const s1 = s("a");
    const s2 = s("a", "b");
    h.push(s0);
    h.push(s1);
    expect(h.undo(s2)).toBe(s1);
    expect(h.undo(s1)).toBe(s0);
    expect(h.undo(s0)).toBeNull();
    expect(h.redo(s0)).toBe(s1);
    expect(h.redo(s1)).toBe(s2);
    expect(h.redo(s2)).toBeNull();
  });
  it("every structural change pushes a snapshot and clears redo", () => {
    const h = new History<Snap>();
    h.push(s());
    h.undo(s("a"));
    expect(h.canRedo).toBe(true);
    h.push(s());
    expect(h.canRedo).toBe(false);
    expect(h.redo(s("b"))).toBeNull();
  });
  it("a refused undo or redo changes nothing", () => {
    const h = new History<Snap>();
    h.undo(s("a"));
    expect(h.canRedo).toBe(false);
    h.push(s());
    h.redo(s("b"));
    expect(h.undoStack).toHaveLength(1);
  });
  it("caps at 50 snapshots, dropping the oldest", () => {
    expect(HISTORY_CAP).toBe(50);
    const h = new History<number>();
    for (let i = 0; i < 60; i++) h.push(i);
    expect(h.undoStack).toHaveLength(50);
    expect(h.undoStack[0]).toBe(10);
    let undone = 0;
    let last: number | null = null;
    while (h.canUndo) {
      last = h.undo(100);
      undone++;
    }
    expect(undone).toBe(50);
    expect(last).toBe(10);
  });
  it("takes a smaller cap", () => {
    const h = new History<number>(2);
    h.push(1);
    h.push(2);
    h.push(3);
    expect(h.undoStack).toEqual([2, 3]);
  });
  it("refuses a cap below 1", () => expect(() => new History(0)).toThrow(RangeError));
  it("clear() forgets undo and redo", () => {
    const h = new History<Snap>();
    h.push(s());
    h.push(s("a"));
    h.undo(s("a", "b"));
    h.clear();
    expect(h.canUndo).toBe(false);
    expect(h.canRedo).toBe(false);
  });
  it("stores snapshots by reference and never mutates handed-out stacks", () => {
    const h = new History<Snap>();
    const snap = s("a");
    h.push(snap);
    const stack = h.undoStack;
    h.push(s("b"));
    expect(stack).toEqual([snap]);
    expect(h.undoStack[0]).toBe(snap);
  });
  it("works with falsy snapshots", () => {
    const h = new History<number>();
    h.push(0);
    expect(h.undo(1)).toBe(0);
    expect(h.redo(0)).toBe(1);
  });
});
