import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { createHarness, projectWithViewer, type Harness, type TestUser } from "../test/harness";

let h: Harness;
let owner: TestUser;
let viewer: TestUser;
let stranger: TestUser;
let projectId: string;

beforeAll(async () => {
  h = await createHarness();
  ({ owner, viewer, stranger, projectId } = await projectWithViewer(h, "Canvas"));
});
afterAll(() => h.close());

const autosave = (user: TestUser, updates: unknown[], pid = projectId) =>
  h.call(user, "POST", "/api/workflows/autosave", { projectId: pid, updates });
const structure = (user: TestUser, body: unknown, pid = projectId) => h.call(user, "POST", `/api/projects/${pid}/structure`, body);
const load = async (user: TestUser = owner) => (await h.call(user, "GET", `/api/projects/nodes?projectId=${projectId}`)).body;

describe("autosave", () => {
  it("creates an unknown node with prevRev 0 and stores its data and revision", async () => {
    const res = await autosave(owner, [
      { nodeId: "generic-1-a", nodeData: { title: "Idea", content: "A lighthouse", rev: 1 }, prevRev: 0 },
    ]);
    expect(res).toEqual({ status: 200, body: { success: true, conflicts: [] } });
    const { nodes } = await load();
    expect(nodes).toEqual([
      expect.objectContaining({ id: "generic-1-a", rev: 1, data: expect.objectContaining({ title: "Idea", content: "A lighthouse" }) }),
    ]);
  });

  it("marks the project as edited when a save lands, and not when it is refused", async () => {
    const { sql } = await import("drizzle-orm");
    const backdate = () => h.database.db.execute(sql`update projects set updated_at = now() - interval '1 hour' where id = ${projectId}`);
    const lastEdited = async () => Date.parse((await h.call(owner, "GET", `/api/projects/${projectId}`)).body.updatedAt);
    await autosave(owner, [{ nodeId: "generic-touch-a", nodeData: { title: "v5", rev: 5 }, prevRev: 0 }]);
    await backdate();
    const before = await lastEdited();
    const refused = await autosave(owner, [{ nodeId: "generic-touch-a", nodeData: { title: "stale", rev: 2 }, prevRev: 1 }]);
    expect(refused.body.conflicts).toHaveLength(1);
    expect(await lastEdited()).toBe(before);
    await autosave(owner, [{ nodeId: "generic-touch-a", nodeData: { title: "v6", rev: 6 }, prevRev: 5 }]);
    expect(await lastEdited()).toBeGreaterThan(before + 30 * 60_000);
  });

  it("applies a newer revision and refuses an older or equal one, answering the stored data", async () => {
    await autosave(owner, [{ nodeId: "generic-2-a", nodeData: { title: "v3", rev: 3 }, prevRev: 0 }]);
    const stale = await autosave(owner, [{ nodeId: "generic-2-a", nodeData: { title: "v2", rev: 2 }, prevRev: 1 }]);
    expect(stale.body.conflicts).toEqual([{ nodeId: "generic-2-a", rev: 3, nodeData: expect.objectContaining({ title: "v3" }) }]);
    // A second client that edited the same revision carries the same number: refused too, so it merges.
    const twin = await autosave(owner, [{ nodeId: "generic-2-a", nodeData: { title: "other v3", rev: 3 }, prevRev: 2 }]);
    expect(twin.body.conflicts).toEqual([{ nodeId: "generic-2-a", rev: 3, nodeData: expect.objectContaining({ title: "v3" }) }]);
    const newer = await autosave(owner, [{ nodeId: "generic-2-a", nodeData: { title: "v4", rev: 4 }, prevRev: 3 }]);
    expect(newer.body.conflicts).toEqual([]);
    const node = (await load()).nodes.find((n: { id: string }) => n.id === "generic-2-a");
    expect(node).toMatchObject({ rev: 4, data: { title: "v4" } });
  });

  it("never resurrects a deleted node (tombstone)", async () => {
    await autosave(owner, [{ nodeId: "generic-3-a", nodeData: { title: "Doomed", rev: 1 }, prevRev: 0 }]);
    await structure(owner, { deletedNodeIds: ["generic-3-a"] });
    const late = await autosave(owner, [{ nodeId: "generic-3-a", nodeData: { title: "Back?", rev: 99 }, prevRev: 1 }]);
    expect(late.body.conflicts).toEqual([{ nodeId: "generic-3-a", rev: 1, nodeData: null, deleted: true }]);
    await structure(owner, { nodes: [{ id: "generic-3-a", position: { x: 1, y: 1 } }] });
    expect((await load()).nodes.map((n: { id: string }) => n.id)).not.toContain("generic-3-a");
  });

  it("lets the deleting client restore a node explicitly (undo), after which writes land again", async () => {
    await autosave(owner, [{ nodeId: "generic-4-a", nodeData: { title: "Undo me", rev: 1 }, prevRev: 0 }]);
    await structure(owner, { deletedNodeIds: ["generic-4-a"] });
    await structure(owner, { restoredNodeIds: ["generic-4-a"], nodes: [{ id: "generic-4-a", position: { x: 5, y: 5 } }] });
    expect((await autosave(owner, [{ nodeId: "generic-4-a", nodeData: { title: "Undone", rev: 2 }, prevRev: 1 }])).body.conflicts).toEqual(
      [],
    );
    expect((await load()).nodes.find((n: { id: string }) => n.id === "generic-4-a")).toMatchObject({
      position: { x: 5, y: 5 },
      data: { title: "Undone" },
    });
  });

  it("refuses bad input with a clear message and changes nothing", async () => {
    expect((await h.call(owner, "POST", "/api/workflows/autosave", { projectId, updates: [] })).body.error).toBe("No updates");
    expect((await h.call(owner, "POST", "/api/workflows/autosave", { projectId: "nope", updates: [] })).body.error).toBe(
      "Invalid project id",
    );
    const badId = await autosave(owner, [{ nodeId: "bad id!", nodeData: {}, prevRev: 0 }]);
    expect(badId).toMatchObject({ status: 400, body: { error: "Invalid node id" } });
  });

  it("refuses a view-only member's and a stranger's writes whatever they send", async () => {
    const before = await load();
    const v = await autosave(viewer, [{ nodeId: "generic-1-a", nodeData: { title: "Viewer", rev: 50 }, prevRev: 1 }]);
    expect(v).toEqual({ status: 403, body: { error: "You have view-only access to this project", code: "forbidden" } });
    expect((await structure(viewer, { nodes: [{ id: "generic-1-a", position: { x: 999, y: 999 } }] })).status).toBe(403);
    expect((await autosave(stranger, [{ nodeId: "generic-9", nodeData: {}, prevRev: 0 }])).status).toBe(403);
    expect((await h.call(stranger, "GET", `/api/projects/nodes?projectId=${projectId}`)).status).toBe(403);
    expect(await load()).toEqual(before);
    expect((await h.call(viewer, "GET", `/api/projects/nodes?projectId=${projectId}`)).status).toBe(200);
  });
});

