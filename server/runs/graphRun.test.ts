/**
 * Graph runs through the API: Run all in dependency order with independent branches side by
 * side, caching by run key, a changed prompt re-running only its branch, a failure stopping only its
 * downstream, the dry run equal to what is queued and charged, and who may run. The provider is a scripted
 * fake of fal (an external service).
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { generations } from "../db/schema";
import type { Engine, EngineRequest, EngineResult } from "../generation/engine";
import { ProviderError } from "../generation/engine";
import { createHarness, projectWithViewer, type Harness, type TestUser } from "../test/harness";

const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==", "base64");
const IMAGE_MODEL = "fal-ai/flux-pro/kontext"; // 40 credits
const IMAGE_CREDITS = 40;

/** fal's stand-in: a prompt with "boom" fails; every call is recorded with when it started and ended. */
class FakeFal implements Engine {
  readonly provider = "fal" as const;
  calls: { prompt: string; context: EngineRequest["context"]; start: number; end: number }[] = [];
  async run(req: EngineRequest): Promise<EngineResult> {
    const call = { prompt: req.prompt, context: req.context, start: Date.now(), end: 0 };
    this.calls.push(call);
    await new Promise((r) => setTimeout(r, 150));
    // "shot a" stays running until "shot x" has started (or 5 s pass): under load a fixed 150 ms could end
    // before a worker even takes x, and the test would wrongly see the branches run one after the other.
    for (
      const until = Date.now() + 5000;
      req.prompt.startsWith("shot a") && !this.calls.some((c) => c.prompt.startsWith("shot x")) && Date.now() < until;
    ) {
      await new Promise((r) => setTimeout(r, 20));
    }
    call.end = Date.now();
    if (req.prompt.includes("boom")) throw new ProviderError("fal.ai could not make this picture", 422);
    return { kind: "media", mediaType: "image", files: [{ bytes: PNG, contentType: "image/png" }] };
  }
}

let h: Harness;
const fal = new FakeFal();

beforeAll(async () => {
  h = await createHarness({ generation: { engines: { fal }, env: { FAL_KEY: "platform-key" }, perUserConcurrency: 2 } });
});
afterAll(async () => h?.close());

const balance = async (user: TestUser) => (await h.call(user, "GET", "/api/credits")).body.balance as number;
const nodeData = async (user: TestUser, projectId: string, id: string) =>
  (
    (await h.call(user, "GET", `/api/projects/nodes?projectId=${projectId}`)).body.nodes as { id: string; data: Record<string, any> }[]
  ).find((n) => n.id === id)!.data;

/**
 * text (an input) → a → b, a → c, and x on its own: a, b, c and x run the image model.
 */
async function graph(user: TestUser, prompts: Record<string, string> = {}) {
  const projectId = (await h.call(user, "POST", "/api/projects", { name: `G ${Math.random()}` })).body.id as string;
  const ids = ["text", "a", "b", "c", "x"];
  await h.call(user, "POST", `/api/projects/${projectId}/structure`, {
    nodes: ids.map((id, i) => ({ id, position: { x: i * 550, y: 0 } })),
    edgesAdded: [
      { id: "ta", source: "text", target: "a" },
      { id: "ab", source: "a", target: "b" },
      { id: "ac", source: "a", target: "c" },
    ],
  });
  await h.call(user, "POST", "/api/workflows/autosave", {
    projectId,
    updates: ids.map((id) => ({
      nodeId: id,
      prevRev: 0,
      nodeData:
        id === "text"
          ? { title: "Idea", content: "a lighthouse", contentType: "text", rev: 1 }
          : { title: id.toUpperCase(), prompt: prompts[id] ?? `shot ${id}`, selectedModel: IMAGE_MODEL, rev: 1 },
    })),
  });
  return projectId;
}

const runs = (user: TestUser, projectId: string, body: Record<string, unknown>) =>
  h.call(user, "POST", `/api/projects/${projectId}/runs`, body);

