import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHarness, projectWithViewer, type Harness, type TestUser } from "../test/harness";

let h: Harness;
let owner: TestUser;
let viewer: TestUser;
let stranger: TestUser;
let projectId: string;

beforeAll(async () => {
  h = await createHarness();
  ({ owner, viewer, stranger, projectId } = await projectWithViewer(h, "Feature"));
});
afterAll(() => h.close());

const el = (id: string, type: string, content: string) => ({ id, type, content });

describe("scripts", () => {
  it("creates a screenplay, saves elements, lists it with a preview, and reads it back", async () => {
    const created = await h.call(owner, "POST", `/api/projects/${projectId}/scripts`, { name: "  Night Swim  " });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: "Night Swim", fileType: "screenplay", elements: [], version: 1 });
    const elements = Array.from({ length: 12 }, (_, i) => el(`e${i}`, i === 0 ? "slug" : "action", `Line ${i}`));
    const saved = await h.call(owner, "PUT", `/api/scripts/${created.body.id}`, { elements, metadata: { wordCount: 24 }, baseVersion: 1 });
    expect(saved.status).toBe(200);
    expect(saved.body.version).toBe(2);
    const list = await h.call(owner, "GET", `/api/projects/${projectId}/scripts`);
    expect(list.body.scripts[0]).toMatchObject({ id: created.body.id, name: "Night Swim" });
    expect(list.body.scripts[0].preview).toHaveLength(10);
    const read = await h.call(viewer, "GET", `/api/scripts/${created.body.id}`);
    expect(read.body).toMatchObject({ elements, permission: "view", metadata: { wordCount: 24 } });
  });

  it("renames from the card without taking a version (an open editor saves on), and refuses a blank name or a viewer", async () => {
    const { body: s } = await h.call(owner, "POST", `/api/projects/${projectId}/scripts`, { name: "diner" });
    const renamed = await h.call(owner, "PATCH", `/api/scripts/${s.id}`, { name: "  Bridge  " });
    expect(renamed).toMatchObject({ status: 200, body: { name: "Bridge", version: 1 } });
    expect(
      (await h.call(owner, "PUT", `/api/scripts/${s.id}`, { elements: [el("a", "action", "still mine")], baseVersion: 1 })).status,
    ).toBe(200);
    expect(await h.call(owner, "PATCH", `/api/scripts/${s.id}`, { name: "   " })).toMatchObject({
      status: 400,
      body: { error: "Script name is required" },
    });
    expect((await h.call(viewer, "PATCH", `/api/scripts/${s.id}`, { name: "Mine now" })).status).toBe(403);
    expect((await h.call(owner, "GET", `/api/scripts/${s.id}`)).body.name).toBe("Bridge");
  });

  it("refuses a save based on an older version (another window saved first)", async () => {
    const { body: s } = await h.call(owner, "POST", `/api/projects/${projectId}/scripts`, { name: "Race" });
    await h.call(owner, "PUT", `/api/scripts/${s.id}`, { elements: [el("a", "action", "first")], baseVersion: 1 });
    const stale = await h.call(owner, "PUT", `/api/scripts/${s.id}`, { elements: [el("a", "action", "stale")], baseVersion: 1 });
    expect(stale.status).toBe(409);
    expect((await h.call(owner, "GET", `/api/scripts/${s.id}`)).body.elements[0].content).toBe("first");
  });

  it("refuses bad input with a clear message", async () => {
    expect((await h.call(owner, "POST", `/api/projects/${projectId}/scripts`, { name: " " })).body.error).toBe("Script name is required");
    expect((await h.call(owner, "POST", `/api/projects/${projectId}/scripts`, { name: "x", fileType: "poem" })).status).toBe(400);
    const { body: s } = await h.call(owner, "POST", `/api/projects/${projectId}/scripts`, { name: "Bad" });
    const bad = await h.call(owner, "PUT", `/api/scripts/${s.id}`, {
      elements: [{ id: "x", type: "song", content: "la" }],
      baseVersion: 1,
    });
    expect(bad.status).toBe(400);
    // A save that names no version would silently overwrite whatever was saved meanwhile.
    const unversioned = await h.call(owner, "PUT", `/api/scripts/${s.id}`, { elements: [] });
    expect(unversioned.body).toEqual({ error: "baseVersion is required: the version this save was made from", code: "bad_request" });
    expect((await h.call(owner, "GET", "/api/scripts/00000000-0000-4000-8000-000000000000")).body).toEqual({
      error: "Script not found",
      code: "not_found",
    });
  });

  it("lets a view-only member read but not write, and gives a stranger nothing", async () => {
    const { body: s } = await h.call(owner, "POST", `/api/projects/${projectId}/scripts`, { name: "Guarded" });
    expect((await h.call(viewer, "PUT", `/api/scripts/${s.id}`, { elements: [], baseVersion: 1 })).status).toBe(403);
    expect((await h.call(viewer, "DELETE", `/api/scripts/${s.id}`)).status).toBe(403);
    expect((await h.call(viewer, "POST", `/api/projects/${projectId}/scripts`, { name: "Mine" })).status).toBe(403);
    expect((await h.call(stranger, "GET", `/api/scripts/${s.id}`)).status).toBe(403);
    expect((await h.call(stranger, "GET", `/api/projects/${projectId}/scripts`)).status).toBe(403);
  });

  it("deletes a script", async () => {
    const { body: s } = await h.call(owner, "POST", `/api/projects/${projectId}/scripts`, { name: "Gone", fileType: "note" });
    expect((await h.call(owner, "DELETE", `/api/scripts/${s.id}`)).status).toBe(200);
    expect((await h.call(owner, "GET", `/api/scripts/${s.id}`)).status).toBe(404);
  });
});
