import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Saver } from "./saver";
import { countdownLabel, formatLastSaved } from "./SaveStatusPanel";

function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe("autosave", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("counts down 1 s after the last keystroke, then saves against the current version", async () => {
    const send = vi.fn(async (base: number) => base + 1);
    const saver = new Saver(3, null, { send, onFailure: vi.fn() });
    saver.edited();
    expect(saver.getSnapshot().state).toBe("countdown");
    await vi.advanceTimersByTimeAsync(900);
    saver.edited(); // restarts the countdown
    await vi.advanceTimersByTimeAsync(900);
    expect(send).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(100);
    expect(send).toHaveBeenCalledWith(3);
    expect(saver.getSnapshot().state).toBe("saved");
    expect(saver.version).toBe(4);
    expect(saver.getSnapshot().lastSavedAt).toBe(Date.now());
  });

  it("shows saving while the request is out and queues a save asked for meanwhile", async () => {
    const first = deferred<number>();
    const send = vi.fn().mockReturnValueOnce(first.promise).mockResolvedValueOnce(9);
    const saver = new Saver(1, null, { send, onFailure: vi.fn() });
    saver.edited();
    const done = saver.saveNow();
    expect(saver.getSnapshot().state).toBe("saving");
    saver.edited();
    void saver.saveNow();
    first.resolve(2);
    expect(await done).toBe(true);
    expect(send).toHaveBeenNthCalledWith(2, 2);
    expect(saver.version).toBe(9);
    expect(saver.isDirty()).toBe(false);
  });

  it("keeps the edits local when a save fails and retries on the next keystroke", async () => {
    const onFailure = vi.fn();
    const send = vi.fn().mockRejectedValueOnce(new Error("down")).mockResolvedValueOnce(2);
    const saver = new Saver(1, null, { send, onFailure });
    saver.edited();
    expect(await saver.saveNow()).toBe(false);
    expect(onFailure).toHaveBeenCalled();
    expect(saver.getSnapshot().state).toBe("unsaved");
    expect(saver.isDirty()).toBe(true);
    saver.edited();
    await vi.advanceTimersByTimeAsync(1000);
    expect(saver.getSnapshot().state).toBe("saved");
  });

  it("reset (the server copy was loaded) clears unsaved edits and ignores a save in flight", async () => {
    const flight = deferred<number>();
    const saver = new Saver(1, null, { send: () => flight.promise, onFailure: vi.fn() });
    saver.edited();
    const done = saver.saveNow();
    saver.reset(7, 123);
    flight.resolve(2);
    await done;
    expect(saver.version).toBe(7);
    expect(saver.getSnapshot()).toMatchObject({ state: "saved", lastSavedAt: 123 });
  });
});

describe("save status text", () => {
  it("shows whole seconds while counting down", () => {
    expect(countdownLabel(1000, 0)).toBe("Saving in 1s");
    expect(countdownLabel(1000, 999)).toBe("Saving in 1s");
    expect(countdownLabel(2500, 0)).toBe("Saving in 3s");
  });

  it("says when it was last saved: seconds under a minute, minutes under an hour", () => {
    const now = new Date(2025, 4, 5, 15, 0, 0).getTime();
    expect(formatLastSaved(now - 12_000, now)).toBe("Last saved 12s ago");
    expect(formatLastSaved(now - 59_999, now)).toBe("Last saved 59s ago");
    expect(formatLastSaved(now - 60_000, now)).toBe("Last saved 1m ago");
    expect(formatLastSaved(now - 59 * 60_000, now)).toBe("Last saved 59m ago");
    expect(formatLastSaved(now - 2 * 3600_000, now)).toMatch(/^Last saved at /);
  });
});
