import { describe, expect, it } from "vitest";
import { ApiError } from "../../api/client";
import { catchUp, CATCH_UP_RETRY_MS } from "./catchUp";

const canvas = (title: string) => ({
  nodes: [{ id: "a", type: "generic_v2", position: { x: 0, y: 0 }, data: { title }, rev: 1 }],
  edges: [],
});

function fakeClient(staleReads = 0) {
  const taken: { title: string; withMark: boolean }[] = [];
  let stale = staleReads;
  return {
    taken,
    syncMark: () => 7,
    resync(data: ReturnType<typeof canvas>, mark?: number) {
      if (mark !== undefined && stale-- > 0) return false;
      taken.push({ title: String(data.nodes[0]!.data.title), withMark: mark !== undefined });
      return true;
    },
  };
}

describe("catching up after the live channel is ready", () => {
  it("reads again after a failed read while the channel stays up, waiting longer each time", async () => {
    const client = fakeClient();
    const waits: number[] = [];
    const answers: (() => Promise<ReturnType<typeof canvas>>)[] = [
      async () => Promise.reject(new ApiError(503, "error", "busy")),
      async () => Promise.reject(new ApiError(0, "network", "down")),
      async () => canvas("fresh"),
    ];
    const errors: unknown[] = [];
    expect(
      await catchUp({
        client,
        read: () => answers.shift()!(),
        current: () => true,
        wait: async (ms) => void waits.push(ms),
        onError: (e) => errors.push(e),
      }),
    ).toBe(true);
    expect(client.taken).toEqual([{ title: "fresh", withMark: true }]);
    expect(waits).toEqual([CATCH_UP_RETRY_MS[0], CATCH_UP_RETRY_MS[1]]);
    expect(errors).toHaveLength(2);
  });

  it("takes the fourth read with what was heard when every earlier one was overtaken", async () => {
    const client = fakeClient(3);
    let reads = 0;
    expect(await catchUp({ client, read: async () => canvas(`read ${++reads}`), current: () => true })).toBe(true);
    expect(client.taken).toEqual([{ title: "read 4", withMark: false }]);
  });

  it("stops once a newer catch-up took over, without taking its read", async () => {
    const client = fakeClient();
    let current = true;
    const read = async () => {
      current = false;
      return canvas("old");
    };
    expect(await catchUp({ client, read, current: () => current })).toBe(false);
    expect(client.taken).toEqual([]);
  });
});
