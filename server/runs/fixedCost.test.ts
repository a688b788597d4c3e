/**
 * What the run engine does to keep a run's fixed cost down (issue 30, bench:queue), and that each shortcut
 * still does the right thing: a run started where a worker is idle is handed to it with no pg-boss job and
 * no claim (the statement recording it starts it), and queued as a job when every worker is busy; a paused
 * queue still holds a run back; a run's queued mark is written only with its run; a result goes on its node with its success, never before; a result written from the node as claimed still keeps a
 * change the user made while it ran; a provider key saved in Settings counts for the very next run although
 * "no key" was remembered a moment before. The provider is a scripted fake of fal.
 */
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { eq } from "drizzle-orm";
import { generations } from "../db/schema";
import type { Engine, EngineRequest, EngineResult } from "../generation/engine";
import { createHarness, type Harness, type TestUser } from "../test/harness";
import { sqlTextOf } from "../test/sqlText";

const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==", "base64");
const IMAGE_MODEL = "fal-ai/flux-pro/kontext"; // 40 credits

/** fal's stand-in: a prompt starting "hold" waits until the test lets it go; the others answer at once. */
class GatedFal implements Engine {
  readonly provider = "fal" as const;
  started: string[] = [];
  private gates = new Map<string, () => void>();
  async run(req: EngineRequest): Promise<EngineResult> {
    this.started.push(req.prompt);
    if (req.prompt.startsWith("hold")) await new Promise<void>((resolve) => this.gates.set(req.prompt, resolve));
    if (req.prompt.startsWith("fail")) throw new Error("provider down");
    return { kind: "media", mediaType: "image", files: [{ bytes: PNG, contentType: "image/png" }] };
  }
  release(prompt: string) {
    this.gates.get(prompt)?.();
    this.gates.delete(prompt);
  }
}

const fal = new GatedFal();
let h: Harness;

beforeAll(async () => {
  h = await createHarness({
    // One worker: the second run started while the first runs finds no idle worker.
    generation: { engines: { fal }, env: { FAL_KEY: "platform-key" }, workers: 1, perUserConcurrency: 2 },
    config: { authSecret: randomBytes(32).toString("hex") },
  });
});
afterAll(async () => h?.close());

async function projectWith(user: TestUser, ids: string[]) {
  const projectId = (await h.call(user, "POST", "/api/projects", { name: `F ${ids.join("")}` })).body.id as string;
  await h.call(user, "POST", `/api/projects/${projectId}/structure`, {
    nodes: ids.map((id, i) => ({ id, position: { x: i * 550, y: 0 } })),
  });
  await h.call(user, "POST", "/api/workflows/autosave", {
    projectId,
    updates: ids.map((id) => ({ nodeId: id, prevRev: 0, nodeData: { title: id, selectedModel: IMAGE_MODEL, rev: 1 } })),
  });
  return projectId;
}

const run = async (user: TestUser, projectId: string, nodeId: string, prompt: string) => {
  const res = await h.call(user, "POST", "/api/execute-node", { projectId, nodeId, prompt, selectedModel: IMAGE_MODEL });
  expect(res.status).toBe(202);
  return res.body.generationId as string;
};
const jobsOf = async (generationId: string) =>
  (await h.database.executeSql(`select state from pgboss.job where name = 'generation' and data->>'generationId' = $1`, [generationId]))
    .rows as { state: string }[];
const rowOf = async (id: string) => (await h.database.db.select().from(generations).where(eq(generations.id, id)))[0]!;
const nodeOf = async (user: TestUser, projectId: string, id: string) =>
  (
    (await h.call(user, "GET", `/api/projects/nodes?projectId=${projectId}`)).body.nodes as { id: string; data: Record<string, unknown> }[]
  ).find((n) => n.id === id)!.data;
const until = async (ok: () => boolean | Promise<boolean>, ms = 10_000) => {
  for (const end = Date.now() + ms; !(await ok()) && Date.now() < end; ) await new Promise((r) => setTimeout(r, 20));
};

