import { describe, expect, it } from "vitest";
import { HISTORY_CAP, History } from "./history";

/** A toy change: "+a" adds a, "-a" removes it; inverting flips the sign and the order. */
const invert = (step: readonly string[]) => [...step].reverse().map((c) => (c.startsWith("+") ? `-${c.slice(1)}` : `+${c.slice(1)}`));

describe("History (spec 4 'Undo/redo', marks as in tldraw's HistoryManager)", () => {
  it("starts with nothing to undo or redo", () => {
    const h = new History<string>();
    expect(h.canUndo).toBe(false);
    expect(h.canRedo).toBe(false);
    expect(h.undo(invert)).toBeNull();
    expect(h.redo(invert)).toBeNull();
  });

  it("undo returns the inverse of the last step, computed when undoing", () => {
    const h = new History<string>();
    h.mark();
    h.record(["+a"]);
    expect(h.undo(invert)).toEqual(["-a"]);
    expect(h.canUndo).toBe(false);
    expect(h.canRedo).toBe(true);
  });

  it("redo reverses the undo and undo is available again", () => {
    const h = new History<string>();
    h.mark();
    h.record(["+a"]);
    h.undo(invert);
    expect(h.redo(invert)).toEqual(["+a"]);
    expect(h.canRedo).toBe(false);
    expect(h.undo(invert)).toEqual(["-a"]);
  });

  it("changes recorded between two marks are one step, undone in reverse order", () => {
    const h = new History<string>();
    h.mark();
    h.record(["+a"]);
    h.record(["+b", "+e"]);
    h.mark();
    h.record(["+c"]);
    expect(h.undo(invert)).toEqual(["-c"]);
    expect(h.undo(invert)).toEqual(["-e", "-b", "-a"]);
    expect(h.undo(invert)).toBeNull();
  });

  it("a new step clears redo", () => {
    const h = new History<string>();
    h.mark();
    h.record(["+a"]);
    h.undo(invert);
    h.mark();
    h.record(["+b"]);
    expect(h.canRedo).toBe(false);
    expect(h.redo(invert)).toBeNull();
  });

  it("a change recorded after an undo starts its own step even without a mark", () => {
    const h = new History<string>();
    h.mark();
    h.record(["+a"]);
    h.mark();
    h.record(["+b"]);
    h.undo(invert);
    h.record(["+c"]);
    expect(h.undo(invert)).toEqual(["-c"]);
    expect(h.undo(invert)).toEqual(["-a"]);
  });

  it("an empty record changes nothing and keeps redo", () => {
    const h = new History<string>();
    h.mark();
    h.record(["+a"]);
    h.undo(invert);
    h.record([]);
    expect(h.canRedo).toBe(true);
    expect(h.canUndo).toBe(false);
  });

  it(`keeps at most ${HISTORY_CAP} steps, dropping the oldest`, () => {
    const h = new History<string>();
    for (let i = 0; i < HISTORY_CAP + 5; i++) {
      h.mark();
      h.record([`+n${i}`]);
    }
    let undone = 0;
    let last: string[] | null = null;
    for (let r; (r = h.undo(invert)); ) {
      undone += 1;
      last = r;
    }
    expect(undone).toBe(HISTORY_CAP);
    expect(last).toEqual(["-n5"]);
  });

  it("refuses a cap that is not a positive integer", () => {
    expect(() => new History(0)).toThrow(RangeError);
    expect(() => new History(1.5)).toThrow(RangeError);
  });

  it("clear forgets both directions", () => {
    const h = new History<string>();
    h.mark();
    h.record(["+a"]);
    h.mark();
    h.record(["+b"]);
    h.undo(invert);
    h.clear();
    expect(h.canUndo || h.canRedo).toBe(false);
  });
});
