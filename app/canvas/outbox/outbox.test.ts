import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { AutosaveConflict, AutosaveResponse, AutosaveUpdate, NodeData } from "../../../domain/canvas/node";
import { ApiError } from "../../api/client";
import { MemoryPendingStore } from "./pendingStore";
import { WriteBuffer, type WriteBufferOptions, type WriteBufferStatus } from "./writeBuffer";

const P1 = "11111111-1111-4111-8111-111111111111";
const P2 = "22222222-2222-4222-8222-222222222222";
const OK: AutosaveResponse = { success: true, conflicts: [] };
const unavailable = () => new ApiError(503, "unavailable", "Service unavailable");
const offline = () => new ApiError(0, "network", "Can't reach the studio server.");

interface Call {
  projectId: string;
  updates: AutosaveUpdate[];
  at: number;
}

/** A buffer whose `send` records each call (with the fake clock's time) and answers with `answer`. */
function setup(opts: Partial<WriteBufferOptions> & { answer?: (call: Call) => Promise<AutosaveResponse> } = {}) {
  const calls: Call[] = [];
  const statuses: WriteBufferStatus[] = [];
  const store = new MemoryPendingStore();
  const answer = opts.answer ?? (async () => OK);
  const start = Date.now();
  const buffer = new WriteBuffer({
    store,
    onStatus: (s) => statuses.push(s),
    ...opts,
    send: (projectId, updates) => {
      const call = { projectId, updates, at: Date.now() - start };
      calls.push(call);
      return answer(call);
    },
  });
  const nodes = (i: number) => calls[i]?.updates.map((u) => u.nodeId);
  return { buffer, calls, statuses, store, nodes };
}

function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** Answers each send only when the test resolves it (answers[i] for the i-th send). */
function heldAnswers() {
  const answers: ReturnType<typeof deferred<AutosaveResponse>>[] = [];
  const answer = () => {
    const d = deferred<AutosaveResponse>();
    answers.push(d);
    return d.promise;
  };
  return { answers, answer };
}

