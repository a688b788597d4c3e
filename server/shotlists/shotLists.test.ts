import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { shotLists } from "../db/schema";
import { addScene, moveShot, updateShot } from "../../domain/shotlists/edits";
import type { Scene } from "../../domain/shotlists/schema";
import { createHarness, projectWithViewer, type Harness, type TestUser } from "../test/harness";
import { buildShotList } from "./testSupport";

let h: Harness;
let owner: TestUser;
let viewer: TestUser;
let stranger: TestUser;
let projectId: string;

beforeAll(async () => {
  h = await createHarness();
  ({ owner, viewer, stranger, projectId } = await projectWithViewer(h, "Shots"));
});
afterAll(() => h.close());

describe("create and list", () => {
  it("creates a list with that many blank shots in one scene", async () => {
    const res = await h.call(owner, "POST", `/api/projects/${projectId}/shot-lists`, { name: "  Shot list 1 ", shots: 6 });
    expect(res.status).toBe(201);
    expect(res.body.name).toBe("Shot list 1");
    expect(res.body.scenes).toHaveLength(1);
    expect(res.body.scenes[0]).toMatchObject({ title: "Scene 1", location: "Location...", weather: "Weather...", lighting: "Lighting..." });
    expect(res.body.scenes[0].shots.map((s: { shotNumber: number }) => s.shotNumber)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(res.body.scenes[0].shots[0]).toMatchObject({
      description: "Description...",
      subject: "Subject...",
      shotSize: "Medium Shot",
      shotType: "Single",
      movement: "Static",
      image: null,
    });
  });

  it("lists the project's lists as cards: 'has shots', counts and the first image", async () => {
    const list = await buildShotList(h, owner, projectId, { name: "With image", shots: 2 });
    const scenes = updateShot(list.scenes as Scene[], list.scenes[0].shots[1].id, {
      image: "/api/media/0b9c1a5e-5c4b-4a8e-9f6d-1d2e3f4a5b6c",
    });
    await h.call(owner, "PUT", `/api/shot-lists/${list.id}`, { scenes, baseVersion: list.version });
    const empty = await buildShotList(h, owner, projectId, { name: "Emptied", shots: 1 });
    await h.call(owner, "PUT", `/api/shot-lists/${empty.id}`, { scenes: [{ ...empty.scenes[0], shots: [] }], baseVersion: empty.version });

    const res = await h.call(viewer, "GET", `/api/projects/${projectId}/shot-lists`);
    expect(res.status).toBe(200);
    const byName = Object.fromEntries(res.body.shotLists.map((l: { name: string }) => [l.name, l]));
    expect(byName["With image"]).toMatchObject({
      hasShots: true,
      shotCount: 2,
      sceneCount: 1,
      firstImage: "/api/media/0b9c1a5e-5c4b-4a8e-9f6d-1d2e3f4a5b6c",
    });
    expect(byName["Emptied"]).toMatchObject({ hasShots: false, shotCount: 0, firstImage: null });
    // Most recently changed first.
    expect(res.body.shotLists[0].name).toBe("Emptied");
  });

  it("refuses bad bodies with the spec's messages and creates nothing", async () => {
    const count = async () => (await h.call(owner, "GET", `/api/projects/${projectId}/shot-lists`)).body.shotLists.length;
    const before = await count();
    const post = (body: unknown) => h.call(owner, "POST", `/api/projects/${projectId}/shot-lists`, body);
    expect(await post({ name: "   ", shots: 6 })).toEqual({
      status: 400,
      body: { error: "Please enter a name for your shot list", code: "bad_request" },
    });
    expect((await post({ name: "A", shots: 0 })).body.error).toBe("Please select at least 1 shot");
    expect((await post({ name: "A", shots: 101 })).body.error).toBe("At most 100 shots");
    expect((await post({ name: "A" })).body.error).toBe("Please select at least 1 shot");
    expect((await post({ name: "A", shots: 6, scenes: [] })).body.error).toBe("Unknown field: scenes");
    expect(await count()).toBe(before);
  });

  it("refuses a view-only member, a stranger, a signed-out caller; 404 for an unknown project", async () => {
    expect((await h.call(viewer, "POST", `/api/projects/${projectId}/shot-lists`, { name: "No", shots: 1 })).status).toBe(403);
    expect((await h.call(stranger, "POST", `/api/projects/${projectId}/shot-lists`, { name: "No", shots: 1 })).status).toBe(403);
    expect((await h.call(stranger, "GET", `/api/projects/${projectId}/shot-lists`)).status).toBe(403);
    expect((await h.call(null, "GET", `/api/projects/${projectId}/shot-lists`)).status).toBe(401);
    expect((await h.call(owner, "GET", `/api/projects/00000000-0000-4000-8000-000000000000/shot-lists`)).status).toBe(404);
  });
});

describe("read, save, delete", () => {
  it("saves edited scenes and a new name, and reads them back; each save bumps the version", async () => {
    const list = await buildShotList(h, owner, projectId, { shots: 3 });
    let scenes = addScene(list.scenes as Scene[], Date.now(), "scene-2");
    scenes = moveShot(scenes, { sceneId: scenes[0]!.id, index: 0 }, { sceneId: "scene-2", index: 0 });
    scenes = updateShot(scenes, scenes[1]!.shots[0]!.id, { description: "Gulls over the pier", cameraHeight: "Low Angle" });
    const put = await h.call(owner, "PUT", `/api/shot-lists/${list.id}`, { name: "Harbour", scenes, baseVersion: list.version });
    expect(put.status).toBe(200);
    expect(put.body.version).toBe(list.version + 1);

    const got = await h.call(viewer, "GET", `/api/shot-lists/${list.id}`);
    expect(got.status).toBe(200);
    expect(got.body.name).toBe("Harbour");
    expect(got.body.permission).toBe("view");
    expect(got.body.scenes.map((s: Scene) => s.shots.map((x) => x.shotNumber))).toEqual([[1, 2], [3]]);
    expect(got.body.scenes[1].shots[0]).toMatchObject({ description: "Gulls over the pier", cameraHeight: "Low Angle" });
  });

  it("refuses a save based on an older version with 409, leaving the other window's save in place", async () => {
    const list = await buildShotList(h, owner, projectId, { shots: 2 });
    const first = updateShot(list.scenes as Scene[], list.scenes[0].shots[0].id, { description: "First window" });
    const second = updateShot(list.scenes as Scene[], list.scenes[0].shots[1].id, { description: "Second window" });
    const saved = await h.call(owner, "PUT", `/api/shot-lists/${list.id}`, { scenes: first, baseVersion: list.version });
    expect(saved.status).toBe(200);
    const stale = await h.call(owner, "PUT", `/api/shot-lists/${list.id}`, { scenes: second, baseVersion: list.version });
    expect(stale.status).toBe(409);
    expect(stale.body.error).toBe("This shot list was changed in another window");
    const got = await h.call(owner, "GET", `/api/shot-lists/${list.id}`);
    expect(got.body.version).toBe(saved.body.version);
    expect(got.body.scenes[0].shots.map((x: { description: string }) => x.description)).toEqual([
      "First window",
      list.scenes[0].shots[1].description,
    ]);
    // Saved again over the version it now knows, the second window's edit lands.
    const again = await h.call(owner, "PUT", `/api/shot-lists/${list.id}`, { scenes: second, baseVersion: saved.body.version });
    expect(again.status).toBe(200);
    expect(
      (await h.call(owner, "PUT", `/api/shot-lists/00000000-0000-4000-8000-000000000000`, { scenes: second, baseVersion: 1 })).status,
    ).toBe(404);
  });

  it("refuses bad bodies and leaves the list unchanged", async () => {
    const list = await buildShotList(h, owner, projectId, { shots: 1 });
    const put = (body: Record<string, unknown>) =>
      h.call(owner, "PUT", `/api/shot-lists/${list.id}`, { baseVersion: list.version, ...body });
    const bad = (patch: Record<string, unknown>) => [{ ...list.scenes[0], shots: [{ ...list.scenes[0].shots[0], ...patch }] }];
    expect((await put({ scenes: bad({ shotSize: "Enormous" }) })).body.error).toMatch(/^Shot size must be one of/);
    expect((await put({ scenes: bad({ image: "javascript:alert(1)" }) })).body.error).toBe(
      "Image must be a studio media URL (/api/media/…)",
    );
    expect((await put({ name: "", scenes: list.scenes })).body.error).toBe("Please enter a name for your shot list");
    expect((await put({ scenes: list.scenes, extra: 1 })).body.error).toBe("Unknown field: extra");
    expect((await put({})).status).toBe(400);
    // A save that names no version would silently overwrite whatever was saved meanwhile.
    expect((await put({ scenes: list.scenes, baseVersion: undefined })).body.error).toBe(
      "baseVersion is required: the version this save was made from",
    );
    const got = await h.call(owner, "GET", `/api/shot-lists/${list.id}`);
    expect(got.body.version).toBe(list.version);
    expect(got.body.scenes).toEqual(list.scenes);
  });

  it("view-only members and strangers cannot save or delete; strangers cannot read", async () => {
    const list = await buildShotList(h, owner, projectId, { shots: 1 });
    expect((await h.call(viewer, "PUT", `/api/shot-lists/${list.id}`, { scenes: [], baseVersion: list.version })).status).toBe(403);
    expect((await h.call(viewer, "DELETE", `/api/shot-lists/${list.id}`)).status).toBe(403);
    expect((await h.call(stranger, "GET", `/api/shot-lists/${list.id}`)).status).toBe(403);
    expect((await h.call(stranger, "PUT", `/api/shot-lists/${list.id}`, { scenes: [], baseVersion: list.version })).status).toBe(403);
    expect((await h.call(stranger, "DELETE", `/api/shot-lists/${list.id}`)).status).toBe(403);
    expect((await h.call(owner, "GET", `/api/shot-lists/${list.id}`)).body.scenes).toHaveLength(1);
  });

  it("deletes a list; unknown and malformed ids are 'Shot list not found'", async () => {
    const list = await buildShotList(h, owner, projectId, { shots: 1 });
    expect(await h.call(owner, "DELETE", `/api/shot-lists/${list.id}`)).toEqual({ status: 200, body: { success: true } });
    expect(await h.call(owner, "GET", `/api/shot-lists/${list.id}`)).toEqual({
      status: 404,
      body: { error: "Shot list not found", code: "not_found" },
    });
    expect((await h.call(owner, "GET", `/api/shot-lists/not-a-uuid`)).body.error).toBe("Shot list not found");
  });
});

describe("loading older or empty documents", () => {
  it("wraps an old list with shots directly on it into 'Scene 1' and saves that for an editor", async () => {
    const list = await buildShotList(h, owner, projectId, { shots: 1 });
    await h.database.db
      .update(shotLists)
      .set({ scenes: [{ id: "old-1", shotNumber: 4, description: "Legacy shot" }] })
      .where(eq(shotLists.id, list.id));
    // A viewer sees it made current, but nothing is written on their behalf.
    const seen = await h.call(viewer, "GET", `/api/shot-lists/${list.id}`);
    expect(seen.body.scenes[0]).toMatchObject({
      title: "Scene 1",
      shots: [{ id: "old-1", shotNumber: 1, description: "Legacy shot", shotSize: "Medium Shot" }],
    });
    expect(seen.body.version).toBe(list.version);
    const opened = await h.call(owner, "GET", `/api/shot-lists/${list.id}`);
    expect(opened.body.version).toBe(list.version + 1);
    const [row] = await h.database.db.select().from(shotLists).where(eq(shotLists.id, list.id));
    expect((row!.scenes as Scene[])[0]!.title).toBe("Scene 1");
  });

  it("gives a list with no scenes one default scene, which is saved", async () => {
    const list = await buildShotList(h, owner, projectId, { shots: 1 });
    await h.call(owner, "PUT", `/api/shot-lists/${list.id}`, { scenes: [], baseVersion: list.version });
    const opened = await h.call(owner, "GET", `/api/shot-lists/${list.id}`);
    expect(opened.body.scenes).toHaveLength(1);
    expect(opened.body.scenes[0]).toMatchObject({ title: "Scene 1", shots: [] });
    const again = await h.call(owner, "GET", `/api/shot-lists/${list.id}`);
    expect(again.body.scenes[0].id).toBe(opened.body.scenes[0].id);
    expect(again.body.version).toBe(opened.body.version);
  });
});
