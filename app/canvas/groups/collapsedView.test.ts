import { describe, expect, it } from "vitest";
import type { GroupRecord } from "../../../domain/canvas/group";
import type { StudioEdge } from "../store/canvasStore";
import { collapsedView, GROUP_CARD_PREFIX } from "./collapsedView";
import { studioNode } from "../../test/studioNode";

const edge = (source: string, target: string): StudioEdge => ({ id: `${source}-${target}`, source, target });
const nodes = ["in", "a", "b", "out"].map((id, i) => studioNode(id, { position: { x: i * 500, y: 0 }, data: { title: id.toUpperCase() } }));
const edges = [edge("in", "a"), edge("a", "b"), edge("b", "out")];
const group = (collapsed: boolean): GroupRecord => ({ id: "g", name: "Middle", colour: "blue", nodeIds: ["a", "b"], collapsed });

describe("collapsedView (a collapsed group draws as one card)", () => {
  it("gives the lists back as they are when nothing is collapsed", () => {
    const view = collapsedView(nodes, edges, [group(false)]);
    expect(view.nodes).toBe(nodes);
    expect(view.edges).toBe(edges);
  });

  it("hides the members, adds one card where they were and re-routes the crossing edges to it", () => {
    const view = collapsedView(nodes, edges, [group(true)]);
    const card = view.nodes.find((n) => n.id === `${GROUP_CARD_PREFIX}g`)!;
    expect(card.data).toMatchObject({ groupId: "g", inputs: ["IN"], outputs: ["OUT"] });
    expect(card.position.x).toBeLessThan(500);
    expect(view.nodes.filter((n) => n.hidden).map((n) => n.id)).toEqual(["a", "b"]);
    expect(view.edges.map((e) => [e.id, e.source, e.target])).toEqual([
      ["in-a", "in", `${GROUP_CARD_PREFIX}g`],
      ["b-out", `${GROUP_CARD_PREFIX}g`, "out"],
    ]);
  });

  it("keeps a hidden member's identity across renders (React Flow skips unchanged nodes)", () => {
    const first = collapsedView(nodes, edges, [group(true)]);
    const second = collapsedView(nodes, edges, [group(true)]);
    expect(second.nodes.find((n) => n.id === "a")).toBe(first.nodes.find((n) => n.id === "a"));
  });
});
