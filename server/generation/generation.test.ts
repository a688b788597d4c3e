/**
 * The generation runner end to end through the API: queue, progress, results on the node, credits reserved,
 * captured and released through the ledger, cancel, restart recovery, Run from here with its cache, and the
 * permission rules. The provider is a scripted fake of an external service (fal), never our own code.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { creditLedger, generations } from "../db/schema";
import { createHarness, projectWithViewer, TEST_SIGNUP_CREDITS, type Harness, type TestUser } from "../test/harness";
import type { Engine, EngineRequest, EngineResult } from "./engine";
import { ProviderError } from "./engine";
import type { RealtimeMessage } from "../../domain/realtime";

/** A 1×1 PNG. */
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==", "base64");

type Script = (req: EngineRequest) => Promise<EngineResult>;
const image: Script = async (req) => {
  req.onProgress({ percent: 50, message: "Rendering" });
  return { kind: "media", mediaType: "image", files: [{ bytes: PNG, contentType: "image/png" }] };
};

/** fal's stand-in: each run takes the next script (or the default), and records what it was asked. */
class FakeFal implements Engine {
  readonly provider = "fal" as const;
  scripts: Script[] = [];
  fallback: Script = image;
  calls: EngineRequest[] = [];
  async run(req: EngineRequest) {
    this.calls.push(req);
    return (this.scripts.shift() ?? this.fallback)(req);
  }
}

const IMAGE_MODEL = "fal-ai/flux-pro/kontext"; // $0.04 per image → 40 credits
const IMAGE_CREDITS = 40;

let h: Harness;
const fal = new FakeFal();

beforeAll(async () => {
  h = await createHarness({ generation: { engines: { fal }, env: { FAL_KEY: "platform-key" }, perUserConcurrency: 2 } });
});
afterAll(async () => h?.close());

async function projectWithNode(user: TestUser, nodeId = "n1", data: Record<string, unknown> = { title: "Hero" }) {
  const project = await h.call(user, "POST", "/api/projects", { name: `P ${Math.random()}` });
  const projectId = project.body.project?.id ?? project.body.id;
  await h.call(user, "POST", `/api/projects/${projectId}/structure`, { nodes: [{ id: nodeId, position: { x: 0, y: 0 } }] });
  await h.call(user, "POST", "/api/workflows/autosave", { projectId, updates: [{ nodeId, prevRev: 0, nodeData: { ...data, rev: 1 } }] });
  return projectId as string;
}

const balance = async (user: TestUser) => (await h.call(user, "GET", "/api/credits")).body.balance as number;
const node = async (user: TestUser, projectId: string, id: string) =>
  (
    (await h.call(user, "GET", `/api/projects/nodes?projectId=${projectId}`)).body.nodes as { id: string; data: Record<string, any> }[]
  ).find((n) => n.id === id)!;

const execute = (user: TestUser, body: Record<string, unknown>) => h.call(user, "POST", "/api/execute-node", body);

