/** Inside an open subgraph (issue 34, 3): Run on an inner node goes to the graph run API by its address. */
import { describe, expect, it } from "vitest";
import type { GraphRunRequest } from "../generation/graphRuns";
import type { CanvasContextValue } from "../store/useCanvas";
import type { StudioNode } from "../store/canvasStore";
import { recordingClient } from "../testing/recordingClient";
import { createInnerCanvas } from "./innerCanvas";

const inner = (id: string, x: number) => ({
  id,
  type: "generic_v2",
  position: { x, y: 0 },
  data: { title: id.toUpperCase(), prompt: `p-${id}`, selectedModel: "local/sketch", contentType: "image" },
});
const subgraphNode: StudioNode = {
  id: "sg",
  type: "subgraph",
  position: { x: 0, y: 0 },
  data: {
    title: "Block",
    rev: 1,
    subgraph: {
      name: "Block",
      nodes: [inner("a", 0), inner("b", 500)],
      edges: [{ id: "e", source: "a", target: "b", sourceHandle: null, targetHandle: null }],
      inputs: [],
      outputs: [],
    },
  } as StudioNode["data"],
};

function open() {
  const { client } = recordingClient({ nodes: [subgraphNode] });
  const started: GraphRunRequest[] = [];
  const ranOutside: (string | null)[] = [];
  const generation = {
    graph: {
      start: async (request: GraphRunRequest) => {
        started.push(request);
        return null;
      },
    },
    run: async (id: string | null) => {
      ranOutside.push(id);
      return null;
    },
  } as unknown as CanvasContextValue["generation"];
  const outer: CanvasContextValue = {
    store: client.store,
    session: client.session,
    sessionActions: client.sessionActions,
    commands: client.commands,
    generation,
    agent: {} as CanvasContextValue["agent"],
    view: { fitAll: () => {}, zoomToSelection: () => {} },
  };
  return { ctx: createInnerCanvas(outer, "sg")!, started, ranOutside };
}

describe("runs inside an open subgraph", () => {
  it("Run on an inner node is Run selected on its <subgraph>~<inner> address, never a run of an id the canvas lacks", async () => {
    const { ctx, started, ranOutside } = open();
    await ctx.generation.run("b");
    expect(started).toEqual([expect.objectContaining({ scope: "selected", nodeIds: ["sg~b"] })]);
    expect(ranOutside).toEqual([]);
    await ctx.generation.runFromHere("a");
    expect(started.at(-1)).toMatchObject({ scope: "downstream", nodeIds: ["sg~a"] });
    ctx.dispose();
  });
});
