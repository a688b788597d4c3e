import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { CanvasChange } from "../../../domain/canvas/changes";
import { ApiError } from "../../api/client";
import { splitIntoRequests } from "./outboxEntries";
import { OK, outboxUnderTest } from "./outboxTesting";
import { studioNode } from "../../test/studioNode";

const tick = (ms = 0) => vi.advanceTimersByTimeAsync(ms);
const edge = (id: string, source = "a", target = "b") => ({ id, source, target, sourceHandle: null, targetHandle: null });
const moved = (id: string, x: number): CanvasChange => ({ type: "node-moved", id, position: { x, y: 0 } });

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe("structure in the outbox, in the order it happened", () => {
  it("waits 500 ms after the last move and merges moves: the last position of each node wins", async () => {
    const { take, requests } = outboxUnderTest();
    take([moved("a", 10)]);
    await tick(300);
    take([moved("a", 20), moved("b", 5)]);
    take([{ type: "viewport", viewport: { x: 1, y: 2, zoom: 1 } }]);
    await tick(499);
    expect(requests).toHaveLength(0);
    await tick(1);
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({
      route: "structure",
      body: {
        nodes: [
          { id: "a", position: { x: 20, y: 0 } },
          { id: "b", position: { x: 5, y: 0 } },
        ],
        viewport: { x: 1, y: 2, zoom: 1 },
      },
    });
  });

  it("sends other structure at once, in the order it was made", async () => {
    const { take, log } = outboxUnderTest();
    take([{ type: "edge-added", edge: edge("e1") }]);
    take([{ type: "edge-removed", id: "e1", edge: edge("e1") }]);
    await tick(0);
    await tick(0);
    expect(log()).toEqual(["shape link e1", "shape unlink e1"]);
  });

  it("a new node is placed and its data written (prevRev 0) in one request, the data after the placement", async () => {
    const { take, requests } = outboxUnderTest();
    take([{ type: "node-added", node: studioNode("a") }], { urgent: true });
    await tick(0);
    await tick(0);
    expect(requests).toMatchObject([
      {
        route: "structure",
        body: { nodes: [{ id: "a", type: "generic_v2" }], updates: [{ nodeId: "a", prevRev: 0, nodeData: { title: "a", rev: 1 } }] },
      },
    ]);
  });

  it("a structure request carries at most 100 nodes' data; the rest follow as autosaves of 10", async () => {
    const { take, log } = outboxUnderTest();
    const ids = Array.from({ length: 115 }, (_, i) => `n${i}`);
    take(ids.map((id) => ({ type: "node-added", node: studioNode(id) })));
    for (let i = 0; i < 6; i++) await tick(0);
    expect(log()).toEqual([
      `shape place ${ids.join(",")} + data ${ids.slice(0, 100).join(",")}`,
      `data ${ids.slice(100, 110).join(",")}`,
      `data ${ids.slice(110).join(",")}`,
    ]);
  });

  it("a refused structure request with data is split until the refused part goes alone", async () => {
    const { take, log, statuses } = outboxUnderTest({
      answer: async (r) => {
        const updates = r.route === "autosave" ? r.updates : r.body.updates;
        if (updates.some((u) => u.nodeId === "bad")) throw new ApiError(400, "bad_request", "bad data");
        return r.route === "autosave" ? OK : { success: true };
      },
    });
    take(["a", "b", "bad"].map((id) => ({ type: "node-added", node: studioNode(id) })));
    for (let i = 0; i < 12; i++) await tick(0);
    expect(log()).toEqual(["shape place a,b,bad + data a,b,bad", "shape place a,b,bad + data a", "data b,bad", "data b", "data bad"]);
    expect(statuses.at(-1)).toBe("failed");
  });

  it("a deleted node's waiting edit goes before its tombstone, not after", async () => {
    const { take, edit, log } = outboxUnderTest();
    edit("a", { title: "last words", rev: 2 }, 1); // debouncing
    take([{ type: "node-removed", id: "a", node: studioNode("a", { data: { rev: 2 } }) }]);
    await tick(0);
    await tick(0);
    expect(log()).toEqual(["data a", "shape delete a"]);
  });

  it("a removal and its undo are two requests, then the restored node's data", async () => {
    const { take, log, autosaves } = outboxUnderTest();
    take([
      { type: "edge-removed", id: "e1", edge: edge("e1") },
      { type: "node-removed", id: "a", node: studioNode("a", { data: { rev: 3 } }) },
    ]);
    take(
      [
        { type: "node-restored", id: "a", node: studioNode("a", { data: { rev: 4 } }) },
        { type: "edge-added", edge: edge("e1") },
      ],
      { urgent: true },
    );
    for (let i = 0; i < 4; i++) await tick(0);
    expect(log()).toEqual(["shape delete a unlink e1", "shape restore a place a link e1 + data a"]);
    expect(autosaves()[0]!.updates).toEqual([{ nodeId: "a", prevRev: 3, nodeData: { title: "a", rev: 4 } }]);
  });

  it("an edit made after a removal and restore does not join data queued before the removal", async () => {
    const { take, edit, autosaves } = outboxUnderTest({ answer: async () => Promise.reject(new ApiError(0, "network", "offline")) });
    edit("a", { title: "before", rev: 2 }, 1);
    take([{ type: "node-removed", id: "a", node: studioNode("a", { data: { rev: 2 } }) }]);
    take([{ type: "node-restored", id: "a", node: studioNode("a", { data: { rev: 3 } }) }]);
    edit("a", { title: "after", rev: 4 }, 3);
    await tick(0);
    expect(autosaves()[0]!.updates.map((u) => u.nodeData.title)).toEqual(["before"]);
  });

  it("retries after 1, 2 and 4 s, then keeps the change, shows 'failed', and sends it with the next change", async () => {
    let down = true;
    const { take, requests, statuses, outbox } = outboxUnderTest({
      answer: async (r) =>
        down ? Promise.reject(new ApiError(0, "network", "offline")) : r.route === "autosave" ? { success: true, conflicts: [] } : {},
    });
    take([{ type: "edge-added", edge: edge("e1") }]);
    await tick(0);
    await tick(1000 + 2000 + 4000);
    expect(requests.map((r) => r.at)).toEqual([0, 1000, 3000, 7000]);
    expect(statuses.at(-1)).toBe("failed");
    down = false;
    take([{ type: "edge-added", edge: edge("e2") }]);
    await tick(0);
    await tick(0);
    expect(outbox.hasPending()).toBe(false);
    expect(requests.slice(-2).map((r) => (r.route === "structure" ? r.body.edgesAdded[0]!.id : null))).toEqual(["e1", "e2"]);
  });

  it("lists the nodes, edges and groups whose structure the server has not acknowledged", async () => {
    const { take, outbox } = outboxUnderTest({ answer: () => new Promise(() => {}) });
    take([
      { type: "node-added", node: studioNode("n") },
      { type: "edge-added", edge: edge("e1", "n", "m") },
      { type: "node-removed", id: "gone" },
      { type: "edge-removed", id: "e0" },
    ]);
    take([moved("m", 5)]);
    take([{ type: "group-removed", id: "g1" }]);
    expect(outbox.unsentShape()).toEqual({
      nodeIds: new Set(["n", "gone"]),
      edgeIds: new Set(["e1", "e0"]),
      movedIds: new Set(["m"]),
      groupIds: new Set(["g1"]),
      groupQueued: new Set(["g1"]),
      removalQueued: new Set(["gone"]),
      presenceQueued: new Set(["n"]),
      removalInFlight: new Set(),
      edgeRemovalQueued: new Set(["e0"]),
      edgePresenceQueued: new Set(["e1"]),
      edgeRemovalInFlight: new Set(),
      edgePresenceInFlight: new Set(),
    });
  });
});

