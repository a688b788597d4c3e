import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ShotListSaver, type SaverStatus } from "./shotListSaver";

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

function setup(fail: () => boolean = () => false) {
  const saved: string[] = [];
  const statuses: SaverStatus[] = [];
  const errors: unknown[] = [];
  const saver = new ShotListSaver<string>({
    delayMs: 1000,
    save: async (doc) => {
      if (fail()) throw new Error("offline");
      saved.push(doc);
    },
    onStatus: (s) => statuses.push(s),
    onError: (e) => errors.push(e),
  });
  return { saver, saved, statuses, errors };
}

describe("saving shot list edits", () => {
  it("saves once, 1 s after the last change, the latest document", async () => {
    const { saver, saved } = setup();
    saver.change("a");
    await vi.advanceTimersByTimeAsync(600);
    saver.change("ab");
    await vi.advanceTimersByTimeAsync(999);
    expect(saved).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(saved).toEqual(["ab"]);
    expect(saver.status).toBe("saved");
  });

  it("keeps edits after a failure and sends them with the next change", async () => {
    let offline = true;
    const { saver, saved, errors, statuses } = setup(() => offline);
    saver.change("one");
    await vi.advanceTimersByTimeAsync(1000);
    expect(saver.status).toBe("failed");
    expect(errors).toHaveLength(1);
    expect(saver.hasPending()).toBe(true);
    offline = false;
    saver.change("one+two");
    await vi.advanceTimersByTimeAsync(1000);
    expect(saved).toEqual(["one+two"]);
    expect(statuses).toEqual(["pending", "saving", "failed", "pending", "saving", "saved"]);
  });

  it("flush saves at once and reports whether everything is saved", async () => {
    let offline = false;
    const { saver, saved } = setup(() => offline);
    saver.change("now");
    await expect(saver.flush()).resolves.toBe(true);
    expect(saved).toEqual(["now"]);
    offline = true;
    saver.change("later");
    await expect(saver.flush()).resolves.toBe(false);
    offline = false;
    await expect(saver.flush()).resolves.toBe(true);
    expect(saved).toEqual(["now", "later"]);
  });

  it("a change made while a save is out is saved after it, in order", async () => {
    const order: string[] = [];
    let release!: () => void;
    const saver = new ShotListSaver<string>({
      delayMs: 1000,
      save: (doc) => {
        order.push(`start ${doc}`);
        return doc === "first"
          ? new Promise<void>((r) => (release = () => (order.push("end first"), r())))
          : Promise.resolve(void order.push(`end ${doc}`));
      },
    });
    saver.change("first");
    const flushing = saver.flush();
    saver.change("second");
    release();
    await flushing;
    expect(order).toEqual(["start first", "end first", "start second", "end second"]);
    expect(saver.hasPending()).toBe(false);
  });
});
