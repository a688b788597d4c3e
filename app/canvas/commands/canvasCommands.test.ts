import { describe, expect, it } from "vitest";
import type { NodeData } from "../../../domain/canvas/node";
import { createCanvasStore, type StudioNode } from "../store/canvasStore";
import { createCanvasCommands } from "./canvasCommands";
import type { CanvasSync, StructureChange } from "./canvasSync";

/** Records what the commands hand to saving, so each test can check what would reach the server. */
function recordingSync() {
  const data: { nodeId: string; data: NodeData; prevRev: number; immediate?: boolean }[] = [];
  const structure: StructureChange[] = [];
  const sync: CanvasSync = {
    saveNodeData: (nodeId, d, prevRev, opts) => data.push({ nodeId, data: d, prevRev, immediate: opts?.immediate }),
    saveStructure: (change) => {
      structure.push(change);
      return Promise.resolve();
    },
  };
  return { sync, data, structure };
}

function setup({ canEdit = true, nodes = [] as StudioNode[] } = {}) {
  const store = createCanvasStore({ projectId: "p", canEdit, nodes, edges: [], viewport: null });
  const rec = recordingSync();
  const notes: string[] = [];
  let t = 1_700_000_000_000;
  const commands = createCanvasCommands({
    store,
    sync: rec.sync,
    notify: (_k, m) => notes.push(m),
    viewCenter: () => ({ x: 10, y: 20 }),
    now: () => ++t,
  });
  return { store, commands, rec, notes, s: () => store.getState() };
}

describe("creating nodes", () => {
  it("places the first node at (400,400) and the next 550 px right of the most recent", () => {
    const { commands, s } = setup();
    commands.createNode();
    commands.createNode();
    expect(s().nodes.map((n) => n.position)).toEqual([{ x: 400, y: 400 }, { x: 950, y: 400 }]);
    expect(s().nodes[0]!.id).toMatch(/^generic-\d+-/);
  });

  it("creates a batch (inserted assets) side by side as one undo step", () => {
    const { commands, s } = setup();
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
    const there: StudioNode = { id: "n0", type: "generic_v2", position: { x: 960, y: 420 }, data: { title: "Already here", rev: 1 } };
    const { commands, s } = setup({ nodes: [there] });
    commands.createNode();
    commands.createNodes([{ data: { title: "asset" } }]);
    expect(s().nodes.map((n) => n.position)).toEqual([{ x: 960, y: 420 }, { x: 400, y: 400 }, { x: 1500, y: 400 }]);
  });

  it("toolbar creation goes to the centre of the view, or says 'Canvas not ready'", () => {
    const { commands, s, notes, store } = setup();
    commands.createNodeAtCenter();
    expect(s().nodes[0]!.position).toEqual({ x: 10, y: 20 });
    const noView = createCanvasCommands({ store, sync: recordingSync().sync, notify: (_k, m) => notes.push(m), viewCenter: () => null });
    expect(noView.createNodeAtCenter()).toBeNull();
    expect(notes).toContain("Canvas not ready");
  });

  it("saves a new node's position and data at once", () => {
    const { commands, rec } = setup();
    const id = commands.createNode()!;
    expect(rec.structure[0]!.nodes).toEqual([{ id, type: "generic_v2", position: { x: 400, y: 400 } }]);
    expect(rec.data[0]).toMatchObject({ nodeId: id, prevRev: 0, immediate: true });
  });

  it("'Combine ideas' makes two idea nodes linked into a third", () => {
    const { commands, s } = setup();
    commands.quickStart("combine-ideas");
    const [a, b, c] = s().nodes;
    expect(s().nodes).toHaveLength(3);
    expect(s().edges.map((e) => [e.source, e.target])).toEqual([[a!.id, c!.id], [b!.id, c!.id]]);
  });
});

describe("connections", () => {
  it("refuses self, duplicate and missing ends, and refreshes the target's context", () => {
    const { commands, s } = setup();
    const a = commands.createNode({ data: { content: "A misty harbour", contentType: "text" } })!;
    const b = commands.createNode()!;
    commands.connect({ source: a, target: a });
    commands.connect({ source: a, target: "ghost" });
    commands.connect({ source: a, target: b });
    commands.connect({ source: a, target: b });
    expect(s().edges).toHaveLength(1);
    const target = s().nodes.find((n) => n.id === b)!;
    expect(target.data.contextData).toEqual([expect.objectContaining({ nodeId: a, type: "text", text: "A misty harbour" })]);
    commands.disconnect([s().edges[0]!.id]);
    expect(s().nodes.find((n) => n.id === b)!.data.contextData).toEqual([]);
  });
});

