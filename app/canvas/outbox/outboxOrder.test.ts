import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { StructureChange } from "../commands/canvasSync";
import { StructureSaver, type SaverStatus } from "./structureSaver";

const move = (id: string, x: number): StructureChange => ({ nodes: [{ id, type: "generic_v2", position: { x, y: 0 } }] });

function setup(fail: () => boolean = () => false) {
  const sent: StructureChange[] = [];
  const statuses: SaverStatus[] = [];
  const saver = new StructureSaver({
    storageKey: "test.structure",
    send: async (c) => {
      if (fail()) throw new Error("offline");
      sent.push(c);
    },
    onStatus: (s) => statuses.push(s),
  });
  return { saver, sent, statuses };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  vi.useRealTimers();
  localStorage.clear();
});

describe("structure saver", () => {
  it("waits 500 ms after the last move and merges moves of the same node", async () => {
    const { saver, sent } = setup();
    saver.queueChange(move("a", 1));
    await vi.advanceTimersByTimeAsync(300);
    saver.queueChange(move("a", 2));
    saver.queueChange(move("b", 5));
    await vi.advanceTimersByTimeAsync(499);
    expect(sent).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(sent).toEqual([{ nodes: [move("a", 2).nodes![0], move("b", 5).nodes![0]], viewport: undefined }]);
    saver.dispose();
  });

  it("sends structural changes at once and in the order they were made", async () => {
    const { saver, sent } = setup();
    saver.queueChange({ deletedNodeIds: ["a"] }, true);
    saver.queueChange({ restoredNodeIds: ["a"] }, true);
    await vi.advanceTimersByTimeAsync(0);
    expect(sent).toEqual([{ deletedNodeIds: ["a"] }, { restoredNodeIds: ["a"] }]);
    saver.dispose();
  });

  it("resolves a change's promise once the server has it", async () => {
    const { saver } = setup();
    let done = false;
    void saver.queueChange({ restoredNodeIds: ["a"] }, true).then(() => (done = true));
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(0);
    expect(done).toBe(true);
    saver.dispose();
  });

  it("retries after 1, 2 and 4 s, then keeps the change, shows failed, and sends it on the next change", async () => {
    let offline = true;
    const { saver, sent, statuses } = setup(() => offline);
    saver.queueChange({ deletedNodeIds: ["a"] }, true);
    await vi.advanceTimersByTimeAsync(1000 + 2000 + 4000);
    expect(statuses.at(-1)).toBe("failed");
    expect(saver.hasPending()).toBe(true);
    expect(JSON.parse(localStorage.getItem("test.structure")!)).toEqual([{ deletedNodeIds: ["a"] }]);
    offline = false;
    saver.queueChange({ edgesRemoved: ["e"] }, true);
    await vi.advanceTimersByTimeAsync(0);
    expect(sent).toEqual([{ deletedNodeIds: ["a"] }, { edgesRemoved: ["e"] }]);
    expect(statuses.at(-1)).toBe("saved");
    expect(localStorage.getItem("test.structure")).toBeNull();
    saver.dispose();
  });

  it("tries again every 30 s and picks up changes left by a previous page", async () => {
    let offline = true;
    const first = setup(() => offline);
    first.saver.queueChange({ deletedNodeIds: ["x"] }, true);
    await vi.advanceTimersByTimeAsync(7000);
    first.saver.dispose();
    offline = false;
    // A reload: a new saver finds the unsent change in storage and sends it.
    const second = setup();
    await vi.advanceTimersByTimeAsync(0);
    expect(second.sent).toEqual([{ deletedNodeIds: ["x"] }]);
    second.saver.dispose();

    let down = true;
    const third = setup(() => down);
    third.saver.queueChange({ edgesRemoved: ["y"] }, true);
    await vi.advanceTimersByTimeAsync(7000);
    down = false;
    await vi.advanceTimersByTimeAsync(30_000);
    expect(third.sent).toEqual([{ edgesRemoved: ["y"] }]);
    third.saver.dispose();
  });
});
