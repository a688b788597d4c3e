import { describe, expect, it } from "vitest";
import { reconcileNode, unsavedEdits } from "./nodeMerge";
import type { NodeData } from "./node";

describe("unsavedEdits", () => {
  it("lists changed, added and removed fields, ignoring rev and lastModified", () => {
    const base = { title: "A", prompt: "fox", rev: 2, lastModified: 1, tags: ["x"] };
    const local = { title: "B", rev: 3, lastModified: 9, tags: ["x"], style: "noir" };
    expect(unsavedEdits(base, local)).toEqual({ title: "B", prompt: undefined, style: "noir" });
  });

  it("leaves out the fields the server owns", () => {
    expect(unsavedEdits({ status: "idle", prompt: "a" }, { status: "generating", prompt: "b" }, ["status"])).toEqual({ prompt: "b" });
  });

  it("compares nested values by content", () => {
    expect(unsavedEdits({ contextData: [{ id: "n", text: "a" }] }, { contextData: [{ id: "n", text: "a" }] })).toEqual({});
  });
});

describe("reconcileNode", () => {
  const base = { title: "Shot", prompt: "a fox", rev: 2 };

  it("keeps both sides when two clients changed different fields, and asks for a write above both revisions", () => {
    const local = { title: "Shot", prompt: "a red fox at dawn", rev: 3 };
    const server = { title: "Opening", prompt: "a fox", rev: 3 };
    expect(reconcileNode({ base, local, server, serverRev: 3 })).toEqual({
      data: { title: "Opening", prompt: "a red fox at dawn", rev: 4 },
      rev: 4,
      write: true,
    });
  });

  it("lets this client's unsaved edit win a field both changed", () => {
    const r = reconcileNode({
      base,
      local: { ...base, title: "Mine", rev: 3 },
      server: { ...base, title: "Theirs", rev: 5 },
      serverRev: 5,
    });
    expect(r).toMatchObject({ data: { title: "Mine" }, rev: 6, write: true });
  });

  it("adopts the server's copy without a write when nothing is unsaved", () => {
    expect(reconcileNode({ base, local: base, server: { ...base, title: "Theirs" }, serverRev: 3 })).toEqual({
      data: { ...base, title: "Theirs", rev: 3 },
      rev: 3,
      write: false,
    });
  });

  it("rewrites the server's copy when a write of ours with the same content would otherwise land over it", () => {
    const r = reconcileNode({ base, local: { ...base, rev: 4 }, server: { ...base, title: "Theirs" }, serverRev: 3 });
    expect(r).toEqual({ data: { ...base, title: "Theirs", rev: 5 }, rev: 5, write: true });
  });

  it("ignores the copy it already knows (a re-read after a reconnect), keeping unsaved edits without a new write", () => {
    expect(reconcileNode({ base, local: { ...base, prompt: "typed", rev: 3 }, server: base, serverRev: 2 })).toBeNull();
  });

  it("ignores a copy older than one already seen", () => {
    expect(reconcileNode({ base: { ...base, rev: 6 }, local: { ...base, rev: 6 }, server: { title: "Old" }, serverRev: 4 })).toBeNull();
  });

  it("still takes the owned fields of a copy a write of ours overtook (a result must never be undone by a stale edit)", () => {
    const r = reconcileNode({
      base: { status: "generating", prompt: "typed", rev: 11 },
      local: { status: "generating", prompt: "typed", rev: 11 },
      server: { status: "completed", prompt: "old", mediaUrl: "/api/media/1", rev: 10 },
      serverRev: 10,
      serverOwns: ["status", "mediaUrl"],
    });
    expect(r).toEqual({ data: { status: "completed", prompt: "typed", mediaUrl: "/api/media/1", rev: 12 }, rev: 12, write: true });
    expect(
      reconcileNode({
        base: { status: "completed", rev: 11 },
        local: { status: "completed", rev: 11 },
        server: { status: "completed" },
        serverRev: 10,
        serverOwns: ["status"],
      }),
    ).toBeNull();
  });

  it("ignores the owned fields of a copy older than one the server already sent (a late 'generating' must not undo a result)", () => {
    const completed: NodeData = { status: "completed", mediaUrl: "/api/media/1", contextData: ["a"], rev: 5 };
    const late = { server: { status: "generating", rev: 3 } satisfies NodeData, serverRev: 3, serverOwns: ["status", "mediaUrl"] };
    expect(reconcileNode({ base: completed, local: { ...completed, rev: 6 }, ...late, heardRev: 5 })).toBeNull();
    // Heard from the server only below it: the base is a write of ours that overtook it, so its owned fields count.
    expect(reconcileNode({ base: completed, local: { ...completed, rev: 6 }, ...late, heardRev: 1 })).toMatchObject({
      data: { status: "generating" },
      write: true,
    });
  });

  it("without a known server copy, keeps the higher revision", () => {
    expect(reconcileNode({ base: undefined, local: { title: "Mine", rev: 2 }, server: { title: "Old" }, serverRev: 1 })).toBeNull();
    expect(reconcileNode({ base: undefined, local: { title: "Mine", rev: 2 }, server: { title: "New" }, serverRev: 5 })).toMatchObject({
      data: { title: "New", rev: 5 },
      write: false,
    });
  });

  it("takes the fields the server owns from the server even where this client changed them", () => {
    const r = reconcileNode({
      base: { status: "idle", prompt: "a fox", rev: 2 },
      local: { status: "generating", prompt: "a fox in snow", rev: 3 },
      server: { status: "completed", prompt: "a fox", mediaUrl: "/api/media/1", rev: 4 },
      serverRev: 4,
      serverOwns: ["status", "mediaUrl"],
    });
    expect(r).toEqual({ data: { status: "completed", prompt: "a fox in snow", mediaUrl: "/api/media/1", rev: 5 }, rev: 5, write: true });
  });
});
