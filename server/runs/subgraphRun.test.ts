/**
 * A subgraph runs as its inner graph (issue 34, 3): the graph run opens it before planning, prices its
 * inner nodes through the same dry run, runs them in order with their inputs through its ports, writes each
 * result inside the subgraph node's data, and feeds the node after it from its output. The provider is a
 * scripted fake of fal (an external service).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import type { NodeRecord } from "../../domain/canvas/changes";
import { convertToSubgraph, subgraphOf } from "../../domain/canvas/subgraph";
import { generations } from "../db/schema";
import type { Engine, EngineRequest, EngineResult } from "../generation/engine";
import { createHarness, projectWithViewer, type Harness, type TestUser } from "../test/harness";

const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==", "base64");
const IMAGE_MODEL = "fal-ai/flux-pro/kontext"; // 40 credits
const IMAGE_CREDITS = 40;

class FakeFal implements Engine {
  readonly provider = "fal" as const;
  calls: { prompt: string; context: EngineRequest["context"] }[] = [];
  async run(req: EngineRequest): Promise<EngineResult> {
    this.calls.push({ prompt: req.prompt, context: req.context });
    return { kind: "media", mediaType: "image", files: [{ bytes: PNG, contentType: "image/png" }] };
  }
}

let h: Harness;
const fal = new FakeFal();
beforeAll(async () => {
  h = await createHarness({ generation: { engines: { fal }, env: { FAL_KEY: "platform-key" }, perUserConcurrency: 2 } });
});
afterAll(async () => h?.close());

const image = (id: string, x: number): NodeRecord => ({
  id,
  type: "generic_v2",
  position: { x, y: 0 },
  data: { title: id.toUpperCase(), prompt: `shot ${id}`, selectedModel: IMAGE_MODEL, rev: 1 },
});

/** text → [a → b] → c, with a and b made one subgraph `sg` (stored as the app stores it: ordinary nodes and edges). */
async function canvasWithSubgraph(user: TestUser, projectId?: string) {
  projectId ??= (await h.call(user, "POST", "/api/projects", { name: `S ${Math.random()}` })).body.id as string;
  const text: NodeRecord = {
    id: "text",
    type: "generic_v2",
    position: { x: 0, y: 0 },
    data: { title: "Idea", content: "a lighthouse", contentType: "text", rev: 1 },
  };
  const plain = {
    nodes: [text, image("a", 550), image("b", 1100), image("c", 1650)],
    edges: [
      { id: "ta", source: "text", target: "a" },
      { id: "ab", source: "a", target: "b" },
      { id: "bc", source: "b", target: "c" },
    ],
  };
  const made = convertToSubgraph(["a", "b"], plain, "sg", "Turnaround");
  if (!made.ok) throw new Error(made.error);
  const { node, addedEdges } = made.conversion;
  const kept = [text, image("c", 1650), node];
  await h.call(user, "POST", `/api/projects/${projectId}/structure`, {
    nodes: kept.map((n) => ({ id: n.id, type: n.type, position: n.position })),
    edgesAdded: addedEdges,
  });
  const saved = await h.call(user, "POST", "/api/workflows/autosave", {
    projectId,
    updates: kept.map((n) => ({ nodeId: n.id, prevRev: 0, nodeData: n.data })),
  });
  expect(saved.body.refused ?? []).toEqual([]);
  return projectId;
}

const runs = (user: TestUser, projectId: string, body: Record<string, unknown>) =>
  h.call(user, "POST", `/api/projects/${projectId}/runs`, body);
async function settle(runId: string) {
  for (const r of await h.database.db.select().from(generations).where(eq(generations.chainId, runId)))
    await h.generation.service.waitFor(r.id);
  const rows = await h.database.db.select().from(generations).where(eq(generations.chainId, runId));
  return Object.fromEntries(rows.map((r) => [r.nodeId, r.status]));
}
const canvasNodes = async (user: TestUser, projectId: string) =>
  (await h.call(user, "GET", `/api/projects/nodes?projectId=${projectId}`)).body.nodes as {
    id: string;
    type: string;
    data: Record<string, any>;
  }[];

describe("a subgraph in a graph run (issue 34, 3)", () => {
  it("is priced in the dry run as its inner nodes, runs them in order, writes their results inside it and feeds what follows", async () => {
    const user = await h.signUp();
    const projectId = await canvasWithSubgraph(user);
    const dry = await runs(user, projectId, { scope: "all", dryRun: true });
    expect(dry.status).toBe(200);
    expect(dry.body.run.map((r: { nodeId: string; title: string }) => [r.nodeId, r.title])).toEqual([
      ["sg~a", "A"],
      ["sg~b", "B"],
      ["c", "C"],
    ]);
    expect(dry.body.credits).toBe(3 * IMAGE_CREDITS);

    fal.calls = [];
    const started = await runs(user, projectId, { scope: "all" });
    expect(started.status).toBe(202);
    expect(started.body.credits).toBe(dry.body.credits);
    expect(await settle(started.body.runId)).toEqual({ "sg~a": "succeeded", "sg~b": "succeeded", c: "succeeded" });
    expect(fal.calls.map((c) => c.prompt.split(/[,.]/)[0])).toEqual(["shot a", "shot b", "shot c"]);
    // a read the text through the subgraph's input port; c read b's picture through its output port.
    expect(JSON.stringify(fal.calls[0]!.context)).toContain("a lighthouse");
    expect(fal.calls[2]!.context.some((item) => JSON.stringify(item).includes("/api/media/"))).toBe(true);

    const nodes = await canvasNodes(user, projectId);
    const sg = nodes.find((n) => n.id === "sg")!;
    const inner = subgraphOf({ type: sg.type, data: sg.data })!;
    expect(inner.nodes.map((n) => [n.id, n.data.status, typeof n.data.mediaUrl])).toEqual([
      ["a", "completed", "string"],
      ["b", "completed", "string"],
    ]);
    // Nothing leaked onto the canvas: no node was made for the inner runs.
    expect(nodes.map((n) => n.id).sort()).toEqual(["c", "sg", "text"]);

    // Run again: every node is cached by its run key, the subgraph's inner nodes too.
    const again = await runs(user, projectId, { scope: "all", dryRun: true });
    expect(again.body.run).toEqual([]);
    expect(again.body.cached.map((r: { nodeId: string }) => r.nodeId)).toEqual(["sg~a", "sg~b", "c"]);
  });

  it("Run selected on the subgraph runs all of it (and nothing after it)", async () => {
    const user = await h.signUp();
    const projectId = await canvasWithSubgraph(user);
    const dry = await runs(user, projectId, { scope: "selected", nodeIds: ["sg"], dryRun: true });
    expect(dry.body.run.map((r: { nodeId: string }) => r.nodeId)).toEqual(["sg~a", "sg~b"]);
    expect(dry.body.credits).toBe(2 * IMAGE_CREDITS);
  });

  it("viewers and strangers cannot run it", async () => {
    const { owner, viewer, stranger, projectId } = await projectWithViewer(h);
    await canvasWithSubgraph(owner, projectId);
    expect((await runs(viewer, projectId, { scope: "all", dryRun: true })).status).toBe(403);
    expect((await runs(stranger, projectId, { scope: "all" })).status).toBe(403);
  });
});
