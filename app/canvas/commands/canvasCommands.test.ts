import { describe, expect, it } from "vitest";
import type { StudioNode } from "../store/canvasStore";
import { recordingClient } from "../testing/recordingClient";

const placed = (id: string, x: number, y: number, title = "Untitled"): StudioNode => ({ id, type: "generic_v2", position: { x, y }, data: { title, rev: 1 } });

describe("creating nodes", () => {
  it("places the first node at (400,400) and the next 550 px right of the most recent", () => {
    const { commands, s } = recordingClient();
    commands.createNode();
    commands.createNode();
    expect(s().nodes.map((n) => n.position)).toEqual([{ x: 400, y: 400 }, { x: 950, y: 400 }]);
    expect(s().nodes[0]!.id).toMatch(/^generic-\d+-/);
  });

  it("creates a batch (inserted assets) side by side as one undo step", () => {
    const { commands, s } = recordingClient();
    commands.createNode();
    const ids = commands.createNodes([{ data: { title: "a.png" } }, { data: { title: "b.png" } }, { data: { title: "c.png" } }]);
    expect(ids).toHaveLength(3);
    expect(s().nodes.map((n) => [n.data.title, n.position.x])).toEqual([["Untitled", 400], ["a.png", 950], ["b.png", 1500], ["c.png", 2050]]);
    commands.undo();
    expect(s().nodes.map((n) => n.data.title)).toEqual(["Untitled"]);
    commands.redo();
    expect(s().nodes).toHaveLength(4);
  });

  it("skips past a node already where the next one would go", () => {
    const { commands, s } = recordingClient({ nodes: [placed("n0", 960, 420, "Already here")] });
    commands.createNode();
    commands.createNodes([{ data: { title: "asset" } }]);
    expect(s().nodes.map((n) => n.position)).toEqual([{ x: 960, y: 420 }, { x: 400, y: 400 }, { x: 1500, y: 400 }]);
  });

  it("toolbar creation goes to the centre of the view", () => {
    const { commands, s } = recordingClient();
    commands.createNodeAtCenter();
    expect(s().nodes[0]!.position).toEqual({ x: 10, y: 20 });
  });

  it("saves a new node's placement and its data at once, in one request", async () => {
    const { client, commands, sent } = recordingClient();
    const id = commands.createNode()!;
    await client.flush();
    expect(sent).toMatchObject([
      { route: "structure", body: { nodes: [{ id, type: "generic_v2", position: { x: 400, y: 400 } }], updates: [{ nodeId: id, prevRev: 0, nodeData: { title: "Untitled", rev: 1 } }] } },
    ]);
  });

  it("'Combine ideas' makes two idea nodes linked into a third", () => {
    const { commands, s } = recordingClient();
    commands.quickStart("combine-ideas");
    const [a, b, c] = s().nodes;
    expect(s().nodes).toHaveLength(3);
    expect(s().edges.map((e) => [e.source, e.target])).toEqual([[a!.id, c!.id], [b!.id, c!.id]]);
  });
});

describe("connections", () => {
  it("refuses self, duplicate and missing ends, and refreshes the target's context", () => {
    const { commands, s, node } = recordingClient();
    const a = commands.createNode({ data: { content: "A misty harbour", contentType: "text" } })!;
    const b = commands.createNode()!;
    commands.connect({ source: a, target: a });
    commands.connect({ source: a, target: "ghost" });
    commands.connect({ source: a, target: b });
    commands.connect({ source: a, target: b });
    expect(s().edges).toHaveLength(1);
    expect(node(b).data.contextData).toEqual([expect.objectContaining({ nodeId: a, type: "text", text: "A misty harbour" })]);
    commands.updateNodeData(a, { content: "A misty harbour at dawn" });
    expect(node(b).data.contextData).toEqual([expect.objectContaining({ text: "A misty harbour at dawn" })]);
    commands.disconnect([s().edges[0]!.id]);
    expect(node(b).data.contextData).toEqual([]);
  });
});

describe("copy and paste", () => {
  it("pastes copies 50 px down-right with the edges between them, each paste further on", () => {
    const { commands, session, s } = recordingClient();
    const a = commands.createNode()!;
    const b = commands.createNode()!;
    commands.connect({ source: a, target: b });
    expect(session.copy([a, b])).toBe(2);
    commands.paste();
    const pasted = s().nodes.slice(2);
    expect(pasted.map((n) => n.position)).toEqual([{ x: 450, y: 450 }, { x: 1000, y: 450 }]);
    expect(pasted.every((n) => n.selected)).toBe(true);
    expect(s().edges).toHaveLength(2);
    expect(s().edges[1]).toMatchObject({ source: pasted[0]!.id, target: pasted[1]!.id });
    commands.paste();
    expect(s().nodes.slice(4).map((n) => n.position)).toEqual([{ x: 500, y: 500 }, { x: 1050, y: 500 }]);
    // A paste is one undo step: nodes and edge go together.
    commands.undo();
    expect(s().nodes).toHaveLength(4);
    expect(s().edges).toHaveLength(2);
  });
});

