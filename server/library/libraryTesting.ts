/** The library's API tests' project: a subgraph `sg` saved on a project's canvas (through the ordinary routes). */
import { expect } from "vitest";
import type { NodeRecord } from "../../domain/canvas/changes";
import { convertToSubgraph } from "../../domain/canvas/subgraph";
import type { Harness, TestUser } from "../test/harness";

const node = (id: string, x: number, data: Record<string, unknown>): NodeRecord => ({
  id,
  type: "generic_v2",
  position: { x, y: 0 },
  data: { title: id, rev: 1, ...data },
});

/** A project holding a subgraph `sg` of a sketch node and a node of a model this studio does not have. */
export async function saveSubgraphProject(h: Harness, user: TestUser, projectId?: string) {
  projectId ??= (await h.call(user, "POST", "/api/projects", { name: `L ${Math.random()}` })).body.id as string;
  const plain = {
    nodes: [
      node("sketch", 0, {
        title: "Turnaround",
        prompt: "character turnaround",
        selectedModel: "local/sketch",
        contentType: "image",
        status: "completed",
        mediaUrl: "/api/media/abc",
      }),
      node("odd", 500, { title: "Odd", prompt: "x", selectedModel: "someone/else-model", contentType: "image" }),
    ],
    edges: [{ id: "e", source: "sketch", target: "odd" }],
  };
  const made = convertToSubgraph(["sketch", "odd"], plain, "sg", "Turnaround block");
  if (!made.ok) throw new Error(made.error);
  const sg = made.conversion.node;
  await h.call(user, "POST", `/api/projects/${projectId}/structure`, { nodes: [{ id: sg.id, type: sg.type, position: sg.position }] });
  const saved = await h.call(user, "POST", "/api/workflows/autosave", {
    projectId,
    updates: [{ nodeId: sg.id, prevRev: 0, nodeData: sg.data }],
  });
  expect(saved.status).toBe(200);
  return projectId;
}
