import { describe, expect, it } from "vitest";
import { graphRunBodySchema } from "./api";
import { dependentsOf, planGraph, type PlanEdge, type PlanNode } from "./plan";

const n = (id: string, runnable = true): PlanNode => ({ id, runnable });
const e = (source: string, target: string): PlanEdge => ({ source, target });

// text → image → video, image → upscale; a separate branch x → y.
const NODES = [n("text", false), n("image"), n("video"), n("upscale"), n("x"), n("y")];
const EDGES = [e("text", "image"), e("image", "video"), e("image", "upscale"), e("x", "y")];

describe("planGraph", () => {
  it("all: runnable nodes in dependency layers, inputs left out, independent branches side by side", () => {
    const plan = planGraph({ nodes: NODES, edges: EDGES, scope: "all" });
    expect(plan).toEqual({
      ok: true,
      layers: [
        ["image", "x"],
        ["video", "upscale", "y"],
      ],
      order: ["image", "x", "video", "upscale", "y"],
      needs: { image: [], x: [], video: ["image"], upscale: ["image"], y: ["x"] },
    });
  });

  it("selected: the chosen nodes and what they need upstream, nothing downstream or beside", () => {
    const plan = planGraph({ nodes: NODES, edges: EDGES, scope: "selected", nodeIds: ["video"] });
    expect(plan.ok && plan.order).toEqual(["image", "video"]);
  });

  it("downstream: the chosen node and everything that depends on it", () => {
    const plan = planGraph({ nodes: NODES, edges: EDGES, scope: "downstream", nodeIds: ["image"] });
    expect(plan.ok && plan.layers).toEqual([["image"], ["video", "upscale"]]);
    expect(planGraph({ nodes: NODES, edges: EDGES, scope: "downstream", nodeIds: ["video"] })).toMatchObject({ order: ["video"] });
  });

  it("a node waits for runnable nodes behind an input between them", () => {
    const plan = planGraph({ nodes: [n("a"), n("note", false), n("b")], edges: [e("a", "note"), e("note", "b")], scope: "all" });
    expect(plan).toMatchObject({ ok: true, layers: [["a"], ["b"]], needs: { a: [], b: ["a"] } });
  });

  it("a node needing two branches comes after both (longest path)", () => {
    const plan = planGraph({ nodes: [n("a"), n("b"), n("c"), n("d")], edges: [e("a", "b"), e("b", "d"), e("c", "d")], scope: "all" });
    expect(plan.ok && plan.layers).toEqual([["a", "c"], ["b"], ["d"]]);
  });

  it("refuses a loop and names its nodes in order; a loop outside the scope does not matter", () => {
    const nodes = [n("a"), n("b"), n("c"), n("d"), n("z")];
    const edges = [e("z", "a"), e("a", "b"), e("b", "c"), e("c", "a"), e("c", "d")];
    expect(planGraph({ nodes, edges, scope: "all" })).toEqual({ ok: false, cycle: ["a", "b", "c", "a"] });
    expect(planGraph({ nodes, edges, scope: "downstream", nodeIds: ["d"] })).toMatchObject({ ok: true, order: ["d"] });
  });

  it("ignores edges to deleted nodes and unknown chosen ids", () => {
    const plan = planGraph({ nodes: [n("a")], edges: [e("gone", "a"), e("a", "gone")], scope: "selected", nodeIds: ["a", "gone"] });
    expect(plan.ok && plan.order).toEqual(["a"]);
  });
});

describe("dependentsOf", () => {
  it("is everything downstream of a failed node, and nothing else", () => {
    const needs = { image: [], x: [], video: ["image"], upscale: ["image"], final: ["video", "x"], y: ["x"] };
    expect(dependentsOf("image", needs).sort()).toEqual(["final", "upscale", "video"]);
    expect(dependentsOf("video", needs)).toEqual(["final"]);
  });
});

describe("graphRunBodySchema", () => {
  it("takes a scope, and needs node ids unless it is all", () => {
    expect(graphRunBodySchema.parse({ scope: "all", dryRun: true })).toEqual({ scope: "all", dryRun: true });
    expect(graphRunBodySchema.safeParse({ scope: "selected" }).error?.issues[0]?.message).toBe("Choose at least one node to run");
    expect(graphRunBodySchema.safeParse({ scope: "everything" }).success).toBe(false);
    expect(graphRunBodySchema.safeParse({ scope: "all", extra: 1 }).success).toBe(false);
  });
});
