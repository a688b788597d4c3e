import { describe, expect, it } from "vitest";
import { canConnect, incoming, outgoing, pruneDanglingEdges } from "./connections";

const ids = new Set(["a", "b", "c"]);
const edges = [
  { id: "1", source: "a", target: "b" },
  { id: "2", source: "c", target: "b" },
  { id: "3", source: "b", target: "c" },
];

describe("canConnect (spec 5 'Connections')", () => {
  it("allows a new connection between two existing nodes", () => {
    expect(canConnect(ids, edges, "a", "c")).toEqual({ ok: true });
  });
  it("refuses a self-connection", () => {
    expect(canConnect(ids, edges, "a", "a")).toEqual({ ok: false, reason: "self" });
  });
  it("refuses a duplicate source-target pair", () => {
    expect(canConnect(ids, edges, "a", "b")).toEqual({ ok: false, reason: "duplicate" });
  });
  it("treats the reverse direction as a different pair", () => {
    expect(canConnect(ids, edges, "b", "a")).toEqual({ ok: true });
  });
  it("ignores handles when spotting duplicates", () => {
    const withHandles = [{ source: "a", target: "b", sourceHandle: "out", targetHandle: "in" }];
    expect(canConnect(ids, withHandles, "a", "b")).toEqual({ ok: false, reason: "duplicate" });
  });
  it("needs both nodes to exist", () => {
    expect(canConnect(ids, edges, "a", "zz")).toEqual({ ok: false, reason: "missing" });
    expect(canConnect(ids, edges, "zz", "a")).toEqual({ ok: false, reason: "missing" });
  });
  it("reports a missing node before a self-connection", () => {
    expect(canConnect(ids, edges, "zz", "zz")).toEqual({ ok: false, reason: "missing" });
  });
  it("allows the first edge of an empty canvas", () => {
    expect(canConnect(ids, [], "a", "b")).toEqual({ ok: true });
  });
});

describe("pruneDanglingEdges: edges with missing endpoints are pruned", () => {
  it("drops edges whose source or target is gone, keeping order", () => {
    expect(pruneDanglingEdges(new Set(["a", "b"]), edges).map((e) => e.id)).toEqual(["1"]);
  });
  it("drops everything when no node is left", () => {
    expect(pruneDanglingEdges(new Set(), edges)).toEqual([]);
  });
  it("returns the same array when nothing is pruned", () => {
    expect(pruneDanglingEdges(ids, edges)).toBe(edges);
  });
  it("keeps the edge objects", () => {
    expect(pruneDanglingEdges(new Set(["a", "b"]), edges)[0]).toBe(edges[0]);
  });
});

describe("incoming and outgoing (Context: In and Out)", () => {
  it("incoming lists sources in edge order", () => expect(incoming("b", edges)).toEqual(["a", "c"]));
  it("outgoing lists targets in edge order", () => expect(outgoing("b", edges)).toEqual(["c"]));
  it("is empty for an unconnected node", () => {
    expect(incoming("a", edges)).toEqual([]);
    expect(outgoing("zz", edges)).toEqual([]);
  });
  it("lists a node once even with duplicate edges in stored data", () => {
    const dup = [...edges, { id: "4", source: "a", target: "b" }];
    expect(incoming("b", dup)).toEqual(["a", "c"]);
  });
});