describe("undo and redo", () => {
  it("undoes and redoes create, connect, paste and delete; a new change clears redo", () => {
    const { client, commands, s } = recordingClient();
    const a = commands.createNode()!;
    const b = commands.createNode()!;
    commands.connect({ source: a, target: b });
    commands.deleteNodes([a]);
    expect(s().nodes.map((n) => n.id)).toEqual([b]);
    commands.undo();
    expect(s().nodes.map((n) => n.id).sort()).toEqual([a, b].sort());
    expect(s().edges).toHaveLength(1);
    commands.undo();
    expect(s().edges).toHaveLength(0);
    commands.redo();
    expect(s().edges).toHaveLength(1);
    commands.createNode();
    expect(client.session.getState().canRedo).toBe(false);
  });

  it("keeps at most 50 steps", () => {
    const { client, commands, s } = recordingClient();
    for (let i = 0; i < 60; i++) commands.createNode();
    let undone = 0;
    while (client.session.getState().canUndo) {
      commands.undo();
      undone++;
    }
    expect(undone).toBe(50);
    expect(s().nodes).toHaveLength(10);
  });

  it("restoring a deleted node asks the server to restore it, then sends its data with a revision above the last one", async () => {
    const { client, commands, sent, s } = recordingClient();
    const a = commands.createNode()!;
    commands.updateNodeData(a, { title: "Kept" });
    commands.deleteNodes([a]);
    await client.flush();
    sent.length = 0;
    commands.undo();
    await client.flush();
    expect(sent).toMatchObject([
      { route: "structure", body: { restoredNodeIds: [a], nodes: [{ id: a }], deletedNodeIds: [], updates: [{ nodeId: a, prevRev: 2, nodeData: { title: "Kept", rev: 3 } }] } },
    ]);
    expect(s().deletedIds.has(a)).toBe(false);
  });

  it("a deleted node's waiting edit is sent before its tombstone", async () => {
    const { client, commands, sent } = recordingClient();
    const a = commands.createNode()!;
    await client.flush();
    sent.length = 0;
    commands.updateNodeData(a, { content: "last words" }); // debounced
    commands.deleteNodes([a]);
    await client.flush();
    expect(sent.map((x) => x.route)).toEqual(["autosave", "structure"]);
    expect(sent[1]).toMatchObject({ body: { deletedNodeIds: [a] } });
  });

  it("undo brings a deleted node back with its edges and the target's context", () => {
    const { commands, s, node } = recordingClient();
    const a = commands.createNode({ data: { content: "fog", contentType: "text" } })!;
    const b = commands.createNode()!;
    commands.connect({ source: a, target: b });
    commands.deleteNodes([a]);
    expect(node(b).data.contextData).toEqual([]);
    commands.undo();
    expect(s().edges.map((e) => [e.source, e.target])).toEqual([[a, b]]);
    expect(node(b).data.contextData).toEqual([expect.objectContaining({ nodeId: a, text: "fog" })]);
  });

  it("a batch (an agent's plan) is one undo step", () => {
    const { commands, s } = recordingClient();
    commands.createNode();
    commands.batch(() => {
      const x = commands.createNode()!;
      const y = commands.createNode()!;
      commands.connect({ source: x, target: y });
    }, "agent");
    expect(s().nodes).toHaveLength(3);
    commands.undo();
    expect(s().nodes).toHaveLength(1);
    expect(s().edges).toHaveLength(0);
  });

  it("does not undo what another person did", () => {
    const { client, commands, s } = recordingClient();
    const a = commands.createNode()!;
    client.receive({ type: "structure", nodes: [{ id: "theirs", type: "generic_v2", position: { x: 0, y: 900 } }], restoredNodeIds: [], deletedNodeIds: [], edgesAdded: [{ id: "e-x", source: a, target: "theirs" }], edgesRemoved: [] });
    commands.undo();
    expect(s().nodes.map((n) => n.id)).toEqual(["theirs"]);
    expect(client.session.getState().canUndo).toBe(false);
  });
});

describe("edits and revisions", () => {
  it("raises rev on every edit and sends the coalesced edit based on the earliest revision", async () => {
    const { client, commands, writes } = recordingClient();
    const a = commands.createNode()!;
    await client.flush();
    commands.updateNodeData(a, { content: "one" });
    commands.updateNodeData(a, { content: "two" });
    await client.flush();
    expect(writes().slice(1).map((w) => [w.nodeData.content, w.nodeData.rev, w.prevRev])).toEqual([["two", 3, 1]]);
  });

  it("renames with a trimmed name, refusing a blank one", () => {
    const { commands, s, notes } = recordingClient();
    const a = commands.createNode()!;
    expect(commands.renameNode(a, "   ")).toBe(false);
    expect(notes).toContain("Node name cannot be empty");
    expect(commands.renameNode(a, "  Hero shot ")).toBe(true);
    expect(s().nodes[0]!.data.title).toBe("Hero shot");
  });
});

describe("view-only members", () => {
  it("can select but not create, connect, move, delete, paste, edit or undo", async () => {
    const { client, commands, session, s, sent } = recordingClient({ canEdit: false, nodes: [placed("n1", 0, 0, "Look only")] });
    expect(commands.createNode()).toBeNull();
    commands.quickStart("describe-image");
    commands.applyFlowNodeChanges([{ type: "position", id: "n1", position: { x: 500, y: 500 } }, { type: "select", id: "n1", selected: true }]);
    commands.nodesMoved(["n1"]);
    commands.deleteNodes(["n1"]);
    commands.updateNodeData("n1", { title: "Changed" });
    session.copySelected();
    commands.paste();
    commands.undo();
    await client.flush();
    expect(s().nodes).toHaveLength(1);
    expect(s().nodes[0]).toMatchObject({ position: { x: 0, y: 0 }, selected: true, data: { title: "Look only" } });
    expect(sent).toEqual([]);
  });
});
