import { describe, expect, it } from "vitest";
import { invertChanges, type CanvasView } from "./changeInverse";
import type { CanvasChange, NodeRecord } from "./changes";
import { nodeDataSchema, type CanvasEdge } from "./node";
import {
  conversionChanges,
  convertToSubgraph,
  nextSubgraphName,
  SUBGRAPH_MESSAGES,
  SUBGRAPH_NODE_TYPE,
  subgraphOf,
  unpackChanges,
  unpackSubgraph,
} from "./subgraph";

const node = (id: string, x: number, y: number, title = id): NodeRecord => ({
  id,
  type: "generic_v2",
  position: { x, y },
  data: { title, prompt: `prompt of ${id}`, selectedModel: "flux-dev", rev: 3 },
});
const edge = (source: string, target: string): CanvasEdge => ({
  id: `e-${source}-${target}`,
  source,
  target,
  sourceHandle: null,
  targetHandle: null,
});

// in → a → b → out, with a side input x → b and b also feeding out2.
const canvas = {
  nodes: [node("in", 0, 0), node("a", 500, 0), node("b", 900, 200), node("x", 0, 400), node("out", 1400, 0), node("out2", 1400, 400)],
  edges: [edge("in", "a"), edge("a", "b"), edge("x", "b"), edge("in", "b"), edge("b", "out"), edge("b", "out2"), edge("a", "out")],
};

