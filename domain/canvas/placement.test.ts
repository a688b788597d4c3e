import { describe, expect, it } from "vitest";
import { nodeIdSchema } from "./node";
import {
  FALLBACK_NODE_POSITION,
  NODE_FOOTPRINT,
  footprintBounds,
  FIRST_NODE_POSITION,
  NEXT_NODE_OFFSET_X,
  PASTE_OFFSET,
  copySelection,
  firstFreePosition,
  newEdgeId,
  newNodeId,
  nextNodePosition,
  pasteClipboard,
  pastePositions,
} from "./placement";

const now = 1_763_812_800_000;

describe("firstFreePosition", () => {
  it("keeps a free start and steps past nodes that would be covered", () => {
    expect(firstFreePosition({ x: 0, y: 460 }, [{ x: 0, y: 0 }], { x: 0, y: 460 })).toEqual({ x: 0, y: 460 });
    expect(
      firstFreePosition(
        { x: 0, y: 460 },
        [
          { x: 0, y: 0 },
          { x: 30, y: 470 },
          { x: -20, y: 900 },
        ],
        { x: 0, y: 460 },
      ),
    ).toEqual({ x: 0, y: 1380 });
    expect(firstFreePosition({ x: 950, y: 400 }, [{ x: 960, y: 420 }], { x: 550, y: 0 })).toEqual({ x: 1500, y: 400 });
  });
});

describe("new-node placement (spec 9)", () => {
  it("the first node goes at (400,400)", () => {
    expect(FIRST_NODE_POSITION).toEqual({ x: 400, y: 400 });
    expect(nextNodePosition(null)).toEqual({ x: 400, y: 400 });
    expect(nextNodePosition(undefined)).toEqual({ x: 400, y: 400 });
  });
  it("the next goes 550 px right of the most recently created node", () => {
    expect(NEXT_NODE_OFFSET_X).toBe(550);
    expect(nextNodePosition({ x: 400, y: 400 })).toEqual({ x: 950, y: 400 });
    expect(nextNodePosition({ x: -100, y: 37 })).toEqual({ x: 450, y: 37 });
  });
  it("shot exports are placed 550 apart starting at (400,400)", () => {
    const a = nextNodePosition(null);
    const b = nextNodePosition(a);
    const c = nextNodePosition(b);
    expect([a, b, c]).toEqual([
      { x: 400, y: 400 },
      { x: 950, y: 400 },
      { x: 1500, y: 400 },
    ]);
  });
  it("stays inside the ±15000 canvas extent", () => {
    expect(nextNodePosition({ x: 14800, y: 0 })).toEqual({ x: 15000, y: 0 });
  });
  it("does not hand back the shared constant", () => {
    expect(nextNodePosition(null)).not.toBe(FIRST_NODE_POSITION);
  });
  it("walkthrough and fallback nodes go at (200,200)", () => expect(FALLBACK_NODE_POSITION).toEqual({ x: 200, y: 200 }));
});

describe("pastePositions: pasted nodes +50,+50", () => {
  it("offsets each copied node by (50,50), in order", () => {
    expect(PASTE_OFFSET).toEqual({ x: 50, y: 50 });
    expect(pastePositions([{ position: { x: 0, y: 0 } }, { position: { x: 400, y: -20 } }])).toEqual([
      { x: 50, y: 50 },
      { x: 450, y: 30 },
    ]);
  });
  it("gives nothing for nothing", () => expect(pastePositions([])).toEqual([]));
});