describe("splitIntoRequests", () => {
  const types = (groups: CanvasChange[][]) => groups.map((g) => g.map((c) => c.type));

  it("a removal and a later restore of the same node land in different requests", () => {
    expect(
      types(
        splitIntoRequests([
          { type: "node-removed", id: "a" },
          { type: "node-restored", id: "a" },
        ]),
      ),
    ).toEqual([["node-removed"], ["node-restored"]]);
  });

  it("edges removed before their node stay in one request (the server's order gives the same result)", () => {
    expect(
      types(
        splitIntoRequests([
          { type: "edge-removed", id: "e" },
          { type: "node-removed", id: "a" },
        ]),
      ),
    ).toEqual([["edge-removed", "node-removed"]]);
  });

  it("a node and the edges to it stay in one request", () => {
    expect(
      types(
        splitIntoRequests([
          { type: "node-added", node: studioNode("a") },
          { type: "edge-added", edge: edge("e") },
        ]),
      ),
    ).toEqual([["node-added", "edge-added"]]);
  });

  it("an edge added and then removed are two requests", () => {
    expect(
      types(
        splitIntoRequests([
          { type: "edge-added", edge: edge("e") },
          { type: "edge-removed", id: "e" },
        ]),
      ),
    ).toEqual([["edge-added"], ["edge-removed"]]);
  });
});
