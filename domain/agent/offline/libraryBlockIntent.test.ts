/** The rule-based planner's "use my block" (issue 34, 3): the phrasing, the loose name, the wiring and the answers without a plan. */
import { describe, expect, it } from "vitest";
import type { SubgraphData } from "../../canvas/subgraph";
import { fillBlocks } from "../fillBlocks";
import { findBlockName } from "../../library/blockNames";
import { planOffline } from "./planOffline";
import { compileAnswer, planCase, plannerCase, type CanvasSpec } from "./plannerTesting";
import { HARBOUR, STUDIO_NODES } from "./testCanvas";

const turnaround: SubgraphData = {
  name: "Character turnaround",
  nodes: [
    { id: "front", type: "generic_v2", position: { x: 0, y: 0 }, data: { title: "Front", contentType: "image", prompt: "front view" } },
    { id: "side", type: "generic_v2", position: { x: 500, y: 0 }, data: { title: "Side", contentType: "image", prompt: "side view" } },
  ],
  edges: [{ id: "e", source: "front", target: "side", sourceHandle: null, targetHandle: null }],
  inputs: [{ id: "in-1", label: "Front", targets: ["front"] }],
  outputs: [],
};
const LIBRARY = [
  { name: "Character turnaround", description: "Front, side, back", inputs: ["Front"], outputs: [] },
  { name: "Night look", description: "", inputs: [], outputs: [] },
];
const spec = (extra: CanvasSpec = {}): CanvasSpec => ({ nodes: STUDIO_NODES, library: LIBRARY, ...extra });

describe("use my library block (rule-based planner)", () => {
  it.each([
    "use my 'character turnaround' block on this image",
    "Use my character turnaround block on this image",
    "please insert the Character Turnaround block",
    "add my turnaround block",
    "Use the character turnaround from my library",
  ])("%s → one insert-block step for the block", (request) => {
    const answer = planOffline(plannerCase(request, spec({ selection: [HARBOUR.id] })).input);
    expect(answer.plan?.steps).toEqual([expect.objectContaining({ op: "insert-block", block: "Character turnaround" })]);
  });

  it("wires the selected image into the block's first image input once the studio fills the block in", () => {
    const { input, canvas } = plannerCase("use my 'character turnaround' block on this image", spec({ selection: [HARBOUR.id] }));
    const answer = fillBlocks(planOffline(input), [{ name: "Character turnaround", subgraph: turnaround }]);
    expect(answer.reply).toContain(`on "${HARBOUR.title}"`);
    const compiled = compileAnswer(answer, canvas);
    const added = compiled.changes.flatMap((c) => (c.type === "node-added" ? [c.node] : []));
    expect(added).toEqual([
      expect.objectContaining({ type: "subgraph", data: expect.objectContaining({ title: "Character turnaround" }) }),
    ]);
    const edges = compiled.changes.flatMap((c) => (c.type === "edge-added" ? [c.edge] : []));
    expect(edges).toEqual([expect.objectContaining({ source: HARBOUR.id, target: added[0]!.id, targetHandle: "in-1" })]);
  });

  it("says which blocks there are when the name is not in the library, and how to save one when it is empty", () => {
    const missing = planCase(planOffline, "use my 'storm sequence' block on this image", spec({ selection: [HARBOUR.id] })).answer;
    expect(missing.plan).toBeNull();
    expect(missing.reply).toBe(
      `There is no block called "storm sequence" in your library. Your blocks are "Character turnaround" and "Night look".`,
    );
    const empty = planCase(planOffline, "use my turnaround block", spec({ library: [] })).answer;
    expect(empty.plan).toBeNull();
    expect(empty.reply).toMatch(/no blocks in your library yet.*Save to library/);
  });

  it("a plan naming a block the library no longer has becomes an answer without a plan", () => {
    const { input } = plannerCase("use my turnaround block", spec());
    const answer = fillBlocks(planOffline(input), [{ name: "Night look", subgraph: { ...turnaround, name: "Night look" } }]);
    expect(answer.plan).toBeNull();
    expect(answer.reply).toContain(`Your blocks are "Night look"`);
  });
});

describe("block names", () => {
  const names = ["Character turnaround", "Character sheet", "Night look"];
  it.each([
    ["character turnaround", "Character turnaround"],
    ["  CHARACTER   Turnaround block", "Character turnaround"],
    ["turnaround", "Character turnaround"],
    ["night", "Night look"],
    ["character", null],
    ["storm", null],
  ])("%s → %s", (phrase, name) => expect(findBlockName(names, phrase)).toBe(name));
});