describe("execute-node", () => {
  it("queues, runs, puts the image on the node with a version, and charges the shown cost once", async () => {
    const user = await h.signUp();
    const projectId = await projectWithNode(user);
    const seen: RealtimeMessage[] = [];
    const leave = h.hub.join(projectId, { send: (t) => seen.push(JSON.parse(t)) });
    const cost = await h.call(user, "GET", `/api/model-cost?modelId=${encodeURIComponent(IMAGE_MODEL)}`);
    expect(cost.body).toEqual({ success: true, cost: 0.04, credits: IMAGE_CREDITS });

    const res = await execute(user, {
      projectId,
      nodeId: "n1",
      prompt: "a red fox",
      selectedModel: IMAGE_MODEL,
      controls: { variations: 1, toolbarControls: { style: "film", aspectRatio: "16:9" } },
      wait: true,
    });
    leave();
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    const url = res.body.data.imageUrl as string;
    expect(url).toMatch(/^\/api\/media\/[0-9a-f-]{36}$/);
    const media = await h.server.inject({ method: "GET", url, headers: user.headers });
    expect(media.statusCode).toBe(200);
    expect(Buffer.from(media.rawPayload).equals(PNG)).toBe(true);

    // The prompt carried the toolbar's style and aspect ratio; the image parameter came from the model schema.
    const call = fal.calls.at(-1)!;
    expect(call.prompt).toBe("a red fox Style: film. Aspect ratio 16:9.");
    expect(call.credentials.apiKey).toBe("platform-key");

    const n = await node(user, projectId, "n1");
    expect(n.data).toMatchObject({
      status: "completed",
      mediaUrl: url,
      contentType: "image",
      prompt: "a red fox",
      selectedModel: IMAGE_MODEL,
      error: null,
    });
    expect(n.data.versionHistory).toHaveLength(1);
    expect(n.data.versionHistory[0]).toMatchObject({ prompt: "a red fox", mediaUrl: url, model: IMAGE_MODEL });
    expect(n.data.currentVersionIndex).toBe(0);

    expect(await balance(user)).toBe(TEST_SIGNUP_CREDITS - IMAGE_CREDITS);
    const rows = await h.database.db.select().from(creditLedger).where(eq(creditLedger.userId, user.id));
    expect(rows.map((r) => r.reason).sort()).toEqual(["Sign-up allowance", "generation capture", "generation reserve"]);

    // Every client of the project saw it queued, running with a real percent, and finished.
    const statuses = seen.filter((m) => m.type === "generation").map((m) => (m as { status: string }).status);
    expect(statuses[0]).toBe("queued");
    expect(statuses).toContain("running");
    expect(statuses.at(-1)).toBe("succeeded");
    expect(seen.some((m) => m.type === "generation" && m.percent === 50)).toBe(true);
    expect(seen.some((m) => m.type === "nodes" && m.nodes.some((x) => x.data.status === "generating"))).toBe(true);

    // Running the same job again (a retried worker) moves no credits.
    await h.generation.service.runner.run(res.body.generationId);
    expect(await balance(user)).toBe(TEST_SIGNUP_CREDITS - IMAGE_CREDITS);
  });

  it("with the seed unlocked every run of the same prompt gets a fresh seed, kept in its version; locked, the shown one again", async () => {
    const user = await h.signUp();
    const projectId = await projectWithNode(user);
    const run = (seedFixed: boolean) =>
      execute(user, {
        projectId,
        nodeId: "n1",
        prompt: "a lighthouse in a storm",
        selectedModel: IMAGE_MODEL,
        controls: { variations: 1, seedFixed },
        wait: true,
      });
    expect((await run(false)).status).toBe(200);
    expect((await run(false)).status).toBe(200);
    const [a, b] = fal.calls.slice(-2).map((c) => c.seed);
    expect(a).toBeGreaterThan(0);
    expect(b).toBeGreaterThan(0);
    expect(a).not.toBe(b);
    const versions = (await node(user, projectId, "n1")).data.versionHistory as { seed?: number }[];
    expect(versions.slice(-2).map((v) => v.seed)).toEqual([a, b]);
    // Locked with the second version on show: the next run repeats its seed.
    expect((await run(true)).status).toBe(200);
    expect(fal.calls.at(-1)!.seed).toBe(b);
  });

  it("answers 402 with the spec's text when the balance is short, and changes nothing", async () => {
    const user = await h.signUp();
    const projectId = await projectWithNode(user);
    // Kling 2.1 master: $0.28/s × 5 s = 1,400 credits a variation; five of them exceed the sign-up grant.
    const res = await execute(user, {
      projectId,
      nodeId: "n1",
      prompt: "a chase",
      selectedModel: "fal-ai/kling-video/v2.1/master/text-to-video",
      controls: { variations: 5 },
    });
    expect(res.status).toBe(402);
    expect(res.body).toEqual({ error: "Insufficient credits. Please upgrade your plan.", code: "insufficient_credits" });
    expect(await balance(user)).toBe(TEST_SIGNUP_CREDITS);
    expect(await h.database.db.select().from(generations).where(eq(generations.userId, user.id))).toHaveLength(0);
    expect((await node(user, projectId, "n1")).data.status).toBeUndefined();
  });

  it("a provider failure puts its message on the node and returns the credits", async () => {
    const user = await h.signUp();
    const projectId = await projectWithNode(user);
    fal.scripts.push(async () => {
      throw new ProviderError("fal.ai is unavailable (503). Please try again.", 503, true);
    });
    const res = await execute(user, { projectId, nodeId: "n1", prompt: "x", selectedModel: IMAGE_MODEL, wait: true });
    expect(res.body).toMatchObject({ success: false, error: "fal.ai is unavailable (503). Please try again." });
    expect((await node(user, projectId, "n1")).data).toMatchObject({
      status: "error",
      error: "fal.ai is unavailable (503). Please try again.",
    });
    expect(await balance(user)).toBe(TEST_SIGNUP_CREDITS);
  });

  it("'Generation succeeded but no content was returned' when the provider gives nothing", async () => {
    const user = await h.signUp();
    const projectId = await projectWithNode(user);
    fal.scripts.push(async () => ({ kind: "media", mediaType: "image", files: [] }));
    const res = await execute(user, { projectId, nodeId: "n1", prompt: "x", selectedModel: IMAGE_MODEL, wait: true });
    expect(res.body.error).toBe("Generation succeeded but no content was returned");
    expect(await balance(user)).toBe(TEST_SIGNUP_CREDITS);
  });

  it("refuses a provider's output that is not what it claims (HTML as an image)", async () => {
    const user = await h.signUp();
    const projectId = await projectWithNode(user);
    fal.scripts.push(async () => ({
      kind: "media",
      mediaType: "image",
      files: [{ bytes: Buffer.from("<html><script>alert(1)</script></html>"), contentType: "image/png" }],
    }));
    const res = await execute(user, { projectId, nodeId: "n1", prompt: "x", selectedModel: IMAGE_MODEL, wait: true });
    expect(res.body.success).toBe(false);
    expect((await node(user, projectId, "n1")).data.mediaUrl).toBeUndefined();
  });

  it("extra variations become new nodes below the source, connected to the same inputs", async () => {
    const user = await h.signUp();
    const projectId = await projectWithNode(user, "src");
    await h.call(user, "POST", `/api/projects/${projectId}/structure`, {
      nodes: [{ id: "target", position: { x: 600, y: 0 } }],
      edgesAdded: [{ id: "e1", source: "src", target: "target" }],
    });
    await h.call(user, "POST", "/api/workflows/autosave", {
      projectId,
      updates: [{ nodeId: "src", prevRev: 1, nodeData: { title: "Words", content: "a lighthouse", contentType: "text", rev: 2 } }],
    });
    const res = await execute(user, {
      projectId,
      nodeId: "target",
      prompt: "paint it",
      selectedModel: IMAGE_MODEL,
      controls: { variations: 3 },
      wait: true,
    });
    expect(res.body.success).toBe(true);
    expect(res.body.data.variationNodeIds).toHaveLength(2);
    expect(fal.calls.at(-1)!.context).toEqual([{ nodeId: "src", type: "text", text: "a lighthouse" }]);
    const canvas = (await h.call(user, "GET", `/api/projects/nodes?projectId=${projectId}`)).body;
    for (const id of res.body.data.variationNodeIds) {
      const v = canvas.nodes.find((n: { id: string }) => n.id === id);
      expect(v.data.mediaUrl).toMatch(/^\/api\/media\//);
      expect(v.position.x).toBe(600);
      expect(v.position.y).toBeGreaterThan(0);
      expect(canvas.edges.some((e: { source: string; target: string }) => e.source === "src" && e.target === id)).toBe(true);
    }
    expect(await balance(user)).toBe(TEST_SIGNUP_CREDITS - 3 * IMAGE_CREDITS);

    // Run again: the new variations go below the first ones instead of on top of them.
    const again = await execute(user, {
      projectId,
      nodeId: "target",
      prompt: "paint it again",
      selectedModel: IMAGE_MODEL,
      controls: { variations: 3, toolbarControls: { aspectRatio: "16:9" } },
      wait: true,
    });
    const after = (await h.call(user, "GET", `/api/projects/nodes?projectId=${projectId}`)).body.nodes as {
      id: string;
      position: { x: number; y: number };
      data: Record<string, unknown>;
    }[];
    // Shaped like their source from the start.
    for (const id of again.body.data.variationNodeIds) expect(after.find((n) => n.id === id)!.data.aspectRatio).toBe("16:9");
    const ys = (ids: string[]) => ids.map((id) => after.find((n) => n.id === id)!.position.y);
    const first = ys(res.body.data.variationNodeIds);
    const second = ys(again.body.data.variationNodeIds);
    expect(new Set([...first, ...second]).size).toBe(4);
    expect(Math.min(...second)).toBeGreaterThan(Math.max(...first));
  });

  it("refuses bad bodies, unknown models, locked providers, viewers and strangers", async () => {
    const { owner, viewer, stranger, projectId } = await projectWithViewer(h);
    await h.call(owner, "POST", `/api/projects/${projectId}/structure`, { nodes: [{ id: "n1", position: { x: 0, y: 0 } }] });
    const body = { projectId, nodeId: "n1", prompt: "x", selectedModel: IMAGE_MODEL };
    expect((await execute(viewer, body)).status).toBe(403);
    expect((await execute(stranger, body)).status).toBe(403);
    expect((await h.call(null, "POST", "/api/execute-node", body)).status).toBe(401);
    expect((await execute(owner, { ...body, selectedModel: "" })).body.error).toBe("Please select a model before generating content");
    expect((await execute(owner, { ...body, selectedModel: "nope/x" })).status).toBe(400);
    expect((await execute(owner, { ...body, surprise: 1 })).status).toBe(400);
    expect((await execute(owner, { ...body, controls: { variations: 6 } })).status).toBe(400);
    expect((await execute(owner, { ...body, nodeId: "missing" })).status).toBe(404);
    // No OpenAI key on this server and none of the user's own.
    const locked = await execute(owner, { ...body, selectedModel: "openai/gpt-image-1" });
    expect(locked.status).toBe(400);
    expect(locked.body.error).toBe("Add an OpenAI key in Settings");
    expect(await balance(owner)).toBe(TEST_SIGNUP_CREDITS);
  });
});

describe("own keys", () => {
  it("a run on the user's own key goes with that key and costs no credits; the model says so", async () => {
    const user = await h.signUp();
    const projectId = await projectWithNode(user);
    expect((await h.call(user, "PUT", "/api/settings/keys/fal", { key: "users-own-fal-key-1234" })).status).toBe(200);
    const models = (await h.call(user, "GET", "/api/models/available")).body.models as { id: string; ownKey?: boolean }[];
    expect(models.find((m) => m.id === IMAGE_MODEL)?.ownKey).toBe(true);
    expect(models.find((m) => m.id === "local/sketch")?.ownKey).toBeUndefined();
    const res = await execute(user, { projectId, nodeId: "n1", prompt: "on my key", selectedModel: IMAGE_MODEL, wait: true });
    expect(res.body.success).toBe(true);
    expect(fal.calls.at(-1)!.credentials.apiKey).toBe("users-own-fal-key-1234");
    expect(await balance(user)).toBe(TEST_SIGNUP_CREDITS);
  });
});

describe("models", () => {
  it("lists every model with usability; local ones always usable, keyless providers locked with the reason", async () => {
    const user = await h.signUp();
    const res = await h.call(user, "GET", "/api/models/available");
    const byId = new Map(
      (res.body.models as { id: string; usable: boolean; lockedReason?: string; provider: string }[]).map((m) => [m.id, m]),
    );
    expect(byId.get("local/sketch")).toMatchObject({ provider: "local", usable: true });
    expect(byId.get(IMAGE_MODEL)).toMatchObject({ usable: true });
    expect(byId.get("openai/gpt-image-1")).toMatchObject({ usable: false, lockedReason: "Add an OpenAI key in Settings" });
  });

  it("POST filters by the selected node's type and its connected media", async () => {
    const user = await h.signUp();
    const res = await h.call(user, "POST", "/api/models/available", {
      context: { selectedNode: { data: { contentType: "video" } }, connectedNodes: [{ data: { contentType: "image" } }], edges: [] },
    });
    const models = res.body.models as { capabilities: { outputTypes: { type: string }[] }[] }[];
    expect(models.length).toBeGreaterThan(0);
    expect(models.every((m) => m.capabilities.some((c) => c.outputTypes.some((o) => o.type === "video")))).toBe(true);
    expect((await h.call(user, "GET", "/api/model-cost?modelId=nope")).status).toBe(404);
    expect((await h.call(user, "GET", "/api/model-cost")).status).toBe(400);
  });
});

/** A generation row of an image run with its credits held, as a worker left it (tests of recovery). */
async function heldRun(userId: string, projectId: string, id: string, row: Partial<typeof generations.$inferInsert> & { status: string }) {
  await h.generation.service.deps.db.transaction(async (tx) => {
    const { reserveCredits } = await import("../runs/credits");
    await reserveCredits(tx as never, userId, id, IMAGE_CREDITS);
  });
  await h.database.db.insert(generations).values({
    id,
    projectId,
    nodeId: "n1",
    userId,
    modelId: IMAGE_MODEL,
    reservedCredits: IMAGE_CREDITS,
    inputHash: "x",
    request: {
      modelId: IMAGE_MODEL,
      userPrompt: "p",
      prompt: "p",
      params: {},
      controls: {},
      variations: 1,
      seed: 1,
      context: [],
      inputNodeIds: [],
      credits: IMAGE_CREDITS,
      ownKey: false,
      inputHash: "x",
    },
    ...row,
  });
}

describe("cancel and recovery", () => {
  it("two runs of one node sent at the same moment queue one, and the other is refused holding nothing", async () => {
    const user = await h.signUp();
    const projectId = await projectWithNode(user);
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    fal.scripts.push(async (req) => {
      await gate;
      return image(req);
    });
    const body = { projectId, nodeId: "n1", prompt: "double click", selectedModel: IMAGE_MODEL };
    const answers = await Promise.all([execute(user, body), execute(user, body), execute(user, body)]);
    expect(answers.map((a) => a.status).sort()).toEqual([202, 409, 409]);
    expect(await balance(user)).toBe(TEST_SIGNUP_CREDITS - IMAGE_CREDITS);
    const rows = await h.database.db.select().from(generations).where(eq(generations.projectId, projectId));
    expect(rows).toHaveLength(1);
    release();
    const row = await h.generation.service.waitFor(answers.find((a) => a.status === 202)!.body.generationId);
    expect(row.status).toBe("succeeded");
    expect(await balance(user)).toBe(TEST_SIGNUP_CREDITS - IMAGE_CREDITS);
  });

  it("cancelling a running generation stops the provider, returns the credits and frees the node", async () => {
    const user = await h.signUp();
    const projectId = await projectWithNode(user);
    let started!: () => void;
    const running = new Promise<void>((r) => (started = r));
    fal.scripts.push(
      (req) =>
        new Promise((_, reject) => {
          started();
          req.signal.addEventListener("abort", () => reject(new ProviderError("aborted")));
        }),
    );
    const res = await execute(user, { projectId, nodeId: "n1", prompt: "slow", selectedModel: IMAGE_MODEL });
    expect(res.status).toBe(202);
    await running;
    // A second run of the same node while this one runs is refused, and holds nothing.
    const twice = await execute(user, { projectId, nodeId: "n1", prompt: "again", selectedModel: IMAGE_MODEL });
    expect(twice.status).toBe(409);
    expect(twice.body.error).toBe("This node is already generating. Wait for it to finish or cancel it in the queue.");
    expect(await balance(user)).toBe(TEST_SIGNUP_CREDITS - IMAGE_CREDITS);
    const list = await h.call(user, "GET", "/api/queue");
    expect(list.body.runs[0]).toMatchObject({ id: res.body.generationId, status: "running", nodeTitle: "Hero", projectId });
    expect((await h.call(user, "POST", `/api/generations/${res.body.generationId}/cancel`)).status).toBe(200);
    const row = await h.generation.service.waitFor(res.body.generationId);
    expect(row.status).toBe("cancelled");
    expect(await balance(user)).toBe(TEST_SIGNUP_CREDITS);
    expect((await node(user, projectId, "n1")).data.status).toBe("idle");
    // A second cancel is harmless and refunds nothing more.
    await h.call(user, "POST", `/api/generations/${res.body.generationId}/cancel`);
    expect(await balance(user)).toBe(TEST_SIGNUP_CREDITS);
  });

  it("a generation whose worker died is resumed once, then failed with a refund — never left generating", async () => {
    const user = await h.signUp();
    const projectId = await projectWithNode(user);
    const { db } = h.database;
    // Simulate a crash: a row claimed by a worker that is gone (stale heartbeat), credits held.
    const hold = (id: string, attempts: number) =>
      heldRun(user.id, projectId, id, { status: "running", attempts, heartbeatAt: new Date(Date.now() - 10 * 60_000) });
    const resumed = crypto.randomUUID();
    await hold(resumed, 1);
    const gaveUp = crypto.randomUUID();
    await hold(gaveUp, 2);
    expect(await h.generation.service.recover()).toBe(2);
    expect((await h.generation.service.waitFor(resumed)).status).toBe("succeeded");
    const failed = await h.generation.service.waitFor(gaveUp);
    expect(failed.status).toBe("failed");
    expect(failed.error).toBe("The server restarted during this generation; your credits were returned");
    // One charge (the resumed run), one refund (the abandoned one).
    expect(await balance(user)).toBe(TEST_SIGNUP_CREDITS - IMAGE_CREDITS);
    const still = await db
      .select()
      .from(generations)
      .where(and(eq(generations.userId, user.id), eq(generations.status, "running")));
    expect(still).toHaveLength(0);
  });
});

describe("orphaned queued runs", () => {
  it("a queued run whose job a dead worker had taken gets a new job: at start, and later from the sweeper", async () => {
    const user = await h.signUp();
    const projectId = await projectWithNode(user);
    // Queued rows with credits held and no job waiting for them (their job was fetched by a worker that died).
    const orphan = async (createdAt: Date) => {
      const id = crypto.randomUUID();
      await heldRun(user.id, projectId, id, { status: "queued", createdAt });
      return id;
    };
    const old = await orphan(new Date(Date.now() - 10 * 60_000));
    expect(await h.generation.service.recover()).toBe(1);
    expect((await h.generation.service.waitFor(old)).status).toBe("succeeded");
    const atStart = await orphan(new Date());
    // A fresh one is left to its worker while the studio runs; at start nothing else can have it.
    expect(await h.generation.service.recover()).toBe(0);
    expect(await h.generation.service.recover({ everyRunning: true })).toBe(1);
    expect((await h.generation.service.waitFor(atStart)).status).toBe("succeeded");
    expect(await balance(user)).toBe(TEST_SIGNUP_CREDITS - 2 * IMAGE_CREDITS);
  });
});

describe("Run from here", () => {
  it("runs downstream nodes in order with upstream results, then skips unchanged ones as cached", async () => {
    const user = await h.signUp();
    const projectId = await projectWithNode(user, "a", { title: "A", prompt: "first", selectedModel: IMAGE_MODEL });
    await h.call(user, "POST", `/api/projects/${projectId}/structure`, {
      nodes: [
        { id: "b", position: { x: 550, y: 0 } },
        { id: "c", position: { x: 1100, y: 0 } },
      ],
      edgesAdded: [
        { id: "ab", source: "a", target: "b" },
        { id: "bc", source: "b", target: "c" },
      ],
    });
    await h.call(user, "POST", "/api/workflows/autosave", {
      projectId,
      updates: [
        { nodeId: "b", prevRev: 0, nodeData: { title: "B", prompt: "second", selectedModel: IMAGE_MODEL, rev: 1 } },
        { nodeId: "c", prevRev: 0, nodeData: { title: "C", prompt: "third", selectedModel: IMAGE_MODEL, rev: 1 } },
      ],
    });
    const before = fal.calls.length;
    const waitChain = async (chainId: string) => {
      const rows = await h.database.db.select().from(generations).where(eq(generations.chainId, chainId));
      for (const r of rows) await h.generation.service.waitFor(r.id);
      return (await h.database.db.select().from(generations).where(eq(generations.chainId, chainId))).sort(
        (x, y) => x.chainIndex - y.chainIndex,
      );
    };
    const first = await h.call(user, "POST", "/api/generations/run-from-here", { projectId, nodeId: "a" });
    expect(first.status).toBe(202);
    expect(first.body.nodeIds).toEqual(["a", "b", "c"]);
    const run1 = await waitChain(first.body.chainId);
    expect(run1.map((r) => r.status)).toEqual(["succeeded", "succeeded", "succeeded"]);
    const calls = fal.calls.slice(before);
    expect(calls.map((c) => c.prompt)).toEqual(["first", "second", "third"]);
    // b received a's fresh result as context.
    const aUrl = (await node(user, projectId, "a")).data.mediaUrl;
    expect(calls[1]!.context).toEqual([{ nodeId: "a", type: "image", url: aUrl }]);

    // Nothing changed: every node is skipped as cached, no charge.
    const spent = await balance(user);
    const again = await h.call(user, "POST", "/api/generations/run-from-here", { projectId, nodeId: "a" });
    expect((await waitChain(again.body.chainId)).map((r) => r.status)).toEqual(["cached", "cached", "cached"]);
    expect(await balance(user)).toBe(spent);

    // Change c's prompt: a and b stay cached, c runs.
    const cNode = await node(user, projectId, "c");
    await h.call(user, "POST", "/api/workflows/autosave", {
      projectId,
      updates: [{ nodeId: "c", prevRev: cNode.data.rev, nodeData: { ...cNode.data, prompt: "third, at night", rev: cNode.data.rev + 1 } }],
    });
    const third = await h.call(user, "POST", "/api/generations/run-from-here", { projectId, nodeId: "a" });
    expect((await waitChain(third.body.chainId)).map((r) => r.status)).toEqual(["cached", "cached", "succeeded"]);
    const panel = await h.call(user, "GET", "/api/queue");
    expect(
      panel.body.runs.filter((g: { status: string; projectId: string }) => g.status === "cached" && g.projectId === projectId),
    ).toHaveLength(5);
  });

  it("a failed step cancels the rest of the chain", async () => {
    const user = await h.signUp();
    const projectId = await projectWithNode(user, "a", { title: "A", prompt: "one", selectedModel: IMAGE_MODEL });
    await h.call(user, "POST", `/api/projects/${projectId}/structure`, {
      nodes: [{ id: "b", position: { x: 550, y: 0 } }],
      edgesAdded: [{ id: "ab", source: "a", target: "b" }],
    });
    await h.call(user, "POST", "/api/workflows/autosave", {
      projectId,
      updates: [{ nodeId: "b", prevRev: 0, nodeData: { prompt: "two", selectedModel: IMAGE_MODEL, rev: 1 } }],
    });
    fal.scripts.push(async () => {
      throw new ProviderError("fal.ai rejected the API key. Check it in Settings.", 401);
    });
    const res = await h.call(user, "POST", "/api/generations/run-from-here", { projectId, nodeId: "a" });
    const rows = await h.database.db.select().from(generations).where(eq(generations.chainId, res.body.chainId));
    for (const r of rows) await h.generation.service.waitFor(r.id);
    const settled = (await h.database.db.select().from(generations).where(eq(generations.chainId, res.body.chainId))).sort(
      (x, y) => x.chainIndex - y.chainIndex,
    );
    expect(settled.map((r) => r.status)).toEqual(["failed", "cancelled"]);
    expect(settled[1]!.error).toBe('Its input "A" failed, so this one did not run');
    expect(await balance(user)).toBe(TEST_SIGNUP_CREDITS);
  });
});
