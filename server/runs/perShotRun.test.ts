/**
 * For every shot through the API: a workflow run once per shot lands a lane per shot (copies
 * through the canvas's one writer), each given its shot's prompt and image, linked to its shot, each lane its
 * own graph run (cancelled on its own); the dry run's total is what the lanes hold; viewers get 403. The
 * provider is a scripted fake of fal (an external service) that records what each run was given.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { generations } from "../db/schema";
import type { Engine, EngineRequest, EngineResult } from "../generation/engine";
import { buildShotList, uploadShotImage } from "../shotlists/testSupport";
import { createHarness, projectWithViewer, type Harness, type TestUser } from "../test/harness";

const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==", "base64");
const IMAGE_MODEL = "fal-ai/flux-pro/kontext"; // 40 credits
const IMAGE_CREDITS = 40;

/** fal's stand-in: each call recorded; a prompt with "slow" takes long enough to be cancelled. */
class FakeFal implements Engine {
  readonly provider = "fal" as const;
  calls: { prompt: string; context: EngineRequest["context"] }[] = [];
  async run(req: EngineRequest): Promise<EngineResult> {
    this.calls.push({ prompt: req.prompt, context: req.context });
    await new Promise((r) => setTimeout(r, req.prompt.includes("slow") ? 1500 : 50));
    return { kind: "media", mediaType: "image", files: [{ bytes: PNG, contentType: "image/png" }] };
  }
}

let h: Harness;
const fal = new FakeFal();

beforeAll(async () => {
  h = await createHarness({ generation: { engines: { fal }, env: { FAL_KEY: "platform-key" }, perUserConcurrency: 2 } });
});
afterAll(async () => h?.close());

type Node = { id: string; position: { x: number; y: number }; data: Record<string, any> };
const balance = async (user: TestUser) => (await h.call(user, "GET", "/api/credits")).body.balance as number;
const canvasOf = async (user: TestUser, projectId: string) =>
  (await h.call(user, "GET", `/api/projects/nodes?projectId=${projectId}`)).body as {
    nodes: Node[];
    edges: { source: string; target: string }[];
  };
const perShot = (user: TestUser, projectId: string, body: Record<string, unknown>) =>
  h.call(user, "POST", `/api/projects/${projectId}/runs/per-shot`, body);

/**
 * A project with the workflow idea (text) + frame (an image input) → art (image model) → grade (image
 * model), a node beside it, and a 3-shot list: shot 1 with an image, shot 2 with a move and two characters.
 */
async function setup(user: TestUser, projectId?: string, prompts = { art: "key art", grade: "colour grade" }) {
  projectId ??= (await h.call(user, "POST", "/api/projects", { name: `P ${Math.random()}` })).body.id as string;
  const ids = ["idea", "frame", "art", "grade", "aside"];
  await h.call(user, "POST", `/api/projects/${projectId}/structure`, {
    nodes: ids.map((id, i) => ({ id, position: { x: [0, 0, 500, 1000, 0][i], y: [0, 400, 0, 0, 1200][i] } })),
    edgesAdded: [
      { id: "e1", source: "idea", target: "art" },
      { id: "e2", source: "frame", target: "art" },
      { id: "e3", source: "art", target: "grade" },
    ],
  });
  const data: Record<string, Record<string, unknown>> = {
    idea: { title: "Idea", contentType: "text", content: "a lighthouse" },
    frame: { title: "Frame", contentType: "image" },
    art: { title: "Key art", contentType: "image", prompt: prompts.art, selectedModel: IMAGE_MODEL },
    grade: { title: "Grade", contentType: "image", prompt: prompts.grade, selectedModel: IMAGE_MODEL },
    aside: { title: "Aside", contentType: "image", prompt: "aside", selectedModel: IMAGE_MODEL },
  };
  await h.call(user, "POST", "/api/workflows/autosave", {
    projectId,
    updates: ids.map((id) => ({ nodeId: id, prevRev: 0, nodeData: { ...data[id], rev: 1 } })),
  });

  const list = await buildShotList(h, user, projectId, { shots: 3 });
  const shots = list.scenes[0].shots as { id: string }[];
  const image = (await uploadShotImage(h, user, { shotId: shots[0]!.id, shotListId: list.id }, PNG)).body.imageUrl as string;
  const fields = [
    { description: "A keeper climbs the stairs", image },
    { description: "The lamp turns", movement: "Pan", subject: "DANIEL, MAYA" },
    { description: "Waves below", cameraHeight: "Low Angle" },
  ];
  const scenes = [{ ...list.scenes[0], title: "Night", shots: shots.map((s, i) => ({ ...s, ...fields[i] })) }];
  const saved = await h.call(user, "PUT", `/api/shot-lists/${list.id}`, { scenes, baseVersion: list.version });
  expect(saved.status).toBe(200);
  return { projectId, listId: list.id, shotIds: shots.map((s) => s.id), image, sceneId: list.scenes[0].id as string };
}