describe("convert to subgraph (issue 34, part 3)", () => {
  it("moves the selection inside, relative to its top-left, and makes a port per outside node", () => {
    const made = convertToSubgraph(["a", "b"], canvas, "sg1", "Turnaround");
    if (!made.ok) throw new Error(made.error);
    const { node: sg, removedNodes, removedEdges, addedEdges } = made.conversion;
    expect(sg.type).toBe(SUBGRAPH_NODE_TYPE);
    expect(sg.position).toEqual({ x: 500, y: 0 });
    expect(sg.data.title).toBe("Turnaround");
    const sub = subgraphOf(sg)!;
    expect(sub.nodes.map((n) => [n.id, n.position])).toEqual([
      ["a", { x: 0, y: 0 }],
      ["b", { x: 400, y: 200 }],
    ]);
    expect(sub.edges.map((e) => e.id)).toEqual(["e-a-b"]);
    // 'in' feeds both a and b: one port (one edge in→sg1), as a canvas keeps one edge per pair.
    expect(sub.inputs).toEqual([
      { id: "in-1", label: "a, b", targets: ["a", "b"] },
      { id: "in-2", label: "b", targets: ["b"] },
    ]);
    expect(sub.outputs).toEqual([
      { id: "out-1", label: "b, a", sources: ["b", "a"] },
      { id: "out-2", label: "b", sources: ["b"] },
    ]);
    expect(removedNodes.map((n) => n.id)).toEqual(["a", "b"]);
    expect(removedEdges).toHaveLength(7);
    expect(addedEdges.map((e) => [e.source, e.target, e.sourceHandle, e.targetHandle])).toEqual([
      ["in", "sg1", null, "in-1"],
      ["x", "sg1", null, "in-2"],
      ["sg1", "out", "out-1", null],
      ["sg1", "out2", "out-2", null],
    ]);
    // What the server stores is valid node data.
    expect(nodeDataSchema.safeParse(sg.data).success).toBe(true);
  });

  it("refuses an empty selection and a subgraph inside a subgraph, with the words a person reads", () => {
    expect(convertToSubgraph([], canvas, "sg1", "S")).toEqual({ ok: false, error: SUBGRAPH_MESSAGES.empty });
    const made = convertToSubgraph(["a"], canvas, "sg1", "S");
    if (!made.ok) throw new Error(made.error);
    const withSub = { nodes: [...canvas.nodes, made.conversion.node], edges: canvas.edges };
    expect(convertToSubgraph(["sg1", "in"], withSub, "sg2", "S")).toEqual({ ok: false, error: SUBGRAPH_MESSAGES.nested });
  });

  it("round trip: unpacking gives back the same nodes, places, data and wiring (under new ids)", () => {
    const made = convertToSubgraph(["a", "b"], canvas, "sg1", "Turnaround");
    if (!made.ok) throw new Error(made.error);
    const { conversion } = made;
    const after = [...canvas.edges.filter((e) => !conversion.removedEdges.includes(e)), ...conversion.addedEdges];
    const unpacked = unpackSubgraph(conversion.node, after, (id) => `${id}-new`)!;
    const back = (id: string) => id.replace(/-new$/, "");
    expect(unpacked.nodes.map((n) => ({ ...n, id: back(n.id), data: { ...n.data, rev: 3 } }))).toEqual([
      node("a", 500, 0),
      node("b", 900, 200),
    ]);
    expect(unpacked.nodes.every((n) => n.data.rev === 1)).toBe(true);
    const pairs = (es: CanvasEdge[]) => es.map((e) => `${back(e.source)}>${back(e.target)}`).sort();
    const restored = [...after.filter((e) => !unpacked.removedEdges.includes(e)), ...unpacked.addedEdges];
    expect(pairs(restored)).toEqual(pairs(canvas.edges));
    expect(unpacked.removedEdges.map((e) => e.id).sort()).toEqual(conversion.addedEdges.map((e) => e.id).sort());
  });

  it("an edge drawn to the subgraph itself (no port) feeds every input; a plain node does not unpack", () => {
    const made = convertToSubgraph(["a", "b"], canvas, "sg1", "T");
    if (!made.ok) throw new Error(made.error);
    const unpacked = unpackSubgraph(made.conversion.node, [edge("z", "sg1")], (id) => `${id}2`)!;
    expect(unpacked.addedEdges.map((e) => `${e.source}>${e.target}`)).toEqual(["a2>b2", "z>a2", "z>b2"]);
    expect(unpackSubgraph(node("a", 0, 0), [], (id) => id)).toBeNull();
  });

  it("converting is one list of ordinary changes whose inverse (undo) brings the nodes and edges back", () => {
    const made = convertToSubgraph(["a", "b"], canvas, "sg1", "T");
    if (!made.ok) throw new Error(made.error);
    const changes = conversionChanges(made.conversion);
    expect(changes.map((c) => c.type)).toEqual([
      ...Array(7).fill("edge-removed"),
      "node-removed",
      "node-removed",
      "node-added",
      ...Array(4).fill("edge-added"),
    ]);
    // After the conversion: the subgraph and its new edges are there, the selection is gone.
    const nodesNow = new Map<string, NodeRecord>(
      [...canvas.nodes.filter((n) => n.id !== "a" && n.id !== "b"), made.conversion.node].map((n) => [n.id, n]),
    );
    const edgesNow = new Map(made.conversion.addedEdges.map((e) => [e.id, e]));
    const view: CanvasView = { node: (id) => nodesNow.get(id), edge: (id) => edgesNow.get(id), group: () => undefined };
    const inverse = invertChanges(changes, view);
    const kinds = (cs: CanvasChange[], type: CanvasChange["type"]) => cs.filter((c) => c.type === type);
    expect(kinds(inverse, "edge-removed")).toHaveLength(4);
    expect(kinds(inverse, "node-removed").map((c) => (c as { id: string }).id)).toEqual(["sg1"]);
    expect(
      kinds(inverse, "node-restored")
        .map((c) => (c as { id: string }).id)
        .sort(),
    ).toEqual(["a", "b"]);
    expect(kinds(inverse, "edge-added")).toHaveLength(7);
  });

  it("unpacking is ordinary changes too: the subgraph and its edges go, the inner nodes and rewired edges come", () => {
    const made = convertToSubgraph(["a", "b"], canvas, "sg1", "T");
    if (!made.ok) throw new Error(made.error);
    const unpacked = unpackSubgraph(made.conversion.node, made.conversion.addedEdges, (id) => `${id}-u`)!;
    const changes = unpackChanges(made.conversion.node, unpacked);
    expect(changes.filter((c) => c.type === "node-removed")).toHaveLength(1);
    expect(changes.filter((c) => c.type === "node-added").map((c) => (c as { node: NodeRecord }).node.id)).toEqual(["a-u", "b-u"]);
  });

  it("its inner nodes are held to the node data rules; a subgraph is named Subgraph N", () => {
    const made = convertToSubgraph(["a"], canvas, "sg1", "T");
    if (!made.ok) throw new Error(made.error);
    const bad = structuredClone(made.conversion.node.data) as { subgraph: { nodes: { data: Record<string, unknown> }[] } };
    bad.subgraph.nodes[0]!.data.mediaUrl = "http://169.254.169.254/latest";
    const parsed = nodeDataSchema.safeParse(bad);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.path).toEqual(["subgraph", "nodes", 0, "data", "mediaUrl"]);
    expect(nextSubgraphName([made.conversion.node].map((n) => ({ ...n, data: { ...n.data, title: "Subgraph 1" } })))).toBe("Subgraph 2");
  });
});
