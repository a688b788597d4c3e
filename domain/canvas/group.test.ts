import { describe, expect, it } from "vitest";
import { invertChanges, type CanvasView } from "./changeInverse";
import { canvasChangeSchema, isStructural, type CanvasChange } from "./changes";
import { changeListFromMessage, changesFromStructure, messagesFromChanges, structureFromChanges } from "./changeWire";
import { GROUP_PADDING, GROUP_TITLE_HEIGHT, groupBounds, groupPorts, groupRecordSchema, nextGroupName, type GroupRecord } from "./group";
import { structureRequestSchema } from "./node";

const group = (over: Partial<GroupRecord> = {}): GroupRecord => ({
  id: "g1",
  name: "Opening",
  colour: "blue",
  nodeIds: ["a", "b"],
  collapsed: false,
  ...over,
});
const view = (groups: GroupRecord[]): CanvasView => ({
  node: () => undefined,
  edge: () => undefined,
  group: (id) => groups.find((g) => g.id === id),
});

describe("group record", () => {
  it("accepts a named, coloured group of nodes and refuses bad ones with the message a person reads", () => {
    expect(groupRecordSchema.parse(group({ name: "  Act one  " })).name).toBe("Act one");
    expect(groupRecordSchema.safeParse(group({ name: "   " })).error?.issues[0]?.message).toBe("Group name cannot be empty");
    expect(groupRecordSchema.safeParse(group({ name: "x".repeat(81) })).success).toBe(false);
    expect(groupRecordSchema.safeParse(group({ nodeIds: [] })).success).toBe(false);
    expect(groupRecordSchema.safeParse({ ...group(), colour: "#ff0000" }).success).toBe(false);
    expect(groupRecordSchema.safeParse(group({ nodeIds: ["bad id!"] })).success).toBe(false);
    expect(canvasChangeSchema.safeParse({ type: "group-updated", group: group(), prev: group({ name: "Old" }) }).success).toBe(true);
  });

  it("is named Group N after the names already taken", () => {
    expect(nextGroupName([])).toBe("Group 1");
    expect(nextGroupName([{ name: "Group 1" }, { name: "Group 3" }])).toBe("Group 2");
  });

  it("frames its members with padding and a title bar; no frame without live members", () => {
    expect(groupBounds([])).toBeNull();
    expect(
      groupBounds([
        { x: 0, y: 0, width: 100, height: 50 },
        { x: 300, y: 100, width: 100, height: 50 },
      ]),
    ).toEqual({
      x: -GROUP_PADDING,
      y: -GROUP_PADDING - GROUP_TITLE_HEIGHT,
      width: 400 + 2 * GROUP_PADDING,
      height: 150 + 2 * GROUP_PADDING + GROUP_TITLE_HEIGHT,
    });
  });

  it("a collapsed group's inputs and outputs are the edges crossing its border", () => {
    const edges = [
      { source: "x", target: "a" },
      { source: "a", target: "b" },
      { source: "b", target: "y" },
      { source: "x", target: "b" },
    ];
    expect(groupPorts(new Set(["a", "b"]), edges)).toEqual({ inputs: ["x"], outputs: ["y"] });
  });
});

describe("group changes: undo's inverse", () => {
  it("group changes are undo steps", () => {
    expect(isStructural({ type: "group-added", group: group() })).toBe(true);
    expect(isStructural({ type: "group-removed", id: "g1" })).toBe(true);
  });

  it("grouping is undone by removing the group as it is now", () => {
    const now = group({ name: "Renamed since" });
    expect(invertChanges([{ type: "group-added", group: group() }], view([now]))).toEqual([
      { type: "group-removed", id: "g1", group: now },
    ]);
  });

  it("ungrouping is undone by bringing the group back; not when it is back already", () => {
    const step: CanvasChange[] = [{ type: "group-removed", id: "g1", group: group() }];
    expect(invertChanges(step, view([]))).toEqual([{ type: "group-added", group: group() }]);
    expect(invertChanges(step, view([group()]))).toEqual([]);
  });

  it("a rename, recolour or collapse is undone back to the copy it replaced, and redone", () => {
    const before = group();
    const after = group({ name: "Act one", colour: "rose", collapsed: true });
    const undo = invertChanges([{ type: "group-updated", group: after, prev: before }], view([after]));
    expect(undo).toEqual([{ type: "group-updated", group: before, prev: after }]);
    expect(invertChanges(undo, view([before]))).toEqual([{ type: "group-updated", group: after, prev: before }]);
  });

  it("leaves out what no longer applies (a group someone else ungrouped)", () => {
    expect(invertChanges([{ type: "group-updated", group: group({ name: "B" }), prev: group() }], view([]))).toEqual([]);
    expect(invertChanges([{ type: "group-added", group: group() }], view([]))).toEqual([]);
  });

  it("grouping then renaming in one step is undone whole: the group goes", () => {
    const renamed = group({ name: "B" });
    const step: CanvasChange[] = [
      { type: "group-added", group: group() },
      { type: "group-updated", group: renamed, prev: group() },
    ];
    expect(invertChanges(step, view([renamed]))).toEqual([
      { type: "group-updated", group: group(), prev: renamed },
      { type: "group-removed", id: "g1", group: renamed },
    ]);
  });
});

describe("group changes on the wire", () => {
  it("travel in the structure request and the live structure message, ungroupings first", () => {
    const g = group();
    const body = structureFromChanges([
      { type: "group-added", group: g },
      { type: "group-removed", id: "g2" },
    ]);
    expect(body.groupsSet).toEqual([g]);
    expect(body.groupsRemoved).toEqual(["g2"]);
    const parsed = structureRequestSchema.parse(body);
    expect(changesFromStructure(parsed)).toEqual([
      { type: "group-removed", id: "g2" },
      { type: "group-added", group: g },
    ]);
    const [message] = messagesFromChanges([{ type: "group-updated", group: g, prev: group({ name: "Old" }) }], "user", "tab");
    expect(message).toEqual({
      type: "structure",
      clientId: "tab",
      nodes: [],
      restoredNodeIds: [],
      deletedNodeIds: [],
      edgesAdded: [],
      edgesRemoved: [],
      groupsSet: [g],
    });
    expect(changeListFromMessage(message!)?.changes).toEqual([{ type: "group-added", group: g }]);
  });

  it("a structure message without groups carries no group fields", () => {
    const [message] = messagesFromChanges([{ type: "edge-removed", id: "e1" }], "user");
    expect(message).not.toHaveProperty("groupsSet");
    expect(message).not.toHaveProperty("groupsRemoved");
  });
});
