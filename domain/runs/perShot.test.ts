import { describe, expect, it } from "vitest";
import type { NodeRecord } from "../canvas/changes";
import type { CanvasEdge, NodeData } from "../canvas/node";
import { cardSize } from "../canvas/nodeSize";
import { shotWorkflowPrompt } from "../shotlists/prompt";
import type { Shot } from "../shotlists/schema";
import { perShotRunBodySchema } from "./api";
import { LANE_GAP, planPerShot, workflowRoles, type ShotToRun } from "./perShot";

const node = (id: string, data: NodeData, x = 0, y = 0): NodeRecord => ({
  id,
  type: "generic_v2",
  position: { x, y },
  data: { title: id, ...data },
});
const edge = (source: string, target: string): CanvasEdge => ({
  id: `${source}>${target}`,
  source,
  target,
  sourceHandle: null,
  targetHandle: null,
});
const runnable = (data: NodeData) => typeof data.selectedModel === "string";

const at = "2026-01-01T00:00:00.000Z";
const shot = (n: number, fields: Partial<Shot> = {}): Shot => ({
  id: `s${n}`,
  shotNumber: n,
  description: `Description of shot ${n}`,
  subject: "SUBJECT",
  shotSize: "Wide Shot",
  shotType: "Single",
  movement: "Static",
  createdAt: at,
  updatedAt: at,
  ...fields,
});

// A two-node workflow: an idea (text) → key art (image model) → push in (video model); and a node beside it.
const idea = node("idea", { contentType: "text", content: "a lighthouse" }, 0, 0);
const art = node(
  "art",
  {
    contentType: "image",
    prompt: "wide",
    selectedModel: "local/sketch",
    mediaUrl: "/api/media/old.png",
    versionHistory: [{ prompt: "wide" }],
    status: "completed",
  },
  500,
  0,
);
const push = node("push", { contentType: "video", prompt: "slow push in", selectedModel: "local/video-ffmpeg" }, 1000, 0);
const other = node("other", { contentType: "image" }, 0, 900);

function plan(workflow: NodeRecord[], edges: CanvasEdge[], shots: ShotToRun[], canvas: NodeRecord[] = workflow) {
  let n = 0;
  return planPerShot({
    workflow,
    canvas,
    edges,
    shots,
    shotListId: "list",
    runnable,
    newNodeId: () => `copy${++n}`,
    newEdgeId: (s, t) => `e:${s}:${t}`,
    newRunId: () => `run${++n}`,
    now: 1,
  });
}

const scene = (shots: Shot[]) => shots.map((s) => ({ shot: s, sceneTitle: "Dunes" }));

