import { IDBFactory } from "fake-indexeddb";
import { afterEach, describe, expect, it, vi } from "vitest";
import { IndexedDbPendingStore, type PendingWrite } from "./pendingStore";

const P1 = "11111111-1111-4111-8111-111111111111";
const P2 = "22222222-2222-4222-8222-222222222222";
const write = (projectId: string, nodeId: string, prompt: string, prevRev = 0): PendingWrite => ({
  projectId,
  nodeId,
  nodeData: { prompt, rev: prevRev + 1, modelParameters: { seed: 7 } },
  prevRev,
  queuedAt: 1_700_000_000_000,
});
const byKey = (a: PendingWrite, b: PendingWrite) => `${a.projectId}${a.nodeId}`.localeCompare(`${b.projectId}${b.nodeId}`);

afterEach(() => {
  vi.restoreAllMocks();
});

describe("IndexedDbPendingStore", () => {
  it("round-trips writes", async () => {
    const store = new IndexedDbPendingStore({ indexedDB: new IDBFactory() });
    await store.put(write(P1, "a", "first"));
    await store.put(write(P2, "a", "same node id, other project"));
    expect((await store.load()).sort(byKey)).toEqual([write(P1, "a", "first"), write(P2, "a", "same node id, other project")]);
  });

  it("overwrites by [projectId, nodeId]", async () => {
    const store = new IndexedDbPendingStore({ indexedDB: new IDBFactory() });
    await store.put(write(P1, "a", "old", 0));
    await store.put(write(P1, "a", "new", 3));
    expect(await store.load()).toEqual([write(P1, "a", "new", 3)]);
  });

  it("removes one node's write", async () => {
    const store = new IndexedDbPendingStore({ indexedDB: new IDBFactory() });
    await store.put(write(P1, "a", "a"));
    await store.put(write(P1, "b", "b"));
    await store.remove(P1, "a");
    await store.remove(P1, "never-stored");
    expect(await store.load()).toEqual([write(P1, "b", "b")]);
  });

  it("survives a new instance (a reload)", async () => {
    const browser = new IDBFactory();
    const before = new IndexedDbPendingStore({ indexedDB: browser });
    await before.put(write(P1, "a", "unsent when the tab closed", 4));
    const after = new IndexedDbPendingStore({ indexedDB: browser });
    expect(await after.load()).toEqual([write(P1, "a", "unsent when the tab closed", 4)]);
  });

  it("falls back to memory with a warning when IndexedDB is unavailable", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const store = new IndexedDbPendingStore({ indexedDB: null });
    await store.put(write(P1, "a", "a"));
    await store.put(write(P1, "b", "b"));
    await store.remove(P1, "b");
    expect(await store.load()).toEqual([write(P1, "a", "a")]);
    expect(warn).toHaveBeenCalledTimes(1);
  });

  it("falls back to memory when opening the database fails", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const broken = { open: () => { throw new DOMException("denied", "SecurityError"); } } as unknown as IDBFactory;
    const store = new IndexedDbPendingStore({ indexedDB: broken });
    await store.put(write(P1, "a", "a"));
    expect(await store.load()).toEqual([write(P1, "a", "a")]);
    expect(warn).toHaveBeenCalledTimes(1);
  });

  it("uses memory in a browser without indexedDB (jsdom)", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    expect(typeof indexedDB).toBe("undefined");
    const store = new IndexedDbPendingStore();
    await store.put(write(P1, "a", "a"));
    expect(await store.load()).toHaveLength(1);
  });
});
