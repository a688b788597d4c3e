import { describe, expect, it } from "vitest";
import type { Scene } from "../../shotlists/schema";
import { answerToolCall, startPlanBuild } from "../agentTools";
import { shotListView } from "../shotListView";
import { addedNodes, compileAnswer, plannerCase } from "./plannerTesting";
import { planOffline } from "./index";

const at = "2026-01-01T00:00:00.000Z";
const shot = (n: number, description: string) =>
  ({
    id: `s${n}`,
    shotNumber: n,
    description,
    subject: "",
    shotSize: "Wide Shot",
    shotType: "Single",
    movement: "Static",
    createdAt: at,
    updatedAt: at,
  }) as Scene["shots"][number];
const scene = (title: string, shots: Scene["shots"]) =>
  ({ id: title, title, description: "", location: "Harbour", weather: "", lighting: "", shots, createdAt: at, updatedAt: at }) as Scene;
const harbour = shotListView("list-1", "Harbour", [
  scene("Arrival", [shot(1, "The ferry docks at dawn"), shot(2, "Description..."), shot(3, "Nell steps onto the pier")]),
  scene("Storm", [shot(1, "Waves break over the wall")]),
]);
const other = shotListView("list-2", "Pilot cold open", [scene("Cold open", [shot(1, "A phone rings in the dark")])]);

describe("frames for a shot list", () => {
  it("adds one frame per described shot, with the shot list's own prompt, in a row, and runs them", () => {
    const { input, canvas } = plannerCase("storyboard the Harbour shot list in 9:16", { shotLists: [harbour, other] });
    const answer = planOffline(input);
    const nodes = addedNodes(compileAnswer(answer, canvas));
    expect(nodes.map((n) => n.data.title)).toEqual(["Arrival · Shot 1", "Arrival · Shot 3", "Storm · Shot 1"]);
    expect(nodes[0]!.data).toMatchObject({
      prompt: "Cinematic Wide Shot, Single: The ferry docks at dawn",
      selectedModel: "local/sketch",
      aspectRatio: "9:16",
    });
    expect(new Set(nodes.map((n) => n.position.y)).size).toBe(1);
    expect(answer.plan!.steps.filter((s) => s.op === "run-node")).toHaveLength(3);
    expect(answer.reply).toMatch(/^Adds 3 storyboard frames for "Harbour"/);
  });

  it("takes one scene when named, and says which lists there are when it cannot tell", () => {
    const { input, canvas } = plannerCase("make frames for scene 2 of the harbour shot list", { shotLists: [harbour, other] });
    expect(addedNodes(compileAnswer(planOffline(input), canvas)).map((n) => n.data.title)).toEqual(["Storm · Shot 1"]);
    const unnamed = planOffline(plannerCase("storyboard the shot list", { shotLists: [harbour, other] }).input);
    expect(unnamed).toEqual({ plan: null, reply: 'Which shot list? Name it in your request: "Harbour", "Pilot cold open".' });
    expect(planOffline(plannerCase("storyboard the shot list").input).reply).toBe(
      "This project has no shot lists yet. Plan one in Shot Lists mode first.",
    );
  });
});

describe("the model's read_shot_list tool", () => {
  it("reads a shot list by name, and names the lists when asked for one that is not there", () => {
    const build = startPlanBuild(plannerCase("x", { shotLists: [harbour] }).input);
    const read = answerToolCall(build, "read_shot_list", JSON.stringify({ name: "harbour" }));
    expect(read.ok).toBe(true);
    expect(read.text).toContain("Cinematic Wide Shot, Single: Nell steps onto the pier");
    const missing = answerToolCall(build, "read_shot_list", JSON.stringify({ name: "Finale" }));
    expect([missing.ok, missing.text]).toEqual([false, expect.stringContaining('The shot lists are: "Harbour"')]);
  });
});
