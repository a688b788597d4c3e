import { describe, expect, it } from "vitest";
import { compilePlan } from "../agent/compilePlan";
import { breakDown } from "../breakdown/breakDown";
import { mergeBreakdown } from "../breakdown/merge";
import { KITCHEN_AND_STREET } from "../breakdown/testScenes";
import { parseFountain } from "../screenplay/fountain";
import { characterNodesOf, characterNodeTitle, sceneCharacters, storyboardPlan } from "./storyboardPlan";

const NOW = Date.UTC(2026, 10, 26);
function brokenDown() {
  const elements = parseFountain(KITCHEN_AND_STREET).elements;
  return mergeBreakdown([], breakDown(elements), { elementsById: new Map(elements.map((e) => [e.id, e])), now: NOW });
}

describe("storyboard a scene", () => {
  it("knows who is in a scene from its shots, not its props or places", () => {
    const [road, kitchen] = brokenDown();
    expect(sceneCharacters(road!)).toEqual([]);
    expect(sceneCharacters(kitchen!)).toEqual(["DANIEL", "MAYA"]);
  });

  it("lays a lane of one image node per shot, in order, with the shot's prompt, ratio and model", () => {
    const kitchen = brokenDown()[1]!;
    const { plan, shotKeys } = storyboardPlan(kitchen, { model: "local/sketch", aspectRatio: "21:9", characterNodes: new Map() });
    const compiled = compilePlan(plan, { nodes: [], edges: [] }, { now: NOW });
    if (!compiled.ok) throw new Error(compiled.error);
    const added = compiled.plan.changes.flatMap((c) => (c.type === "node-added" ? [c.node] : []));
    const shotNodes = kitchen.shots.map((s) => added.find((n) => n.id === compiled.plan.created[shotKeys.get(s.id)!])!);
    expect(shotNodes.map((n) => n.data.title)).toEqual(kitchen.shots.map((s) => `Shot ${s.shotNumber}`));
    expect(shotNodes[0]!.data).toMatchObject({
      prompt: expect.stringMatching(/^Cinematic Wide Shot, Single: Establishing: INT. MAYA'S KITCHEN/),
      aspectRatio: "21:9",
    });
    // Left to right in shot order.
    const xs = shotNodes.map((n) => n.position.x);
    expect([...xs].sort((a, b) => a - b)).toEqual(xs);
    expect(new Set(shotNodes.map((n) => n.position.y)).size).toBe(1);
  });

  it("adds one character node per character and connects it into every shot the character is in", () => {
    const kitchen = brokenDown()[1]!;
    const { plan, shotKeys, newCharacterKeys } = storyboardPlan(kitchen, {
      model: "local/sketch",
      aspectRatio: "16:9",
      characterNodes: new Map(),
    });
    const compiled = compilePlan(plan, { nodes: [], edges: [] }, { now: NOW });
    if (!compiled.ok) throw new Error(compiled.error);
    expect(newCharacterKeys).toHaveLength(2);
    const nodes = compiled.plan.changes.flatMap((c) => (c.type === "node-added" ? [c.node] : []));
    const maya = nodes.find((n) => n.data.title === characterNodeTitle("MAYA"))!.id;
    expect(newCharacterKeys.map((k) => compiled.plan.created[k])).toContain(maya);
    const edges = compiled.plan.changes.flatMap((c) => (c.type === "edge-added" ? [c.edge] : []));
    const mayaShots = kitchen.shots
      .filter((s) => s.subject.split(", ").includes("MAYA"))
      .map((s) => compiled.plan.created[shotKeys.get(s.id)!]);
    expect(mayaShots.length).toBeGreaterThan(2);
    expect(
      edges
        .filter((e) => e.source === maya)
        .map((e) => e.target)
        .sort(),
    ).toEqual([...mayaShots].sort());
  });

  it("keeps the character node a character already has on the canvas: the same person in every scene", () => {
    const kitchen = brokenDown()[1]!;
    const canvasNodes = [
      {
        id: "maya-node",
        type: "generic_v2",
        position: { x: 0, y: 0 },
        data: { title: characterNodeTitle("MAYA"), contentType: "image" as const },
      },
    ];
    const { plan, newCharacterKeys } = storyboardPlan(kitchen, {
      model: "local/sketch",
      aspectRatio: "16:9",
      characterNodes: characterNodesOf(canvasNodes),
    });
    expect(newCharacterKeys).toHaveLength(1);
    const compiled = compilePlan(plan, { nodes: canvasNodes, edges: [] }, { now: NOW });
    if (!compiled.ok) throw new Error(compiled.error);
    const edges = compiled.plan.changes.flatMap((c) => (c.type === "edge-added" ? [c.edge] : []));
    expect(edges.filter((e) => e.source === "maya-node").length).toBeGreaterThan(2);
  });
});