describe("autosave: revision bounds, answered per update", () => {
  const good = (id: string) => ({ nodeId: id, nodeData: { title: "fine", rev: 1 }, prevRev: 0 });

  it("refuses a jump to the top of the revision range, and writes the update's batch-mates", async () => {
    const res = await autosave(owner, [
      good("rev-mate-1"),
      { nodeId: "rev-jump", nodeData: { title: "brick", rev: 2147483647 }, prevRev: 0 },
      good("rev-mate-2"),
    ]);
    expect(res).toEqual({
      status: 200,
      body: {
        success: true,
        conflicts: [],
        refused: [{ index: 1, nodeId: "rev-jump", error: "nodeData.rev may be at most 1000000 past prevRev", code: "bad_request" }],
      },
    });
    const ids = (await load()).nodes.map((n: { id: string }) => n.id);
    expect(ids).toEqual(expect.arrayContaining(["rev-mate-1", "rev-mate-2"]));
    expect(ids).not.toContain("rev-jump");
  });

  it("refuses revisions past what the database can hold, instead of failing the whole batch with a 500", async () => {
    const res = await autosave(owner, [
      { nodeId: "rev-top", nodeData: { title: "over", rev: 2 ** 53 }, prevRev: 2 ** 53 - 1 },
      good("rev-mate-3"),
    ]);
    expect(res.status).toBe(200);
    expect(res.body.refused).toEqual([expect.objectContaining({ index: 0, nodeId: "rev-top", code: "bad_request" })]);
    const implicit = await autosave(owner, [{ nodeId: "rev-top", nodeData: { title: "over" }, prevRev: Number.MAX_SAFE_INTEGER }]);
    expect(implicit.body.refused).toEqual([expect.objectContaining({ index: 0, error: `rev must be at most ${Number.MAX_SAFE_INTEGER}` })]);
    const nodes = (await load()).nodes;
    expect(nodes.map((n: { id: string }) => n.id)).not.toContain("rev-top");
    expect(nodes.map((n: { id: string }) => n.id)).toContain("rev-mate-3");
  });

  it("still takes a long run of one client's edits in one write (a step up to a million)", async () => {
    expect(
      (await autosave(owner, [{ nodeId: "rev-long", nodeData: { title: "offline all day", rev: 1_000_000 }, prevRev: 0 }])).body,
    ).toEqual({ success: true, conflicts: [] });
  });
});