describe("the run engine's shortcuts", () => {
  it("hands a run to an idle worker of this process with no job, and queues a job when every worker is busy", async () => {
    const user = await h.signUp();
    const projectId = await projectWith(user, ["a", "b"]);
    const first = await run(user, projectId, "a", "hold a");
    await until(() => fal.started.includes("hold a"));
    expect(fal.started).toContain("hold a");
    expect(await jobsOf(first)).toEqual([]); // handed over in-process: no job was ever queued

    const second = await run(user, projectId, "b", "then b");
    // The only worker is busy: the run waits as a job, in the queue until the worker is free.
    expect((await jobsOf(second)).length).toBe(1);
    expect((await rowOf(second)).status).toBe("queued");

    fal.release("hold a");
    const [a, b] = [await h.generation.service.waitFor(first, 10_000), await h.generation.service.waitFor(second, 10_000)];
    expect([a.status, a.attempts, b.status, b.attempts]).toEqual(["succeeded", 1, "succeeded", 1]);
    expect((await nodeOf(user, projectId, "a")).status).toBe("completed");
    expect((await nodeOf(user, projectId, "b")).status).toBe("completed");
  }, 30_000);

  it("starts a run handed to an idle worker in the statement that records it (no claim), unless the user's queue is paused", async () => {
    const user = await h.signUp();
    const projectId = await projectWith(user, ["s", "p"]);
    const { db, queue } = h.generation.service.deps;
    // the one worker idle again after the runs before (on PostgreSQL it looks for more jobs first)
    const idleWorker = () => {
      const taken = queue.takeIdleWorker();
      taken?.release();
      return taken !== null;
    };
    await until(idleWorker);
    // every status a write to a run's row sets meanwhile: a claim sets 'running'
    const originalUpdate = db.update.bind(db);
    const statusesSet: unknown[] = [];
    const update = vi.spyOn(db, "update").mockImplementation(((...args: Parameters<typeof db.update>) => {
      const builder = originalUpdate(...args);
      const set = builder.set.bind(builder);
      return Object.assign(builder, { set: (values: { status?: unknown }) => (statusesSet.push(values.status), set(values as never)) });
    }) as unknown as typeof db.update);
    try {
      const started = await run(user, projectId, "s", "hold s");
      // recorded running, as a claim leaves a run: one attempt, a heartbeat, a start time
      const row = await rowOf(started);
      expect([row.status, row.attempts, row.startedAt !== null, row.heartbeatAt !== null]).toEqual(["running", 1, true, true]);
      await until(() => fal.started.includes("hold s"));
      fal.release("hold s");
      expect((await h.generation.service.waitFor(started, 10_000)).status).toBe("succeeded");
      expect(statusesSet).not.toContain("running");
      expect(await jobsOf(started)).toEqual([]);
    } finally {
      update.mockRestore();
      fal.release("hold s");
    }

    expect((await h.call(user, "POST", "/api/queue/pause")).status).toBe(200);
    const held = await run(user, projectId, "p", "while paused");
    await new Promise((r) => setTimeout(r, 300));
    expect((await rowOf(held)).status).toBe("queued");
    expect(fal.started).not.toContain("while paused");
    expect((await h.call(user, "POST", "/api/queue/resume")).status).toBe(200);
    const resumed = await h.generation.service.waitFor(held, 10_000);
    expect([resumed.status, resumed.attempts]).toEqual(["succeeded", 1]);
  }, 30_000);

  it("marks the node in the statement that records its run: a refusal leaves the node as it was, a node changed meanwhile is marked as it is now", async () => {
    const user = await h.signUp();
    const projectId = await projectWith(user, ["m", "c"]);
    const { db, hub, queue } = h.generation.service.deps;
    await until(() => {
      const taken = queue.takeIdleWorker();
      taken?.release();
      return taken !== null;
    });
    const original = db.execute.bind(db);
    const statementsOf = vi.spyOn(db, "execute");
    const shown: string[] = [];
    const publish = vi.spyOn(hub, "publish").mockImplementation(async (project, message) => {
      if (project === projectId) shown.push(JSON.stringify(message));
    });
    try {
      // Refused (402: five Kling master variations cost more than the sign-up grant): the mark never lands.
      const before = await nodeOf(user, projectId, "m");
      const refused = await h.call(user, "POST", "/api/execute-node", {
        projectId,
        nodeId: "m",
        prompt: "a chase",
        selectedModel: "fal-ai/kling-video/v2.1/master/text-to-video",
        controls: { variations: 5 },
      });
      expect(refused.status).toBe(402);
      expect(await nodeOf(user, projectId, "m")).toEqual(before);
      expect(shown.filter((m) => m.includes('"node-data"') || m.includes('"generating"'))).toEqual([]);
      // one statement recorded the run and its mark: no exact write of the node of its own
      const recording = statementsOf.mock.calls
        .map(([q]) => sqlTextOf(db, q))
        .filter((t) => t.includes("queue_run") || t.includes("write_node_exactly"));
      expect(recording).toHaveLength(1);
      expect(recording[0]).toContain("write_node_exactly_after");
    } finally {
      publish.mockRestore();
    }

    // The user renames the node between the run's read of it and the statement recording the run.
    let renamed = false;
    statementsOf.mockImplementation((async (query: Parameters<typeof db.execute>[0]) => {
      if (!renamed && sqlTextOf(db, query).includes("write_node_exactly_after")) {
        renamed = true;
        const now = await nodeOf(user, projectId, "c");
        const saved = await h.call(user, "POST", "/api/workflows/autosave", {
          projectId,
          updates: [{ nodeId: "c", prevRev: now.rev, nodeData: { ...now, title: "Renamed meanwhile", rev: (now.rev as number) + 1 } }],
        });
        expect(saved.status).toBe(200);
      }
      return original(query);
    }) as typeof db.execute);
    try {
      const id = await run(user, projectId, "c", "after a rename");
      expect(renamed).toBe(true);
      expect((await h.generation.service.waitFor(id, 10_000)).status).toBe("succeeded");
      const after = await nodeOf(user, projectId, "c");
      expect([after.title, after.status]).toEqual(["Renamed meanwhile", "completed"]);
      // recorded once: the statement undone by the rename held and recorded nothing
      expect(await h.database.db.select().from(generations).where(eq(generations.nodeId, "c"))).toHaveLength(1);
    } finally {
      statementsOf.mockRestore();
    }
  }, 30_000);

  it("puts a run's result on its node in the statement that records its success, never before it", async () => {
    const user = await h.signUp();
    const projectId = await projectWith(user, ["r"]);
    const { hub } = h.generation.service.deps;
    const originalPublish = hub.publish.bind(hub);
    // the run's stored status at the moment each message showing the node completed goes out
    const statusWhenShown: string[] = [];
    let runId = "";
    const publish = vi.spyOn(hub, "publish").mockImplementation(async (project, message) => {
      if (project === projectId && JSON.stringify(message).includes('"status":"completed"'))
        statusWhenShown.push(runId ? (await rowOf(runId)).status : "not started");
      return originalPublish(project, message);
    });
    try {
      runId = await run(user, projectId, "r", "hold r");
      await until(() => fal.started.includes("hold r"));
      fal.release("hold r");
      const row = await h.generation.service.waitFor(runId, 10_000);
      expect(row.status).toBe("succeeded");
      expect(statusWhenShown).toEqual(["succeeded"]);
      const node = await nodeOf(user, projectId, "r");
      expect([node.status, node.mediaUrl]).toEqual(["completed", (row.result as { imageUrl: string }).imageUrl]);
    } finally {
      publish.mockRestore();
      fal.release("hold r");
    }
  }, 30_000);

  it("writes the result over a change the user made while the run ran (the node as claimed had moved on)", async () => {
    const user = await h.signUp();
    const projectId = await projectWith(user, ["n"]);
    const id = await run(user, projectId, "n", "hold n");
    await until(() => fal.started.includes("hold n"));
    const during = await nodeOf(user, projectId, "n");
    const saved = await h.call(user, "POST", "/api/workflows/autosave", {
      projectId,
      updates: [
        { nodeId: "n", prevRev: during.rev, nodeData: { ...during, title: "Renamed while running", rev: (during.rev as number) + 1 } },
      ],
    });
    expect(saved.status).toBe(200);
    fal.release("hold n");
    expect((await h.generation.service.waitFor(id, 10_000)).status).toBe("succeeded");
    const after = await nodeOf(user, projectId, "n");
    expect(after.title).toBe("Renamed while running");
    expect(after.status).toBe("completed");
    expect(String(after.mediaUrl)).toMatch(/^\/api\/media\//);
    expect((after.versionHistory as unknown[]).length).toBe(1);
  }, 30_000);

  it("a key saved in Settings counts for the next run at once, though 'no key of their own' was just remembered", async () => {
    const user = await h.signUp();
    const projectId = await projectWith(user, ["k"]);
    const charged = await run(user, projectId, "k", "with the platform key");
    expect((await h.generation.service.waitFor(charged, 10_000)).reservedCredits).toBe(40);
    const saved = await h.call(user, "PUT", "/api/settings/keys/fal", { key: "users-own-fal-key" });
    expect(saved.status).toBe(200);
    const own = await run(user, projectId, "k", "with their own key");
    const row = await h.generation.service.waitFor(own, 10_000);
    expect([row.status, row.ownKey, row.reservedCredits]).toEqual(["succeeded", true, 0]);
  }, 30_000);

  it("answers a waiter for a run settled in this process from the settle itself, as stored, with no read", async () => {
    const user = await h.signUp();
    const projectId = await projectWith(user, ["w", "x"]);
    const service = h.generation.service;
    // every table a select reads from, while the runs go and are waited for
    const db = service.deps.db;
    const originalSelect = db.select.bind(db);
    const readFrom: unknown[] = [];
    const select = vi.spyOn(db, "select").mockImplementation(((...args: Parameters<typeof db.select>) => {
      const builder = originalSelect(...args);
      const from = builder.from.bind(builder);
      return Object.assign(builder, { from: (table: unknown) => (readFrom.push(table), from(table as never)) });
    }) as unknown as typeof db.select);
    try {
      const ok = await run(user, projectId, "w", "hold w");
      await until(() => fal.started.includes("hold w"));
      const waiting = service.waitFor(ok, 10_000);
      fal.release("hold w");
      const failed = await run(user, projectId, "x", "fail x");
      const [okRow, failedRow] = [await waiting, await service.waitFor(failed, 10_000)];
      expect(readFrom).not.toContain(generations);
      const fields = (r: typeof okRow) => [r.id, r.status, r.result, r.error, r.progress, r.reservedCredits, r.attempts];
      expect(fields(okRow)).toEqual(fields(await rowOf(ok)));
      expect(fields(failedRow)).toEqual(fields(await rowOf(failed)));
      expect([okRow.status, failedRow.status]).toEqual(["succeeded", "failed"]);
      // asked again later, the settled run is answered the same way
      expect(fields(await service.waitFor(ok))).toEqual(fields(okRow));
    } finally {
      select.mockRestore();
    }
  }, 30_000);
});
