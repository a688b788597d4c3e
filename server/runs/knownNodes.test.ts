/**
 * A node run again starts from the copy its last run here left (knownNodes.ts) instead of reading it, and
 * never from a copy that is out of date: a node edited since, an input edited or added since, a node moved
 * since (its new nodes go beside where it is now) and a node deleted since are each seen as they are. The
 * provider is a fake of fal answering at once.
 */
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { eq } from "drizzle-orm";
import type { NodeData } from "../../domain/canvas/node";
import { generations } from "../db/schema";
import type { Engine, EngineRequest, EngineResult } from "../generation/engine";
import { createHarness, type Harness, type TestUser } from "../test/harness";
import { KnownNodes } from "./knownNodes";
import type { StoredNode } from "./nodeWriter";

const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==", "base64");
const IMAGE_MODEL = "fal-ai/flux-pro/kontext";

/** fal's stand-in: every request is kept, and answered with a picture at once. */
class RecordingFal implements Engine {
  readonly provider = "fal" as const;
  requests: EngineRequest[] = [];
  async run(req: EngineRequest): Promise<EngineResult> {
    this.requests.push(req);
    return { kind: "media", mediaType: "image", files: [{ bytes: PNG, contentType: "image/png" }] };
  }
}

const fal = new RecordingFal();
let h: Harness;

beforeAll(async () => {
  h = await createHarness({
    generation: { engines: { fal }, env: { FAL_KEY: "platform-key" }, workers: 2 },
    config: { authSecret: randomBytes(32).toString("hex") },
  });
});
afterAll(async () => h?.close());

/** An idea (text) connected to a shot (image model). */
async function project(user: TestUser) {
  const projectId = (await h.call(user, "POST", "/api/projects", { name: `K ${Math.random()}` })).body.id as string;
  await h.call(user, "POST", `/api/projects/${projectId}/structure`, {
    nodes: [
      { id: "idea", position: { x: 0, y: 0 } },
      { id: "shot", position: { x: 550, y: 0 } },
      { id: "look", position: { x: 0, y: 600 } },
    ],
    edgesAdded: [{ id: "idea-shot", source: "idea", target: "shot" }],
  });
  await h.call(user, "POST", "/api/workflows/autosave", {
    projectId,
    updates: [
      { nodeId: "idea", prevRev: 0, nodeData: { title: "Idea", content: "a lighthouse", contentType: "text", rev: 1 } },
      { nodeId: "look", prevRev: 0, nodeData: { title: "Look", content: "at dusk", contentType: "text", rev: 1 } },
      { nodeId: "shot", prevRev: 0, nodeData: { title: "Shot", selectedModel: IMAGE_MODEL, rev: 1 } },
    ],
  });
  return projectId;
}

const nodesOf = async (user: TestUser, projectId: string) =>
  (await h.call(user, "GET", `/api/projects/nodes?projectId=${projectId}`)).body.nodes as {
    id: string;
    position: { x: number; y: number };
    data: NodeData & Record<string, unknown>;
  }[];
const nodeOf = async (user: TestUser, projectId: string, id: string) => (await nodesOf(user, projectId)).find((n) => n.id === id)!;
/** Saves `change` over the node's data as a tab would (its revision raised by one). */
async function editNode(user: TestUser, projectId: string, id: string, change: Record<string, unknown>) {
  const now = (await nodeOf(user, projectId, id)).data;
  const saved = await h.call(user, "POST", "/api/workflows/autosave", {
    projectId,
    updates: [{ nodeId: id, prevRev: now.rev, nodeData: { ...now, ...change, rev: (now.rev as number) + 1 } }],
  });
  expect(saved.status).toBe(200);
}
const runsOf = (projectId: string) => h.database.db.select().from(generations).where(eq(generations.projectId, projectId));

/** Runs the shot and waits for it; answers the statements the start sent and what fal was asked. */
async function runShot(user: TestUser, projectId: string, prompt: string, extra: Record<string, unknown> = {}) {
  const { db } = h.generation.service.deps;
  const textOf = (query: unknown) =>
    (db as unknown as { dialect: { sqlToQuery(q: unknown): { sql: string } } }).dialect.sqlToQuery(query).sql;
  const statements = vi.spyOn(db, "execute");
  let id: string;
  let sent: string[];
  try {
    const res = await h.call(user, "POST", "/api/execute-node", {
      projectId,
      nodeId: "shot",
      prompt,
      selectedModel: IMAGE_MODEL,
      ...extra,
    });
    expect(res.status).toBe(202);
    id = res.body.generationId as string;
    sent = statements.mock.calls.map(([q]) => textOf(q));
  } finally {
    statements.mockRestore();
  }
  expect((await h.generation.service.waitFor(id, 10_000)).status).toBe("succeeded");
  return { id, startedFrom: startedFrom(sent), asked: fal.requests.find((r) => r.prompt.includes(prompt))! };
}

