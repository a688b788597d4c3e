import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CanvasChange } from "../../domain/canvas/changes";
import type { RealtimeMessage } from "../../domain/realtime";
import { createHarness, projectWithViewer, type Harness, type TestUser } from "../test/harness";
import { applyChanges, loadCanvas } from "./canvasService";

let h: Harness;
let owner: TestUser;
let viewer: TestUser;
let stranger: TestUser;
let projectId: string;
const heard: RealtimeMessage[] = [];

beforeAll(async () => {
  h = await createHarness();
  ({ owner, viewer, stranger, projectId } = await projectWithViewer(h, "One writer"));
  h.hub.join(projectId, { send: (text) => heard.push(JSON.parse(text)) });
});
afterAll(() => h.close());

const db = () => h.database.db;
const apply = (changes: CanvasChange[], userId = owner.id) =>
  applyChanges(db(), h.hub, projectId, changes, { source: "user", actor: { userId }, clientId: "tab-a" });
const node = (id: string, x = 0, data: Record<string, unknown> = { title: id, rev: 1 }) => ({
  id,
  type: "generic_v2",
  position: { x, y: 0 },
  data,
});
const edge = (source: string, target: string) => ({ id: `e-${source}-${target}`, source, target, sourceHandle: null, targetHandle: null });

describe("canvasService.applyChanges", () => {
  it("refuses a view-only member and a stranger before writing or publishing anything", async () => {
    heard.length = 0;
    await expect(apply([{ type: "node-added", node: node("v1") }], viewer.id)).rejects.toMatchObject({ status: 403, code: "forbidden" });
    await expect(apply([{ type: "node-added", node: node("s1") }], stranger.id)).rejects.toMatchObject({ status: 403 });
    expect((await loadCanvas(db(), projectId)).nodes.map((n) => n.id)).not.toContain("v1");
    expect(heard).toEqual([]);
  });

  it("applies a mixed list in order and publishes the shape, then the data, once", async () => {
    heard.length = 0;
    const { applied, conflicts } = await apply([
      { type: "node-added", node: node("a", 0) },
      { type: "node-added", node: node("b", 600) },
      { type: "edge-added", edge: edge("a", "b") },
      { type: "node-moved", id: "b", position: { x: 650, y: 40 } },
      { type: "node-data", id: "a", data: { title: "Harbour", rev: 2 }, prevRev: 1 },
    ]);
    expect(conflicts).toEqual([]);
    expect(applied.map((c) => c.type)).toEqual(["node-added", "node-added", "edge-added", "node-moved", "node-data"]);
    const canvas = await loadCanvas(db(), projectId);
    expect(canvas.nodes.find((n) => n.id === "a")).toMatchObject({ rev: 2, data: { title: "Harbour" } });
    expect(canvas.nodes.find((n) => n.id === "b")).toMatchObject({ rev: 1, position: { x: 650, y: 40 } });
    expect(canvas.edges.map((e) => e.id)).toContain("e-a-b");
    expect(heard.map((m) => m.type)).toEqual(["structure", "nodes"]);
    expect(heard[0]).toMatchObject({ clientId: "tab-a", edgesAdded: [{ id: "e-a-b" }] });
    // One record per node, its last: "a" was created at rev 1 and written at rev 2 in the same list.
    expect(heard[1]).toEqual(
      expect.objectContaining({
        type: "nodes",
        nodes: [expect.objectContaining({ id: "a", rev: 2 }), expect.objectContaining({ id: "b", rev: 1 })],
      }),
    );
  });

  it("a compare-and-set write lands only over exactly the revision it was made from", async () => {
    const stale = await applyChanges(
      db(),
      h.hub,
      projectId,
      [{ type: "node-data", id: "a", data: { title: "From rev 1", rev: 3 }, prevRev: 1, exact: true }],
      { source: "generation", actor: { system: "generation" } },
    );
    expect(stale.applied).toEqual([]);
    expect(stale.conflicts).toEqual([{ nodeId: "a", rev: 2, nodeData: expect.objectContaining({ title: "Harbour" }) }]);
    heard.length = 0;
    const fresh = await applyChanges(
      db(),
      h.hub,
      projectId,
      [{ type: "node-data", id: "a", data: { title: "Result", rev: 4 }, prevRev: 2, exact: true }],
      { source: "generation", actor: { system: "generation" } },
    );
    expect(fresh.applied).toHaveLength(1);
    expect(heard).toEqual([{ type: "nodes", origin: "generation", nodes: [{ id: "a", rev: 4, data: { title: "Result", rev: 4 } }] }]);
  });

  it("a tombstone is revived neither by a placement nor by a data write, only by a restore", async () => {
    await apply([{ type: "node-removed", id: "b" }]);
    const late = await apply([
      { type: "node-added", node: node("b", 9, { title: "late", rev: 9 }) },
      { type: "node-data", id: "b", data: { title: "late", rev: 10 }, prevRev: 9 },
    ]);
    expect(late.applied).toEqual([]);
    expect(late.conflicts).toEqual([{ nodeId: "b", rev: 1, nodeData: null, deleted: true }]);
    let canvas = await loadCanvas(db(), projectId);
    expect(canvas.nodes.map((n) => n.id)).not.toContain("b");
    expect(canvas.edges.map((e) => e.id)).not.toContain("e-a-b");
    await apply([
      { type: "node-restored", id: "b", node: node("b", 700, { title: "back", rev: 2 }) },
      { type: "edge-added", edge: edge("a", "b") },
    ]);
    canvas = await loadCanvas(db(), projectId);
    expect(canvas.nodes.find((n) => n.id === "b")).toMatchObject({ rev: 2, position: { x: 700, y: 0 }, data: { title: "back" } });
    expect(canvas.edges.map((e) => e.id)).toContain("e-a-b");
  });

  it("refuses a write made from an older copy even when its revision is higher (someone saved in between)", async () => {
    await apply([{ type: "node-added", node: node("typed", 0, { title: "v1", rev: 1 }) }]);
    await apply([{ type: "node-data", id: "typed", data: { title: "theirs", rev: 2 }, prevRev: 1 }]);
    // Made from rev 1 and edited twice meanwhile (rev 3): it must merge, not replace 'theirs'.
    const { applied, conflicts } = await apply([{ type: "node-data", id: "typed", data: { title: "mine", rev: 3 }, prevRev: 1 }]);
    expect(applied).toEqual([]);
    expect(conflicts).toEqual([{ nodeId: "typed", rev: 2, nodeData: expect.objectContaining({ title: "theirs" }) }]);
  });

  it("removing a node publishes the edges that went with it", async () => {
    await apply([
      { type: "node-added", node: node("c", 900) },
      { type: "edge-added", edge: edge("b", "c") },
    ]);
    heard.length = 0;
    const { applied } = await apply([{ type: "node-removed", id: "c" }]);
    expect(applied).toEqual([
      { type: "node-removed", id: "c" },
      { type: "edge-removed", id: "e-b-c", edge: expect.objectContaining({ source: "b", target: "c" }) },
    ]);
    expect(heard).toMatchObject([{ type: "structure", deletedNodeIds: ["c"], edgesRemoved: ["e-b-c"] }]);
    expect((await loadCanvas(db(), projectId)).edges.map((e) => e.id)).not.toContain("e-b-c");
  });

  it("refuses self-loops and edges to missing nodes silently, and answers what it applied", async () => {
    const { applied } = await apply([
      { type: "edge-added", edge: edge("a", "a") },
      { type: "edge-added", edge: edge("a", "ghost") },
    ]);
    expect(applied).toEqual([]);
  });
});
