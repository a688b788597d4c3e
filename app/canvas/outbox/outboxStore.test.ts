import { IDBFactory } from "fake-indexeddb";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { OutboxEntry } from "./outboxEntries";
import { IndexedDbOutboxStore, OUTBOX_DB_NAME } from "./outboxStore";

const dataEntry = (key: string, order: number, nodeId = "a", prompt = key): OutboxEntry => ({
  kind: "data",
  key,
  order,
  nodeId,
  data: { prompt, rev: 2 },
  prevRev: 1,
  readyAt: 0,
});
const shapeEntry = (key: string, order: number): OutboxEntry => ({
  kind: "shape",
  key,
  order,
  changes: [{ type: "node-removed", id: "x" }],
  readyAt: 0,
});

afterEach(() => {
  vi.restoreAllMocks();
});

/** A version-1 database, as the studio before the outbox left it: one node write per [projectId, nodeId]. */
async function versionOneDatabase(factory: IDBFactory, writes: unknown[]) {
  await new Promise<void>((resolve, reject) => {
    const req = factory.open(OUTBOX_DB_NAME, 1);
    req.onupgradeneeded = () => req.result.createObjectStore("pending", { keyPath: ["projectId", "nodeId"] });
    req.onsuccess = () => {
      const tx = req.result.transaction("pending", "readwrite");
      for (const w of writes) tx.objectStore("pending").put(w);
      tx.oncomplete = () => {
        req.result.close();
        resolve();
      };
    };
    req.onerror = () => reject(req.error);
  });
}

describe("IndexedDbOutboxStore", () => {
  it("round-trips a project's entries in queue order", async () => {
    const store = new IndexedDbOutboxStore(new IDBFactory());
    await store.put("p1", dataEntry("k2", 2));
    await store.put("p1", shapeEntry("k1", 1));
    await store.put("p2", dataEntry("k3", 3));
    expect(await store.load("p1")).toEqual([shapeEntry("k1", 1), dataEntry("k2", 2)]);
  });

  it("replaces an entry by its key and removes one", async () => {
    const store = new IndexedDbOutboxStore(new IDBFactory());
    await store.put("p1", dataEntry("k1", 1, "a", "old"));
    await store.put("p1", dataEntry("k1", 1, "a", "new"));
    await store.put("p1", dataEntry("k2", 2, "b"));
    await store.remove("p1", "k2");
    expect(await store.load("p1")).toEqual([dataEntry("k1", 1, "a", "new")]);
  });

  it("survives a new instance on the same database (a reload)", async () => {
    const factory = new IDBFactory();
    await new IndexedDbOutboxStore(factory).put("p1", dataEntry("k1", 1));
    expect(await new IndexedDbOutboxStore(factory).load("p1")).toEqual([dataEntry("k1", 1)]);
  });

  it("falls back to memory with a warning when IndexedDB is missing", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const store = new IndexedDbOutboxStore(null);
    await store.put("p1", dataEntry("k1", 1));
    expect(await store.load("p1")).toEqual([dataEntry("k1", 1)]);
    expect(warn).toHaveBeenCalledOnce();
  });

  it("falls back to memory when opening the database fails", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const broken = {
      open: () => {
        throw new Error("SecurityError");
      },
    } as unknown as IDBFactory;
    const store = new IndexedDbOutboxStore(broken);
    await store.put("p1", dataEntry("k1", 1));
    expect(await store.load("p1")).toEqual([dataEntry("k1", 1)]);
  });

  it("takes over what the studio before the outbox left, once: structure first, then node writes", async () => {
    const factory = new IDBFactory();
    await versionOneDatabase(factory, [
      { projectId: "p1", nodeId: "a", nodeData: { prompt: "unsent", rev: 3 }, prevRev: 2, queuedAt: 1 },
      { projectId: "p2", nodeId: "b", nodeData: { prompt: "other project", rev: 1 }, prevRev: 0, queuedAt: 1 },
    ]);
    localStorage.setItem(
      "reelgraph.structure.p1",
      JSON.stringify([{ nodes: [{ id: "a", type: "generic_v2", position: { x: 5, y: 6 } }] }]),
    );
    const store = new IndexedDbOutboxStore(factory);
    const taken = await store.load("p1");
    expect(taken.map((e) => e.kind)).toEqual(["shape", "data"]);
    expect(taken[0]).toMatchObject({ changes: [{ type: "node-added", node: { id: "a", position: { x: 5, y: 6 } } }] });
    expect(taken[1]).toMatchObject({ nodeId: "a", data: { prompt: "unsent", rev: 3 }, prevRev: 2 });
    expect(localStorage.getItem("reelgraph.structure.p1")).toBeNull();
    // Taken once: a second page finds them in the outbox, not twice.
    expect(await new IndexedDbOutboxStore(factory).load("p1")).toHaveLength(2);
    expect((await new IndexedDbOutboxStore(factory).load("p2")).map((e) => (e.kind === "data" ? e.data.prompt : null))).toEqual([
      "other project",
    ]);
  });
});
