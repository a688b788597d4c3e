import { describe, expect, it } from "vitest";
import { loaded } from "./testing/canvasTestKit";
import { recordingClient } from "./testing/recordingClient";

describe("a node whose data reaches this tab before its place", () => {
  // Fuzz seeds 23 and 27: a reloaded page resent its paste's data before the paste's structure; the autosave
  // created the nodes, so their data was published first, and the structure after it showed empty nodes.
  const data = { title: "Pasted", content: "the pier at dawn", rev: 1 };
  const dataMessage = { type: "nodes" as const, clientId: "tab-2", nodes: [{ id: "p1", rev: 1, data }] };
  const placeMessage = {
    type: "structure" as const,
    clientId: "tab-2",
    nodes: [{ id: "p1", type: "generic_v2", position: { x: 300, y: 120 } }],
    restoredNodeIds: [],
    deletedNodeIds: [],
    edgesAdded: [],
    edgesRemoved: [],
  };

  it("shows the node with its data, and its place once the structure comes", () => {
    const { client, node } = recordingClient();
    client.receive(dataMessage);
    expect(node("p1").data).toMatchObject({ content: "the pier at dawn", rev: 1 });
    client.receive(placeMessage);
    expect(node("p1")).toMatchObject({ position: { x: 300, y: 120 }, data: { content: "the pier at dawn", rev: 1 } });
  });

  it("also when both came while a read was under way that did not have the node", () => {
    const { client, node } = recordingClient();
    client.syncMark();
    client.receive(dataMessage);
    client.receive(placeMessage);
    expect(client.resync({ nodes: [], edges: [] })).toBe(true);
    expect(node("p1")).toMatchObject({ position: { x: 300, y: 120 }, data: { content: "the pier at dawn", rev: 1 } });
  });

  it("does not bring back a node removed here", () => {
    const { client, commands, s } = recordingClient({ nodes: [loaded("p1", { title: "Mine", rev: 1 })] });
    commands.deleteNodes(["p1"]);
    client.receive({ ...dataMessage, nodes: [{ id: "p1", rev: 2, data: { ...data, rev: 2 } }] });
    expect(s().nodes).toEqual([]);
  });
});
