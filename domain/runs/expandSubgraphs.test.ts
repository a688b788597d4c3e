import { describe, expect, it } from "vitest";
import type { NodeRecord } from "../canvas/changes";
import { convertToSubgraph } from "../canvas/subgraph";
import { expandSubgraphs, innerAddress, parseInnerAddress } from "./expandSubgraphs";

const node = (id: string, x = 0): NodeRecord => ({ id, type: "generic_v2", position: { x, y: 0 }, data: { title: id } });
const edge = (source: string, target: string) => ({ id: `${source}-${target}`, source, target, sourceHandle: null, targetHandle: null });

describe("a subgraph opened for a graph run (issue 34, 3)", () => {
  it("addresses inner nodes with a separator no node id has", () => {
    expect(innerAddress("sg", "a")).toBe("sg~a");
    expect(parseInnerAddress("sg~a")).toEqual({ subgraphId: "sg", innerId: "a" });
    expect(parseInnerAddress("plain-node:1")).toBeNull();
    expect(parseInnerAddress("~a")).toBeNull();
  });

  it("puts the inner nodes in its place and rewires its edges through the ports, also between two subgraphs", () => {
    const plain = {
      nodes: ["x", "a", "b", "c", "d", "y"].map((id, i) => node(id, i * 100)),
      edges: [edge("x", "a"), edge("a", "b"), edge("b", "c"), edge("c", "d"), edge("d", "y")],
    };
    const one = convertToSubgraph(["a", "b"], plain, "s1", "One");
    if (!one.ok) throw new Error(one.error);
    const afterOne = {
      nodes: [...plain.nodes.filter((n) => n.id !== "a" && n.id !== "b"), one.conversion.node],
      edges: [...plain.edges.filter((e) => !one.conversion.removedEdges.includes(e)), ...one.conversion.addedEdges],
    };
    const two = convertToSubgraph(["c", "d"], afterOne, "s2", "Two");
    if (!two.ok) throw new Error(two.error);
    const nodes = [...afterOne.nodes.filter((n) => n.id !== "c" && n.id !== "d"), two.conversion.node].map((n) => ({ ...n, rev: 4 }));
    const edges = [...afterOne.edges.filter((e) => !two.conversion.removedEdges.includes(e)), ...two.conversion.addedEdges];
    const open = expandSubgraphs(nodes, edges);
    expect(open.nodes.map((n) => [n.id, n.position.x, n.rev])).toEqual([
      ["x", 0, 4],
      ["y", 500, 4],
      ["s1~a", 100, 4],
      ["s1~b", 200, 4],
      ["s2~c", 300, 4],
      ["s2~d", 400, 4],
    ]);
    expect(open.edges.map((e) => `${e.source}>${e.target}`).sort()).toEqual(
      ["s1~a>s1~b", "s1~b>s2~c", "s2~c>s2~d", "s2~d>y", "x>s1~a"].sort(),
    );
    expect(open.innerOf.get("s2")).toEqual(["s2~c", "s2~d"]);
  });
});