/**
 * Where a start took its node from, by the statements it sent: "read" (node_for_run on its own, then the
 * recording), "known" (one statement, the copy checked in it) or "known, then as answered" (the check found
 * the node moved on and answered it as it is now; the run was recorded by a second statement, no read).
 */
function startedFrom(sent: string[]) {
  const read = sent.filter((t) => /^select \* from node_for_run/.test(t)).length;
  const checked = sent.filter((t) => t.includes("known_node_stands")).length;
  const recorded = sent.filter((t) => t.includes("queue_run")).length;
  if (read === 1 && checked === 0 && recorded === 1) return "read";
  if (read === 0 && checked === 1 && recorded === 1) return "known";
  if (read === 0 && checked === 1 && recorded === 2) return "known, then as answered";
  return JSON.stringify({ read, checked, recorded });
}

/** Waits until a worker of this process is idle again (a run from a known copy needs one). */
async function idleWorker() {
  const { queue } = h.generation.service.deps;
  for (const end = Date.now() + 5_000; !queue.hasIdleWorker() && Date.now() < end; ) await new Promise((r) => setTimeout(r, 20));
}

const contextTexts = (req: EngineRequest) => (req.context ?? []).map((c) => c.text);

describe("a node run again from the copy its last run left", () => {
  it("is not read again: one statement records the run, and the result lands as after a read", async () => {
    const user = await h.signUp();
    const projectId = await project(user);
    const first = await runShot(user, projectId, "first take");
    expect(first.startedFrom).toBe("read");
    await idleWorker();
    const second = await runShot(user, projectId, "second take");
    expect(second.startedFrom).toBe("known");
    expect(contextTexts(second.asked)).toEqual(["a lighthouse"]);
    const shot = (await nodeOf(user, projectId, "shot")).data;
    expect([shot.status, shot.generationId, (shot.versionHistory as unknown[]).length]).toEqual(["completed", second.id, 2]);
    expect(await runsOf(projectId)).toHaveLength(2);
  }, 30_000);

  it("starts from the node as it is when it was edited since, and the edit is kept", async () => {
    const user = await h.signUp();
    const projectId = await project(user);
    await runShot(user, projectId, "before the rename");
    await editNode(user, projectId, "shot", { title: "Renamed" });
    await idleWorker();
    const again = await runShot(user, projectId, "after the rename");
    expect(again.startedFrom).toBe("known, then as answered");
    const shot = (await nodeOf(user, projectId, "shot")).data;
    expect([shot.title, shot.status, (shot.versionHistory as unknown[]).length]).toEqual(["Renamed", "completed", 2]);
    // the start from the old copy recorded and held nothing: one run per start
    expect(await runsOf(projectId)).toHaveLength(2);
  }, 30_000);

  it("is prepared from its inputs as they are now: an input edited since, then one connected since", async () => {
    const user = await h.signUp();
    const projectId = await project(user);
    await runShot(user, projectId, "at first");
    await editNode(user, projectId, "idea", { content: "a storm at sea" });
    await idleWorker();
    const edited = await runShot(user, projectId, "after the edit");
    expect(contextTexts(edited.asked)).toEqual(["a storm at sea"]);

    await h.call(user, "POST", `/api/projects/${projectId}/structure`, {
      edgesAdded: [{ id: "look-shot", source: "look", target: "shot" }],
    });
    await idleWorker();
    const connected = await runShot(user, projectId, "after connecting");
    expect(contextTexts(connected.asked)).toEqual(["a storm at sea", "at dusk"]);
    // each found its inputs moved on, started again from the node as answered (no read), and was recorded once
    expect([edited.startedFrom, connected.startedFrom]).toEqual(["known, then as answered", "known, then as answered"]);
    expect(await runsOf(projectId)).toHaveLength(3);
  }, 30_000);

  it("is read when preparing from the copy refused the run: a prompt-less run of a node given an input since", async () => {
    const user = await h.signUp();
    const projectId = await project(user);
    await runShot(user, projectId, "a look of its own", { nodeId: "look" });
    await h.call(user, "POST", `/api/projects/${projectId}/structure`, {
      edgesAdded: [{ id: "idea-look", source: "idea", target: "look" }],
    });
    await idleWorker();
    const res = await h.call(user, "POST", "/api/execute-node", { projectId, nodeId: "look", prompt: "", selectedModel: IMAGE_MODEL });
    expect(res.status).toBe(202);
    const row = await h.generation.service.waitFor(res.body.generationId as string, 10_000);
    expect(row.status).toBe("succeeded");
    expect(contextTexts(fal.requests.at(-1)!)).toEqual(["a lighthouse"]);
  }, 30_000);

  it("places new nodes beside where the node is now, though it was moved after its last run", async () => {
    const user = await h.signUp();
    const projectId = await project(user);
    await runShot(user, projectId, "where it was");
    const moved = { x: 2200, y: 1300 };
    await h.call(user, "POST", `/api/projects/${projectId}/structure`, { nodes: [{ id: "shot", position: moved }] });
    await idleWorker();
    const again = await runShot(user, projectId, "two variations", { controls: { variations: 2 } });
    expect(again.startedFrom).toBe("known"); // a move keeps the node's revision: the copy still stands
    const others = (await nodesOf(user, projectId)).filter((n) => !["idea", "shot", "look"].includes(n.id));
    expect(others.map((n) => n.position)).toEqual([{ x: moved.x, y: moved.y + 460 }]);
  }, 30_000);

  it("answers 404 for a node deleted since, holding nothing", async () => {
    const user = await h.signUp();
    const projectId = await project(user);
    await runShot(user, projectId, "before the delete");
    const balance = async () => (await h.call(user, "GET", "/api/credits")).body.balance as number;
    const before = await balance();
    await h.call(user, "POST", `/api/projects/${projectId}/structure`, { deletedNodeIds: ["shot"] });
    await idleWorker();
    const res = await h.call(user, "POST", "/api/execute-node", { projectId, nodeId: "shot", prompt: "gone", selectedModel: IMAGE_MODEL });
    expect(res.status).toBe(404);
    expect(await balance()).toBe(before);
    expect(await runsOf(projectId)).toHaveLength(1);
  }, 30_000);
});