const data = (text: string, rev = 1): NodeData => ({ prompt: text, rev });
const tick = (ms = 0) => vi.advanceTimersByTimeAsync(ms);

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe("WriteBuffer", () => {
  it("debounces writes per node for 500 ms", async () => {
    const { buffer, calls, nodes } = setup();
    buffer.queue(P1, "a", data("a"), 0);
    await tick(300);
    buffer.queue(P1, "b", data("b"), 0);
    await tick(199);
    expect(calls).toHaveLength(0);
    await tick(1);
    expect(calls).toHaveLength(1);
    expect(nodes(0)).toEqual(["a"]);
    await tick(299);
    expect(calls).toHaveLength(1);
    await tick(1);
    expect(nodes(1)).toEqual(["b"]);
    expect(calls[1]?.at).toBe(800);
  });

  it("coalesces repeated edits of a node into one write", async () => {
    const { buffer, calls } = setup();
    buffer.queue(P1, "a", data("one", 1), 0);
    await tick(200);
    buffer.queue(P1, "a", data("two", 2), 1);
    await tick(200);
    buffer.queue(P1, "a", data("three", 3), 2);
    await tick(499);
    expect(calls).toHaveLength(0);
    await tick(1);
    expect(calls).toHaveLength(1);
    // The latest data, based on the revision the first unacknowledged edit started from.
    expect(calls[0]?.updates).toEqual([{ nodeId: "a", nodeData: data("three", 3), prevRev: 0 }]);
    expect(buffer.hasPending()).toBe(false);
  });

  it("coalesces edits made in one tick and sends them together", async () => {
    const { buffer, calls } = setup();
    buffer.queue(P1, "a", data("a1", 1), 0);
    buffer.queue(P1, "a", data("a2", 2), 1);
    buffer.queue(P1, "b", data("b1", 1), 0);
    await tick(500);
    expect(calls.map((c) => c.updates)).toEqual([
      [
        { nodeId: "a", nodeData: data("a2", 2), prevRev: 0 },
        { nodeId: "b", nodeData: data("b1", 1), prevRev: 0 },
      ],
    ]);
  });

  it("sends batches of at most 10 grouped by project", async () => {
    const { buffer, calls } = setup();
    for (let i = 0; i < 12; i++) buffer.queue(P1, `n${i}`, data(`${i}`), 0);
    for (let i = 0; i < 3; i++) buffer.queue(P2, `m${i}`, data(`${i}`), 0);
    expect(buffer.pendingCount()).toBe(15);
    await tick(500);
    expect(calls.map((c) => [c.projectId, c.updates.length])).toEqual([
      [P1, 10],
      [P1, 2],
      [P2, 3],
    ]);
    expect(buffer.hasPending()).toBe(false);
  });

  it("sends title changes at once (immediate)", async () => {
    const { buffer, calls, nodes } = setup();
    buffer.queue(P1, "a", data("typing"), 0);
    buffer.queue(P1, "b", { title: "Opening shot", rev: 1 }, 0, { immediate: true });
    buffer.queue(P1, "c", { title: "Close-up", rev: 1 }, 0, { immediate: true });
    await tick(0);
    // Immediate writes of one tick share a request; the debounced one keeps waiting.
    expect(calls).toHaveLength(1);
    expect(nodes(0)).toEqual(["b", "c"]);
    await tick(500);
    expect(nodes(1)).toEqual(["a"]);
  });

  it("retries a failed batch after 1 s, 2 s and 4 s", async () => {
    const { buffer, calls, statuses } = setup({ answer: async () => Promise.reject(unavailable()) });
    buffer.queue(P1, "a", data("a"), 0, { immediate: true });
    await tick(0);
    await tick(999);
    expect(calls.map((c) => c.at)).toEqual([0]);
    await tick(1);
    expect(calls.map((c) => c.at)).toEqual([0, 1000]);
    await tick(2000);
    expect(calls.map((c) => c.at)).toEqual([0, 1000, 3000]);
    expect(statuses).toEqual(["saving"]);
    await tick(4000);
    expect(calls.map((c) => c.at)).toEqual([0, 1000, 3000, 7000]);
    expect(statuses).toEqual(["saving", "failed"]);
  });

  it("retries network errors, 5xx, 408 and 429 alike", async () => {
    for (const error of [offline(), unavailable(), new ApiError(408, "timeout", "t"), new ApiError(429, "rate", "r"), new TypeError("x")]) {
      let first = true;
      const { buffer, calls } = setup({
        answer: async () => {
          if (!first) return OK;
          first = false;
          throw error;
        },
      });
      buffer.queue(P1, "a", data("a"), 0, { immediate: true });
      await tick(1000);
      expect(calls).toHaveLength(2);
      expect(buffer.hasPending()).toBe(false);
      buffer.dispose();
    }
  });

  it("does not drop pending writes after the third failed retry", async () => {
    const { buffer, calls, store, statuses } = setup({ answer: async () => Promise.reject(offline()) });
    buffer.queue(P1, "a", data("keep me"), 0, { immediate: true });
    await tick(7000);
    expect(calls).toHaveLength(4);
    expect(statuses.at(-1)).toBe("failed");
    expect(buffer.hasPending()).toBe(true);
    expect(buffer.pendingCount()).toBe(1);
    expect(await store.load()).toEqual([{ projectId: P1, nodeId: "a", nodeData: data("keep me"), prevRev: 0, queuedAt: expect.any(Number) }]);
    // No more retries on the backoff schedule.
    await tick(20_000);
    expect(calls).toHaveLength(4);
  });

  describe("sends pending writes again on the next change / on retryNow / every 30 s", () => {
    /** A buffer whose writes for "a" ran out of retries; the server is back afterwards. */
    async function outOfRetries() {
      let down = true;
      const env = setup({ answer: async () => (down ? Promise.reject(offline()) : OK) });
      env.buffer.queue(P1, "a", data("a"), 0, { immediate: true });
      await tick(7000);
      expect(env.calls).toHaveLength(4);
      down = false;
      env.calls.length = 0;
      return env;
    }

    it("on the next change", async () => {
      const { buffer, calls, nodes, statuses, store } = await outOfRetries();
      buffer.queue(P1, "b", data("b"), 0);
      await tick(500);
      expect(calls).toHaveLength(1);
      expect(nodes(0)?.sort()).toEqual(["a", "b"]);
      expect(statuses.slice(-2)).toEqual(["saving", "saved"]);
      expect(buffer.hasPending()).toBe(false);
      expect(await store.load()).toEqual([]);
    });

    it("on retryNow", async () => {
      const { buffer, calls, nodes } = await outOfRetries();
      buffer.retryNow();
      await tick(0);
      expect(nodes(0)).toEqual(["a"]);
      expect(buffer.hasPending()).toBe(false);
      expect(calls).toHaveLength(1);
    });

    it("every 30 s", async () => {
      const env = setup({ answer: async () => Promise.reject(offline()) });
      env.buffer.queue(P1, "a", data("a"), 0, { immediate: true });
      await tick(7000); // parked at t = 7 s; the periodic retry runs from then on
      expect(env.calls).toHaveLength(4);
      await tick(29_999);
      expect(env.calls).toHaveLength(4);
      await tick(1);
      expect(env.calls).toHaveLength(5); // one attempt, still failing: no new backoff cycle
      await tick(29_999);
      expect(env.calls).toHaveLength(5);
      await tick(1);
      expect(env.calls).toHaveLength(6);
      expect(env.buffer.hasPending()).toBe(true);
    });
  });

  it("restores writes left in the store and sends them", async () => {
    const store = new MemoryPendingStore();
    await store.put({ projectId: P1, nodeId: "a", nodeData: data("from last page", 4), prevRev: 3, queuedAt: 1 });
    await store.put({ projectId: P2, nodeId: "b", nodeData: data("other project", 2), prevRev: 1, queuedAt: 2 });
    const restored: string[] = [];
    const { buffer, calls } = setup({ store, onRestored: (writes) => restored.push(...writes.map((w) => `${w.nodeId}@${calls.length}`)) });
    await buffer.restore();
    // Reported before anything is sent, so the page can show them while they travel.
    expect(restored).toEqual(["a@0", "b@0"]);
    expect(calls.map((c) => [c.projectId, c.updates])).toEqual([
      [P1, [{ nodeId: "a", nodeData: data("from last page", 4), prevRev: 3 }]],
      [P2, [{ nodeId: "b", nodeData: data("other project", 2), prevRev: 1 }]],
    ]);
    await tick(0);
    expect(await store.load()).toEqual([]);
    expect(buffer.hasPending()).toBe(false);
  });

  it("lets this page's own write win over a stored one on restore", async () => {
    const store = new MemoryPendingStore();
    await store.put({ projectId: P1, nodeId: "a", nodeData: data("stale", 2), prevRev: 1, queuedAt: 1 });
    const { buffer, calls } = setup({ store });
    buffer.queue(P1, "a", data("fresh", 6), 5);
    await buffer.restore();
    await tick(500);
    expect(calls.flatMap((c) => c.updates)).toEqual([{ nodeId: "a", nodeData: data("fresh", 6), prevRev: 5 }]);
  });

  it("keeps a newer edit made while a write is in flight", async () => {
    const first = deferred<AutosaveResponse>();
    const { buffer, calls, store } = setup({ answer: async () => (calls.length === 1 ? first.promise : OK) });
    buffer.queue(P1, "a", data("v1", 1), 0, { immediate: true });
    await tick(0);
    expect(calls).toHaveLength(1);
    buffer.queue(P1, "a", data("v2", 2), 1, { immediate: true });
    await tick(1000);
    // Never two writes of a node in flight: v2 waits for v1's answer.
    expect(calls).toHaveLength(1);
    first.resolve(OK);
    await tick(0);
    expect(calls).toHaveLength(2);
    expect(calls[1]?.updates).toEqual([{ nodeId: "a", nodeData: data("v2", 2), prevRev: 1 }]);
    expect(await store.load()).toEqual([]);
  });

  it("keeps a newer edit made while a write is in flight, also when that write fails", async () => {
    const first = deferred<AutosaveResponse>();
    const { buffer, calls, store } = setup({ answer: async () => (calls.length === 1 ? first.promise : OK) });
    buffer.queue(P1, "a", data("v1", 1), 0, { immediate: true });
    await tick(0);
    buffer.queue(P1, "a", data("v2", 2), 1);
    first.reject(unavailable());
    await tick(0);
    expect(await store.load()).toEqual([expect.objectContaining({ nodeData: data("v2", 2), prevRev: 0 })]);
    await tick(1000);
    // v1 never reached the server: v2 goes in its place, based on v1's revision.
    expect(calls[1]?.updates).toEqual([{ nodeId: "a", nodeData: data("v2", 2), prevRev: 0 }]);
    expect(buffer.hasPending()).toBe(false);
  });

  it("keeps the newer edit in the store when the older write is acknowledged", async () => {
    const first = deferred<AutosaveResponse>();
    const { buffer, store } = setup({ answer: async () => first.promise });
    buffer.queue(P1, "a", data("v1", 1), 0, { immediate: true });
    await tick(0);
    buffer.queue(P1, "a", data("v2", 2), 1);
    first.resolve(OK);
    await tick(0);
    expect(await store.load()).toEqual([expect.objectContaining({ nodeData: data("v2", 2), prevRev: 1 })]);
    buffer.dispose();
  });

  it("passes conflicts to onConflicts", async () => {
    const conflict: AutosaveConflict = { nodeId: "a", rev: 7, nodeData: data("theirs", 7) };
    const onConflicts = vi.fn();
    const { buffer, statuses } = setup({ onConflicts, answer: async () => ({ success: true, conflicts: [conflict] }) });
    buffer.queue(P1, "a", data("mine", 3), 2, { immediate: true });
    buffer.queue(P1, "b", data("fine", 1), 0, { immediate: true });
    await tick(0);
    expect(onConflicts).toHaveBeenCalledExactlyOnceWith(P1, [conflict]);
    expect(buffer.hasPending()).toBe(false);
    expect(statuses).toEqual(["saving", "saved"]);
  });

  it("judges an edit queued during a conflicting write by revision: rebases a higher one, drops a lower one", async () => {
    const answer = deferred<AutosaveResponse>();
    const { buffer, calls } = setup({ answer: async () => (calls.length === 1 ? answer.promise : OK) });
    buffer.queue(P1, "high", data("h1", 3), 2, { immediate: true });
    buffer.queue(P1, "low", data("l1", 3), 2, { immediate: true });
    buffer.queue(P1, "gone", data("g1", 3), 2, { immediate: true });
    await tick(0);
    buffer.queue(P1, "high", data("h2", 9), 3);
    buffer.queue(P1, "low", data("l2", 4), 3);
    buffer.queue(P1, "gone", data("g2", 9), 3);
    answer.resolve({
      success: true,
      conflicts: [
        { nodeId: "high", rev: 5, nodeData: data("theirs", 5) },
        { nodeId: "low", rev: 5, nodeData: data("theirs", 5) },
        { nodeId: "gone", rev: 6, nodeData: null, deleted: true },
      ],
    });
    await tick(500);
    // The caller keeps rev 9 over the server's 5, so the server must get it, based on rev 5.
    expect(calls[1]?.updates).toEqual([{ nodeId: "high", nodeData: data("h2", 9), prevRev: 5 }]);
    expect(calls).toHaveLength(2);
    expect(buffer.hasPending()).toBe(false);
  });

  it("drops and reports writes the server refuses with 403", async () => {
    const refusal = new ApiError(403, "forbidden", "You can only view this project");
    const onRejected = vi.fn();
    const { buffer, calls, store, statuses } = setup({ onRejected, answer: async () => Promise.reject(refusal) });
    buffer.queue(P1, "a", data("a"), 0);
    buffer.queue(P1, "b", data("b"), 0);
    await tick(500);
    expect(calls).toHaveLength(1);
    expect(onRejected).toHaveBeenCalledExactlyOnceWith(P1, ["a", "b"], refusal);
    expect(statuses).toEqual(["saving", "failed"]);
    expect(buffer.hasPending()).toBe(false);
    expect(await store.load()).toEqual([]);
    await tick(60_000);
    expect(calls).toHaveLength(1);
  });

  it("also drops an edit of a refused node queued while its write was in flight", async () => {
    const answer = deferred<AutosaveResponse>();
    const onRejected = vi.fn();
    const { buffer, calls, store } = setup({ onRejected, answer: async () => answer.promise });
    buffer.queue(P1, "a", data("a1"), 0, { immediate: true });
    await tick(0);
    buffer.queue(P1, "a", data("a2", 2), 1);
    answer.reject(new ApiError(403, "forbidden", "View only"));
    await tick(1000);
    expect(calls).toHaveLength(1);
    expect(buffer.hasPending()).toBe(false);
    expect(await store.load()).toEqual([]);
  });

  it("splits a batch refused with 400 so only the bad write is dropped", async () => {
    const onRejected = vi.fn();
    const bad = new ApiError(400, "invalid", "Invalid node data");
    const { buffer, calls } = setup({
      onRejected,
      answer: async (call) => (call.updates.some((u) => u.nodeId === "n2") ? Promise.reject(bad) : OK),
    });
    for (let i = 0; i < 5; i++) buffer.queue(P1, `n${i}`, data(`${i}`), 0);
    await tick(500);
    expect(onRejected).toHaveBeenCalledExactlyOnceWith(P1, ["n2"], bad);
    const saved = calls.filter((c) => !c.updates.some((u) => u.nodeId === "n2")).flatMap((c) => c.updates.map((u) => u.nodeId));
    expect(saved.sort()).toEqual(["n0", "n1", "n3", "n4"]);
    expect(buffer.hasPending()).toBe(false);
  });

  it("settleNodes sends the doomed nodes' writes at once and resolves when they are answered", async () => {
    const { answers, answer } = heldAnswers();
    const { buffer, nodes } = setup({ answer });
    buffer.queue(P1, "a", data("a"), 0);
    buffer.queue(P1, "b", data("b"), 0);
    let settled = false;
    const done = buffer.settleNodes(P1, ["a"]).then(() => (settled = true));
    await tick(0);
    expect(nodes(0)).toEqual(["a"]);
    expect(settled).toBe(false);
    answers[0]!.resolve(OK);
    await done;
    expect(buffer.pendingCount()).toBe(1); // b still waits for its debounce
    await tick(500);
    expect(nodes(1)).toEqual(["b"]);
  });

  it("settleNodes also waits for a write queued behind one in flight", async () => {
    const { answers, answer } = heldAnswers();
    const { buffer, calls } = setup({ answer });
    buffer.queue(P1, "a", data("first", 2), 1, { immediate: true });
    await tick(0);
    buffer.queue(P1, "a", data("second", 3), 2);
    let settled = false;
    const done = buffer.settleNodes(P1, ["a"]).then(() => (settled = true));
    answers[0]!.resolve(OK);
    await tick(0);
    expect(calls).toHaveLength(2);
    expect(calls[1]!.updates[0]!.nodeData.prompt).toBe("second");
    expect(settled).toBe(false);
    answers[1]!.resolve(OK);
    await done;
    expect(buffer.hasPending()).toBe(false);
  });

  it("settleNodes forgets a doomed node's write that failed, in memory and in the store", async () => {
    const { buffer, calls, store } = setup({ answer: async () => Promise.reject(unavailable()) });
    buffer.queue(P1, "a", data("a"), 0);
    buffer.queue(P1, "b", data("b"), 0);
    await buffer.settleNodes(P1, ["a"]);
    expect(calls).toHaveLength(1);
    expect(buffer.pendingCount()).toBe(1);
    await tick(10_000);
    expect(calls.every((c, i) => i === 0 || c.updates.every((u) => u.nodeId === "b"))).toBe(true);
    expect((await store.load()).map((w) => w.nodeId)).toEqual(["b"]);
  });

  it("flushAll sends everything and resolves when answered", async () => {
    const { buffer, calls, statuses } = setup();
    buffer.queue(P1, "a", data("a"), 0);
    buffer.queue(P2, "b", data("b"), 0);
    await buffer.flushAll();
    expect(calls).toHaveLength(2);
    expect(buffer.hasPending()).toBe(false);
    expect(statuses).toEqual(["saving", "saved"]);
  });

  it("after dispose sends nothing but keeps new writes in the store", async () => {
    const { buffer, calls, store } = setup();
    buffer.queue(P1, "a", data("a"), 0);
    buffer.dispose();
    buffer.queue(P1, "b", data("b"), 0);
    await tick(60_000);
    expect(calls).toHaveLength(0);
    expect((await store.load()).map((w) => w.nodeId).sort()).toEqual(["a", "b"]);
  });
});
