import { describe, expect, it } from "vitest";
import type { StudioNode } from "../store/canvasStore";
import { recordingClient } from "../testing/recordingClient";

const placed = (id: string, x: number): StudioNode => ({ id, type: "generic_v2", position: { x, y: 0 }, data: { title: id, rev: 1 } });
const three = () => [placed("a", 0), placed("b", 500), placed("c", 1000)];

describe("group commands: one change path, undo, autosave", () => {
  it("Ctrl+G groups the selection as one undo step and sends it; undo and redo follow", async () => {
    const { client, commands, session, s, structures } = recordingClient({ nodes: three() });
    session.selectOnly(new Set(["a", "b"]));
    const id = commands.groupSelected()!;
    expect(s().groups).toEqual([{ id, name: "Group 1", colour: "blue", nodeIds: ["a", "b"], collapsed: false }]);
    await client.flush();
    expect(structures().at(-1)?.groupsSet).toEqual(s().groups);
    commands.undo();
    expect(s().groups).toEqual([]);
    await client.flush();
    expect(structures().at(-1)?.groupsRemoved).toEqual([id]);
    commands.redo();
    expect(s().groups.map((g) => g.nodeIds)).toEqual([["a", "b"]]);
  });

  it("rename, recolour and collapse are each undone back to the copy before", async () => {
    const { commands, s, notes } = recordingClient({ nodes: three() });
    const id = commands.groupNodes(["a", "b", "c"])!;
    commands.renameGroup(id, "  Act one ");
    commands.recolourGroup(id, "rose");
    commands.setGroupCollapsed(id, true);
    expect(s().groups[0]).toMatchObject({ name: "Act one", colour: "rose", collapsed: true });
    expect(commands.renameGroup(id, "   ")).toBe(false);
    expect(notes).toContain("Group name cannot be empty");
    commands.undo();
    expect(s().groups[0]).toMatchObject({ collapsed: false, colour: "rose" });
    commands.undo();
    commands.undo();
    expect(s().groups[0]).toMatchObject({ name: "Group 1", colour: "blue" });
    commands.undo();
    expect(s().groups).toEqual([]);
  });

  it("ungroup keeps the nodes and is undone by bringing the group back; a node is in one group at most", () => {
    const { commands, session, s } = recordingClient({ nodes: three() });
    const first = commands.groupNodes(["a", "b"])!;
    const second = commands.groupNodes(["b", "c"])!;
    expect(s().groups.map((g) => [g.id, g.nodeIds])).toEqual([
      [first, ["a"]],
      [second, ["b", "c"]],
    ]);
    session.selectOnly(new Set(["c"]));
    expect(commands.ungroupSelected()).toBe(1);
    expect(s().groups.map((g) => g.id)).toEqual([first]);
    expect(s().nodes).toHaveLength(3);
    commands.undo();
    expect(
      s()
        .groups.map((g) => g.id)
        .sort(),
    ).toEqual([first, second].sort());
  });

  it("a node's menu groups it with the selection", () => {
    const { commands, session, s } = recordingClient({ nodes: three() });
    session.selectOnly(new Set(["a"]));
    commands.groupWith("c");
    expect(s().groups.map((g) => g.nodeIds)).toEqual([["a", "c"]]);
  });

  it("dragging a frame moves its nodes from where they were", () => {
    const { commands, s } = recordingClient({ nodes: three() });
    const id = commands.groupNodes(["a", "b"])!;
    const from = new Map(s().nodes.map((n) => [n.id, n.position]));
    commands.moveGroup(id, from, { x: 40, y: -20 });
    expect(s().nodes.map((n) => n.position)).toEqual([
      { x: 40, y: -20 },
      { x: 540, y: -20 },
      { x: 1000, y: 0 },
    ]);
  });

  it("copy and paste carry the group around the copies, as one undo step", () => {
    const { commands, session, s } = recordingClient({ nodes: three() });
    commands.groupNodes(["a", "b"], { name: "Pair" });
    session.copy(["a", "b"]);
    commands.paste();
    expect(s().groups).toHaveLength(2);
    const copy = s().groups[1]!;
    expect(copy).toMatchObject({ name: "Pair" });
    expect(copy.nodeIds.every((id) => !["a", "b"].includes(id) && s().nodes.some((n) => n.id === id))).toBe(true);
    commands.undo();
    expect(s().groups).toHaveLength(1);
    expect(s().nodes).toHaveLength(3);
  });

  it("a view-only canvas shows groups but cannot change them", () => {
    const { commands, s } = recordingClient({ nodes: three(), canEdit: false });
    expect(commands.groupNodes(["a", "b"])).toBeNull();
    expect(s().groups).toEqual([]);
  });
});
