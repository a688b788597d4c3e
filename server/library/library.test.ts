/**
 * The library of reusable blocks (issue 34, 3) through the API: save a project's subgraph with a name and
 * description, list it, prepare it for another project with the workflow files' missing-model check, and
 * who may do what (viewers of a project may keep a copy but never insert into it; strangers get nothing).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LIBRARY_MESSAGES } from "../../domain/library/api";
import { COMPATIBILITY_MESSAGES } from "../../domain/workflowFile/compatibility";
import { createHarness, projectWithViewer, type Harness, type TestUser } from "../test/harness";
import { saveSubgraphProject } from "./libraryTesting";

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => h?.close());

const projectWithSubgraph = (user: TestUser, projectId?: string) => saveSubgraphProject(h, user, projectId);

describe("library blocks (issue 34, 3)", () => {
  it("saves a subgraph with its prompts and models (no results), lists it, and prepares it for another project with the missing-model check", async () => {
    const user = await h.signUp();
    const projectId = await projectWithSubgraph(user);
    const saved = await h.call(user, "POST", "/api/library/blocks", {
      projectId,
      nodeId: "sg",
      name: " character turnaround ",
      description: "Front, side, back",
    });
    expect(saved.status).toBe(201);
    expect(saved.body).toMatchObject({
      name: "character turnaround",
      description: "Front, side, back",
      nodeCount: 2,
      models: ["local/sketch", "someone/else-model"],
    });
    // The same name again is refused; a plain node cannot be saved.
    expect((await h.call(user, "POST", "/api/library/blocks", { projectId, nodeId: "sg", name: "character turnaround" })).body.error).toBe(
      LIBRARY_MESSAGES.nameTaken,
    );
    // Names differ by more than case (the agent finds a block by its name in any case).
    expect((await h.call(user, "POST", "/api/library/blocks", { projectId, nodeId: "sg", name: "Character Turnaround" })).status).toBe(409);
    const list = await h.call(user, "GET", "/api/library/blocks");
    expect(list.body.blocks.map((b: { name: string }) => b.name)).toEqual(["character turnaround"]);

    const other = (await h.call(user, "POST", "/api/projects", { name: "Other" })).body.id as string;
    const prepared = await h.call(user, "POST", `/api/projects/${other}/library/${saved.body.id}/prepare`);
    expect(prepared.status).toBe(200);
    expect(prepared.body.subgraph.name).toBe("character turnaround");
    const sketch = prepared.body.subgraph.nodes.find((n: { id: string }) => n.id === "sketch");
    expect(sketch.data).toMatchObject({ prompt: "character turnaround", selectedModel: "local/sketch" });
    expect(sketch.data.mediaUrl).toBeUndefined();
    expect(sketch.data.status).not.toBe("completed");
    expect(prepared.body.issues).toEqual([
      expect.objectContaining({
        nodeId: "odd",
        kind: "model",
        id: "someone/else-model",
        problem: "unknown",
        reason: COMPATIBILITY_MESSAGES.unknownModel,
      }),
    ]);

    expect((await h.call(user, "DELETE", `/api/library/blocks/${saved.body.id}`)).status).toBe(204);
    expect((await h.call(user, "GET", "/api/library/blocks")).body.blocks).toEqual([]);
  });

  it("refuses bad input with the schema's words and changes nothing", async () => {
    const user = await h.signUp();
    const projectId = await projectWithSubgraph(user);
    expect((await h.call(user, "POST", "/api/library/blocks", { projectId, nodeId: "sg", name: "   " })).body.error).toContain(
      "Block name cannot be empty",
    );
    const plain = await h.call(user, "POST", "/api/library/blocks", { projectId, nodeId: "nope", name: "X" });
    expect(plain.status).toBe(400);
    expect(plain.body.error).toBe(LIBRARY_MESSAGES.notSubgraph);
    expect((await h.call(user, "GET", "/api/library/blocks")).body.blocks).toEqual([]);
  });

  it("viewers may keep a copy but never insert into the project; strangers get nothing; a block is only its owner's", async () => {
    const { owner, viewer, stranger, projectId } = await projectWithViewer(h);
    await projectWithSubgraph(owner, projectId);
    const mine = await h.call(owner, "POST", "/api/library/blocks", { projectId, nodeId: "sg", name: "Mine" });
    expect(mine.status).toBe(201);
    // A stranger cannot save from the project, see the owner's block, prepare or delete it.
    expect((await h.call(stranger, "POST", "/api/library/blocks", { projectId, nodeId: "sg", name: "Stolen" })).status).toBe(403);
    expect((await h.call(stranger, "GET", "/api/library/blocks")).body.blocks).toEqual([]);
    const strangerProject = (await h.call(stranger, "POST", "/api/projects", { name: "Theirs" })).body.id as string;
    expect((await h.call(stranger, "POST", `/api/projects/${strangerProject}/library/${mine.body.id}/prepare`)).status).toBe(404);
    expect((await h.call(stranger, "DELETE", `/api/library/blocks/${mine.body.id}`)).status).toBe(404);
    // A viewer sees the project, so may keep a copy in their own library, but may not insert into it.
    const copy = await h.call(viewer, "POST", "/api/library/blocks", { projectId, nodeId: "sg", name: "Viewer copy" });
    expect(copy.status).toBe(201);
    expect((await h.call(viewer, "POST", `/api/projects/${projectId}/library/${copy.body.id}/prepare`)).status).toBe(403);
    expect((await h.call(owner, "GET", "/api/library/blocks")).body.blocks.map((b: { name: string }) => b.name)).toEqual(["Mine"]);
  });
});
