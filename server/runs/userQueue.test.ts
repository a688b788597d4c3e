/**
 * A queue a film maker can steer, through the API: pause holds waiting runs and resume lets
 * them go, reorder and Run next change the start order, retry queues a failed run again (charged once),
 * cancel all waiting returns the holds, order and pause survive a restart on the same database, only the
 * run's own user steers it, and one user's long queue does not hold another's run back. One run at a time
 * per user here, so the start order is the queue's order. The provider is a scripted fake of fal.
 */
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import type { RealtimeMessage } from "../../domain/realtime";
import { creditLedger, generations } from "../db/schema";
import type { Engine, EngineRequest, EngineResult } from "../generation/engine";
import { ProviderError } from "../generation/engine";
import { userRoom } from "../realtime/hub";
import { createHarness, projectWithMembers, TEST_SIGNUP_CREDITS, type Harness, type HarnessOptions, type TestUser } from "../test/harness";

const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==", "base64");
const IMAGE_MODEL = "fal-ai/flux-pro/kontext"; // 40 credits
const IMAGE_CREDITS = 40;

/** fal's stand-in: records when each prompt started; a prompt in `failOnce` fails its first time. */
class FakeFal implements Engine {
  readonly provider = "fal" as const;
  calls: { prompt: string; start: number; end: number }[] = [];
  failOnce = new Set<string>();
  async run(req: EngineRequest): Promise<EngineResult> {
    const call = { prompt: req.prompt, start: performance.now(), end: 0 };
    this.calls.push(call);
    await new Promise((r) => setTimeout(r, 120));
    call.end = performance.now();
    if (this.failOnce.delete(req.prompt)) throw new ProviderError("fal.ai could not make this picture", 422);
    return { kind: "media", mediaType: "image", files: [{ bytes: PNG, contentType: "image/png" }] };
  }
}

const fal = new FakeFal();
const authSecret = randomBytes(32).toString("hex");
const options: HarnessOptions = {
  generation: { engines: { fal }, env: { FAL_KEY: "platform-key" }, perUserConcurrency: 1 },
  config: { authSecret },
};
let h: Harness;

beforeAll(async () => {
  h = await createHarness(options);
});
afterAll(async () => h?.close());

const balance = async (user: TestUser) => (await h.call(user, "GET", "/api/credits")).body.balance as number;
const queue = async (user: TestUser) =>
  (await h.call(user, "GET", "/api/queue")).body as {
    paused: boolean;
    runs: { id: string; nodeTitle: string; status: string; projectName: string; modelName: string; credits: number }[];
  };
const waitingTitles = async (user: TestUser) =>
  (await queue(user)).runs.filter((r) => r.status === "queued" || r.status === "waiting").map((r) => r.nodeTitle);
const patch = (user: TestUser, runId: string, body: unknown) => h.call(user, "PATCH", `/api/runs/${runId}`, body);

/** A project with image nodes titled by `titles`, each prompted "shot {title}". */
async function project(user: TestUser, titles: string[]) {
  const projectId = (await h.call(user, "POST", "/api/projects", { name: `Q ${titles.join("")}` })).body.id as string;
  await h.call(user, "POST", `/api/projects/${projectId}/structure`, {
    nodes: titles.map((id, i) => ({ id, position: { x: i * 550, y: 0 } })),
  });
  await h.call(user, "POST", "/api/workflows/autosave", {
    projectId,
    updates: titles.map((id) => ({
      nodeId: id,
      prevRev: 0,
      nodeData: { title: id, prompt: `shot ${id}`, selectedModel: IMAGE_MODEL, rev: 1 },
    })),
  });
  return projectId;
}

/** Queues a run of each node in turn; answers their run ids by title. */
async function queueRuns(user: TestUser, projectId: string, titles: string[]) {
  const ids: Record<string, string> = {};
  for (const id of titles) {
    const res = await h.call(user, "POST", "/api/execute-node", {
      projectId,
      nodeId: id,
      prompt: `shot ${id}`,
      selectedModel: IMAGE_MODEL,
    });
    expect(res.status).toBe(202);
    ids[id] = res.body.generationId;
  }
  return ids;
}

const settleAll = async (ids: string[]) => Promise.all(ids.map((id) => h.generation.service.waitFor(id, 30_000)));
/** The order in which fal started these prompts. */
const startOrder = (titles: string[]) =>
  fal.calls
    .filter((c) => titles.some((t) => c.prompt === `shot ${t}`))
    .sort((a, b) => a.start - b.start)
    .map((c) => c.prompt.replace("shot ", ""));
const pause = (user: TestUser) => h.call(user, "POST", "/api/queue/pause");
const resume = (user: TestUser) => h.call(user, "POST", "/api/queue/resume");

