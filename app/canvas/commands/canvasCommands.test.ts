import { describe, expect, it } from "vitest";
import type { StudioNode } from "../store/canvasStore";
import { cardSize } from "../../../domain/canvas/nodeSize";
import { contains, type Rect } from "../../../domain/canvas/placement";
import { recordingClient, VISIBLE_AREA } from "../testing/recordingClient";

const placed = (id: string, x: number, y: number, title = "Untitled"): StudioNode => ({
  id,
  type: "generic_v2",
  position: { x, y },
  data: { title, rev: 1 },
});

const rectOf = (n: StudioNode): Rect => ({ ...n.position, ...cardSize(n.data) });
const overlaps = (a: Rect, b: Rect) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
/** No two cards overlap and every listed one is inside the free view. */
function expectTidy(nodes: StudioNode[], inView: StudioNode[] = nodes) {
  for (const [i, a] of nodes.entries())
    for (const b of nodes.slice(i + 1)) expect(overlaps(rectOf(a), rectOf(b)), `${a.data.title} on ${b.data.title}`).toBe(false);
  for (const n of inView) expect(contains(VISIBLE_AREA, rectOf(n)), `${n.data.title} out of view`).toBe(true);
}

describe("creating nodes (in free room in view)", () => {
  it("the first node goes to the middle of the view, the next beside it on no card", () => {
    const { commands, s } = recordingClient();
    commands.createNode();
    commands.createNode();
    const size = cardSize({});
    expect(s().nodes[0]!.position).toEqual({ x: 10 - size.width / 2, y: 20 - size.height / 2 });
    expectTidy(s().nodes);
    expect(s().nodes[0]!.id).toMatch(/^generic-\d+-/);
  });

  it("creates a batch (inserted assets) in a grid in view as one undo step", () => {
    const { commands, s } = recordingClient();
    commands.createNode();
    const ids = commands.createNodes([{ data: { title: "a.png" } }, { data: { title: "b.png" } }]);
    expect(ids).toHaveLength(2);
    expectTidy(s().nodes);
    commands.undo();
    expect(s().nodes.map((n) => n.data.title)).toEqual(["Untitled"]);
    commands.redo();
    expect(s().nodes).toHaveLength(3);
  });

  it("Ctrl+N with a node already in the middle of the view does not land on it", () => {
    const { commands, s } = recordingClient({ nodes: [placed("n0", -180, -148, "Already here")] });
    commands.createNodeAtCenter();
    commands.createNodes([{ data: { title: "asset" } }]);
    expectTidy(s().nodes);
  });

  it("a double-click position is kept when it is free, moved off a card when not", () => {
    const { commands, s } = recordingClient({ nodes: [placed("n0", 0, 0, "Card")] });
    commands.createNode({ position: { x: 500, y: 100 } });
    expect(s().nodes[1]!.position).toEqual({ x: 500, y: 100 });
    commands.createNode({ position: { x: 20, y: 20 } });
    expectTidy(s().nodes);
  });

  it("nodes with no room in view go to the nearest free place and the view pans to them", () => {
    const { commands, s, revealed } = recordingClient();
    commands.createNodes(Array.from({ length: 9 }, (_, i) => ({ data: { title: `still ${i}` } })));
    expectTidy(s().nodes, []);
    expect(revealed).toHaveLength(1);
  });

  it("saves a new node's placement and its data at once, in one request", async () => {
    const { client, commands, sent } = recordingClient();
    const id = commands.createNode()!;
    await client.flush();
    expect(sent).toMatchObject([
      {
        route: "structure",
        body: {
          nodes: [{ id, type: "generic_v2", position: { x: -180, y: -148 } }],
          updates: [{ nodeId: id, prevRev: 0, nodeData: { title: "Untitled", rev: 1 } }],
        },
      },
    ]);
  });

  it("'Combine ideas' makes two idea nodes linked into a third", () => {
    const { commands, s } = recordingClient();
    commands.quickStart("combine-ideas");
    const [a, b, c] = s().nodes;
    expect(s().nodes).toHaveLength(3);
    expect(s().edges.map((e) => [e.source, e.target])).toEqual([
      [a!.id, c!.id],
      [b!.id, c!.id],
    ]);
    expectTidy(s().nodes);
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
    // Laid out as copied, in free room (not 50 px over the originals).
    expect(pasted[1]!.position.x - pasted[0]!.position.x).toBe(s().nodes[1]!.position.x - s().nodes[0]!.position.x);
    expectTidy(s().nodes);
    expect(pasted.every((n) => n.selected)).toBe(true);
    expect(s().edges).toHaveLength(2);
    expect(s().edges[1]).toMatchObject({ source: pasted[0]!.id, target: pasted[1]!.id });
    commands.paste();
    expectTidy(s().nodes, []);
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
    expect(
      s()
        .nodes.map((n) => n.id)
        .sort(),
    ).toEqual([a, b].sort());
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
      {
        route: "structure",
        body: {
          restoredNodeIds: [a],
          nodes: [{ id: a }],
          deletedNodeIds: [],
          updates: [{ nodeId: a, prevRev: 2, nodeData: { title: "Kept", rev: 3 } }],
        },
      },
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
    client.receive({
      type: "structure",
      nodes: [{ id: "theirs", type: "generic_v2", position: { x: 0, y: 900 } }],
      restoredNodeIds: [],
      deletedNodeIds: [],
      edgesAdded: [{ id: "e-x", source: a, target: "theirs" }],
      edgesRemoved: [],
    });
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
    expect(
      writes()
        .slice(1)
        .map((w) => [w.nodeData.content, w.nodeData.rev, w.prevRev]),
    ).toEqual([["two", 3, 1]]);
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
    commands.applyFlowNodeChanges([
      { type: "position", id: "n1", position: { x: 500, y: 500 } },
      { type: "select", id: "n1", selected: true },
    ]);
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
