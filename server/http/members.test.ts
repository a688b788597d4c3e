import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHarness, type Harness, type TestUser } from "../test/harness";

let h: Harness;
let owner: TestUser;
let viewer: TestUser;
let editor: TestUser;
let stranger: TestUser;
let projectId: string;

beforeAll(async () => {
  h = await createHarness();
  [owner, viewer, editor, stranger] = await Promise.all([h.signUp("Owner"), h.signUp("Viewer"), h.signUp("Editor"), h.signUp("Stranger")]);
  projectId = (await h.call(owner, "POST", "/api/projects", { name: "Shared Film" })).body.id;
});
afterAll(() => h.close());

const share = (email: string, permission: string, as: TestUser = owner) =>
  h.call(as, "POST", `/api/projects/${projectId}/members`, { email, permission });

describe("sharing a project", () => {
  it("the owner shares by e-mail as view or edit; the member sees it with that permission", async () => {
    const v = await share(viewer.email.toUpperCase(), "view");
    expect(v.status).toBe(201);
    expect(v.body).toMatchObject({ userId: viewer.id, email: viewer.email, permission: "view" });
    expect((await share(editor.email, "edit")).status).toBe(201);

    const list = await h.call(owner, "GET", `/api/projects/${projectId}/members`);
    expect(list.body.members.map((m: { userId: string; permission: string }) => [m.userId, m.permission])).toEqual([
      [viewer.id, "view"],
      [editor.id, "edit"],
    ]);

    const viewersList = await h.call(viewer, "GET", "/api/projects");
    expect(viewersList.body.projects).toEqual([expect.objectContaining({ id: projectId, permission: "view", ownerName: "Owner" })]);
    expect((await h.call(editor, "GET", `/api/projects/${projectId}`)).body.permission).toBe("edit");
  });

  it("a view-only member can look but not write", async () => {
    expect((await h.call(viewer, "GET", `/api/projects/${projectId}`)).status).toBe(200);
    const rename = await h.call(viewer, "PATCH", `/api/projects/${projectId}`, { name: "Hijacked" });
    expect(rename).toEqual({ status: 403, body: { error: "You have view-only access to this project", code: "forbidden" } });
    expect((await h.call(viewer, "DELETE", `/api/projects/${projectId}`)).status).toBe(403);
    expect((await h.call(owner, "GET", `/api/projects/${projectId}`)).body.name).toBe("Shared Film");
  });

  it("an edit member can rename but not delete or share", async () => {
    expect((await h.call(editor, "PATCH", `/api/projects/${projectId}`, { description: "notes" })).status).toBe(200);
    expect((await h.call(editor, "DELETE", `/api/projects/${projectId}`)).status).toBe(403);
    expect((await share(stranger.email, "edit", editor)).status).toBe(403);
    expect((await h.call(editor, "GET", `/api/projects/${projectId}/members`)).status).toBe(403);
  });

  it("strangers get nothing", async () => {
    expect((await h.call(stranger, "GET", `/api/projects/${projectId}`)).status).toBe(403);
    expect((await h.call(stranger, "GET", `/api/projects/${projectId}/members`)).status).toBe(403);
    expect((await share(stranger.email, "edit", stranger)).status).toBe(403);
    expect((await h.call(stranger, "GET", "/api/projects")).body.projects).toEqual([]);
  });

  it("refuses bad input with a clear message", async () => {
    expect((await share("not-an-email", "view")).body).toEqual({ error: "Enter a valid e-mail address", code: "bad_request" });
    expect((await share(viewer.email, "owner")).status).toBe(400);
    const unknown = await share("nobody@example.com", "view");
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toMatch(/No Reelgraph account uses nobody@example.com/);
    expect((await share(owner.email, "view")).status).toBe(400);
  });

  it("sharing again changes the permission; removing ends access", async () => {
    await share(viewer.email, "edit");
    expect((await h.call(viewer, "GET", `/api/projects/${projectId}`)).body.permission).toBe("edit");
    await share(viewer.email, "view");
    const removed = await h.call(owner, "DELETE", `/api/projects/${projectId}/members/${viewer.id}`);
    expect(removed.status).toBe(200);
    expect((await h.call(viewer, "GET", `/api/projects/${projectId}`)).status).toBe(403);
    expect((await h.call(owner, "DELETE", `/api/projects/${projectId}/members/${viewer.id}`)).status).toBe(404);
  });

  it("deleting the project removes it from members' lists", async () => {
    const { body: p } = await h.call(owner, "POST", "/api/projects", { name: "Gone Soon" });
    await h.call(owner, "POST", `/api/projects/${p.id}/members`, { email: editor.email, permission: "edit" });
    await h.call(owner, "DELETE", `/api/projects/${p.id}`);
    const list = await h.call(editor, "GET", "/api/projects");
    expect(list.body.projects.map((x: { id: string }) => x.id)).not.toContain(p.id);
  });
});
