/** Storyboard lanes and their shots: the link, and a finished run's image becoming the shot's. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHarness, projectWithViewer, type Harness, type TestUser } from "../test/harness";
import { buildShotList } from "../shotlists/testSupport";

let h: Harness;
let owner: TestUser;
let viewer: TestUser;
let projectId: string;

beforeAll(async () => {
  h = await createHarness();
  ({ owner, viewer, projectId } = await projectWithViewer(h, "Storyboard"));
});
afterAll(() => h?.close());

async function nodeOnCanvas(nodeId: string, title: string) {
  await h.call(owner, "POST", `/api/projects/${projectId}/structure`, { nodes: [{ id: nodeId, position: { x: 0, y: 0 } }] });
  await h.call(owner, "POST", "/api/workflows/autosave", { projectId, updates: [{ nodeId, prevRev: 0, nodeData: { title, rev: 1 } }] });
}

describe("storyboard nodes", () => {
  it("links shots to their nodes, and a node's finished image becomes its shot's", async () => {
    const list = await buildShotList(h, owner, projectId, { shots: 2 });
    const [first, second] = list.scenes[0].shots as { id: string }[];
    await nodeOnCanvas("lane-1", "Shot 1");
    const linked = await h.call(owner, "PUT", `/api/shot-lists/${list.id}/shot-nodes`, {
      links: [{ shotId: first!.id, nodeId: "lane-1" }],
    });
    expect(linked.body).toEqual({ linked: 1 });

    const run = await h.call(owner, "POST", "/api/execute-node", {
      projectId,
      nodeId: "lane-1",
      prompt: "Cinematic Wide Shot, Single: a harbour at night",
      selectedModel: "local/sketch",
      controls: { variations: 1 },
      wait: true,
    });
    expect(run.body.success).toBe(true);
    const image = run.body.data.imageUrl as string;
    const shots = (await h.call(viewer, "GET", `/api/shot-lists/${list.id}`)).body.scenes[0].shots as {
      id: string;
      image: string | null;
      nodeId?: string;
    }[];
    expect(shots.find((s) => s.id === first!.id)).toMatchObject({ nodeId: "lane-1", image });
    expect(shots.find((s) => s.id === second!.id)!.image).toBeNull();
  });

  it("refuses viewers and bad bodies, and links nothing", async () => {
    const list = await buildShotList(h, owner, projectId, { shots: 1 });
    const shotId = list.scenes[0].shots[0].id as string;
    expect((await h.call(viewer, "PUT", `/api/shot-lists/${list.id}/shot-nodes`, { links: [{ shotId, nodeId: "x" }] })).status).toBe(403);
    expect((await h.call(owner, "PUT", `/api/shot-lists/${list.id}/shot-nodes`, { links: [] })).status).toBe(400);
    expect(
      (await h.call(owner, "PUT", `/api/shot-lists/${list.id}/shot-nodes`, { links: [{ shotId, nodeId: "bad id!" }] })).body.error,
    ).toBe("Invalid node id");
    const after = (await h.call(owner, "GET", `/api/shot-lists/${list.id}`)).body.scenes[0].shots[0];
    expect(after.nodeId).toBeUndefined();
  });
});