describe("no run of accepted writes leaves a node unwritable", () => {
  const nodeOf = async (id: string) => (await load()).nodes.find((n: { id: string }) => n.id === id);

  it("a write claiming a high base does not lift the node with it: the jump is a conflict, and the node takes the next edit and a run", async () => {
    expect((await autosave(owner, [{ nodeId: "rev-climb", nodeData: { title: "v1", rev: 1 }, prevRev: 0 }])).body.conflicts).toEqual([]);
    // One step from a claimed base at the top of the old int4 range: it used to land, and then nothing could.
    const jump = await autosave(owner, [{ nodeId: "rev-climb", nodeData: { title: "brick", rev: 2_147_483_647 }, prevRev: 2_147_483_646 }]);
    expect(jump.body.conflicts).toEqual([
      expect.objectContaining({ nodeId: "rev-climb", rev: 1, nodeData: expect.objectContaining({ title: "v1" }) }),
    ]);
    // A new node is not created near the top either.
    const born = await autosave(owner, [
      { nodeId: "rev-born-high", nodeData: { title: "brick", rev: 2_147_483_647 }, prevRev: 2_147_483_646 },
    ]);
    expect(born.body.conflicts).toEqual([]);
    expect(await nodeOf("rev-born-high")).toBeUndefined();

    // The largest step from what is stored still lands, every time.
    let rev = 1;
    for (let i = 0; i < 5; i++) {
      const step = await autosave(owner, [{ nodeId: "rev-climb", nodeData: { title: `step ${i}`, rev: rev + 1_000_000 }, prevRev: rev }]);
      expect(step.body.conflicts).toEqual([]);
      rev += 1_000_000;
    }
    expect(await nodeOf("rev-climb")).toMatchObject({ rev, data: { title: "step 4" } });
    const run = await h.call(owner, "POST", "/api/execute-node", {
      projectId,
      nodeId: "rev-climb",
      prompt: "a lighthouse",
      selectedModel: "local/sketch",
      wait: true,
    });
    expect(run.status).toBe(200);
    expect(run.body.success).toBe(true);
  });

  it("a node already at 2,147,483,647 (the old int4 top) takes the next edit and a run", async () => {
    const { sql } = await import("drizzle-orm");
    expect((await autosave(owner, [{ nodeId: "rev-old-top", nodeData: { title: "v1", rev: 1 }, prevRev: 0 }])).body.conflicts).toEqual([]);
    await h.database.db.execute(
      sql`update nodes set rev = 2147483647, data = data || '{"rev": 2147483647}'::jsonb where project_id = ${projectId} and id = 'rev-old-top'`,
    );
    const next = await autosave(owner, [
      { nodeId: "rev-old-top", nodeData: { title: "after the top", rev: 2_147_483_648 }, prevRev: 2_147_483_647 },
    ]);
    expect(next.status).toBe(200);
    expect(next.body).toEqual({ success: true, conflicts: [] });
    const run = await h.call(owner, "POST", "/api/execute-node", {
      projectId,
      nodeId: "rev-old-top",
      prompt: "a lighthouse",
      selectedModel: "local/sketch",
      wait: true,
    });
    expect(run.body.success).toBe(true);
    const ran = await nodeOf("rev-old-top");
    expect(ran).toMatchObject({ data: { status: "completed" } });
    expect(ran.rev).toBeGreaterThan(2_147_483_648);
  });
});

