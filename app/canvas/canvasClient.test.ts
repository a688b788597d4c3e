import { describe, expect, it } from "vitest";
import type { AutosaveResponse, NodeData } from "../../domain/canvas/node";
import { ApiError } from "../api/client";
import { loaded, offlineAnswer, revisionRule } from "./testing/canvasTestKit";
import { recordingClient, updatesOf, type Sent } from "./testing/recordingClient";

const edge = (id: string, source: string, target: string) => ({ id, source, target, type: "default" });
/** An edge-only structure message from a tab ("tab-1" is this one, so its echo). */
const edgesMessage = (clientId: string, change: { added?: string[]; removed?: string[] }) => ({
  type: "structure" as const,
  clientId,
  nodes: [],
  restoredNodeIds: [],
  deletedNodeIds: [],
  edgesAdded: (change.added ?? []).map((id) => ({ id, source: "a", target: "b" })),
  edgesRemoved: change.removed ?? [],
});
/** Nodes "a" and "b", joined by edge "ab" unless told otherwise, in a client whose requests `answer` answers. */
const twoNodes = (answer: (s: Sent) => Promise<unknown>, joined = true) =>
  recordingClient({
    answer,
    nodes: [loaded("a", { title: "A", rev: 1 }), loaded("b", { title: "B", rev: 1 })],
    edges: joined ? [edge("ab", "a", "b")] : [],
  });

