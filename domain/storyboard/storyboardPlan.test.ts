import { describe, expect, it } from "vitest";
import { compilePlan } from "../agent/compilePlan";
import { breakDown } from "../breakdown/breakDown";
import { mergeBreakdown } from "../breakdown/merge";
import { KITCHEN_AND_STREET } from "../breakdown/testScenes";
import { parseFountain } from "../screenplay/fountain";
import { edgesBehindCards } from "../canvas/edgePathTesting";
import { EMPTY_NODE_SIZE, MEDIA_NODE_MAX_SIDE } from "../canvas/nodeSize";
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
    // Its shots have characters connected: top to bottom in shot order, in one column.
    const ys = shotNodes.map((n) => n.position.y);
    expect([...ys].sort((a, b) => a - b)).toEqual(ys);
    expect(new Set(shotNodes.map((n) => n.position.x)).size).toBe(1);
  });

  it("lays a scene with nobody in it left to right", () => {
    const road = brokenDown()[0]!;
    const { plan, shotKeys } = storyboardPlan(road, { model: "local/sketch", aspectRatio: "16:9", characterNodes: new Map() });
    const compiled = compilePlan(plan, { nodes: [], edges: [] }, { now: NOW });
    if (!compiled.ok) throw new Error(compiled.error);
    const added = compiled.plan.changes.flatMap((c) => (c.type === "node-added" ? [c.node] : []));
    const shotNodes = road.shots.map((s) => added.find((n) => n.id === compiled.plan.created[shotKeys.get(s.id)!])!);
    const xs = shotNodes.map((n) => n.position.x);
    expect(shotNodes.length).toBeGreaterThan(1);
    expect([...xs].sort((a, b) => a - b)).toEqual(xs);
    expect(new Set(shotNodes.map((n) => n.position.y)).size).toBe(1);
  });

  it("draws no character's edge behind another card (MAYA → Shot 2 never crosses Shot 1)", () => {
    const kitchen = brokenDown()[1]!;
    const { plan } = storyboardPlan(kitchen, { model: "local/sketch", aspectRatio: "16:9", characterNodes: new Map() });
    const compiled = compilePlan(plan, { nodes: [], edges: [] }, { now: NOW });
    if (!compiled.ok) throw new Error(compiled.error);
    const added = compiled.plan.changes.flatMap((c) => (c.type === "node-added" ? [c.node] : []));
    const edges = compiled.plan.changes.flatMap((c) => (c.type === "edge-added" ? [c.edge] : []));
    expect(edges.length).toBeGreaterThan(3);
    // As drawn empty (380×280) and with their pictures at the largest a card grows (400×400).
    for (const size of [EMPTY_NODE_SIZE, { width: MEDIA_NODE_MAX_SIDE, height: MEDIA_NODE_MAX_SIDE }]) {
      const cards = added.map((n) => ({ id: n.data.title ?? n.id, position: n.position, size }));
      const titled = edges.map((e) => ({
        source: added.find((n) => n.id === e.source)!.data.title!,
        target: added.find((n) => n.id === e.target)!.data.title!,
      }));
      expect(edgesBehindCards(cards, titled)).toEqual([]);
    }
    // The characters stand left of the shots, in name order from the top.
    const characterTitles = new Set([characterNodeTitle("DANIEL"), characterNodeTitle("MAYA")]);
    const chars = added.filter((n) => characterTitles.has(n.data.title ?? ""));
    const shots = added.filter((n) => n.data.title?.startsWith("Shot"));
    expect(chars).toHaveLength(2);
    expect(Math.max(...chars.map((n) => n.position.x))).toBeLessThan(Math.min(...shots.map((n) => n.position.x)));
    expect([...chars].sort((a, b) => a.position.y - b.position.y).map((n) => n.data.title)).toEqual([
      characterNodeTitle("DANIEL"),
      characterNodeTitle("MAYA"),
    ]);
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
