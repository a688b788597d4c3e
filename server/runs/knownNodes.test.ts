/**
 * A node run again starts from the copy its last run here left (knownNodes.ts) instead of reading it, and
 * never from a copy that is out of date: a node edited since, an input edited or added since, a node moved
 * since (its new nodes go beside where it is now) and a node deleted since are each seen as they are. The
 * provider is a fake of fal answering at once.
 */
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { eq, sql } from "drizzle-orm";
import type { NodeData } from "../../domain/canvas/node";
import { generations } from "../db/schema";
import type { Engine, EngineRequest, EngineResult } from "../generation/engine";
import { createHarness, type Harness, type TestUser } from "../test/harness";
import { sqlTextOf } from "../test/sqlText";
import { canvasMessages } from "../../domain/realtime";
import { RealtimeHub } from "../realtime/hub";
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
    sent = statements.mock.calls.map(([q]) => sqlTextOf(db, q));
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

  it("starts from the copy with an edit made since, heard as it was saved, and the edit is kept", async () => {
    const user = await h.signUp();
    const projectId = await project(user);
    await runShot(user, projectId, "before the rename");
    await editNode(user, projectId, "shot", { title: "Renamed" });
    await idleWorker();
    const again = await runShot(user, projectId, "after the rename");
    expect(again.startedFrom).toBe("known");
    const shot = (await nodeOf(user, projectId, "shot")).data;
    expect([shot.title, shot.status, (shot.versionHistory as unknown[]).length]).toEqual(["Renamed", "completed", 2]);
    expect(await runsOf(projectId)).toHaveLength(2);

    // The first version shown again, then run with the seed locked: prepared from the copy with that edit,
    // the run takes the seed of the version shown.
    await editNode(user, projectId, "shot", { currentVersionIndex: 0 });
    await idleWorker();
    const locked = await runShot(user, projectId, "the first take's seed", { controls: { variations: 1, seedFixed: true } });
    expect(locked.startedFrom).toBe("known");
    expect(locked.asked.seed).toBe((shot.versionHistory as { seed: number }[])[0]!.seed);
  }, 30_000);

  it("starts from the node as it is when an edit was not heard (another instance's, its message lost), and the edit is kept", async () => {
    const user = await h.signUp();
    const projectId = await project(user);
    await runShot(user, projectId, "before the rename");
    // Written as another instance would, with no message here (the relay drops a node too big for NOTIFY).
    await h.database.db.execute(
      sql`update nodes set data = data || '{"title": "Renamed elsewhere"}'::jsonb || jsonb_build_object('rev', rev + 1), rev = rev + 1
          where project_id = ${projectId} and id = 'shot'`,
    );
    await idleWorker();
    const again = await runShot(user, projectId, "after the rename");
    expect(again.startedFrom).toBe("known, then as answered");
    const shot = (await nodeOf(user, projectId, "shot")).data;
    expect([shot.title, shot.status, (shot.versionHistory as unknown[]).length]).toEqual(["Renamed elsewhere", "completed", 2]);
    // the start from the old copy recorded and held nothing: one run per start
    expect(await runsOf(projectId)).toHaveLength(2);
  }, 30_000);

  it("is prepared from its inputs as they are now: an input edited since (heard), then one connected since", async () => {
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
    // the edit was heard and the copy of the input took it; a new edge is no message of a node's, so that
    // start found its inputs moved on and started again from the node as answered (no read)
    expect([edited.startedFrom, connected.startedFrom]).toEqual(["known", "known, then as answered"]);
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

  it("takes a result written over a copy it keeps unless it has a newer revision, and forgets a node gone", () => {
    const known = new KnownNodes();
    known.started("p", node("a", 2), inputs);
    known.written("p", node("a", 2), node("a", 4, { status: "completed" }));
    expect(known.get("p", "a")?.node.data).toEqual({ rev: 4, status: "completed" });
    known.written("p", node("a", 3), node("a", 3, { status: "older" }));
    expect(known.get("p", "a")?.node.rev).toBe(4);
    known.written("p", node("a", 8), null); // deleted meanwhile
    expect(known.get("p", "a")).toBeUndefined();
  });

  it("hears the project's node writes: a newer revision replaces a node kept and an input kept, an older one changes nothing", async () => {
    const hub = new RealtimeHub();
    const known = new KnownNodes((projectId, listener) => hub.listen(projectId, listener));
    known.started("p", node("a", 2), [...inputs, { id: "other", rev: 1, data: { content: "y" } }]);
    known.started("p", node("b", 5), inputs);
    const saved = { rev: 4, content: "edited" };
    await hub.publish("p", canvasMessages.nodes([{ id: "in", rev: 4, data: saved }]));
    await hub.publish("p", canvasMessages.nodes([{ id: "a", rev: 1, data: { rev: 1, title: "older" } }]));
    await hub.publish("q", canvasMessages.nodes([{ id: "b", rev: 9, data: { rev: 9, title: "another project's" } }]));
    await hub.publish(
      "p",
      canvasMessages.structure({ nodes: [], restoredNodeIds: [], deletedNodeIds: ["b"], edgesAdded: [], edgesRemoved: [] }),
    );
    const a = known.get("p", "a")!;
    expect(a.inputs).toEqual([
      ["in", 4],
      ["other", 1],
    ]);
    expect(a.upstream.map((u) => u.data)).toEqual([saved, { content: "y" }]);
    expect(a.node.data).toEqual({ rev: 2 });
    expect(known.get("p", "b")!.inputs).toEqual([["in", 4]]);
    expect(known.get("p", "b")!.node.rev).toBe(5);
    // kept as a copy, frozen: the message's own object is the publisher's, left as it was
    expect(Object.isFrozen(saved)).toBe(false);
    expect(Object.isFrozen(a.upstream[0]!.data)).toBe(true);

    await hub.publish("p", canvasMessages.nodes([{ id: "b", rev: 6, data: { rev: 6, title: "Renamed" } }]));
    expect(known.get("p", "b")!.node).toMatchObject({ rev: 6, data: { title: "Renamed" }, position: { x: 0, y: 0 } });
    // a result heard before it is told (its own message) is kept as heard
    known.written("p", node("b", 5), node("b", 6, { title: "Renamed" }));
    expect(known.get("p", "b")!.node.rev).toBe(6);

    // A run's message carries the copy's own frozen versions: shared, not copied again; what is new is copied.
    known.started("p", node("c", 2, { versionHistory: [{ seed: 1 }] }), inputs);
    const versions = known.get("p", "c")!.node.data.versionHistory!;
    const added = { seed: 2 };
    await hub.publish("p", canvasMessages.nodes([{ id: "c", rev: 3, data: { rev: 3, versionHistory: [...versions, added] } }]));
    const heard = known.get("p", "c")!.node.data.versionHistory!;
    expect(heard).toEqual([{ seed: 1 }, { seed: 2 }]);
    expect([heard[0] === versions[0], heard[1] === added, Object.isFrozen(heard[1]), Object.isFrozen(added)]).toEqual([
      true,
      false,
      true,
      false,
    ]);
  });

  it("stops hearing a project once none of its nodes is kept", () => {
    const heard = new Map<string, number>();
    const known = new KnownNodes((projectId) => {
      heard.set(projectId, (heard.get(projectId) ?? 0) + 1);
      return () => heard.set(projectId, heard.get(projectId)! - 1);
    });
    known.started("p", node("a", 2), inputs);
    known.started("p", node("b", 2), inputs);
    known.started("q", node("a", 2), inputs);
    expect(Object.fromEntries(heard)).toEqual({ p: 1, q: 1 });
    known.forget("p", "a");
    known.written("q", node("a", 2), null);
    expect(Object.fromEntries(heard)).toEqual({ p: 1, q: 0 });
    known.forget("p", "b");
    known.forget("p", "b");
    expect(Object.fromEntries(heard)).toEqual({ p: 0, q: 0 });
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
    let listening = 0;
    const across = new KnownNodes(() => {
      listening++;
      return () => listening--;
    });
    for (let i = 0; i < 201; i++) across.started(`p${i}`, node("a", 2), inputs);
    expect(listening).toBe(200); // the project of the node forgotten first is no longer heard
  });
});
