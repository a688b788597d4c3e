import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PROJECT_INITIAL_NODES_MAX, type InitialNode } from "../../domain/projects";
import { REMIX_DESCRIPTION } from "../../domain/remix";
import { createHarness, type Harness, type TestUser } from "../test/harness";

// spec: shell 4 "Remix" — a project created with the draft's nodes (never edges) and the fixed description.
let h: Harness;
let owner: TestUser;
beforeAll(async () => {
  h = await createHarness();
  owner = await h.signUp("Remixer");
});
afterAll(() => h.close());

const node = (id: string, data: InitialNode["data"] = {}, x = 0): InitialNode => ({ id, type: "generic_v2", position: { x, y: 40 }, data });
const canvasOf = async (projectId: string) => (await h.call(owner, "GET", `/api/projects/nodes?projectId=${projectId}`)).body;
const projectNames = async () =>
  (await h.call(owner, "GET", "/api/projects")).body.projects.map((p: { name: string }) => p.name) as string[];

describe("creating a project with initial nodes (remix)", () => {
  it("creates the project with the draft's nodes, no edges and the remix description", async () => {
    const res = await h.call(owner, "POST", "/api/projects", {
      name: "Neon Alley (remix)",
      description: REMIX_DESCRIPTION,
      nodes: [
        node("prompt-1", { title: "Opening", prompt: "a rainy neon alley", contentType: "text", content: "INT. ALLEY" }, 0),
        node("image-1", { title: "Frame", contentType: "image", mediaUrl: "/api/media/frame.png", status: "completed" }, 400),
      ],
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ name: "Neon Alley (remix)", description: REMIX_DESCRIPTION, permission: "owner", ownerId: owner.id });

    const canvas = await canvasOf(res.body.id);
    expect(canvas.edges).toEqual([]);
    expect(canvas.nodes.map((n: { id: string }) => n.id).sort()).toEqual(["image-1", "prompt-1"]);
    const prompt = canvas.nodes.find((n: { id: string }) => n.id === "prompt-1");
    expect(prompt).toMatchObject({
      type: "generic_v2",
      position: { x: 0, y: 40 },
      rev: 1,
      data: { title: "Opening", prompt: "a rainy neon alley", content: "INT. ALLEY", rev: 1 },
    });
    // The listing's preview comes from the copied image node.
    const listed = (await h.call(owner, "GET", "/api/projects")).body.projects.find((p: { id: string }) => p.id === res.body.id);
    expect(listed.preview).toEqual({ url: "/api/media/frame.png", kind: "image" });
  });

  it("starts copied nodes settled: none shows as running", async () => {
    const res = await h.call(owner, "POST", "/api/projects", {
      name: "Settled",
      nodes: [
        node("was-running", {
          status: "generating",
          generationId: "gen-elsewhere",
          generationProgress: { percent: 40 },
          isGenerating: true,
          prompt: "p",
        }),
        node("was-done", { status: "generating", mediaUrl: "/api/media/done.png", generationId: "gen-2" }),
        node("was-recording", { status: "recording" }),
        node("failed", { status: "error", error: "out of credits" }),
      ],
    });
    expect(res.status).toBe(201);
    const byId = Object.fromEntries(
      (await canvasOf(res.body.id)).nodes.map((n: { id: string; data: Record<string, unknown> }) => [n.id, n.data]),
    );
    expect(byId["was-running"]).toEqual({ status: "idle", prompt: "p", rev: 1 });
    expect(byId["was-done"]).toEqual({ status: "completed", mediaUrl: "/api/media/done.png", rev: 1 });
    expect(byId["was-recording"]).toEqual({ status: "idle", rev: 1 });
    expect(byId["failed"]).toEqual({ status: "error", error: "out of credits", rev: 1 });
  });

  it("refuses edges, bad nodes and too many nodes, and then creates nothing", async () => {
    const before = await projectNames();
    const refused = [
      { name: "With Edges", nodes: [node("a"), node("b")], edges: [{ id: "e1", source: "a", target: "b" }] },
      { name: "Bad Id", nodes: [node("not a valid id!")] },
      { name: "Duplicate Ids", nodes: [node("same"), node("same", {}, 300)] },
      { name: "Far Away", nodes: [{ ...node("far"), position: { x: 1e9, y: 0 } }] },
      { name: "Foreign Media", nodes: [node("img", { mediaUrl: "https://gallery.example/frame.png" })] },
      { name: "Huge Node", nodes: [node("big", { notes: "x".repeat(260_000) })] },
      { name: "Extra Field", nodes: [{ ...node("x"), selected: true }] },
      { name: "Too Many", nodes: Array.from({ length: PROJECT_INITIAL_NODES_MAX + 1 }, (_, i) => node(`n${i}`)) },
    ];
    for (const body of refused) {
      const res = await h.call(owner, "POST", "/api/projects", body);
      expect(res.status, body.name).toBe(400);
      expect(res.body.code, body.name).toBe("bad_request");
    }
    expect(await projectNames()).toEqual(before);
  });

  it("takes exactly the node limit", async () => {
    const nodes = Array.from({ length: PROJECT_INITIAL_NODES_MAX }, (_, i) => node(`n${i}`, { title: `Node ${i}` }, i * 10));
    const res = await h.call(owner, "POST", "/api/projects", { name: "At The Limit", nodes });
    expect(res.status).toBe(201);
    expect((await canvasOf(res.body.id)).nodes).toHaveLength(PROJECT_INITIAL_NODES_MAX);
  });

  it("answers a taken name with 409 and leaves the existing project's canvas alone", async () => {
    const first = await h.call(owner, "POST", "/api/projects", { name: "Taken Remix", nodes: [node("original", { title: "Mine" })] });
    expect(first.status).toBe(201);
    const again = await h.call(owner, "POST", "/api/projects", { name: "taken remix", nodes: [node("intruder")] });
    expect(again).toEqual({ status: 409, body: { error: 'A project named "taken remix" already exists', code: "already_exists" } });
    expect((await canvasOf(first.body.id)).nodes.map((n: { id: string }) => n.id)).toEqual(["original"]);
    expect((await projectNames()).filter((n) => n.toLowerCase() === "taken remix")).toHaveLength(1);
  });

  it("needs a signed-in caller", async () => {
    const res = await h.call(null, "POST", "/api/projects", { name: "Anonymous", nodes: [node("a")] });
    expect(res.status).toBe(401);
  });
});