describe("what the server says comes in through one door", () => {
  it("takes a node's last copy when one message carries two (a restore and the write after it): nothing is saved back", async () => {
    const { client, s, sent } = recordingClient({ nodes: [loaded("a", { title: "Shot", content: "take", rev: 5 })] });
    client.receive({
      type: "structure",
      clientId: "tab-2",
      nodes: [],
      restoredNodeIds: [],
      deletedNodeIds: ["a"],
      edgesAdded: [],
      edgesRemoved: [],
    });
    client.receive({
      type: "structure",
      clientId: "tab-2",
      nodes: [{ id: "a", type: "generic_v2", position: { x: 5, y: 5 } }],
      restoredNodeIds: ["a"],
      deletedNodeIds: [],
      edgesAdded: [],
      edgesRemoved: [],
    });
    client.receive({
      type: "nodes",
      clientId: "tab-2",
      nodes: [
        { id: "a", rev: 6, data: { title: "Shot", content: "take" } },
        { id: "a", rev: 7, data: { title: "Shot", content: "take", prompt: "dusk" } },
      ],
    });
    await client.flush();
    expect(s().nodes[0]!.data).toMatchObject({ title: "Shot", content: "take", prompt: "dusk", rev: 7 });
    expect(sent).toEqual([]);
  });

  it("keeps the higher revision when the server reports a conflict, and drops tombstoned nodes", async () => {
    let first = true;
    const { client, commands, s } = recordingClient({
      nodes: [loaded("a", { title: "Mine", rev: 1 }), loaded("b", { title: "Gone", rev: 1 })],
      answer: async (sent) => {
        if (sent.route !== "autosave" || !first) return { success: true, conflicts: [] };
        first = false;
        return {
          success: true,
          conflicts: [
            { nodeId: "a", rev: 9, nodeData: { title: "Theirs", rev: 9 } },
            { nodeId: "b", rev: 1, nodeData: null, deleted: true },
          ],
        };
      },
    });
    commands.updateNodeData("a", { content: "x" }, { immediate: true });
    commands.updateNodeData("b", { content: "y" }, { immediate: true });
    await client.flush();
    expect(s().nodes.map((n) => n.id)).toEqual(["a"]);
    // Our edit of another field survives on top of their copy, saved again above their revision.
    expect(s().nodes[0]!.data).toMatchObject({ title: "Theirs", content: "x", rev: 10 });
  });

  it("a refused write with nothing of ours missing from their copy saves their copy under its revision, so both end equal", async () => {
    let refusals = 0;
    const { client, commands, s, writes } = recordingClient({
      nodes: [loaded("a", { title: "Same", content: "x", rev: 2 })],
      answer: async (sent) => {
        if (updatesOf(sent).length === 0 || refusals++ > 0) return { success: true, conflicts: [] };
        // The server's copy is the one this tab knows, at a revision below the one it shows.
        return { success: true, conflicts: [{ nodeId: "a", rev: 2, nodeData: { title: "Same", content: "x", status: "idle", rev: 2 } }] };
      },
    });
    // An edit that changes nothing still raises the revision here; the server refuses it.
    commands.updateNodeData("a", { content: "x" }, { immediate: true });
    await client.flush();
    const shown = s().nodes[0]!.data;
    expect(shown).toMatchObject({ content: "x", rev: 3 });
    // Saved again under the revision shown, so the server and this tab end equal.
    expect(writes()).toHaveLength(2);
    expect(writes().at(-1)).toMatchObject({ prevRev: 2, nodeData: { content: "x", rev: 3 } });
    expect(client.hasPending()).toBe(false);
  });

  it("undoing a delete does not turn back what another person wrote to the node meanwhile", async () => {
    let refuse = false;
    const { client, commands, s, writes } = recordingClient({
      nodes: [loaded("a", { title: "Shot", description: "old", rev: 2 })],
      answer: async (sent) => {
        if (updatesOf(sent).length === 0) return { success: true };
        if (!refuse) return { success: true, conflicts: [] };
        refuse = false;
        return { success: true, conflicts: [{ nodeId: "a", rev: 3, nodeData: { title: "Shot", description: "theirs", rev: 3 } }] };
      },
    });
    commands.deleteNodes(["a"]);
    await client.flush();
    // Their edit reached the server before this tab's removal did; its live message came while the node was gone here.
    client.receive({ type: "nodes", clientId: "tab-2", nodes: [{ id: "a", rev: 3, data: { title: "Shot", description: "theirs" } }] });
    // And the other person removed it too: nothing is known here about its copy any more.
    client.receive({
      type: "structure",
      clientId: "tab-2",
      nodes: [],
      restoredNodeIds: [],
      deletedNodeIds: ["a"],
      edgesAdded: [],
      edgesRemoved: [],
    });
    refuse = true;
    commands.undo();
    await client.flush();
    expect(s().nodes[0]!.data).toMatchObject({ description: "theirs" });
    // The restore's own write (from the deleted copy) went once; no merge resaved "old" over theirs.
    expect(writes().filter((w) => (w.nodeData as { description?: string }).description === "old")).toHaveLength(1);
  });

  it("undoing a delete keeps what was unsent in the node and what another person wrote meanwhile under the same revision number", async () => {
    const server = revisionRule({ rev: 5, data: { title: "Their title", prompt: "" } });
    let online = false;
    const { client, commands } = recordingClient({
      nodes: [loaded("a", { title: "Untitled", prompt: "", rev: 4 })],
      answer: async (sent) => {
        if (!online) return offlineAnswer();
        return server.autosave(updatesOf(sent));
      },
    });
    // Offline: this tab types a prompt (its revision 5, unsent) while another person's title was stored as revision 5.
    commands.updateNodeData("a", { prompt: "mine" }, { immediate: true });
    await new Promise((r) => setTimeout(r, 20));
    commands.deleteNodes(["a"]);
    commands.undo();
    online = true;
    client.retryNow();
    for (let i = 0; i < 4; i++) await client.flush();
    expect(server.stored.data).toMatchObject({ title: "Their title", prompt: "mine" });
  });

  it("a node made here, refused because another person wrote it first, keeps their fields in the merge it saves", async () => {
    let refusals = 0;
    const { client, commands, s, writes } = recordingClient({
      answer: async (sent) => {
        if (updatesOf(sent).length === 0 || refusals++ > 0) return { success: true, conflicts: [] };
        // Their prompt landed first; this tab never saw it (its live message was missed while offline).
        const id = s().nodes[0]!.id;
        return { success: true, conflicts: [{ nodeId: id, rev: 1, nodeData: { title: "Untitled", prompt: "theirs", rev: 1 } }] };
      },
    });
    const id = commands.createNode()!;
    commands.updateNodeData(id, { content: "mine" }, { immediate: true });
    await client.flush();
    expect(s().nodes[0]!.data).toMatchObject({ prompt: "theirs", content: "mine" });
    expect(writes().at(-1)).toMatchObject({ nodeId: id, nodeData: { prompt: "theirs", content: "mine" } });
  });

  it("ignores a remote write older than what it shows, and takes a newer one when nothing is unsaved", async () => {
    const { client, commands, node } = recordingClient({
      nodes: [loaded("a", { title: "Shown", rev: 4 }), loaded("b", { title: "Old", rev: 1 })],
    });
    commands.updateNodeData("a", { title: "Mine" });
    client.receive({ type: "nodes", nodes: [{ id: "a", rev: 3, data: { title: "Older" } }] });
    expect(node("a").data.title).toBe("Mine");
    client.receive({ type: "nodes", nodes: [{ id: "b", rev: 5, data: { title: "Newer" } }] });
    expect(node("b").data).toEqual({ title: "Newer", rev: 5 });
    await client.flush();
  });

  it("merges another client's write with this client's unsaved edits of other fields, and saves the result", async () => {
    const { client, commands, node, writes } = recordingClient({ nodes: [loaded("a", { title: "Untitled", rev: 1 })] });
    commands.updateNodeData("a", { prompt: "a lighthouse at dusk" });
    client.receive({ type: "nodes", nodes: [{ id: "a", rev: 2, data: { title: "Opening", rev: 2 } }] });
    expect(node("a").data).toMatchObject({ title: "Opening", prompt: "a lighthouse at dusk", rev: 3 });
    await client.flush();
    expect(writes().at(-1)).toMatchObject({ nodeId: "a", nodeData: { title: "Opening", prompt: "a lighthouse at dusk", rev: 3 } });
  });

  it("takes a generation's result while keeping a prompt typed meanwhile", async () => {
    const { client, commands, node, writes } = recordingClient({ nodes: [loaded("a", { prompt: "a fox", status: "idle", rev: 1 })] });
    commands.updateNodeData("a", { prompt: "a fox in snow" });
    client.receive({
      type: "nodes",
      origin: "generation",
      nodes: [{ id: "a", rev: 3, data: { prompt: "a fox", status: "completed", mediaUrl: "/api/media/m1", rev: 3 } }],
    });
    expect(node("a").data).toMatchObject({ prompt: "a fox in snow", status: "completed", mediaUrl: "/api/media/m1", rev: 4 });
    await client.flush();
    expect(writes().at(-1)).toMatchObject({ nodeId: "a", nodeData: { prompt: "a fox in snow", mediaUrl: "/api/media/m1" } });
  });

  it("keeps a generation's result when the run's earlier 'generating' copy is heard after a conflict brought the result", async () => {
    // The storyboard's flake (CI, Generate all): a context edit in flight is refused with the finished copy,
    // and the live message of the run's start comes after it. Its 'generating' must not be saved back.
    const answers: ((a: AutosaveResponse) => void)[] = [];
    const { client, commands, node, writes } = recordingClient({
      nodes: [loaded("shot", { title: "Shot 6", status: "idle", rev: 1 })],
      answer: (sent) =>
        sent.route === "autosave" ? new Promise<AutosaveResponse>((resolve) => answers.push(resolve)) : Promise.resolve({ success: true }),
    });
    commands.updateNodeData("shot", { contextData: ["maya", "daniel"] }, { immediate: true });
    await new Promise((r) => setTimeout(r, 0));
    const generating: NodeData = { title: "Shot 6", status: "generating", generationId: "g1", rev: 3 };
    const completed: NodeData = { ...generating, status: "completed", mediaUrl: "/api/media/m1", rev: 5 };
    answers.shift()!({ success: true, conflicts: [{ nodeId: "shot", rev: 5, nodeData: completed }] });
    await new Promise((r) => setTimeout(r, 0));
    client.receive({ type: "nodes", origin: "generation", nodes: [{ id: "shot", rev: 3, data: generating }] });
    client.receive({ type: "nodes", origin: "generation", nodes: [{ id: "shot", rev: 5, data: completed }] });
    while (answers.length) answers.shift()!({ success: true, conflicts: [] });
    await client.flush();
    expect(node("shot").data).toMatchObject({ status: "completed", mediaUrl: "/api/media/m1", contextData: ["maya", "daniel"] });
    expect(writes().at(-1)).toMatchObject({
      nodeId: "shot",
      nodeData: { status: "completed", mediaUrl: "/api/media/m1", contextData: ["maya", "daniel"] },
    });
    expect(writes().filter((w) => w.nodeData.status === "generating")).toEqual([]);
  });

  it("keeps a generation's result when a conflict's answer brings the run's earlier 'generating' copy after the result was heard", async () => {
    // The other order: the live message of the result overtakes the answer of a write refused before it.
    const answers: ((a: AutosaveResponse) => void)[] = [];
    const { client, commands, node, writes } = recordingClient({
      nodes: [loaded("shot", { title: "Shot 6", status: "idle", rev: 1 })],
      answer: (sent) =>
        sent.route === "autosave" ? new Promise<AutosaveResponse>((resolve) => answers.push(resolve)) : Promise.resolve({ success: true }),
    });
    commands.updateNodeData("shot", { contextData: ["maya", "daniel"] }, { immediate: true });
    await new Promise((r) => setTimeout(r, 0));
    const generating: NodeData = { title: "Shot 6", status: "generating", generationId: "g1", rev: 3 };
    const completed: NodeData = { ...generating, status: "completed", mediaUrl: "/api/media/m1", rev: 5 };
    client.receive({ type: "nodes", origin: "generation", nodes: [{ id: "shot", rev: 5, data: completed }] });
    answers.shift()!({ success: true, conflicts: [{ nodeId: "shot", rev: 3, nodeData: generating }] });
    for (let i = 0; i < 5; i++) {
      await new Promise((r) => setTimeout(r, 0));
      while (answers.length) answers.shift()!({ success: true, conflicts: [] });
    }
    await client.flush();
    expect(node("shot").data).toMatchObject({ status: "completed", mediaUrl: "/api/media/m1", contextData: ["maya", "daniel"] });
    expect(writes().at(-1)).toMatchObject({
      nodeId: "shot",
      nodeData: { status: "completed", mediaUrl: "/api/media/m1", contextData: ["maya", "daniel"] },
    });
  });

  it("a view-only member shows the server's copy and sends nothing", async () => {
    const { client, node, sent } = recordingClient({ canEdit: false, nodes: [loaded("a", { title: "Old", rev: 1 })] });
    client.receive({ type: "nodes", nodes: [{ id: "a", rev: 2, data: { title: "New" } }] });
    client.receive({
      type: "structure",
      nodes: [{ id: "b", type: "generic_v2", position: { x: 5, y: 5 } }],
      restoredNodeIds: [],
      deletedNodeIds: [],
      edgesAdded: [{ id: "e", source: "a", target: "b" }],
      edgesRemoved: [],
    });
    await client.flush();
    expect(node("a").data).toMatchObject({ title: "New", rev: 2 });
    expect(client.store.getState().edges).toHaveLength(1);
    expect(sent).toEqual([]);
  });

  it("keeps a place it has not sent yet over an older one from another person (its move reaches the server after)", () => {
    const { client, commands, node } = recordingClient({
      answer: () => new Promise(() => {}),
      nodes: [loaded("a", { title: "A", rev: 1 }), loaded("b", { title: "B", rev: 1 })],
    });
    commands.moveNodes([{ id: "a", position: { x: 300, y: 300 } }]);
    client.receive({
      type: "structure",
      nodes: [
        { id: "a", type: "generic_v2", position: { x: 9, y: 9 } },
        { id: "b", type: "generic_v2", position: { x: 7, y: 7 } },
      ],
      restoredNodeIds: [],
      deletedNodeIds: [],
      edgesAdded: [],
      edgesRemoved: [],
    });
    expect(node("a").position).toEqual({ x: 300, y: 300 });
    expect(node("b").position).toEqual({ x: 7, y: 7 });
    client.resync({
      nodes: [
        { id: "a", type: "generic_v2", position: { x: 9, y: 9 }, data: { title: "A" }, rev: 1 },
        { id: "b", type: "generic_v2", position: { x: 7, y: 7 }, data: { title: "B" }, rev: 1 },
      ],
      edges: [],
    });
    expect(node("a").position).toEqual({ x: 300, y: 300 });
  });

  it("its own removal coming back takes the edges the server removed with the node, except edges it has pending", () => {
    const { client, commands, s } = recordingClient({
      answer: () => new Promise(() => {}),
      nodes: [loaded("a", { title: "A", rev: 1 }), loaded("b", { title: "B", rev: 1 }), loaded("c", { title: "C", rev: 1 })],
      edges: [edge("drawn-elsewhere", "a", "b")],
    });
    commands.connect({ source: "a", target: "c" }); // pending here
    const pending = s().edges.find((e) => e.target === "c")!.id;
    // This tab removed "a" and put it back; between the two, the server removed "a" with both edges.
    client.receive({
      type: "structure",
      clientId: "tab-1",
      nodes: [],
      restoredNodeIds: [],
      deletedNodeIds: ["a"],
      edgesAdded: [],
      edgesRemoved: ["drawn-elsewhere", pending],
    });
    expect(s().nodes.map((n) => n.id)).toContain("a"); // the tab's own restore is newer than the echo
    expect(s().edges.map((e) => e.id)).toEqual([pending]);
  });

  it("its removal not sent yet wins over another person's restore of the node (it reaches the server after)", async () => {
    const { client, commands, s } = recordingClient({
      answer: offlineAnswer,
      nodes: [loaded("a", { title: "A", rev: 1 }), loaded("b", { title: "B", rev: 1 })],
    });
    commands.deleteNodes(["b"]);
    await new Promise((r) => setTimeout(r, 20)); // tried once, waiting to retry
    client.receive({
      type: "structure",
      clientId: "tab-2",
      nodes: [{ id: "b", type: "generic_v2", position: { x: 0, y: 0 } }],
      restoredNodeIds: ["b"],
      deletedNodeIds: [],
      edgesAdded: [],
      edgesRemoved: [],
    });
    expect(s().nodes.map((n) => n.id)).toEqual(["a"]);
    commands.undo(); // now its restore is queued: another person's removal does not hide the node
    client.receive({
      type: "structure",
      clientId: "tab-2",
      nodes: [],
      restoredNodeIds: [],
      deletedNodeIds: ["b"],
      edgesAdded: [],
      edgesRemoved: [],
    });
    expect(
      s()
        .nodes.map((n) => n.id)
        .sort(),
    ).toEqual(["a", "b"]);
  });

  it("its removal in flight, heard back after another person's restore, removes the node again", async () => {
    const { client, commands, s } = recordingClient({ answer: () => new Promise(() => {}), nodes: [loaded("a", { title: "A", rev: 1 })] });
    commands.deleteNodes(["a"]);
    await new Promise((r) => setTimeout(r, 0)); // sent; no answer yet
    client.receive({
      type: "structure",
      clientId: "tab-2",
      nodes: [{ id: "a", type: "generic_v2", position: { x: 0, y: 0 } }],
      restoredNodeIds: ["a"],
      deletedNodeIds: [],
      edgesAdded: [],
      edgesRemoved: [],
    });
    expect(s().nodes.map((n) => n.id)).toEqual(["a"]); // the server may have taken the removal first
    client.receive({
      type: "structure",
      clientId: "tab-1",
      nodes: [],
      restoredNodeIds: [],
      deletedNodeIds: ["a"],
      edgesAdded: [],
      edgesRemoved: [],
    });
    expect(s().nodes).toEqual([]);
  });

  it("its edge removal not sent yet wins over another person drawing the edge again (it reaches the server after)", async () => {
    const { client, commands, s } = twoNodes(offlineAnswer);
    commands.disconnect(["ab"]);
    await new Promise((r) => setTimeout(r, 20)); // tried once, waiting to retry
    client.receive(edgesMessage("tab-2", { added: ["ab"] }));
    expect(s().edges).toEqual([]);
  });

  it("its edge removal in flight, heard back after another person drew the edge again, removes it again", async () => {
    const { client, commands, s } = twoNodes(() => new Promise(() => {}));
    commands.disconnect(["ab"]);
    await new Promise((r) => setTimeout(r, 0)); // sent; no answer yet
    client.receive(edgesMessage("tab-2", { added: ["ab"] }));
    expect(s().edges.map((e) => e.id)).toEqual(["ab"]); // the server may have taken the removal first
    client.receive(edgesMessage("tab-1", { removed: ["ab"] }));
    expect(s().edges).toEqual([]);
  });

  it("its unsent drawing of an edge (an undo here) wins over another person's removal of it", async () => {
    const { client, commands, s } = twoNodes(offlineAnswer);
    commands.disconnect(["ab"]);
    commands.undo();
    await new Promise((r) => setTimeout(r, 20)); // tried once, waiting to retry
    client.receive(edgesMessage("tab-2", { removed: ["ab"] }));
    expect(s().edges.map((e) => e.id)).toEqual(["ab"]);
  });

  it("its drawing of an edge in flight, echoed after another person's removal of it, shows it again", async () => {
    const { client, commands, s } = twoNodes(() => new Promise(() => {}), false);
    commands.connect({ source: "a", target: "b" });
    await new Promise((r) => setTimeout(r, 0)); // sent; no answer yet
    const drawn = s().edges[0]!;
    client.receive(edgesMessage("tab-2", { removed: [drawn.id] }));
    expect(s().edges).toEqual([]); // the server may have taken the removal after the drawing
    client.receive(edgesMessage("tab-1", { added: [drawn.id] }));
    expect(s().edges.map((e) => e.id)).toEqual([drawn.id]);
  });

  it("an unsent edge to a node removed elsewhere is not sent, even when the node comes back before it would be", async () => {
    let online = false;
    const { client, commands, s, structures } = recordingClient({
      answer: async (sent) => {
        if (!online) throw new ApiError(0, "network", "offline");
        return sent.route === "autosave" ? { success: true, conflicts: [] } : { success: true };
      },
      nodes: [loaded("a", { title: "A", rev: 1 }), loaded("b", { title: "B", rev: 1 })],
    });
    commands.connect({ source: "a", target: "b" });
    await new Promise((r) => setTimeout(r, 20));
    client.receive({
      type: "structure",
      clientId: "tab-2",
      nodes: [],
      restoredNodeIds: [],
      deletedNodeIds: ["b"],
      edgesAdded: [],
      edgesRemoved: [],
    });
    client.receive({
      type: "structure",
      clientId: "tab-2",
      nodes: [{ id: "b", type: "generic_v2", position: { x: 0, y: 0 } }],
      restoredNodeIds: ["b"],
      deletedNodeIds: [],
      edgesAdded: [],
      edgesRemoved: [],
    });
    expect(s().edges).toEqual([]);
    const tried = structures().length;
    online = true;
    client.retryNow();
    await client.flush();
    expect(
      structures()
        .slice(tried)
        .flatMap((b) => b.edgesAdded),
    ).toEqual([]);
    expect(client.hasPending()).toBe(false);
  });

  it("refuses a canvas read that a live message overtook (the read may predate it)", () => {
    const { client, s } = recordingClient({ nodes: [loaded("a", { title: "A", rev: 1 })] });
    const mark = client.syncMark();
    client.receive({
      type: "structure",
      nodes: [{ id: "b", type: "generic_v2", position: { x: 0, y: 0 } }],
      restoredNodeIds: [],
      deletedNodeIds: [],
      edgesAdded: [],
      edgesRemoved: [],
    });
    // The read was answered before "b" was added: taking it would remove "b".
    expect(
      client.resync({ nodes: [{ id: "a", type: "generic_v2", position: { x: 0, y: 0 }, data: { title: "A" }, rev: 1 }], edges: [] }, mark),
    ).toBe(false);
    expect(
      s()
        .nodes.map((n) => n.id)
        .sort(),
    ).toEqual(["a", "b"]);
  });

  it("takes a read the canvas kept overtaking, then what it heard meanwhile again, so a node added after the read stays", () => {
    const { client, s } = recordingClient({ nodes: [loaded("a", { title: "A", rev: 1 })] });
    client.syncMark();
    client.receive({
      type: "structure",
      clientId: "tab-2",
      nodes: [{ id: "b", type: "generic_v2", position: { x: 5, y: 5 } }],
      restoredNodeIds: [],
      deletedNodeIds: [],
      edgesAdded: [],
      edgesRemoved: [],
    });
    client.receive({ type: "nodes", clientId: "tab-2", nodes: [{ id: "b", rev: 1, data: { title: "B", rev: 1 } }] });
    client.receive({
      type: "structure",
      clientId: "tab-2",
      nodes: [],
      restoredNodeIds: [],
      deletedNodeIds: ["a"],
      edgesAdded: [],
      edgesRemoved: [],
    });
    // The last try is taken without a mark: this read was answered before "b" was added and "a" removed.
    expect(
      client.resync({ nodes: [{ id: "a", type: "generic_v2", position: { x: 0, y: 0 }, data: { title: "A" }, rev: 1 }], edges: [] }),
    ).toBe(true);
    expect(s().nodes.map((n) => [n.id, n.data.title, n.position])).toEqual([["b", "B", { x: 5, y: 5 }]]);
  });

  it("after a reconnect takes the server's canvas, except what it has not sent yet", () => {
    const { client, commands, s } = recordingClient({
      answer: () => new Promise(() => {}), // nothing is ever answered: everything stays unsent
      nodes: [loaded("kept", { title: "Kept", rev: 1 }), loaded("gone", { title: "Deleted elsewhere", rev: 1 })],
    });
    const mine = commands.createNode()!;
    client.resync({
      nodes: [
        { id: "kept", type: "generic_v2", position: { x: 9, y: 9 }, data: { title: "Renamed" }, rev: 2 },
        { id: "new", type: "generic_v2", position: { x: 1, y: 1 }, data: { title: "New there" }, rev: 1 },
      ],
      edges: [],
    });
    expect(
      s()
        .nodes.map((n) => [n.id, n.data.title])
        .sort(),
    ).toEqual(
      [
        ["kept", "Renamed"],
        [mine, "Untitled"],
        ["new", "New there"],
      ].sort(),
    );
    expect(s().nodes.find((n) => n.id === "kept")!.position).toEqual({ x: 9, y: 9 });
  });
});