describe("the user's queue", () => {
  it("pause holds waiting runs (live to the user's tabs), resume lets them run; GET /api/queue lists them across projects", async () => {
    const user = await h.signUp();
    const heard: RealtimeMessage[] = [];
    const leave = h.hub.join(userRoom(user.id), { send: (t) => heard.push(JSON.parse(t)) });
    expect((await pause(user)).body).toEqual({ success: true, paused: true });
    expect(heard).toContainEqual({ type: "queue" });
    const one = await project(user, ["P1"]);
    const two = await project(user, ["P2", "P3"]);
    const ids = { ...(await queueRuns(user, one, ["P1"])), ...(await queueRuns(user, two, ["P2", "P3"])) };
    await new Promise((r) => setTimeout(r, 700));
    expect(startOrder(["P1", "P2", "P3"])).toEqual([]);
    const listed = await queue(user);
    expect(listed.paused).toBe(true);
    expect(listed.runs.map((r) => [r.nodeTitle, r.status, r.projectName, r.credits])).toEqual([
      ["P1", "queued", "Q P1", IMAGE_CREDITS],
      ["P2", "queued", "Q P2P3", IMAGE_CREDITS],
      ["P3", "queued", "Q P2P3", IMAGE_CREDITS],
    ]);
    expect(listed.runs[0]!.modelName).toBeTruthy();

    heard.length = 0;
    expect((await resume(user)).body).toEqual({ success: true, paused: false });
    const rows = await settleAll(Object.values(ids));
    leave();
    expect(rows.map((r) => r.status)).toEqual(["succeeded", "succeeded", "succeeded"]);
    expect(startOrder(["P1", "P2", "P3"])).toEqual(["P1", "P2", "P3"]);
    // Each start and end of a run of theirs reached the user's own channel too.
    expect(heard.filter((m) => m.type === "queue").length).toBeGreaterThanOrEqual(4);
    expect((await queue(user)).runs.map((r) => r.status)).toEqual(["succeeded", "succeeded", "succeeded"]);
  }, 30_000);

  it("reorder and Run next change the start order", async () => {
    const user = await h.signUp();
    await pause(user);
    const projectId = await project(user, ["A", "B", "C", "D"]);
    const ids = await queueRuns(user, projectId, ["A", "B", "C", "D"]);
    expect((await patch(user, ids.D!, { position: 0 })).status).toBe(200);
    expect(await waitingTitles(user)).toEqual(["D", "A", "B", "C"]);
    expect((await patch(user, ids.B!, { action: "run-next" })).status).toBe(200);
    expect(await waitingTitles(user)).toEqual(["B", "D", "A", "C"]);
    // Past the end: last.
    expect((await patch(user, ids.A!, { position: 99 })).status).toBe(200);
    expect(await waitingTitles(user)).toEqual(["B", "D", "C", "A"]);
    await resume(user);
    await settleAll(Object.values(ids));
    expect(startOrder(["A", "B", "C", "D"])).toEqual(["B", "D", "C", "A"]);
    // A run that has started cannot be moved.
    const moved = await patch(user, ids.A!, { position: 0 });
    expect(moved.status).toBe(409);
    expect(moved.body.error).toBe("Only a run that has not started can be moved");
  }, 30_000);

  it("retry queues a failed run again, charged once through the ledger; a double retry queues one", async () => {
    const user = await h.signUp();
    const projectId = await project(user, ["R"]);
    fal.failOnce.add("shot R");
    const { R: failedId } = await queueRuns(user, projectId, ["R"]);
    expect((await h.generation.service.waitFor(failedId!)).status).toBe("failed");
    expect(await balance(user)).toBe(TEST_SIGNUP_CREDITS);

    const [first, second] = await Promise.all([patch(user, failedId!, { action: "retry" }), patch(user, failedId!, { action: "retry" })]);
    expect([first.status, second.status].sort()).toEqual([200, 409]);
    const retried = (first.status === 200 ? first : second).body.runId as string;
    expect(retried).not.toBe(failedId);
    expect((await h.generation.service.waitFor(retried)).status).toBe("succeeded");
    expect(await balance(user)).toBe(TEST_SIGNUP_CREDITS - IMAGE_CREDITS);
    const ledger = await h.database.db
      .select({ key: creditLedger.idempotencyKey })
      .from(creditLedger)
      .where(eq(creditLedger.userId, user.id));
    expect(
      ledger
        .filter((l) => l.key.startsWith(`generation:${retried}:`))
        .map((l) => l.key)
        .sort(),
    ).toEqual([`generation:${retried}:capture`, `generation:${retried}:reserve`]);
    // Only failed or cancelled runs are retried.
    const again = await patch(user, retried, { action: "retry" });
    expect(again.status).toBe(409);
    expect(again.body.error).toBe("Only a failed or cancelled run can be retried");
  }, 30_000);

  it("cancel all waiting returns every hold; nothing of it runs after resume", async () => {
    const user = await h.signUp();
    await pause(user);
    const projectId = await project(user, ["X1", "X2", "X3"]);
    const ids = await queueRuns(user, projectId, ["X1", "X2", "X3"]);
    expect(await balance(user)).toBe(TEST_SIGNUP_CREDITS - 3 * IMAGE_CREDITS);
    const cancelled = await h.call(user, "POST", "/api/queue/cancel-waiting");
    expect(cancelled.body).toEqual({ success: true, cancelled: 3, credits: 3 * IMAGE_CREDITS });
    expect(await balance(user)).toBe(TEST_SIGNUP_CREDITS);
    await resume(user);
    await new Promise((r) => setTimeout(r, 500));
    const rows = await h.database.db.select().from(generations).where(eq(generations.userId, user.id));
    expect(rows.map((r) => r.status)).toEqual(["cancelled", "cancelled", "cancelled"]);
    expect(startOrder(["X1", "X2", "X3"])).toEqual([]);
    expect(Object.keys(ids)).toHaveLength(3);
  }, 30_000);

  it("only the run's own user steers it: viewers and other editors 403, strangers the project's answer, bad input 400", async () => {
    const { owner, viewer, editor, stranger, projectId } = await projectWithMembers(h);
    await h.call(owner, "POST", `/api/projects/${projectId}/structure`, { nodes: [{ id: "S", position: { x: 0, y: 0 } }] });
    await pause(owner);
    const { S: runId } = await queueRuns(owner, projectId, ["S"]);
    expect((await patch(viewer, runId!, { position: 0 })).status).toBe(403);
    expect((await patch(stranger, runId!, { action: "run-next" })).status).toBe(403);
    const other = await patch(editor, runId!, { position: 0 });
    expect(other.status).toBe(403);
    expect(other.body.error).toBe("This run is in someone else's queue; only who started it can change it");
    expect((await patch(owner, "3f1c1a52-0000-4000-8000-000000000000", { position: 0 })).status).toBe(404);
    expect((await patch(owner, runId!, { position: -1 })).status).toBe(400);
    expect((await patch(owner, runId!, { action: "jump" })).status).toBe(400);
    expect((await patch(owner, "not-a-uuid", { position: 0 })).status).toBe(400);
    expect((await h.call(null, "POST", "/api/queue/pause")).status).toBe(401);
    // Someone else's queue is not theirs to list or cancel: the editor's is empty.
    expect((await queue(editor)).runs).toEqual([]);
    expect((await h.call(editor, "POST", "/api/queue/cancel-waiting")).body.cancelled).toBe(0);
    await h.call(owner, "POST", "/api/queue/cancel-waiting");
  }, 30_000);

  it("one user's long queue does not hold another user's run back, paused or not", async () => {
    const [busy, other, pausedUser] = await Promise.all([h.signUp("Busy"), h.signUp("Other"), h.signUp("Paused")]);
    const lots = ["L1", "L2", "L3", "L4", "L5", "L6"];
    await pause(pausedUser);
    const held = await queueRuns(pausedUser, await project(pausedUser, ["H1", "H2", "H3", "H4"]), ["H1", "H2", "H3", "H4"]);
    const busyRuns = await queueRuns(busy, await project(busy, lots), lots);
    const { O: otherRun } = await queueRuns(other, await project(other, ["O"]), ["O"]);
    await settleAll([...Object.values(busyRuns), otherRun!]);
    const started = (p: string) => fal.calls.find((c) => c.prompt === `shot ${p}`)!.start;
    // The other user's run started while the busy user's queue was still at its start.
    expect(started("O")).toBeLessThan(started("L3"));
    await h.call(pausedUser, "POST", "/api/queue/cancel-waiting");
    expect(Object.keys(held)).toHaveLength(4);
  }, 60_000);
});

describe("after a restart", () => {
  it("pause and order survive reopening the server on the same database", async () => {
    const user = await h.signUp();
    await pause(user);
    const projectId = await project(user, ["U", "V", "W"]);
    const ids = await queueRuns(user, projectId, ["U", "V", "W"]);
    await patch(user, ids.W!, { action: "run-next" });
    expect(await waitingTitles(user)).toEqual(["W", "U", "V"]);

    await h.close({ keepDatabase: true });
    h = await createHarness({ ...options, database: h.database });
    expect((await queue(user)).paused).toBe(true);
    expect(await waitingTitles(user)).toEqual(["W", "U", "V"]);
    await new Promise((r) => setTimeout(r, 500));
    expect(startOrder(["U", "V", "W"])).toEqual([]);
    await resume(user);
    await settleAll(Object.values(ids));
    expect(startOrder(["U", "V", "W"])).toEqual(["W", "U", "V"]);
    const rows = await h.database.db
      .select()
      .from(generations)
      .where(and(eq(generations.userId, user.id), eq(generations.status, "succeeded")));
    expect(rows).toHaveLength(3);
  }, 60_000);
});