describe("KnownNodes", () => {
  const node = (id: string, rev: number, data: Record<string, unknown> = {}): StoredNode => ({
    id,
    rev,
    data: { rev, ...data },
    position: { x: 0, y: 0 },
  });
  const inputs = [{ id: "in", rev: 3, data: { content: "x" } }];

  it("keeps a started node with its inputs' revisions, and not one whose inputs came without them", () => {
    const known = new KnownNodes();
    known.started("p", node("a", 2), inputs);
    expect(known.get("p", "a")?.inputs).toEqual([["in", 3]]);
    known.started("p", node("b", 2), [{ id: "in", data: {} }]);
    known.started("p", node("c", 2), undefined);
    expect([known.get("p", "b"), known.get("p", "c"), known.get("q", "a")]).toEqual([undefined, undefined, undefined]);
  });

  it("takes a result written over the copy it keeps, and forgets the node when the result went over another", () => {
    const known = new KnownNodes();
    known.started("p", node("a", 2), inputs);
    known.written("p", node("a", 2), node("a", 4, { status: "completed" }));
    expect(known.get("p", "a")?.node.data).toEqual({ rev: 4, status: "completed" });
    known.written("p", node("a", 6), node("a", 8));
    expect(known.get("p", "a")).toBeUndefined();
    known.started("p", node("a", 8), inputs);
    known.written("p", node("a", 8), null); // deleted meanwhile
    expect(known.get("p", "a")).toBeUndefined();
  });

  it("hands out frozen copies, so a run cannot change what the next one starts from", () => {
    const known = new KnownNodes();
    known.started("p", node("a", 2, { versionHistory: [{ seed: 1 }] }), inputs);
    const kept = known.get("p", "a")!;
    expect(() => {
      (kept.node.data.versionHistory as { seed: number }[])[0]!.seed = 2;
    }).toThrow(TypeError);
    expect(() => {
      (kept.upstream[0]!.data as Record<string, unknown>).content = "y";
    }).toThrow(TypeError);
  });

  it("keeps the newest 200 nodes", () => {
    const known = new KnownNodes();
    for (let i = 0; i < 201; i++) known.started("p", node(`n${i}`, 2), inputs);
    expect(known.get("p", "n0")).toBeUndefined();
    expect(known.get("p", "n1")).toBeDefined();
    expect(known.get("p", "n200")).toBeDefined();
  });
});
