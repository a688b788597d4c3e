import { describe, expect, it } from "vitest";
import { studioNode } from "../../test/studioNode";
import { incoming, outgoing } from "../../../domain/canvas/connections";
import { incomingSources, outgoingTargets, selectedNodes, singleSelectedId } from "./canvasStore";

/** Edges written "source>target", numbered in order. */
const edgesOf = (...pairs: string[]) =>
  pairs.map((pair, i) => {
    const [source, target] = pair.split(">") as [string, string];
    return { id: String(i + 1), source, target };
  });

describe("the shared per-list lookups the canvas's selectors read", () => {
  it("finds the selected nodes once per node list, and the one selected id only when exactly one is", () => {
    const nodes = [studioNode("a"), studioNode("b", { selected: true }), studioNode("c")];
    expect(selectedNodes(nodes).map((n) => n.id)).toEqual(["b"]);
    expect(selectedNodes(nodes)).toBe(selectedNodes(nodes)); // made once per list
    expect(singleSelectedId({ nodes })).toBe("b");
    expect(singleSelectedId({ nodes: [studioNode("a")] })).toBeNull();
    expect(singleSelectedId({ nodes: [studioNode("a", { selected: true }), studioNode("b", { selected: true })] })).toBeNull();
  });

  it("indexes each node's incoming sources by edge list", () => {
    const edges = edgesOf("a>c", "b>c", "c>d");
    expect(incomingSources(edges).get("c")).toEqual(["a", "b"]);
    expect(incomingSources(edges).get("a")).toBeUndefined();
    expect(incomingSources(edges)).toBe(incomingSources(edges));
  });

  it("indexes each node's outgoing targets the same way, each once, agreeing with the domain's own walk", () => {
    const edges = edgesOf("a>c", "a>b", "a>c", "b>c");
    expect(outgoingTargets(edges).get("a")).toEqual(["c", "b"]);
    expect(outgoingTargets(edges).get("c")).toBeUndefined();
    expect(outgoingTargets(edges)).toBe(outgoingTargets(edges));
    for (const id of ["a", "b", "c"]) {
      expect(outgoingTargets(edges).get(id) ?? []).toEqual(outgoing(id, edges));
      expect(incomingSources(edges).get(id) ?? []).toEqual(incoming(id, edges));
    }
    // A new edge list is a new index.
    const more = edgesOf("a>c", "a>b", "a>c", "b>c", "c>a");
    expect(outgoingTargets(more).get("c")).toEqual(["a"]);
  });
});
