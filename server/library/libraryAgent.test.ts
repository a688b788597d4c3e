/**
 * The agent's "use my block" through the API (issue 34, 3): the rule-based planner reads the asker's block
 * names, and the stored plan carries the asker's own block, wired from the selected image, ready to apply;
 * an unknown name is answered with the names the library has, with no plan.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AgentMessage } from "../../domain/agent/messages";
import { compilePlan } from "../../domain/agent/compilePlan";
import { agentPlanSchema } from "../../domain/agent/plan";
import { convertToSubgraph } from "../../domain/canvas/subgraph";
import { createHarness, type Harness, type TestUser } from "../test/harness";

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => h?.close());

const imageNode = (id: string, title: string) => ({
  id,
  type: "generic_v2",
  position: { x: 0, y: 0 },
  data: { title, contentType: "image", rev: 1 },
});

/** Saves "Character turnaround": a sketch node fed by an outside image, so the block has one image input. */
async function saveTurnaround(user: TestUser, model = "local/sketch") {
  const projectId = (await h.call(user, "POST", "/api/projects", { name: "Source" })).body.id as string;
  const made = convertToSubgraph(
    ["turn"],
    {
      nodes: [
        imageNode("photo", "Photo"),
        {
          ...imageNode("turn", "Turnaround"),
          data: { ...imageNode("turn", "Turnaround").data, selectedModel: model, prompt: "turnaround sheet" },
        },
      ],
      edges: [{ id: "e", source: "photo", target: "turn" }],
    },
    "sg",
    "Turnaround",
  );
  if (!made.ok) throw new Error(made.error);
  const sg = made.conversion.node;
  await h.call(user, "POST", `/api/projects/${projectId}/structure`, { nodes: [{ id: sg.id, type: sg.type, position: sg.position }] });
  await h.call(user, "POST", "/api/workflows/autosave", { projectId, updates: [{ nodeId: sg.id, prevRev: 0, nodeData: sg.data }] });
  const saved = await h.call(user, "POST", "/api/library/blocks", { projectId, nodeId: "sg", name: "Character turnaround" });
  expect(saved.status).toBe(201);
}

async function projectWithImage(user: TestUser) {
  const projectId = (await h.call(user, "POST", "/api/projects", { name: "Hero" })).body.id as string;
  await h.call(user, "POST", `/api/projects/${projectId}/structure`, { nodes: [{ id: "hero", position: { x: 0, y: 0 } }] });
  await h.call(user, "POST", "/api/workflows/autosave", {
    projectId,
    updates: [{ nodeId: "hero", prevRev: 0, nodeData: { title: "Hero", contentType: "image", rev: 1 } }],
  });
  return projectId;
}

const ask = async (user: TestUser, projectId: string, content: string) => {
  const res = await h.call(user, "POST", `/api/projects/${projectId}/agent/messages`, { content, selectedNodeIds: ["hero"] });
  expect(res.status).toBe(200);
  return (res.body.messages as AgentMessage[]).at(-1)!;
};

describe("the agent inserts a library block by name (issue 34, 3)", () => {
  it("plans the asker's block on the selected image, wired into its image input, and the plan compiles on the canvas", async () => {
    const user = await h.signUp();
    await saveTurnaround(user);
    const projectId = await projectWithImage(user);
    const answer = await ask(user, projectId, "use my 'character turnaround' block on this image");
    expect(answer.metadata.error).toBeUndefined();
    expect(answer.metadata.planState).toBe("proposed");
    const plan = agentPlanSchema.parse(answer.metadata.plan);
    const step = plan.steps[0]!;
    expect(step).toMatchObject({ op: "insert-block", block: "Character turnaround", input: "hero" });
    expect(step.op === "insert-block" && step.subgraph?.nodes.map((n) => n.data.prompt)).toEqual(["turnaround sheet"]);

    const canvas = (await h.call(user, "GET", `/api/projects/nodes?projectId=${projectId}`)).body;
    const compiled = compilePlan(plan, canvas, { now: Date.now() });
    if (!compiled.ok) throw new Error(compiled.error);
    const edge = compiled.plan.changes.find((c) => c.type === "edge-added");
    expect(edge).toMatchObject({ edge: { source: "hero", targetHandle: "in-1" } });
  });

  it("answers with the library's names, and no plan, when no block has that name; another user's blocks are not theirs", async () => {
    const user = await h.signUp();
    await saveTurnaround(user);
    const projectId = await projectWithImage(user);
    const answer = await ask(user, projectId, "use my 'storm sequence' block on this image");
    expect(answer.metadata.plan).toBeUndefined();
    expect(answer.content).toBe(`There is no block called "storm sequence" in your library. Your blocks are "Character turnaround".`);

    const other = await h.signUp();
    const theirs = await projectWithImage(other);
    const refused = await ask(other, theirs, "use my 'character turnaround' block on this image");
    expect(refused.metadata.plan).toBeUndefined();
    expect(refused.content).toMatch(/no blocks in your library yet/);
  });

  it("swaps a model of the block that cannot run here for its substitute, as the insert dialog does, and says so", async () => {
    const user = await h.signUp();
    await saveTurnaround(user, "fal-ai/flux/dev");
    const projectId = await projectWithImage(user);
    const answer = await ask(user, projectId, "use my 'character turnaround' block on this image");
    const step = agentPlanSchema.parse(answer.metadata.plan).steps[0]!;
    expect(step.op === "insert-block" && step.subgraph?.nodes.map((n) => n.data.selectedModel)).toEqual(["local/sketch"]);
    expect(answer.content).toMatch(/In "Character turnaround", Turnaround uses .+: Add a fal.ai key .*I used .+ instead\./s);
  });
});