describe("planPerShot", () => {
  it("3 shots: 3 lanes of copies with new ids, each given its shot's prompt, titled and tagged for its shot", () => {
    const shots = [shot(1), shot(2, { movement: "Pan", subject: "DANIEL, MAYA" }), shot(3, { cameraHeight: "Low Angle" })];
    const p = plan([idea, art, push], [edge("idea", "art"), edge("art", "push")], scene(shots));
    expect(p.lanes).toHaveLength(3);
    const ids = p.lanes.flatMap((l) => l.nodes.map((n) => n.id));
    expect(new Set(ids).size).toBe(9);
    expect(ids.some((id) => ["idea", "art", "push"].includes(id))).toBe(false);

    const second = p.lanes[1]!;
    expect(second.prompt).toBe("Cinematic Wide Shot, Single: Description of shot 2. Camera movement: Pan. Characters: DANIEL, MAYA");
    const copyOf = (lane: typeof second, id: string) => lane.nodes.find((n) => n.id === lane.idMap.get(id))!;
    // The text entry takes the prompt; the models keep theirs (the text reaches them as their input).
    expect(copyOf(second, "idea").data.content).toBe(second.prompt);
    expect(copyOf(second, "art").data.prompt).toBe("wide");
    expect(copyOf(second, "art").data.title).toBe("Shot 2 · art");
    expect(copyOf(second, "push").data).toMatchObject({
      shotLane: { shotListId: "list", shotId: "s2", shotNumber: 2, runId: second.runId },
    });
    expect(p.lanes[2]!.prompt).toBe("Cinematic Wide Shot, Single, Low Angle: Description of shot 3");
    // Each lane's edges link its own copies.
    expect(second.edges.map((e) => [e.source, e.target])).toEqual([
      [second.idMap.get("idea"), second.idMap.get("art")],
      [second.idMap.get("art"), second.idMap.get("push")],
    ]);
    // The result, linked to the shot, is the last runnable node nothing reads.
    expect(second.resultNodeId).toBe(second.idMap.get("push"));
    // One change list: every node, then every edge.
    expect(p.changes.filter((c) => c.type === "node-added")).toHaveLength(9);
    expect(p.changes.filter((c) => c.type === "edge-added")).toHaveLength(6);
  });

  it("a runnable copy starts without the original's result, so it runs; inputs keep theirs", () => {
    const p = plan([idea, art], [edge("idea", "art")], scene([shot(1)]));
    const copy = p.lanes[0]!.nodes.find((n) => n.id === p.lanes[0]!.idMap.get("art"))!;
    expect(copy.data).toMatchObject({ status: "idle", versionHistory: [], contentType: "image", selectedModel: "local/sketch", rev: 1 });
    expect(copy.data.mediaUrl).toBeUndefined();
  });

  it("without a text entry the first runnable nodes take the prompt; the shot's image goes into the image input", () => {
    const frame = node("frame", { contentType: "image", mediaUrl: "/api/media/frame.png", displayUrl: "/api/media/frame.png" });
    const withImage = shot(1, { image: "/api/media/shot1.png" });
    const p = plan([frame, push], [edge("frame", "push")], scene([withImage, shot(2)]));
    const [first, second] = p.lanes;
    const copy = (lane: typeof first, id: string) => lane!.nodes.find((n) => n.id === lane!.idMap.get(id))!.data;
    expect(copy(first, "push").prompt).toBe(first!.prompt);
    expect(copy(first, "frame")).toMatchObject({
      mediaUrl: "/api/media/shot1.png",
      displayUrl: "/api/media/shot1.png",
      permanentMediaUrl: "/api/media/shot1.png",
    });
    expect(first!.image).toBe("/api/media/shot1.png");
    // A shot without an image: the workflow's own picture stays.
    expect(copy(second, "frame").mediaUrl).toBe("/api/media/frame.png");
    expect(second!.image).toBeNull();
  });

  it("roles: a second model fed by the first keeps its own prompt", () => {
    const roles = workflowRoles([art, push], [edge("art", "push")], runnable);
    expect([...roles.promptEntries]).toEqual(["art"]);
    expect(roles.resultId).toBe("push");
  });

  it("connections from outside the workflow feed every copy; edges leaving it are not copied", () => {
    const style = node("style", { contentType: "image", mediaUrl: "/api/media/style.png" }, -600, 0);
    const after = node("after", { selectedModel: "x" }, 1500, 0);
    const p = plan([art, push], [edge("style", "art"), edge("art", "push"), edge("push", "after")], scene([shot(1)]), [
      style,
      art,
      push,
      after,
    ]);
    const lane = p.lanes[0]!;
    expect(lane.edges.map((e) => [e.source, e.target])).toEqual([
      ["style", lane.idMap.get("art")],
      [lane.idMap.get("art"), lane.idMap.get("push")],
    ]);
  });

  it("lanes go below everything on the canvas, one below the other, keeping the workflow's layout", () => {
    const p = plan([idea, art], [edge("idea", "art")], scene([shot(1), shot(2)]), [idea, art, other]);
    const bottom = Math.max(...[idea, art, other].map((n) => n.position.y + cardSize(n.data).height));
    const height = Math.max(...[idea, art].map((n) => n.position.y + cardSize(n.data).height));
    const [a, b] = p.lanes.map((l) => l.nodes);
    expect(a!.map((n) => n.position)).toEqual([
      { x: 0, y: bottom + LANE_GAP },
      { x: 500, y: bottom + LANE_GAP },
    ]);
    expect(b![0]!.position).toEqual({ x: 0, y: bottom + LANE_GAP + height + LANE_GAP });
  });

  it("lanes that would leave the canvas continue in a new column", () => {
    const shots = Array.from({ length: 40 }, (_, i) => shot(i + 1));
    const p = plan([idea, art], [edge("idea", "art")], scene(shots));
    const positions = p.lanes.flatMap((l) => l.nodes.map((n) => n.position));
    expect(positions.every((pos) => pos.y + 600 <= 15000)).toBe(true);
    expect(new Set(p.lanes.map((l) => l.nodes[0]!.position.x)).size).toBeGreaterThan(1);
  });

  it("shots without a description are left out, with why", () => {
    const p = plan([art], [], scene([shot(1), shot(2, { description: "Description..." }), shot(3, { description: " " })]));
    expect(p.lanes.map((l) => l.shot.id)).toEqual(["s1"]);
    expect(p.skippedShots).toEqual([
      { shotId: "s2", shotNumber: 2, reason: "No description" },
      { shotId: "s3", shotNumber: 3, reason: "No description" },
    ]);
  });
});

describe("shotWorkflowPrompt and the body", () => {
  it("keeps the shot prompt's camera fields and adds the move and the characters", () => {
    expect(
      shotWorkflowPrompt(shot(1, { description: "A rider crests the dune.", dutchAngle: "Dutch (left)", movement: "Tracking" }), [
        "DANIEL",
      ]),
    ).toBe("Cinematic Wide Shot, Single, Dutch (left): A rider crests the dune. Camera movement: Tracking. Characters: DANIEL");
  });

  it("needs a workflow and a shot list", () => {
    expect(
      perShotRunBodySchema.safeParse({ nodeIds: [], shotListId: "00000000-0000-4000-8000-000000000000" }).error?.issues[0]?.message,
    ).toBe("Select the nodes of the workflow first");
    expect(perShotRunBodySchema.safeParse({ nodeIds: ["a"], shotListId: "nope" }).error?.issues[0]?.message).toBe("Shot list not found");
  });
});
