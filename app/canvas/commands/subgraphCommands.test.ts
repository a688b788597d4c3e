import { describe, expect, it } from "vitest";
import { SUBGRAPH_MESSAGES, subgraphOf } from "../../../domain/canvas/subgraph";
import type { StudioEdge, StudioNode } from "../store/canvasStore";
import { recordingClient } from "../testing/recordingClient";

const placed = (id: string, x: number): StudioNode => ({
  id,
  type: "generic_v2",
  position: { x, y: 0 },
  data: { title: id, prompt: `p-${id}`, rev: 1 },
});
const edge = (source: string, target: string): StudioEdge => ({ id: `e-${source}-${target}`, source, target });
const canvas = () => ({
  nodes: [placed("a", 0), placed("b", 500), placed("c", 1000), placed("d", 1500)],
  edges: [edge("a", "b"), edge("b", "c"), edge("c", "d")],
});

describe("subgraph commands (issue 34, part 3): one change path, undo, autosave", () => {
  it("Convert to subgraph is one undo step, sent as ordinary structure; undo and redo follow", async () => {
    const { client, commands, session, s, structures, writes } = recordingClient(canvas());
    session.selectOnly(new Set(["b", "c"]));
    const id = commands.convertSelectedToSubgraph()!;
    expect(s().nodes.map((n) => n.id)).toEqual(["a", "d", id]);
    const sg = s().nodes.find((n) => n.id === id)!;
    expect(subgraphOf(sg)?.nodes.map((n) => n.id)).toEqual(["b", "c"]);
    expect(
      s()
        .edges.map((e) => `${e.source}>${e.target}`)
        .sort(),
    ).toEqual([`a>${id}`, `${id}>d`].sort());
    await client.flush();
    const sent = structures().at(-1)!;
    expect(sent.deletedNodeIds).toEqual(["b", "c"]);
    expect(sent.nodes).toEqual([{ id, type: "subgraph", position: { x: 500, y: 0 } }]);
    expect(writes().find((u) => u.nodeId === id)?.nodeData).toMatchObject({ title: "Subgraph 1" });
    commands.undo();
    expect(
      s()
        .nodes.map((n) => n.id)
        .sort(),
    ).toEqual(["a", "b", "c", "d"]);
    expect(
      s()
        .edges.map((e) => e.id)
        .sort(),
    ).toEqual(["e-a-b", "e-b-c", "e-c-d"]);
    commands.redo();
    expect(s().nodes.map((n) => n.id)).toContain(id);
  });

  it("renaming a subgraph node renames the subgraph its card shows", () => {
    const { commands, s } = recordingClient(canvas());
    const id = commands.convertToSubgraph(["b", "c"], "Pair")!;
    const sub = () => subgraphOf(s().nodes.find((n) => n.id === id)!);
    expect(commands.renameNode(id, "  Turnaround ")).toBe(true);
    expect(sub()?.name).toBe("Turnaround");
    expect(s().nodes.find((n) => n.id === id)?.data.title).toBe("Turnaround");
  });

  it("Unpack gives plain nodes back (new ids), wired as before, as one undo step", () => {
    const { commands, s } = recordingClient(canvas());
    const id = commands.convertToSubgraph(["b", "c"], "Pair")!;
    const ids = commands.unpackSubgraph(id);
    expect(ids).toHaveLength(2);
    expect(s().nodes.find((n) => n.id === ids[0])?.data.prompt).toBe("p-b");
    const names = new Map(s().nodes.map((n) => [n.id, n.data.title]));
    expect(
      s()
        .edges.map((e) => `${names.get(e.source)}>${names.get(e.target)}`)
        .sort(),
    ).toEqual(["a>b", "b>c", "c>d"]);
    commands.undo();
    expect(s().nodes.map((n) => n.id)).toEqual(["a", "d", id]);
  });

  it("an edit inside that changes the shape is saved and is an undo step; renaming checks the name", async () => {
    const { client, commands, s, writes, notes } = recordingClient(canvas());
    const id = commands.convertToSubgraph(["b", "c"])!;
    const sub = subgraphOf(s().nodes.find((n) => n.id === id)!)!;
    commands.editSubgraph(id, { ...sub, nodes: sub.nodes.slice(0, 1), edges: [], outputs: [], inputs: sub.inputs });
    await client.flush();
    expect((writes().at(-1)!.nodeData as { subgraph: { nodes: unknown[] } }).subgraph.nodes).toHaveLength(1);
    commands.undo();
    expect(subgraphOf(s().nodes.find((n) => n.id === id)!)?.nodes).toHaveLength(2);
    commands.redo();
    expect(subgraphOf(s().nodes.find((n) => n.id === id)!)?.nodes).toHaveLength(1);
    expect(commands.renameSubgraph(id, "  ")).toBe(false);
    expect(notes).toContain("Subgraph name cannot be empty");
    expect(commands.renameSubgraph(id, "Turnaround")).toBe(true);
    expect(s().nodes.find((n) => n.id === id)?.data.title).toBe("Turnaround");
  });

  it("refuses with the reason; a view-only canvas cannot convert", () => {
    const { commands, notes } = recordingClient(canvas());
    expect(commands.convertToSubgraph([])).toBeNull();
    expect(notes).toContain(SUBGRAPH_MESSAGES.empty);
    const viewer = recordingClient({ ...canvas(), canEdit: false });
    expect(viewer.commands.convertToSubgraph(["a", "b"])).toBeNull();
    expect(viewer.s().nodes).toHaveLength(4);
  });
});
