import { describe, expect, it } from "vitest";
import { changeListFromMessage, changesFromAutosave, changesFromStructure, messagesFromChanges, structureFromChanges } from "./changeWire";
import { invertChanges } from "./changeInverse";
import type { CanvasChange } from "./changes";

const edge = { id: "e1", source: "a", target: "b", sourceHandle: null, targetHandle: null };

describe("change lists on the spec's two routes", () => {
  it("reads a structure body in the order the server always applied it", () => {
    const changes = changesFromStructure({
      nodes: [{ id: "n", type: "generic_v2", position: { x: 1, y: 2 } }],
      restoredNodeIds: ["r"],
      deletedNodeIds: ["d"],
      edgesAdded: [edge],
      edgesRemoved: ["old"],
      viewport: { x: 0, y: 0, zoom: 1 },
    });
    expect(changes.map((c) => c.type)).toEqual(["node-restored", "node-added", "node-removed", "edge-removed", "edge-added", "viewport"]);
  });

  it("a placement of a node that is also deleted in the same body is left out", () => {
    expect(
      changesFromStructure({ nodes: [{ id: "n", type: "generic_v2", position: { x: 0, y: 0 } }], deletedNodeIds: ["n"] }).map(
        (c) => c.type,
      ),
    ).toEqual(["node-removed"]);
  });

  it("writes structure changes back as one body, node data left to autosave", () => {
    const body = structureFromChanges([
      { type: "node-added", node: { id: "a", type: "generic_v2", position: { x: 0, y: 0 }, data: { rev: 1 } } },
      { type: "node-moved", id: "a", position: { x: 5, y: 5 } },
      { type: "node-data", id: "a", data: { title: "x" }, prevRev: 1 },
      { type: "edge-added", edge },
      { type: "node-restored", id: "r", node: { id: "r", type: "generic_v2", position: { x: 9, y: 9 }, data: { rev: 3 } } },
    ]);
    expect(body).toEqual({
      nodes: [
        { id: "a", type: "generic_v2", position: { x: 5, y: 5 } },
        { id: "r", type: "generic_v2", position: { x: 9, y: 9 } },
      ],
      restoredNodeIds: ["r"],
      deletedNodeIds: [],
      edgesAdded: [edge],
      edgesRemoved: [],
    });
  });

  it("reads autosave updates as data changes with their revisions", () => {
    expect(changesFromAutosave([{ nodeId: "a", nodeData: { title: "t" }, prevRev: 4 }])).toEqual([
      { type: "node-data", id: "a", data: { title: "t" }, prevRev: 4 },
    ]);
  });
});

describe("the live channel", () => {
  it("publishes the shape first, then the data, with the writer's origin", () => {
    const changes: CanvasChange[] = [
      { type: "node-added", node: { id: "v", type: "generic_v2", position: { x: 0, y: 460 }, data: { title: "Variation", rev: 1 } } },
      { type: "edge-added", edge },
      { type: "node-data", id: "a", data: { status: "completed", rev: 6 }, prevRev: 4 },
    ];
    const [shape, records] = messagesFromChanges(changes, "generation");
    expect(shape).toMatchObject({ type: "structure", nodes: [{ id: "v" }], edgesAdded: [edge] });
    expect(records).toEqual({
      type: "nodes",
      origin: "generation",
      nodes: [
        { id: "v", rev: 1, data: { title: "Variation", rev: 1 } },
        { id: "a", rev: 6, data: { status: "completed", rev: 6 } },
      ],
    });
  });

  it("a person's write carries the sender's clientId and no origin; a placement carries no data", () => {
    const messages = messagesFromChanges(
      [
        ...changesFromStructure({ nodes: [{ id: "n", type: "generic_v2", position: { x: 0, y: 0 } }] }),
        { type: "node-data", id: "n", data: { rev: 2 }, prevRev: 1 },
      ],
      "user",
      "tab-1",
    );
    expect(messages).toEqual([
      {
        type: "structure",
        clientId: "tab-1",
        nodes: [{ id: "n", type: "generic_v2", position: { x: 0, y: 0 } }],
        restoredNodeIds: [],
        deletedNodeIds: [],
        edgesAdded: [],
        edgesRemoved: [],
      },
      { type: "nodes", clientId: "tab-1", nodes: [{ id: "n", rev: 2, data: { rev: 2 } }] },
    ]);
  });

  it("publishes one record per node, its last: a restore with the write after it ends at the write", () => {
    const restored = { id: "n", type: "generic_v2", position: { x: 0, y: 0 }, data: { title: "old", rev: 6 } };
    const [, records] = messagesFromChanges(
      [
        { type: "node-restored", id: "n", node: restored },
        { type: "node-data", id: "n", data: { title: "new", rev: 7 }, prevRev: 6 },
      ],
      "user",
    );
    expect(records).toEqual({ type: "nodes", nodes: [{ id: "n", rev: 7, data: { title: "new", rev: 7 } }] });
  });

  it("turns messages back into change lists tagged with their source", () => {
    expect(changeListFromMessage({ type: "nodes", origin: "tool", nodes: [{ id: "a", rev: 3, data: { title: "x" } }] })).toEqual({
      source: "tool",
      changes: [{ type: "node-data", id: "a", data: { title: "x", rev: 3 }, prevRev: 2 }],
    });
    expect(
      changeListFromMessage({ type: "structure", nodes: [], restoredNodeIds: [], deletedNodeIds: ["a"], edgesAdded: [], edgesRemoved: [] }),
    ).toEqual({ source: "remote", changes: [{ type: "node-removed", id: "a" }] });
    expect(changeListFromMessage({ type: "script", scriptId: "s", version: 1, lastEditedBy: null })).toBeNull();
  });
});

describe("undo's inverse (changeInverse)", () => {
  const node = (id: string, rev = 1) => ({ id, type: "generic_v2", position: { x: 0, y: 0 }, data: { title: id, rev } });
  const view = (nodes: ReturnType<typeof node>[], edges: (typeof edge)[] = []) => ({
    node: (id: string) => nodes.find((n) => n.id === id),
    edge: (id: string) => edges.find((e) => e.id === id),
    group: () => undefined,
  });

  it("a deletion's inverse restores the node (one revision above) before its edges", () => {
    const step: CanvasChange[] = [
      { type: "edge-removed", id: "e1", edge },
      { type: "node-removed", id: "a", node: node("a", 4) },
    ];
    expect(invertChanges(step, view([node("b")]))).toEqual([
      { type: "node-restored", id: "a", node: { ...node("a", 4), data: { title: "a", rev: 5 } } },
      { type: "edge-added", edge },
    ]);
  });

  it("an addition's inverse removes the node as it is now, edges first", () => {
    const now = { ...node("a", 7), data: { title: "renamed", rev: 7 } };
    const step: CanvasChange[] = [
      { type: "node-added", node: node("a") },
      { type: "edge-added", edge },
    ];
    expect(invertChanges(step, view([now, node("b")], [edge]))).toEqual([
      { type: "edge-removed", id: "e1", edge },
      { type: "node-removed", id: "a", node: now },
    ]);
  });

  it("leaves out what no longer applies (a node someone else deleted, an edge already gone)", () => {
    expect(
      invertChanges(
        [
          { type: "node-added", node: node("gone") },
          { type: "edge-added", edge },
        ],
        view([]),
      ),
    ).toEqual([]);
  });
});
