import { describe, expect, it } from "vitest";
import type { NodeData } from "../canvas/node";
import type { SubgraphData } from "../canvas/subgraph";
import { CATALOGUE, findModel } from "../generation/catalogue";
import type { StudioChoices } from "../workflowFile/compatibility";
import { fillBlocks } from "./fillBlocks";
import type { PlannerAnswer } from "./planner";

/** A studio without keys: local models usable, hosted ones locked with the reason Settings gives. */
const studio: StudioChoices = {
  models: CATALOGUE.map((m) =>
    m.provider === "local" ? { ...m, usable: true } : { ...m, usable: false, lockedReason: `Add a ${m.provider} key in Settings` },
  ),
  tools: [],
};

const block = (name: string, data: NodeData): { name: string; subgraph: SubgraphData } => ({
  name,
  subgraph: { name, nodes: [{ id: "n1", type: "generic_v2", position: { x: 0, y: 0 }, data }], edges: [], inputs: [], outputs: [] },
});

const askFor = (name: string): PlannerAnswer => ({
  reply: `Adding your "${name}" block.`,
  plan: { summary: "Insert a block", steps: [{ op: "insert-block", key: "b", block: name }] },
});

const insertedNodes = (answer: PlannerAnswer) => {
  const step = answer.plan?.steps[0];
  return step?.op === "insert-block" ? step.subgraph?.nodes : undefined;
};

describe("a library block the agent inserts goes through the missing-model check", () => {
  it("swaps a model that cannot run here for its substitute and says so in the reply", () => {
    const blocks = [block("Poster", { title: "Key art", selectedModel: "fal-ai/flux/dev", contentType: "image", prompt: "a storm" })];
    const answer = fillBlocks(askFor("poster"), blocks, studio);
    expect(insertedNodes(answer)?.[0]?.data).toMatchObject({ selectedModel: "local/sketch", prompt: "a storm", modelParameters: {} });
    expect(answer.reply).toBe(
      `Adding your "poster" block.\n\nIn "Poster", Key art uses ${findModel("fal-ai/flux/dev")!.name}: Add a fal key in Settings. ` +
        `I used ${findModel("local/sketch")!.name} instead.`,
    );
  });

  it("keeps a model nothing can stand in for and says that node will not run", () => {
    const blocks = [block("Odd", { title: "Mystery", selectedModel: "nobody/knows", prompt: "x" })];
    const answer = fillBlocks(askFor("Odd"), blocks, studio);
    expect(insertedNodes(answer)?.[0]?.data.selectedModel).toBe("nobody/knows");
    expect(answer.reply).toContain(`In "Odd", Mystery uses nobody/knows: This studio does not have this model. That node will not run`);
  });

  it("leaves a block that runs here, and the reply, as they are", () => {
    const blocks = [block("Sketch", { title: "Frame", selectedModel: "local/sketch", contentType: "image" })];
    const answer = fillBlocks(askFor("Sketch"), blocks, studio);
    expect(answer.reply).toBe(`Adding your "Sketch" block.`);
    expect(insertedNodes(answer)).toEqual(blocks[0]!.subgraph.nodes);
  });
});