describe("newNodeId: 'generic-' plus timestamp plus random suffix", () => {
  it("is generic-{timestamp}-{suffix}", () => {
    expect(newNodeId(now, () => 0.5)).toMatch(/^generic-1763812800000-[0-9a-z]{9}$/);
  });
  it("is deterministic for a given clock and random", () => {
    expect(newNodeId(now, () => 0.123)).toBe(newNodeId(now, () => 0.123));
    expect(newNodeId(now, () => 0.123)).not.toBe(newNodeId(now, () => 0.124));
  });
  it("keeps a full-length suffix even when random gives 0 or almost 1", () => {
    expect(newNodeId(now, () => 0)).toBe("generic-1763812800000-000000000");
    expect(newNodeId(now, () => 0.9999999999999999)).toMatch(/^generic-1763812800000-[0-9a-z]{9}$/);
  });
  it("is a valid node id for the server", () => {
    expect(nodeIdSchema.safeParse(newNodeId()).success).toBe(true);
  });
  it("uses the real clock and Math.random by default", () => {
    const id = newNodeId();
    expect(id).toMatch(/^generic-\d{13}-[0-9a-z]{9}$/);
    expect(newNodeId()).not.toBe(id);
  });
});

describe("newEdgeId: edge-{source}-{target}-{time}-{random}", () => {
  it("names both ends, the time and a random suffix", () => {
    expect(newEdgeId("a", "b", now, () => 0)).toBe("edge-a-b-1763812800000-000000000");
  });
  it("fits the edge id limit for the longest node ids", () => {
    const long = "n".repeat(120);
    expect(newEdgeId(long, long, now).length).toBeLessThanOrEqual(300);
  });
});

describe("clipboard: copied nodes plus the edges between them", () => {
  const nodes = [
    { id: "a", position: { x: 0, y: 0 }, data: { title: "A" } },
    { id: "b", position: { x: 100, y: 0 }, data: { title: "B" } },
    { id: "c", position: { x: 200, y: 0 }, data: { title: "C" } },
  ];
  const edges = [
    { id: "e1", source: "a", target: "b" },
    { id: "e2", source: "b", target: "c" },
  ];
  it("copySelection keeps only edges with both ends selected", () => {
    const clip = copySelection(nodes, edges, new Set(["a", "b"]));
    expect(clip.nodes.map((n) => n.id)).toEqual(["a", "b"]);
    expect(clip.edges.map((e) => e.id)).toEqual(["e1"]);
  });
  it("pasteClipboard gives new ids, +50,+50 positions and re-pointed edges", () => {
    let r = 0;
    const random = () => (r += 0.1) % 1;
    const pasted = pasteClipboard(copySelection(nodes, edges, new Set(["a", "b"])), now, random);
    const [a2, b2] = pasted.nodes;
    expect(a2?.id).toMatch(/^generic-/);
    expect(a2?.id).not.toBe(b2?.id);
    expect(a2?.position).toEqual({ x: 50, y: 50 });
    expect(b2?.position).toEqual({ x: 150, y: 50 });
    expect(a2?.data).toEqual({ title: "A" });
    expect(pasted.edges).toHaveLength(1);
    expect(pasted.edges[0]).toMatchObject({ source: a2?.id, target: b2?.id });
    expect(pasted.edges[0]?.id).toMatch(new RegExp(`^edge-${a2?.id}-${b2?.id}-${now}-`));
    expect(pasted.idMap.get("a")).toBe(a2?.id);
  });
  it("pasteClipboard keeps ids unique even with a stubbed random", () => {
    const pasted = pasteClipboard({ nodes, edges }, now, () => 0);
    expect(new Set(pasted.nodes.map((n) => n.id)).size).toBe(3);
  });
  it("pasteClipboard leaves the clipboard untouched", () => {
    const clip = { nodes: [...nodes], edges: [...edges] };
    pasteClipboard(clip, now);
    expect(clip.nodes[0]).toBe(nodes[0]);
    expect(nodes[0]?.id).toBe("a");
  });
});

describe("footprintBounds", () => {
  it("spans the nodes' positions plus one footprint, and is null for none", () => {
    expect(footprintBounds([])).toBeNull();
    expect(
      footprintBounds([
        { x: 100, y: 50 },
        { x: -20, y: 400 },
      ]),
    ).toEqual({
      x: -20,
      y: 50,
      width: 120 + NODE_FOOTPRINT.width,
      height: 350 + NODE_FOOTPRINT.height,
    });
  });
});
