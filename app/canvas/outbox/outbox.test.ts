import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { AutosaveResponse, NodeData } from "../../../domain/canvas/node";
import { ApiError } from "../../api/client";
import { MemoryOutboxStore } from "./outboxStore";
import { deferred, OK, outboxUnderTest, type Request } from "./outboxTesting";

const unavailable = () => new ApiError(503, "unavailable", "Service unavailable");
const offline = () => new ApiError(0, "network", "Can't reach the studio server.");
const data = (text: string, rev = 1): NodeData => ({ prompt: text, rev });
const tick = (ms = 0) => vi.advanceTimersByTimeAsync(ms);

/** Answers each request only when the test resolves it (answers[i] for the i-th request). */
function heldAnswers() {
  const answers: ReturnType<typeof deferred<unknown>>[] = [];
  const answer = () => {
    const d = deferred<unknown>();
    answers.push(d);
    return d.promise;
  };
  return { answers, answer };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe("node data in the outbox (spec canvas 7 'Autosave buffering', 9 constants)", () => {
  it("debounces a node's data 500 ms after the last edit", async () => {
    const { edit, autosaves } = outboxUnderTest();
    edit("a", data("one"));
    await tick(300);
    edit("a", data("two", 2), 0);
    await tick(499);
    expect(autosaves()).toHaveLength(0);
    await tick(1);
    expect(autosaves()).toHaveLength(1);
    expect(autosaves()[0]!.at).toBe(800);
  });

  it("coalesces repeated edits of a node into one write: the latest data, the earliest prevRev", async () => {
    const { edit, autosaves } = outboxUnderTest();
    edit("a", data("one", 4), 3);
    edit("a", data("two", 5), 4);
    edit("a", data("three", 6), 5);
    await tick(500);
    expect(autosaves()).toHaveLength(1);
    expect(autosaves()[0]!.updates).toEqual([{ nodeId: "a", nodeData: data("three", 6), prevRev: 3 }]);
  });

  it("sends edits of several nodes made together in one request, at most 10 a request", async () => {
    const { edit, nodesOf } = outboxUnderTest();
    for (let i = 0; i < 12; i++) edit(`n${i}`, data(`x${i}`));
    await tick(500);
    await tick(0);
    expect(nodesOf(0)).toHaveLength(10);
    expect(nodesOf(1)).toEqual(["n10", "n11"]);
  });

  it("sends an urgent edit (a rename, a merge) at once", async () => {
    const { edit, autosaves } = outboxUnderTest();
    edit("a", { title: "Opening", rev: 2 }, 1, true);
    await tick(0);
    expect(autosaves()).toHaveLength(1);
  });

  it("retries a failed request after 1 s, 2 s and 4 s", async () => {
    const { edit, autosaves } = outboxUnderTest({ answer: async () => Promise.reject(unavailable()) });
    edit("a", data("x"));
    await tick(500);
    await tick(1000);
    await tick(2000);
    await tick(4000);
    expect(autosaves().map((r) => r.at)).toEqual([500, 1500, 3500, 7500]);
  });

  it.each([
    ["a network error", offline()],
    ["a 5xx", unavailable()],
    ["a 408", new ApiError(408, "timeout", "Request timeout")],
    ["a 429", new ApiError(429, "rate_limited", "Slow down")],
  ])("retries %s", async (_name, error) => {
    let first = true;
    const { edit, autosaves } = outboxUnderTest({ answer: async () => (first ? ((first = false), Promise.reject(error)) : OK) });
    edit("a", data("x"));
    await tick(500);
    await tick(1000);
    expect(autosaves()).toHaveLength(2);
  });

  it("keeps what failed after the third retry and says 'failed'; nothing is dropped", async () => {
    const { outbox, edit, statuses, store } = outboxUnderTest({ answer: async () => Promise.reject(offline()) });
    edit("a", data("keep me"));
    await tick(500 + 1000 + 2000 + 4000);
    expect(outbox.hasPending()).toBe(true);
    expect(statuses.at(-1)).toBe("failed");
    expect((await store.load("p1")).map((e) => (e.kind === "data" ? e.data.prompt : null))).toEqual(["keep me"]);
  });

  describe("sends what failed again", () => {
    const failing = () => {
      let down = true;
      const t = outboxUnderTest({ answer: async (r: Request) => (down ? Promise.reject(offline()) : r.route === "autosave" ? OK : {}) });
      return { ...t, up: () => (down = false) };
    };
    const exhausted = async (t: ReturnType<typeof failing>) => {
      t.edit("a", data("x"));
      await tick(500 + 1000 + 2000 + 4000);
      t.up();
      return t.autosaves().length;
    };

    it("with the next change", async () => {
      const t = failing();
      const before = await exhausted(t);
      t.edit("b", data("y"), 0, true);
      await tick(0);
      await tick(0);
      expect(t.autosaves().length).toBeGreaterThan(before);
      expect(t.outbox.hasPending()).toBe(false);
      expect(t.statuses.at(-1)).toBe("saved");
    });

    it("on retryNow (the browser's online event)", async () => {
      const t = failing();
      const before = await exhausted(t);
      t.outbox.retryNow();
      await tick(0);
      expect(t.autosaves().length).toBe(before + 1);
      expect(t.outbox.hasPending()).toBe(false);
    });

    it("every 30 s", async () => {
      const t = failing();
      const before = await exhausted(t);
      await tick(29_000);
      expect(t.autosaves().length).toBe(before);
      await tick(1_000);
      expect(t.autosaves().length).toBe(before + 1);
      expect(t.outbox.hasPending()).toBe(false);
    });
  });

  it("reports 'saving' when a request starts and 'saved' when nothing is left", async () => {
    const { edit, statuses } = outboxUnderTest();
    edit("a", data("x"));
    await tick(500);
    expect(statuses).toEqual(["saving", "saved"]);
  });

  it("never has two requests out: an edit made meanwhile goes after the answer, as its own write", async () => {
    const held = heldAnswers();
    const { edit, autosaves } = outboxUnderTest({ answer: held.answer });
    edit("a", data("one"), 0, true);
    await tick(0);
    edit("a", data("two", 2), 1, true);
    await tick(1000);
    expect(autosaves()).toHaveLength(1);
    held.answers[0]!.resolve(OK);
    await tick(0);
    expect(autosaves()).toHaveLength(2);
    expect(autosaves()[1]!.updates).toEqual([{ nodeId: "a", nodeData: data("two", 2), prevRev: 1 }]);
  });

  it("keeps the newer edit when the write in flight fails, and sends it after that write's retry", async () => {
    const held = heldAnswers();
    const { outbox, edit, autosaves } = outboxUnderTest({ answer: held.answer });
    edit("a", data("one"), 0, true);
    edit("b", data("b"), 0, true);
    await tick(0);
    edit("a", data("two", 2), 1, true);
    held.answers[0]!.reject(offline());
    await tick(1000);
    held.answers[1]!.resolve(OK);
    await tick(0);
    held.answers[2]?.resolve(OK);
    await tick(0);
    expect(autosaves().map((r) => r.updates.map((u) => u.nodeData.prompt))).toEqual([["one", "b"], ["one", "b"], ["two"]]);
    expect(outbox.hasPending()).toBe(false);
  });

  it("an edit made after a failed write (not in flight any more) joins it", async () => {
    let calls = 0;
    const { outbox, edit, autosaves } = outboxUnderTest({ answer: async () => (++calls === 1 ? Promise.reject(offline()) : OK) });
    edit("a", data("one"), 0, true);
    await tick(0);
    edit("a", data("two", 2), 1);
    await tick(1000);
    expect(autosaves().map((r) => r.updates.map((u) => [u.nodeData.prompt, u.prevRev]))).toEqual([[["one", 0]], [["two", 0]]]);
    expect(outbox.hasPending()).toBe(false);
  });

  it("keeps the newer edit in the store when the older write is acknowledged", async () => {
    const held = heldAnswers();
    const store = new MemoryOutboxStore();
    const { edit } = outboxUnderTest({ store, answer: held.answer });
    edit("a", data("one"), 0, true);
    await tick(0);
    edit("a", data("two", 2), 1);
    held.answers[0]!.resolve(OK);
    await tick(0);
    expect((await store.load("p1")).map((e) => (e.kind === "data" ? e.data.prompt : null))).toEqual(["two"]);
  });

  it("passes conflicts on, and reports what the server stored with its revision", async () => {
    const onConflicts = vi.fn();
    const onAcknowledged = vi.fn();
    const conflict = { nodeId: "a", rev: 9, nodeData: { title: "Theirs", rev: 9 } };
    const { edit } = outboxUnderTest({
      onConflicts,
      onAcknowledged,
      answer: async () => ({ success: true, conflicts: [conflict] }) as AutosaveResponse,
    });
    edit("a", data("mine", 3), 2, true);
    edit("b", data("stored", 5), 4, true);
    await tick(0);
    expect(onConflicts).toHaveBeenCalledWith([conflict]);
    expect(onAcknowledged).toHaveBeenCalledWith([{ nodeId: "b", rev: 5, data: data("stored", 5) }]);
  });

  it("takes a per-update refusal: the refused write is dropped and reported, its batch-mates acknowledged, nothing resent", async () => {
    const onRejected = vi.fn();
    const onAcknowledged = vi.fn();
    const refused = [{ index: 1, nodeId: "b", error: "nodeData.rev may be at most 1000000 past prevRev", code: "bad_request" as const }];
    const { outbox, edit, autosaves, statuses } = outboxUnderTest({
      onRejected,
      onAcknowledged,
      answer: async () => ({ success: true, conflicts: [], refused }) as AutosaveResponse,
    });
    edit("a", data("a", 2), 1, true);
    edit("b", data("b", 2), 1, true);
    edit("c", data("c", 2), 1, true);
    await tick(10_000);
    expect(autosaves()).toHaveLength(1);
    expect(outbox.hasPending()).toBe(false);
    expect(onAcknowledged).toHaveBeenCalledWith([
      { nodeId: "a", rev: 2, data: data("a", 2) },
      { nodeId: "c", rev: 2, data: data("c", 2) },
    ]);
    expect(onRejected).toHaveBeenCalledTimes(1);
    expect(onRejected.mock.calls[0]![0]).toMatchObject({
      status: 400,
      code: "bad_request",
      message: "nodeData.rev may be at most 1000000 past prevRev",
    });
    expect(statuses.at(-1)).toBe("failed");
  });

  it("drops and reports a write the server refuses with 403, and does not retry it", async () => {
    const onRejected = vi.fn();
    const { outbox, edit, autosaves, statuses } = outboxUnderTest({
      onRejected,
      answer: async () => Promise.reject(new ApiError(403, "forbidden", "You have view-only access to this project")),
    });
    edit("a", data("x"), 0, true);
    await tick(10_000);
    expect(autosaves()).toHaveLength(1);
    expect(outbox.hasPending()).toBe(false);
    expect(onRejected).toHaveBeenCalledTimes(1);
    expect(statuses.at(-1)).toBe("failed");
  });

  it("splits a batch refused with 400 so only the bad write is dropped", async () => {
    const onRejected = vi.fn();
    const { outbox, edit, autosaves } = outboxUnderTest({
      onRejected,
      answer: async (r) =>
        r.route === "autosave" && r.updates.some((u) => u.nodeId === "bad")
          ? Promise.reject(new ApiError(400, "bad_request", "Invalid node id"))
          : OK,
    });
    for (const id of ["a", "bad", "c", "d"]) edit(id, data(id), 0, true);
    await tick(0);
    await tick(0);
    await tick(0);
    const stored = autosaves().flatMap((r) => (r.updates.some((u) => u.nodeId === "bad") ? [] : r.updates.map((u) => u.nodeId)));
    expect(stored.sort()).toEqual(["a", "c", "d"]);
    expect(onRejected).toHaveBeenCalledTimes(1);
    expect(outbox.hasPending()).toBe(false);
  });

  it("flush sends everything now and resolves when it is answered", async () => {
    const { outbox, edit, autosaves } = outboxUnderTest();
    edit("a", data("x"));
    edit("b", data("y"));
    const flushed = outbox.flush();
    await tick(0);
    await flushed;
    expect(autosaves()).toHaveLength(1);
    expect(outbox.hasPending()).toBe(false);
  });

  it("after dispose sends nothing, and what was unsent waits in the store for the next page", async () => {
    const store = new MemoryOutboxStore();
    const { outbox, edit, autosaves } = outboxUnderTest({ store });
    edit("a", data("x"));
    await outbox.dispose();
    await tick(10_000);
    expect(autosaves()).toHaveLength(0);
    expect(await store.load("p1")).toHaveLength(1);
  });

  it("takes over what an earlier page left, and sends it before anything queued since", async () => {
    const store = new MemoryOutboxStore();
    const first = outboxUnderTest({ store, answer: async () => Promise.reject(offline()) });
    first.edit("a", data("left behind"), 0, true);
    await tick(0);
    await first.outbox.dispose();
    const second = outboxUnderTest({ store });
    const loading = second.outbox.load();
    second.edit("b", data("new"), 0, true);
    const kept = await loading;
    expect(kept.map((e) => (e.kind === "data" ? e.nodeId : null))).toEqual(["a"]);
    await tick(0);
    await tick(0);
    expect(second.autosaves().flatMap((r) => r.updates.map((u) => u.nodeId))).toEqual(["a", "b"]);
  });

  it("does not send other people's changes, nor a page's unsent edits shown again", async () => {
    const { take, requests } = outboxUnderTest();
    take([{ type: "node-data", id: "a", data: data("theirs"), prevRev: 0 }], { source: "remote", urgent: true });
    take([{ type: "node-data", id: "a", data: data("result"), prevRev: 0 }], { source: "generation", urgent: true });
    take([{ type: "node-data", id: "a", data: data("replayed"), prevRev: 0 }], { replayed: true, urgent: true });
    await tick(1000);
    expect(requests).toEqual([]);
  });

  it("sends the agent's changes like a person's", async () => {
    const { take, autosaves } = outboxUnderTest();
    take([{ type: "node-data", id: "a", data: data("planned"), prevRev: 0 }], { source: "agent", urgent: true });
    await tick(0);
    expect(autosaves()).toHaveLength(1);
  });

  it("drops a node's unsent data when someone else removed the node", async () => {
    const { outbox, edit, take, requests } = outboxUnderTest();
    edit("a", data("x"));
    take([{ type: "node-removed", id: "a" }], { source: "remote" });
    await tick(1000);
    expect(requests).toEqual([]);
    expect(outbox.hasPending()).toBe(false);
  });
});
