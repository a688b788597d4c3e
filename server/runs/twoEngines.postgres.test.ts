/**
 * Two studio processes on one PostgreSQL database share one queue (issue 30, scale out): a user's pause
 * made on one holds the runs queued on the other, a reorder made on one is the order both start in, and
 * each run is done once. Two harnesses stand for the two processes: each its own pool, LISTEN connection
 * and workers. Needs PostgreSQL (`--project api-postgres`): the embedded database belongs to one process.
 */
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { eq } from "drizzle-orm";
import { generations } from "../db/schema";
import type { Engine, EngineRequest, EngineResult } from "../generation/engine";
import { createHarness, type Harness, type HarnessOptions, type TestUser } from "../test/harness";
import { sqlTextOf } from "../test/sqlText";
import { openSharedPostgres } from "../test/testDatabase";

const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==", "base64");
const IMAGE_MODEL = "fal-ai/flux-pro/kontext";

/** fal's stand-in for both processes: records each prompt's start and which process ran it. */
class FakeFal implements Engine {
  readonly provider = "fal" as const;
  constructor(
    private readonly process: string,
    private readonly calls: { prompt: string; start: number; process: string }[],
  ) {}
  async run(req: EngineRequest): Promise<EngineResult> {
    this.calls.push({ prompt: req.prompt, start: performance.now(), process: this.process });
    await new Promise((r) => setTimeout(r, 100));
    return { kind: "media", mediaType: "image", files: [{ bytes: PNG, contentType: "image/png" }] };
  }
}

const calls: { prompt: string; start: number; process: string }[] = [];
const authSecret = randomBytes(32).toString("hex");
const optionsFor = (name: string): HarnessOptions => ({
  // One run at a time per user, so the start order is the queue's order.
  generation: { engines: { fal: new FakeFal(name, calls) }, env: { FAL_KEY: "platform-key" }, perUserConcurrency: 1 },
  config: { authSecret },
});
let one: Harness;
let two: Harness;