describe("structure", () => {
  it("stores positions, edges and the viewport; refuses self, duplicate and dangling edges", async () => {
    const res = await structure(owner, {
      nodes: [
        { id: "n-a", position: { x: 400, y: 400 } },
        { id: "n-b", position: { x: 950, y: 400 } },
      ],
      edgesAdded: [
        { id: "e-ab", source: "n-a", target: "n-b" },
        { id: "e-aa", source: "n-a", target: "n-a" },
        { id: "e-ax", source: "n-a", target: "missing" },
      ],
      viewport: { x: 10, y: 20, zoom: 0.6 },
    });
    expect(res.body).toEqual({ success: true, edgesAdded: ["e-ab"], conflicts: [] });
    await structure(owner, { edgesAdded: [{ id: "e-ab-2", source: "n-a", target: "n-b" }] });
    const canvas = await load();
    expect(canvas.edges.map((e: { id: string }) => e.id)).toEqual(["e-ab"]);
    expect(canvas.viewport).toEqual({ x: 10, y: 20, zoom: 0.6 });
    expect(canvas.nodes.find((n: { id: string }) => n.id === "n-b").position).toEqual({ x: 950, y: 400 });
  });

  it("deleting a node removes its edges", async () => {
    await structure(owner, {
      nodes: [{ id: "n-c", position: { x: 0, y: 0 } }],
      edgesAdded: [{ id: "e-bc", source: "n-b", target: "n-c" }],
    });
    await structure(owner, { deletedNodeIds: ["n-c"] });
    expect((await load()).edges.map((e: { id: string }) => e.id)).not.toContain("e-bc");
  });

  it("creates nodes with the data that came with them, in one transaction, answering conflicts like autosave", async () => {
    await autosave(owner, [{ nodeId: "n-old", nodeData: { title: "Theirs", rev: 4 }, prevRev: 0 }]);
    const res = await structure(owner, {
      nodes: [
        { id: "n-plan-1", position: { x: 0, y: 600 } },
        { id: "n-plan-2", position: { x: 500, y: 600 } },
      ],
      edgesAdded: [{ id: "e-plan", source: "n-plan-1", target: "n-plan-2" }],
      updates: [
        { nodeId: "n-plan-1", nodeData: { title: "Frame", prompt: "a lighthouse at dusk", rev: 1 }, prevRev: 0 },
        { nodeId: "n-plan-2", nodeData: { title: "Push in", rev: 1 }, prevRev: 0 },
        { nodeId: "n-old", nodeData: { title: "Stale", rev: 2 }, prevRev: 1 },
      ],
    });
    expect(res.body).toEqual({
      success: true,
      edgesAdded: ["e-plan"],
      conflicts: [{ nodeId: "n-old", rev: 4, nodeData: expect.objectContaining({ title: "Theirs" }) }],
    });
    const { nodes } = await load();
    const byId = (id: string) => nodes.find((n: { id: string }) => n.id === id);
    expect(byId("n-plan-1")).toMatchObject({
      rev: 1,
      position: { x: 0, y: 600 },
      data: { title: "Frame", prompt: "a lighthouse at dusk" },
    });
    expect(byId("n-plan-2")).toMatchObject({ rev: 1, data: { title: "Push in" } });
    expect(byId("n-old")).toMatchObject({ rev: 4, data: { title: "Theirs" } });
  });

  it("refuses the whole request, changing nothing, when one update that came with it is bad", async () => {
    const res = await structure(owner, {
      nodes: [{ id: "n-bad-1", position: { x: 0, y: 900 } }],
      updates: [{ nodeId: "n-bad-1", nodeData: { title: "x".repeat(201), rev: 1 }, prevRev: 0 }],
    });
    expect(res.status).toBe(400);
    expect((await load()).nodes.map((n: { id: string }) => n.id)).not.toContain("n-bad-1");
    const tooMany = Array.from({ length: 101 }, (_, i) => ({ nodeId: `n-many-${i}`, nodeData: { rev: 1 }, prevRev: 0 }));
    expect((await structure(owner, { updates: tooMany })).body.error).toMatch(/At most 100 updates/);
  });

  it("refuses positions outside the canvas extent", async () => {
    const res = await structure(owner, { nodes: [{ id: "n-far", position: { x: 20000, y: 0 } }] });
    expect(res.status).toBe(400);
  });
});