describe("copy and paste", () => {
  it("pastes copies 50 px down-right with the edges between them, each paste further on", () => {
    const { commands, s } = setup();
    const a = commands.createNode()!;
    const b = commands.createNode()!;
    commands.connect({ source: a, target: b });
    commands.select(null);
    store_selectAll(s().nodes, commands);
    expect(commands.copySelected()).toBe(2);
    commands.paste();
    const pasted = s().nodes.slice(2);
    expect(pasted.map((n) => n.position)).toEqual([{ x: 450, y: 450 }, { x: 1000, y: 450 }]);
    expect(s().edges).toHaveLength(2);
    expect(s().edges[1]).toMatchObject({ source: pasted[0]!.id, target: pasted[1]!.id });
    commands.paste();
    expect(s().nodes.slice(4).map((n) => n.position)).toEqual([{ x: 500, y: 500 }, { x: 1050, y: 500 }]);
  });
});

function store_selectAll(nodes: StudioNode[], commands: ReturnType<typeof setup>["commands"]) {
  commands.applyFlowNodeChanges(nodes.map((n) => ({ type: "select", id: n.id, selected: true })));
}

describe("undo and redo", () => {
  it("undoes and redoes create, connect, paste and delete; a new change clears redo", () => {
    const { commands, s } = setup();
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
    expect(s().canRedo).toBe(false);
  });

  it("keeps at most 50 steps", () => {
    const { commands, s } = setup();
    for (let i = 0; i < 60; i++) commands.createNode();
    let undone = 0;
    while (s().canUndo) {
      commands.undo();
      undone++;
    }
    expect(undone).toBe(50);
    expect(s().nodes).toHaveLength(10);
  });

  it("restoring a deleted node asks the server to restore it, then sends its data with a revision above the last one", async () => {
    const { commands, rec, s } = setup();
    const a = commands.createNode()!;
    commands.updateNodeData(a, { title: "Kept" });
    commands.deleteNodes([a]);
    rec.structure.length = 0;
    rec.data.length = 0;
    commands.undo();
    expect(rec.structure[0]).toMatchObject({ restoredNodeIds: [a], deletedNodeIds: [] });
    // The data follows only once the restore is acknowledged: before it the server holds a tombstone.
    expect(rec.data).toEqual([]);
    await Promise.resolve();
    expect(rec.data[0]!.data.rev).toBeGreaterThan(2);
    expect(s().deletedIds.has(a)).toBe(false);
  });
});

describe("edits and revisions", () => {
  it("raises rev on every edit and passes the previous one", () => {
    const { commands, rec } = setup();
    const a = commands.createNode()!;
    commands.updateNodeData(a, { content: "one" });
    commands.updateNodeData(a, { content: "two" });
    expect(rec.data.slice(1).map((d) => [d.data.rev, d.prevRev])).toEqual([[2, 1], [3, 2]]);
  });

  it("renames with a trimmed name, refusing a blank one", () => {
    const { commands, s, notes } = setup();
    const a = commands.createNode()!;
    expect(commands.renameNode(a, "   ")).toBe(false);
    expect(notes).toContain("Node name cannot be empty");
    expect(commands.renameNode(a, "  Hero shot ")).toBe(true);
    expect(s().nodes[0]!.data.title).toBe("Hero shot");
  });

  it("keeps the higher revision when the server reports a conflict, and drops tombstoned nodes", () => {
    const { commands, s } = setup();
    const a = commands.createNode()!;
    const b = commands.createNode()!;
    commands.applyConflicts([
      { nodeId: a, rev: 9, nodeData: { title: "Theirs" } },
      { nodeId: b, rev: 1, nodeData: null, deleted: true },
    ]);
    expect(s().nodes.map((n) => [n.id, n.data.title, n.data.rev])).toEqual([[a, "Theirs", 9]]);
  });

  it("ignores a remote write older than what it shows", () => {
    const { commands, s } = setup();
    const a = commands.createNode()!;
    commands.updateNodeData(a, { title: "Mine" });
    commands.applyRemoteNodes([{ id: a, rev: 1, data: { title: "Old" } }]);
    expect(s().nodes[0]!.data.title).toBe("Mine");
    // Without unsaved edits a newer remote copy is taken as it is.
    const b = commands.createNode()!;
    commands.noteSaved([{ nodeId: b, data: s().nodes[1]!.data }]);
    commands.applyRemoteNodes([{ id: b, rev: 5, data: { title: "Newer" } }]);
    expect(s().nodes[1]!.data).toEqual({ title: "Newer", rev: 5 });
  });

  it("merges another client's write with this client's unsaved edits of other fields, and saves the result", () => {
    const { commands, s, rec } = setup();
    const a = commands.createNode()!;
    commands.noteSaved([{ nodeId: a, data: s().nodes[0]!.data }]);
    commands.updateNodeData(a, { prompt: "a lighthouse at dusk" });
    const writes = rec.data.length;
    commands.applyRemoteNodes([{ id: a, rev: 2, data: { ...s().nodes[0]!.data, prompt: undefined, title: "Opening", rev: 2 } }]);
    expect(s().nodes[0]!.data).toMatchObject({ title: "Opening", prompt: "a lighthouse at dusk", rev: 3 });
    expect(rec.data.slice(writes)).toMatchObject([{ nodeId: a, prevRev: 2, immediate: true, data: { title: "Opening", prompt: "a lighthouse at dusk", rev: 3 } }]);
  });

  it("re-sends a refused write merged onto the stored copy instead of dropping the edit", () => {
    const { commands, s, rec } = setup();
    const a = commands.createNode()!;
    commands.noteSaved([{ nodeId: a, data: s().nodes[0]!.data }]);
    commands.updateNodeData(a, { style: "noir" });
    commands.applyConflicts([{ nodeId: a, rev: 7, nodeData: { ...s().nodes[0]!.data, style: undefined, aspectRatio: "16:9", rev: 7 } }]);
    expect(s().nodes[0]!.data).toMatchObject({ style: "noir", aspectRatio: "16:9", rev: 8 });
    expect(rec.data.at(-1)).toMatchObject({ nodeId: a, prevRev: 7, data: { style: "noir", aspectRatio: "16:9", rev: 8 } });
  });

  it("takes a generation's result while keeping a prompt typed meanwhile", () => {
    const { commands, s, rec } = setup();
    const a = commands.createNode({ data: { prompt: "a fox", status: "idle" } })!;
    commands.noteSaved([{ nodeId: a, data: s().nodes[0]!.data }]);
    commands.updateNodeData(a, { prompt: "a fox in snow" });
    const server = { ...s().nodes[0]!.data, prompt: "a fox", status: "completed" as const, mediaUrl: "/api/media/m1", rev: 3 };
    commands.applyGenerationNodes([{ id: a, rev: 3, data: server }]);
    expect(s().nodes[0]!.data).toMatchObject({ prompt: "a fox in snow", status: "completed", mediaUrl: "/api/media/m1", rev: 4 });
    expect(rec.data.at(-1)).toMatchObject({ nodeId: a, prevRev: 3, data: { prompt: "a fox in snow", mediaUrl: "/api/media/m1" } });
  });
});