// Only in the api-postgres project (vitest.config.ts): the embedded database belongs to one process.
describe("two engines on one PostgreSQL", () => {
  beforeAll(async () => {
    const [first, second] = await openSharedPostgres();
    one = await createHarness({ ...optionsFor("one"), database: first });
    two = await createHarness({ ...optionsFor("two"), database: second });
  });
  afterAll(async () => {
    await two?.close();
    await one?.close();
  });

  const waiting = async (h: Harness, user: TestUser) =>
    ((await h.call(user, "GET", "/api/queue")).body.runs as { nodeTitle: string; status: string }[])
      .filter((r) => r.status === "queued")
      .map((r) => r.nodeTitle);

  it("a pause made on one holds runs queued on the other; a reorder on one is the order both start in; each run once", async () => {
    const user = await one.signUp();
    const projectId = (await one.call(user, "POST", "/api/projects", { name: "Shared" })).body.id as string;
    const titles = ["U", "V", "W"];
    await one.call(user, "POST", `/api/projects/${projectId}/structure`, {
      nodes: titles.map((id, i) => ({ id, position: { x: i * 550, y: 0 } })),
    });
    await one.call(user, "POST", "/api/workflows/autosave", {
      projectId,
      updates: titles.map((id) => ({
        nodeId: id,
        prevRev: 0,
        nodeData: { title: id, prompt: `shot ${id}`, selectedModel: IMAGE_MODEL, rev: 1 },
      })),
    });
    expect((await one.call(user, "POST", "/api/queue/pause")).status).toBe(200);
    // Queued through the other process, whose workers (and the first's) must leave them waiting.
    const ids: Record<string, string> = {};
    for (const id of titles) {
      const res = await two.call(user, "POST", "/api/execute-node", {
        projectId,
        nodeId: id,
        prompt: `shot ${id}`,
        selectedModel: IMAGE_MODEL,
      });
      expect(res.status).toBe(202);
      ids[id] = res.body.generationId;
    }
    await new Promise((r) => setTimeout(r, 1_500));
    expect(calls).toEqual([]);
    expect((await two.call(user, "GET", "/api/queue")).body.paused).toBe(true);

    // W is put first on the first process; the second lists that order, and resuming there runs it.
    expect((await one.call(user, "PATCH", `/api/runs/${ids.W}`, { action: "run-next" })).status).toBe(200);
    expect(await waiting(two, user)).toEqual(["W", "U", "V"]);
    expect((await two.call(user, "POST", "/api/queue/resume")).status).toBe(200);
    const rows = await Promise.all(Object.values(ids).map((id) => one.generation.service.waitFor(id, 30_000)));
    expect(rows.map((r) => r.status)).toEqual(["succeeded", "succeeded", "succeeded"]);
    expect(calls.sort((a, b) => a.start - b.start).map((c) => c.prompt)).toEqual(["shot W", "shot U", "shot V"]);
    const stored = await one.database.db.select().from(generations).where(eq(generations.userId, user.id));
    expect(stored.map((r) => r.attempts)).toEqual([1, 1, 1]);
  }, 60_000);

  it("an edit saved on one reaches the other's copy of a node it ran: its next run there starts from it, unread", async () => {
    const user = await one.signUp();
    const projectId = (await one.call(user, "POST", "/api/projects", { name: "Shared copy" })).body.id as string;
    await one.call(user, "POST", `/api/projects/${projectId}/structure`, { nodes: [{ id: "S", position: { x: 0, y: 0 } }] });
    await one.call(user, "POST", "/api/workflows/autosave", {
      projectId,
      updates: [{ nodeId: "S", prevRev: 0, nodeData: { title: "S", selectedModel: IMAGE_MODEL, rev: 1 } }],
    });
    const run = async (prompt: string) => {
      const res = await two.call(user, "POST", "/api/execute-node", { projectId, nodeId: "S", prompt, selectedModel: IMAGE_MODEL });
      expect(res.status).toBe(202);
      expect((await two.generation.service.waitFor(res.body.generationId as string, 30_000)).status).toBe("succeeded");
    };
    await run("first take");
    const node = async () =>
      (
        (await one.call(user, "GET", `/api/projects/nodes?projectId=${projectId}`)).body.nodes as {
          id: string;
          data: Record<string, unknown>;
        }[]
      ).find((n) => n.id === "S")!.data;
    const before = await node();
    const rev = (before.rev as number) + 1;
    const heardOnTwo = new Promise<void>((resolve) => {
      const leave = two.generation.service.deps.hub.listen(projectId, (m) => {
        if (m.type === "nodes" && m.nodes.some((n) => n.id === "S" && n.rev === rev)) resolve(leave());
      });
    });
    const saved = await one.call(user, "POST", "/api/workflows/autosave", {
      projectId,
      updates: [{ nodeId: "S", prevRev: before.rev, nodeData: { ...before, title: "Renamed on one", rev } }],
    });
    expect(saved.status).toBe(200);
    await heardOnTwo;
    // A start from a copy needs a worker of its process idle: the one that ran the first take, once it is done.
    const { queue } = two.generation.service.deps;
    for (const end = Date.now() + 5_000; !queue.hasIdleWorker() && Date.now() < end; ) await new Promise((r) => setTimeout(r, 20));

    const { db } = two.generation.service.deps;
    const statements = vi.spyOn(db, "execute");
    try {
      await run("second take");
      const sent = statements.mock.calls.map(([q]) => sqlTextOf(db, q));
      expect(sent.filter((t) => /^select \* from node_for_run/.test(t))).toEqual([]);
      // one statement checked the copy and recorded the run (a copy out of date records it in a second)
      expect(sent.filter((t) => t.includes("known_node_stands"))).toHaveLength(1);
      expect(sent.filter((t) => t.includes("queue_run"))).toHaveLength(1);
    } finally {
      statements.mockRestore();
    }
    expect(await node()).toMatchObject({ title: "Renamed on one", status: "completed" });
  }, 60_000);
});