async function settle(runIds: string[]) {
  for (const id of runIds) await h.generation.service.waitFor(id);
}

describe("POST /api/projects/:id/runs/per-shot", () => {
  it("3 shots: the dry run plans 3 lanes and holds nothing; the run lands 3 lanes, inputs bound, linked to their shots, holding the dry run's total", async () => {
    const user = await h.signUp();
    const { projectId, listId, shotIds, image } = await setup(user);
    const workflow = ["idea", "frame", "art", "grade"];
    const before = await balance(user);

    const dry = await perShot(user, projectId, { nodeIds: workflow, shotListId: listId, dryRun: true });
    expect(dry.status).toBe(200);
    expect(dry.body.nodesPerLane).toBe(4);
    expect(dry.body.lanes.map((l: { shotNumber: number }) => l.shotNumber)).toEqual([1, 2, 3]);
    expect(dry.body.lanes[0].run).toEqual([
      { nodeId: "art", title: "Shot 1 · Key art", credits: IMAGE_CREDITS },
      { nodeId: "grade", title: "Shot 1 · Grade", credits: IMAGE_CREDITS },
    ]);
    expect(dry.body.lanes[1].prompt).toBe("Cinematic Medium Shot, Single: The lamp turns. Camera movement: Pan. Characters: DANIEL, MAYA");
    expect(dry.body.lanes[0].image).toBe(image);
    expect(dry.body.credits).toBe(3 * 2 * IMAGE_CREDITS);
    // A dry run adds, holds and records nothing.
    expect((await canvasOf(user, projectId)).nodes).toHaveLength(5);
    expect(await balance(user)).toBe(before);
    expect(await h.database.db.select().from(generations).where(eq(generations.projectId, projectId))).toEqual([]);

    fal.calls = [];
    const started = await perShot(user, projectId, { nodeIds: workflow, shotListId: listId });
    expect(started.status).toBe(202);
    const lanes = started.body.lanes as {
      shotId: string;
      runId: string;
      nodeIds: Record<string, string>;
      resultNodeId: string;
      runIds: Record<string, string>;
      run: unknown;
      credits: number;
      prompt: string;
    }[];
    expect(lanes.map((l) => l.shotId)).toEqual(shotIds);
    expect(lanes.map((l) => l.run)).toEqual(dry.body.lanes.map((l: { run: unknown }) => l.run));
    expect(started.body.credits).toBe(dry.body.credits);
    expect(new Set(lanes.map((l) => l.runId)).size).toBe(3);

    // Three lanes on the canvas, each a copy of the workflow with its own edges, below the canvas.
    const { nodes, edges } = await canvasOf(user, projectId);
    expect(nodes).toHaveLength(5 + 3 * 4);
    const byId = new Map(nodes.map((n) => [n.id, n]));
    const lowest = Math.max(...["idea", "frame", "art", "grade", "aside"].map((id) => byId.get(id)!.position.y));
    for (const lane of lanes) {
      const copy = (id: string) => byId.get(lane.nodeIds[id]!)!;
      expect(copy("art").position.y).toBeGreaterThan(lowest);
      expect(copy("art").position.x - copy("idea").position.x).toBe(500);
      expect(edges).toContainEqual(expect.objectContaining({ source: lane.nodeIds.idea, target: lane.nodeIds.art }));
      expect(edges).toContainEqual(expect.objectContaining({ source: lane.nodeIds.art, target: lane.nodeIds.grade }));
      expect(copy("idea").data.content).toBe(lane.prompt);
      expect(copy("grade").data.shotLane).toMatchObject({ shotListId: listId, shotId: lane.shotId, runId: lane.runId });
      expect(lane.resultNodeId).toBe(lane.nodeIds.grade);
    }
    // The lanes are one above the other.
    const ys = lanes.map((l) => byId.get(l.nodeIds.idea!)!.position.y);
    expect(ys[1]! > ys[0]! && ys[2]! > ys[1]!).toBe(true);

    await settle(lanes.flatMap((l) => Object.values(l.runIds)));
    // Each lane's key art was given its shot's prompt (through the text entry) and, for shot 1, its image.
    const artCall = (lane: (typeof lanes)[number]) =>
      fal.calls.find((c) => c.prompt === "key art" && c.context.some((x) => x.nodeId === lane.nodeIds.idea))!;
    // (Edges added in one change share their time, so their order among themselves is not kept: compare as sets.)
    const firstContext = artCall(lanes[0]!).context;
    expect(firstContext).toHaveLength(2);
    expect(firstContext).toEqual(
      expect.arrayContaining([
        { nodeId: lanes[0]!.nodeIds.idea, type: "text", text: "Cinematic Medium Shot, Single: A keeper climbs the stairs" },
        { nodeId: lanes[0]!.nodeIds.frame, type: "image", url: image },
      ]),
    );
    expect(artCall(lanes[1]!).context).toEqual([{ nodeId: lanes[1]!.nodeIds.idea, type: "text", text: lanes[1]!.prompt }]);
    expect(artCall(lanes[2]!).context.find((x) => x.type === "text")!.text).toBe("Cinematic Medium Shot, Single, Low Angle: Waves below");
    expect(fal.calls).toHaveLength(6);

    // What was held is what the dry run said, and it was charged.
    const rows = await h.database.db.select().from(generations).where(eq(generations.projectId, projectId));
    expect(rows.filter((r) => r.status === "succeeded")).toHaveLength(6);
    expect(rows.reduce((sum, r) => sum + r.reservedCredits, 0)).toBe(dry.body.credits);
    expect(before - (await balance(user))).toBe(dry.body.credits);
    // Each shot links to its lane's result, and took its finished image.
    const shots = (await h.call(user, "GET", `/api/shot-lists/${listId}`)).body.scenes[0].shots as {
      id: string;
      nodeId?: string;
      image?: string;
    }[];
    const after = await canvasOf(user, projectId);
    for (const lane of lanes) {
      const shot = shots.find((s) => s.id === lane.shotId)!;
      expect(shot.nodeId).toBe(lane.resultNodeId);
      expect(shot.image).toBe(after.nodes.find((n) => n.id === lane.resultNodeId)!.data.mediaUrl);
    }
  });

  it("each lane is cancelled on its own", async () => {
    const user = await h.signUp();
    const { projectId, listId, sceneId } = await setup(user, undefined, { art: "slow key art", grade: "slow grade" });
    const started = await perShot(user, projectId, { nodeIds: ["idea", "art", "grade"], shotListId: listId, sceneId });
    const [first, second] = started.body.lanes as { runId: string; runIds: Record<string, string> }[];
    const cancel = await h.call(user, "POST", `/api/projects/${projectId}/runs/${first!.runId}/cancel`);
    expect(cancel.status).toBe(200);
    expect(cancel.body.cancelled).toBe(2);
    await settle([...Object.values(first!.runIds), ...Object.values(second!.runIds)]);
    const statusOf = async (id: string) => (await h.database.db.select().from(generations).where(eq(generations.id, id)))[0]!.status;
    expect(await Promise.all(Object.values(first!.runIds).map(statusOf))).toEqual(["cancelled", "cancelled"]);
    expect(await Promise.all(Object.values(second!.runIds).map(statusOf))).toEqual(["succeeded", "succeeded"]);
    expect((await h.call(user, "POST", `/api/projects/${projectId}/runs/00000000-0000-4000-8000-000000000000/cancel`)).status).toBe(404);
  });

  it("refuses a viewer (403), a list of another project, an empty workflow, and changes nothing", async () => {
    const { owner, viewer, stranger, projectId } = await projectWithViewer(h);
    const { listId } = await setup(owner, projectId);
    const body = { nodeIds: ["idea", "art"], shotListId: listId };
    expect((await perShot(viewer, projectId, { ...body, dryRun: true })).status).toBe(403);
    expect((await perShot(viewer, projectId, body)).status).toBe(403);
    expect((await perShot(stranger, projectId, body)).status).toBe(403);
    expect((await h.call(viewer, "POST", `/api/projects/${projectId}/runs/00000000-0000-4000-8000-000000000000/cancel`)).status).toBe(403);
    const elsewhere = (await h.call(owner, "POST", "/api/projects", { name: "Other" })).body.id as string;
    expect((await perShot(owner, elsewhere, body)).status).toBe(404);
    expect((await perShot(owner, projectId, { ...body, nodeIds: [] })).body.error).toBe("Select the nodes of the workflow first");
    expect((await perShot(owner, projectId, { ...body, nodeIds: ["gone"] })).body.error).toBe(
      "The selected nodes are no longer on the canvas",
    );
    expect((await canvasOf(owner, projectId)).nodes).toHaveLength(5);
    expect(await h.database.db.select().from(generations).where(eq(generations.projectId, projectId))).toEqual([]);
  });
});