describe("edits an earlier page could not save", () => {
  it("shows unsent nodes, moves, edges and data at once, and merges them if the server moved on", () => {
    const loaded: StudioNode = { id: "n1", type: "generic_v2", position: { x: 0, y: 0 }, data: { title: "Bus", prompt: "", rev: 2 } };
    const { commands, s, rec } = setup({ nodes: [loaded] });
    commands.showUnsaved(
      [{ nodes: [{ id: "n2", type: "generic_v2", position: { x: 600, y: 0 } }, { id: "n1", type: "generic_v2", position: { x: 50, y: 60 } }], edgesAdded: [{ id: "e1", source: "n1", target: "n2" }] }],
      [
        { nodeId: "n1", data: { title: "Bus", prompt: "a night bus in the fog", rev: 3 } },
        { nodeId: "n2", data: { title: "Untitled", rev: 1 } },
      ],
    );
    expect(s().nodes.map((n) => [n.id, n.position, n.data.prompt ?? null, n.data.rev])).toEqual([
      ["n1", { x: 50, y: 60 }, "a night bus in the fog", 3],
      ["n2", { x: 600, y: 0 }, null, 1],
    ]);
    expect(s().edges.map((e) => e.id)).toEqual(["e1"]);
    expect(rec.data).toHaveLength(0); // the buffer already holds them
    // Another window renamed the node meanwhile: the unsent prompt is kept on top of its copy.
    commands.applyConflicts([{ nodeId: "n1", rev: 4, nodeData: { title: "Night bus", prompt: "", rev: 4 } }]);
    expect(s().nodes[0]!.data).toMatchObject({ title: "Night bus", prompt: "a night bus in the fog", rev: 5 });
  });

  it("does not replace what the page already shows with an older unsent copy", () => {
    const loaded: StudioNode = { id: "n1", type: "generic_v2", position: { x: 0, y: 0 }, data: { title: "Newer", rev: 7 } };
    const { commands, s } = setup({ nodes: [loaded] });
    commands.showUnsaved([], [{ nodeId: "n1", data: { title: "Older", rev: 5 } }]);
    expect(s().nodes[0]!.data.title).toBe("Newer");
  });
});

describe("view-only members", () => {
  it("can select but not create, connect, move, delete, paste, edit or undo", () => {
    const node: StudioNode = { id: "n1", type: "generic_v2", position: { x: 0, y: 0 }, data: { title: "Look only", rev: 1 } };
    const { commands, s, rec } = setup({ canEdit: false, nodes: [node] });
    expect(commands.createNode()).toBeNull();
    commands.quickStart("describe-image");
    commands.applyFlowNodeChanges([{ type: "position", id: "n1", position: { x: 500, y: 500 } }, { type: "select", id: "n1", selected: true }]);
    commands.deleteNodes(["n1"]);
    commands.updateNodeData("n1", { title: "Changed" });
    commands.copySelected();
    commands.paste();
    commands.undo();
    expect(s().nodes).toHaveLength(1);
    expect(s().nodes[0]).toMatchObject({ position: { x: 0, y: 0 }, selected: true, data: { title: "Look only" } });
    expect(rec.data).toEqual([]);
    expect(rec.structure).toEqual([]);
  });
});