async function settle(runId: string) {
  for (const r of await h.database.db.select().from(generations).where(eq(generations.chainId, runId)))
    await h.generation.service.waitFor(r.id);
  const rows = await h.database.db.select().from(generations).where(eq(generations.chainId, runId));
  return Object.fromEntries(rows.map((r) => [r.nodeId, r]));
}
const statuses = (rows: Record<string, { status: string }>) => Object.fromEntries(Object.entries(rows).map(([id, r]) => [id, r.status]));

describe("POST /api/projects/:id/runs", () => {
  it("Run all: dependency order, branches side by side, the dry run equal to what is queued and charged", async () => {
    const user = await h.signUp();
    const projectId = await graph(user);
    const before = await balance(user);
    const dry = await runs(user, projectId, { scope: "all", dryRun: true });
    expect(dry.status).toBe(200);
    expect(dry.body.run.map((r: { nodeId: string }) => r.nodeId)).toEqual(["a", "x", "b", "c"]);
    expect(dry.body.cached).toEqual([]);
    expect(dry.body.credits).toBe(4 * IMAGE_CREDITS);
    // A dry run holds and records nothing.
    expect(await balance(user)).toBe(before);
    expect(await h.database.db.select().from(generations).where(eq(generations.projectId, projectId))).toEqual([]);

    fal.calls = [];
    const started = await runs(user, projectId, { scope: "all" });
    expect(started.status).toBe(202);
    expect({ run: started.body.run, cached: started.body.cached, credits: started.body.credits }).toEqual({
      run: dry.body.run,
      cached: [],
      credits: dry.body.credits,
    });
    const rows = await settle(started.body.runId);
    expect(statuses(rows)).toEqual({ a: "succeeded", x: "succeeded", b: "succeeded", c: "succeeded" });
    expect(Object.values(rows).reduce((sum, r) => sum + r.reservedCredits, 0)).toBe(dry.body.credits);
    expect(before - (await balance(user))).toBe(dry.body.credits);

    const call = (p: string) => fal.calls.find((c) => c.prompt.startsWith(p))!;
    // b and c start after a ended, with a's fresh result (and the text behind a reaches a).
    expect(call("shot b").start).toBeGreaterThanOrEqual(call("shot a").end);
    expect(call("shot c").start).toBeGreaterThanOrEqual(call("shot a").end);
    const aUrl = (await nodeData(user, projectId, "a")).mediaUrl;
    expect(call("shot b").context).toEqual([{ nodeId: "a", type: "image", url: aUrl }]);
    expect(call("shot a").context).toEqual([{ nodeId: "text", type: "text", text: "a lighthouse" }]);
    // x needs nothing, so it ran beside a instead of after it.
    expect(call("shot x").start).toBeLessThan(call("shot a").end);
  });

  it("caches: a second Run all runs and charges nothing; a changed prompt re-runs only its node and downstream; force runs all", async () => {
    const user = await h.signUp();
    const projectId = await graph(user);
    await settle((await runs(user, projectId, { scope: "all" })).body.runId);
    const spent = await balance(user);

    const dry = await runs(user, projectId, { scope: "all", dryRun: true });
    expect(dry.body).toMatchObject({ run: [], credits: 0 });
    expect(dry.body.cached.map((r: { nodeId: string }) => r.nodeId)).toEqual(["a", "x", "b", "c"]);
    const calls = fal.calls.length;
    const again = await runs(user, projectId, { scope: "all" });
    expect(statuses(await settle(again.body.runId))).toEqual({ a: "cached", x: "cached", b: "cached", c: "cached" });
    expect(fal.calls.length).toBe(calls);
    expect(await balance(user)).toBe(spent);

    // a's prompt changes: a and what depends on it (b, c) run; x stays cached.
    const a = await nodeData(user, projectId, "a");
    await h.call(user, "POST", "/api/workflows/autosave", {
      projectId,
      updates: [{ nodeId: "a", prevRev: a.rev, nodeData: { ...a, prompt: "shot a, at dusk", rev: a.rev + 1 } }],
    });
    const changed = await runs(user, projectId, { scope: "all", dryRun: true });
    expect(changed.body.run.map((r: { nodeId: string }) => r.nodeId)).toEqual(["a", "b", "c"]);
    expect(changed.body.cached.map((r: { nodeId: string }) => r.nodeId)).toEqual(["x"]);
    const third = await runs(user, projectId, { scope: "all" });
    expect(statuses(await settle(third.body.runId))).toEqual({ a: "succeeded", x: "cached", b: "succeeded", c: "succeeded" });
    expect(spent - (await balance(user))).toBe(3 * IMAGE_CREDITS);

    // Force re-run overrides the cache; Run selected takes c and what it needs (a), not b or x.
    const forced = await runs(user, projectId, { scope: "selected", nodeIds: ["c"], force: true, dryRun: true });
    expect(forced.body.run.map((r: { nodeId: string }) => r.nodeId)).toEqual(["a", "c"]);
    expect(forced.body.credits).toBe(2 * IMAGE_CREDITS);
  });

  it("a failure stops only its downstream, each with the reason on its row and its node", async () => {
    const user = await h.signUp();
    const projectId = await graph(user, { a: "shot a boom" });
    const before = await balance(user);
    const started = await runs(user, projectId, { scope: "all" });
    const rows = await settle(started.body.runId);
    expect(statuses(rows)).toEqual({ a: "failed", x: "succeeded", b: "cancelled", c: "cancelled" });
    expect(rows.b!.error).toBe('Its input "A" failed, so this one did not run');
    expect(await nodeData(user, projectId, "c")).toMatchObject({ status: "error", error: 'Its input "A" failed, so this one did not run' });
    // Only x is charged; a's hold came back, b and c never held anything.
    expect(before - (await balance(user))).toBe(IMAGE_CREDITS);
  });

  it("retrying a failed node re-queues the downstream its failure stopped; they run once it succeeds, charged once", async () => {
    const user = await h.signUp();
    const projectId = await graph(user, { a: "shot a boom" });
    const before = await balance(user);
    const started = await runs(user, projectId, { scope: "all" });
    const first = await settle(started.body.runId);
    expect(statuses(first)).toEqual({ a: "failed", x: "succeeded", b: "cancelled", c: "cancelled" });
    // The user mends the prompt and retries the failed node from the queue.
    const a = await nodeData(user, projectId, "a");
    const saved = await h.call(user, "POST", "/api/workflows/autosave", {
      projectId,
      updates: [{ nodeId: "a", prevRev: a.rev, nodeData: { ...a, prompt: "shot a mended", rev: a.rev + 1 } }],
    });
    expect(saved.status).toBe(200);
    fal.calls = [];
    const retried = await h.call(user, "PATCH", `/api/runs/${first.a!.id}`, { action: "retry" });
    expect(retried.status).toBe(200);
    // A second retry of the same failed run queues nothing more.
    expect((await h.call(user, "PATCH", `/api/runs/${first.a!.id}`, { action: "retry" })).status).toBe(409);
    const chain = await h.database.db.select().from(generations).where(eq(generations.chainId, started.body.runId));
    for (const r of chain) await h.generation.service.waitFor(r.id);
    const rows = await h.database.db.select().from(generations).where(eq(generations.chainId, started.body.runId));
    const latest = Object.fromEntries(rows.sort((p, q) => p.chainIndex - q.chainIndex).map((r) => [r.nodeId, r]));
    expect(statuses(latest)).toEqual({ a: "succeeded", x: "succeeded", b: "succeeded", c: "succeeded" });
    expect(latest.a!.id).toBe(retried.body.runId);
    // a ran before b and c, each once; x was not run again.
    const startOf = (p: string) => fal.calls.filter((c) => c.prompt.startsWith(p)).map((c) => c.start);
    expect(startOf("shot a")).toHaveLength(1);
    expect(startOf("shot b")).toHaveLength(1);
    expect(startOf("shot c")).toHaveLength(1);
    expect(startOf("shot x")).toHaveLength(0);
    expect(startOf("shot b")[0]!).toBeGreaterThanOrEqual(fal.calls.find((c) => c.prompt.startsWith("shot a"))!.end);
    expect(await nodeData(user, projectId, "b")).toMatchObject({ status: "completed", error: null });
    // x, then a, b and c charged once each.
    expect(before - (await balance(user))).toBe(4 * IMAGE_CREDITS);
  });

  it("refuses a loop by name, an empty selection, and nodes that cannot run are listed with their reason", async () => {
    const user = await h.signUp();
    const projectId = await graph(user, { b: "" });
    const dry = await runs(user, projectId, { scope: "downstream", nodeIds: ["b"], dryRun: true });
    // b has no prompt, and a (not part of a run from b) never made its image: nothing to work from.
    expect(dry.body.skipped).toEqual([{ nodeId: "b", title: "B", reason: "Enter a prompt or connect an input node first" }]);
    expect(dry.body.run).toEqual([]);
    await h.call(user, "POST", `/api/projects/${projectId}/structure`, { edgesAdded: [{ id: "ca", source: "c", target: "a" }] });
    const loop = await runs(user, projectId, { scope: "all", dryRun: true });
    expect(loop.status).toBe(400);
    expect(loop.body.error).toBe(
      "These nodes feed each other in a loop, so they cannot run in order: A → C → A. Remove one of their connections.",
    );
    expect((await runs(user, projectId, { scope: "selected" })).body.error).toBe("Choose at least one node to run");
  });

  it("a graph run cut off between a settle and its advance (a SIGKILL there) is advanced by recovery", async () => {
    const user = await h.signUp();
    const projectId = await graph(user);
    const chainId = randomUUID();
    // As a killed studio leaves it: a succeeded and x failed, but b (needs a) and c (needs x, as written here) never moved on.
    const row = (nodeId: string, status: string, i: number, needs: string[] = []) => ({
      id: randomUUID(),
      projectId,
      nodeId,
      userId: user.id,
      modelId: IMAGE_MODEL,
      kind: "model",
      status,
      request: { needs },
      inputHash: "",
      chainId,
      chainIndex: i,
    });
    await h.database.db
      .insert(generations)
      .values([row("a", "succeeded", 0), row("x", "failed", 1), row("b", "waiting", 2, ["a"]), row("c", "waiting", 3, ["x"])]);
    expect(await h.generation.service.recover()).toBeGreaterThanOrEqual(1);
    const rows = await settle(chainId);
    expect(statuses(rows)).toEqual({ a: "succeeded", x: "failed", b: "succeeded", c: "cancelled" });
    expect(rows.c!.error).toBe('Its input "X" failed, so this one did not run');
    // Nothing of it is left waiting for a second recovery.
    expect(await h.generation.service.recover()).toBe(0);
  });

  // The policy module answers a stranger 403 ("private") like every project route; an unknown project is 404.
  it("viewers and strangers get 403, an unknown project 404, and nothing is queued", async () => {
    const { owner, viewer, stranger, projectId } = await projectWithViewer(h);
    await h.call(owner, "POST", `/api/projects/${projectId}/structure`, { nodes: [{ id: "n", position: { x: 0, y: 0 } }] });
    await h.call(owner, "POST", "/api/workflows/autosave", {
      projectId,
      updates: [{ nodeId: "n", prevRev: 0, nodeData: { prompt: "p", selectedModel: IMAGE_MODEL, rev: 1 } }],
    });
    expect((await runs(viewer, projectId, { scope: "all", dryRun: true })).status).toBe(403);
    expect((await runs(viewer, projectId, { scope: "all" })).status).toBe(403);
    expect((await runs(stranger, projectId, { scope: "all" })).status).toBe(403);
    expect((await runs(owner, "no-such-project", { scope: "all" })).status).toBe(404);
    expect(await h.database.db.select().from(generations).where(eq(generations.projectId, projectId))).toEqual([]);
  });
});