describe("realtime", () => {
  it("pushes another client's node writes and structure changes to an open channel", async () => {
    const address = await h.server.listen({ port: 0, host: "127.0.0.1" });
    const ws = new WebSocket(`${address.replace("http", "ws")}/api/projects/${projectId}/live`, {
      headers: { authorization: `Bearer ${viewer.token}` },
    });
    const messages: any[] = [];
    await new Promise<void>((resolve, reject) => {
      ws.on("message", (m) => {
        const msg = JSON.parse(String(m));
        if (msg.type === "ready") resolve();
        else messages.push(msg);
      });
      ws.on("error", reject);
    });
    await autosave(owner, [{ nodeId: "n-a", nodeData: { title: "Live", rev: 7 }, prevRev: 0 }]);
    await structure(owner, { nodes: [{ id: "n-a", position: { x: 420, y: 400 } }] });
    await expect.poll(() => messages.length, { timeout: 2000 }).toBe(2);
    expect(messages[0]).toMatchObject({ type: "nodes", nodes: [{ id: "n-a", rev: 7, data: { title: "Live" } }] });
    expect(messages[1]).toMatchObject({ type: "structure", nodes: [{ id: "n-a", position: { x: 420, y: 400 } }] });
    // A node created with its data: placed first, then filled in, so an open canvas never fills in a node it lacks.
    await structure(owner, {
      nodes: [{ id: "n-live", position: { x: 0, y: 0 } }],
      updates: [{ nodeId: "n-live", nodeData: { title: "Born whole", rev: 1 }, prevRev: 0 }],
    });
    await expect.poll(() => messages.length, { timeout: 2000 }).toBe(4);
    expect(messages[2]).toMatchObject({ type: "structure", nodes: [{ id: "n-live" }] });
    expect(messages[3]).toMatchObject({ type: "nodes", nodes: [{ id: "n-live", rev: 1, data: { title: "Born whole" } }] });
    ws.close();
  });

  it("closes the channel for a stranger", async () => {
    const address = h.server.server.address() as { port: number };
    const ws = new WebSocket(`ws://127.0.0.1:${address.port}/api/projects/${projectId}/live`, {
      headers: { authorization: `Bearer ${stranger.token}` },
    });
    const code = await new Promise<number>((resolve) => ws.on("close", (c) => resolve(c)));
    expect(code).toBe(4403);
  });
});
