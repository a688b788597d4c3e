import { describe, expect, it } from "vitest";
import type { NodeData } from "../../../domain/canvas/node";
import { createSessionStore } from "../session/sessionStore";
import { createCanvasStore } from "../store/canvasStore";
import { createCanvasDocument } from "./canvasDocument";
import { createUndoHistory } from "./undoHistory";
import { studioNode } from "../../test/studioNode";

const photo: NodeData = {
  title: "Plate",
  status: "completed",
  contentType: "image",
  mediaUrl: "/media/plate.png",
  displayUrl: "/media/plate.png",
  rev: 3,
};

function setUp() {
  const store = createCanvasStore({
    projectId: "p",
    canEdit: true,
    nodes: [{ id: "n1", type: "generic_v2", position: { x: 0, y: 0 }, data: photo }],
    edges: [],
    viewport: null,
  });
  const session = createSessionStore();
  const document = createCanvasDocument(store);
  const history = createUndoHistory({ store, session, document });
  const data = () => store.getState().nodes.find((n) => n.id === "n1")!.data;
  /** The server's tool result: the uploaded picture becomes version 1, the cut-out version 2. */
  const toolResult = () =>
    document.apply({
      source: "tool",
      changes: [
        {
          type: "node-data",
          id: "n1",
          prevRev: 3,
          data: {
            ...photo,
            mediaUrl: "/media/cut.png",
            displayUrl: "/media/cut.png",
            versionHistory: [{ mediaUrl: "/media/plate.png" }, { mediaUrl: "/media/cut.png", model: "local/remove-background-people" }],
            currentVersionIndex: 1,
            rev: 1_000_003,
          },
        },
      ],
    });
  return { store, session, document, history, data, toolResult };
}

describe("undo of a tool's result", () => {
  it("brings the previous picture back, and redo the tool's, without removing the node", () => {
    const { history, data, toolResult, session } = setUp();
    history.toolRunStarted("n1");
    toolResult();
    expect(session.getState().canUndo).toBe(true);
    history.undo();
    expect(data()).toMatchObject({ mediaUrl: "/media/plate.png", currentVersionIndex: 0, status: "completed" });
    history.redo();
    expect(data()).toMatchObject({ mediaUrl: "/media/cut.png", currentVersionIndex: 1 });
  });

  it("finds the versions by their media after the node's kept versions have shifted (its oldest dropped)", () => {
    const { history, data, toolResult, document } = setUp();
    history.toolRunStarted("n1");
    toolResult();
    // The list moves under the recorded step (in life the oldest version falls off a full node): by one here.
    document.apply({
      source: "generation",
      changes: [
        {
          type: "node-data",
          id: "n1",
          prevRev: 1_000_003,
          data: {
            ...data(),
            versionHistory: [{ mediaUrl: "/media/spare.png" }, { mediaUrl: "/media/plate.png" }, { mediaUrl: "/media/cut.png" }],
            currentVersionIndex: 2,
            rev: 1_000_004,
          },
        },
      ],
    });
    history.undo();
    expect(data()).toMatchObject({ mediaUrl: "/media/plate.png", currentVersionIndex: 1 });
    history.redo();
    expect(data()).toMatchObject({ mediaUrl: "/media/cut.png", currentVersionIndex: 2 });
  });

  it("records nothing for a tool run another browser asked for", () => {
    const { data, toolResult, session } = setUp();
    toolResult();
    expect(session.getState().canUndo).toBe(false);
    expect(data().mediaUrl).toBe("/media/cut.png");
  });
});

describe("undo of lanes the server added for this browser (For every shot)", () => {
  it("takes the adopted nodes and edges away in one step, and redo brings them back", () => {
    const { store, session, history } = setUp();
    const lane = (id: string) => studioNode(id, { position: { x: 0, y: 600 } });
    const edge = { id: "e", source: "a", target: "b", sourceHandle: null, targetHandle: null };
    // The lanes arrive as a remote list (the server's change), which records nothing by itself.
    store.setState({ nodes: [...store.getState().nodes, lane("a"), lane("b")], edges: [edge] });
    expect(session.getState().canUndo).toBe(false);
    history.adopt([
      { type: "node-added", node: { ...lane("a"), data: {} } },
      { type: "node-added", node: { ...lane("b"), data: {} } },
      { type: "edge-added", edge },
    ]);
    expect(session.getState().canUndo).toBe(true);
    history.undo();
    expect(store.getState().nodes.map((n) => n.id)).toEqual(["n1"]);
    expect(store.getState().edges).toEqual([]);
    history.redo();
    expect(
      store
        .getState()
        .nodes.map((n) => n.id)
        .sort(),
    ).toEqual(["a", "b", "n1"]);
    expect(store.getState().edges.map((e) => e.id)).toEqual(["e"]);
  });
});
