import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHarness, type Harness, type TestUser, shareProject } from "../test/harness";

let h: Harness;
let owner: TestUser;
beforeAll(async () => {
  h = await createHarness();
  owner = await h.signUp("Owner");
});
afterAll(() => h.close());

const create = (user: TestUser, name: string, description?: string) =>
  h.call(user, "POST", "/api/projects", description === undefined ? { name } : { name, description });

describe("projects", () => {
  it("creates a project with a trimmed name, owned by the caller", async () => {
    const res = await create(owner, "  Night Swim  ", "A short film");
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ name: "Night Swim", description: "A short film", permission: "owner", ownerId: owner.id });
    const got = await h.call(owner, "GET", `/api/projects/${res.body.id}`);
    expect(got.body).toMatchObject({ id: res.body.id, name: "Night Swim", permission: "owner" });
  });

  it("refuses an empty name with the spec's message and creates nothing", async () => {
    const before = (await h.call(owner, "GET", "/api/projects")).body.projects.length;
    for (const name of ["", "   "]) {
      const res = await create(owner, name);
      expect(res).toEqual({ status: 400, body: { error: "Project name is required", code: "bad_request" } });
    }
    const missing = await h.call(owner, "POST", "/api/projects", {});
    expect(missing.body.error).toBe("Project name is required");
    expect((await h.call(owner, "GET", "/api/projects")).body.projects.length).toBe(before);
  });

  it("refuses unknown fields and malformed JSON", async () => {
    const extra = await h.call(owner, "POST", "/api/projects", { name: "X", ownerId: "someone-else" });
    expect(extra.status).toBe(400);
    expect(extra.body.error).toMatch(/Unknown field: ownerId/);
    const raw = await h.server.inject({
      method: "POST",
      url: "/api/projects",
      headers: { ...owner.headers, "content-type": "application/json" },
      payload: "{not json",
    });
    expect(raw.statusCode).toBe(400);
    expect(JSON.parse(raw.body).code).toBe("bad_request");
  });

  it("answers 409 'already exists' for a duplicate name of the same owner, in any case", async () => {
    await create(owner, "Duplicate Me");
    const again = await create(owner, "duplicate me");
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ error: 'A project named "duplicate me" already exists', code: "already_exists" });
  });

  it("lets two owners use the same name", async () => {
    const other = await h.signUp("Other Owner");
    await create(owner, "Shared Name");
    expect((await create(other, "Shared Name")).status).toBe(201);
  });

  it("lists only the caller's own projects", async () => {
    const loner = await h.signUp("Loner");
    await create(loner, "Private One");
    const mine = await h.call(owner, "GET", "/api/projects");
    expect(mine.body.projects.map((p: { name: string }) => p.name)).not.toContain("Private One");
    const theirs = await h.call(loner, "GET", "/api/projects");
    expect(theirs.body.projects.map((p: { name: string }) => p.name)).toEqual(["Private One"]);
  });

  it("lists projects shared with the caller beside their own, with the owner's name and the caller's permission", async () => {
    const sharer = await h.signUp("Maya Deren");
    const member = await h.signUp("Member");
    const own = (await create(member, "My Own Cut")).body.id;
    const viewable = (await create(sharer, "Meshes Rough")).body.id;
    const editable = (await create(sharer, "Meshes Fine")).body.id;
    await create(sharer, "Not Shared");
    await shareProject(h, sharer, viewable, member, "view");
    await shareProject(h, sharer, editable, member, "edit");

    const listed = (await h.call(member, "GET", "/api/projects")).body.projects as {
      id: string;
      ownerName: string;
      ownerId: string;
      permission: string;
    }[];
    const byId = Object.fromEntries(listed.map((p) => [p.id, p]));
    expect(Object.keys(byId).sort()).toEqual([own, viewable, editable].sort());
    expect(byId[own]).toMatchObject({ ownerId: member.id, ownerName: "Member", permission: "owner" });
    expect(byId[viewable]).toMatchObject({ ownerId: sharer.id, ownerName: "Maya Deren", permission: "view" });
    expect(byId[editable]).toMatchObject({ ownerId: sharer.id, ownerName: "Maya Deren", permission: "edit" });
  });

  it("renames, refusing an empty or duplicate name without changing anything", async () => {
    const { body: p } = await create(owner, "Rename Me");
    await create(owner, "Taken");
    const ok = await h.call(owner, "PATCH", `/api/projects/${p.id}`, { name: "  Renamed  " });
    expect(ok.status).toBe(200);
    expect(ok.body.name).toBe("Renamed");
    expect(Date.parse(ok.body.updatedAt)).toBeGreaterThanOrEqual(Date.parse(p.updatedAt));

    expect((await h.call(owner, "PATCH", `/api/projects/${p.id}`, { name: " " })).body.error).toBe("Project name is required");
    const dup = await h.call(owner, "PATCH", `/api/projects/${p.id}`, { name: "Taken" });
    expect(dup.status).toBe(409);
    expect(dup.body.error).toContain("already exists");
    expect((await h.call(owner, "PATCH", `/api/projects/${p.id}`, {})).status).toBe(400);
    expect((await h.call(owner, "GET", `/api/projects/${p.id}`)).body.name).toBe("Renamed");
  });

  it("previews a project by its first canvas node with an image or video (spec: shell 2 preview order)", async () => {
    const { body: p } = await create(owner, "With Media");
    await h.call(owner, "POST", "/api/workflows/autosave", {
      projectId: p.id,
      updates: [
        { nodeId: "n-text", nodeData: { contentType: "text", content: "words", rev: 1 }, prevRev: 0 },
        // A voice line and a 3D model have media too, but nothing a card can show.
        { nodeId: "n-audio", nodeData: { contentType: "audio", mediaUrl: "/api/media/line.wav", rev: 1 }, prevRev: 0 },
        { nodeId: "n-mesh", nodeData: { contentType: "model3d", mediaUrl: "/api/media/ship.glb", rev: 1 }, prevRev: 0 },
        { nodeId: "n-video", nodeData: { contentType: "video", mediaUrl: "/api/media/abc.mp4", rev: 1 }, prevRev: 0 },
      ],
    });
    const listed = (await h.call(owner, "GET", "/api/projects")).body.projects.find((x: { id: string }) => x.id === p.id);
    expect(listed.preview).toEqual({ url: "/api/media/abc.mp4", kind: "video" });
  });

  it("deletes a project", async () => {
    const { body: p } = await create(owner, "Short Lived");
    expect((await h.call(owner, "DELETE", `/api/projects/${p.id}`)).status).toBe(200);
    expect((await h.call(owner, "GET", `/api/projects/${p.id}`)).status).toBe(404);
  });

  it("answers 404 for an unknown project and 400 for a malformed id", async () => {
    const unknown = await h.call(owner, "GET", "/api/projects/00000000-0000-4000-8000-000000000000");
    expect(unknown).toEqual({ status: 404, body: { error: "Project not found", code: "not_found" } });
    const bad = await h.call(owner, "GET", "/api/projects/not-a-uuid");
    expect(bad).toEqual({ status: 400, body: { error: "Invalid project id", code: "bad_request" } });
  });

  it("gives a stranger nothing: no read, rename or delete", async () => {
    const stranger = await h.signUp("Stranger");
    const { body: p } = await create(owner, "Keep Out");
    const read = await h.call(stranger, "GET", `/api/projects/${p.id}`);
    expect(read.status).toBe(403);
    expect(read.body).toEqual({ error: "This project is private and you haven't been invited to view it.", code: "forbidden" });
    expect((await h.call(stranger, "PATCH", `/api/projects/${p.id}`, { name: "Mine now" })).status).toBe(403);
    expect((await h.call(stranger, "DELETE", `/api/projects/${p.id}`)).status).toBe(403);
    expect((await h.call(owner, "GET", `/api/projects/${p.id}`)).body.name).toBe("Keep Out");
  });

  it("refuses a cookie-authenticated write from another site (CSRF)", async () => {
    const res = await h.server.inject({
      method: "POST",
      url: "/api/projects",
      headers: { origin: "https://evil.example", cookie: "better-auth.session_token=whatever" },
      payload: { name: "From evil" },
    });
    expect(res.statusCode).toBe(403);
  });
});
