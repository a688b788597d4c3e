import sharp from "sharp";
import WebSocket from "ws";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { updateShot } from "../../domain/shotlists/edits";
import type { Scene } from "../../domain/shotlists/schema";
import { createHarness, projectWithViewer, type Harness, type TestUser } from "../test/harness";
import { buildShotList, uploadShotImage } from "./testSupport";

let h: Harness;
let owner: TestUser;
let viewer: TestUser;
let stranger: TestUser;
let projectId: string;
let png: Buffer;

beforeAll(async () => {
  h = await createHarness();
  ({ owner, viewer, stranger, projectId } = await projectWithViewer(h, "Images"));
  png = await sharp({ create: { width: 64, height: 36, channels: 3, background: "#30a050" } })
    .png()
    .toBuffer();
});
afterAll(() => h.close());

const mediaCount = async () => {
  const { media } = await import("../db/schema");
  return (await h.database.db.select().from(media)).length;
};

describe("POST /api/shot-list/upload-image", () => {
  it("stores an image for a shot and answers its URL, which project members can load", async () => {
    const list = await buildShotList(h, owner, projectId, { shots: 2 });
    const shotId = list.scenes[0].shots[1].id;
    const res = await uploadShotImage(h, owner, { shotId, shotListId: list.id }, png);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, imageUrl: expect.stringMatching(/^\/api\/media\/[0-9a-f-]{36}$/) });
    const served = await h.server.inject({ method: "GET", url: res.body.imageUrl, headers: viewer.headers });
    expect(served.statusCode).toBe(200);
    expect(served.headers["content-type"]).toBe("image/png");
    expect(served.rawPayload.equals(png)).toBe(true);
    expect((await h.server.inject({ method: "GET", url: res.body.imageUrl, headers: stranger.headers })).statusCode).toBe(404); // a stranger cannot tell the image exists
  });

  it("finds the shot by its id alone (the spec's fields), with the file sent first", async () => {
    const list = await buildShotList(h, owner, projectId, { shots: 1 });
    const res = await uploadShotImage(h, owner, { shotId: list.scenes[0].shots[0].id }, png, { fileFirst: true });
    expect(res.status).toBe(200);
  });

  it("takes only images, judged by the bytes, and keeps nothing it refuses", async () => {
    const list = await buildShotList(h, owner, projectId, { shots: 1 });
    const shotId = list.scenes[0].shots[0].id;
    const before = await mediaCount();
    const text = await uploadShotImage(h, owner, { shotId, shotListId: list.id }, Buffer.from("just words"), { name: "notes.txt" });
    expect(text).toEqual({
      status: 415,
      body: { error: "Only images can be used for a shot: please choose a PNG, JPEG, WebP or GIF file", code: "unsupported_media_type" },
    });
    const disguised = await uploadShotImage(
      h,
      owner,
      { shotId, shotListId: list.id },
      Buffer.from("<html><script>alert(1)</script></html>"),
      { name: "x.png" },
    );
    expect(disguised.status).toBe(415);
    const svg = await uploadShotImage(h, owner, { shotId, shotListId: list.id }, Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'/>"), {
      name: "x.svg",
    });
    expect(svg.status).toBe(415);
    const empty = await uploadShotImage(h, owner, { shotId, shotListId: list.id }, Buffer.alloc(0), { name: "x.png" });
    expect(empty).toEqual({ status: 400, body: { error: "File cannot be empty", code: "bad_request" } });
    expect(await mediaCount()).toBe(before);
  });

  it("refuses view-only members and strangers, before or after the file, storing nothing", async () => {
    const list = await buildShotList(h, owner, projectId, { shots: 1 });
    const shotId = list.scenes[0].shots[0].id;
    const before = await mediaCount();
    expect((await uploadShotImage(h, viewer, { shotId, shotListId: list.id }, png)).status).toBe(403);
    expect((await uploadShotImage(h, viewer, { shotId }, png, { fileFirst: true })).status).toBe(403);
    expect((await uploadShotImage(h, stranger, { shotId }, png)).status).toBe(403);
    expect((await uploadShotImage(h, stranger, { shotId, shotListId: list.id }, png, { fileFirst: true })).status).toBe(403);
    expect(await mediaCount()).toBe(before);
  });

  it("refuses unknown shots and bad forms with clear messages", async () => {
    const list = await buildShotList(h, owner, projectId, { shots: 1 });
    expect(await uploadShotImage(h, owner, { shotId: "shot-nope" }, png)).toEqual({
      status: 404,
      body: { error: "Shot not found", code: "not_found" },
    });
    expect((await uploadShotImage(h, owner, { shotId: "shot-nope", shotListId: list.id }, png)).body.error).toBe("Shot not found");
    expect((await uploadShotImage(h, owner, { shotId: "bad id!" }, png)).body.error).toBe("Invalid id");
    expect((await uploadShotImage(h, owner, {}, png)).status).toBe(400);
    const json = await h.call(owner, "POST", "/api/shot-list/upload-image", { shotId: "x" });
    expect(json.body.error).toBe('Send the image as multipart form data with "file" and "shotId"');
  });
});

describe("POST /api/shot-list/export-to-canvas", () => {
  async function listWithImage() {
    const list = await buildShotList(h, owner, projectId, { shots: 3 });
    const shot = list.scenes[0].shots[1];
    const up = await uploadShotImage(h, owner, { shotId: shot.id, shotListId: list.id }, png);
    const scenes = updateShot(list.scenes as Scene[], shot.id, {
      image: up.body.imageUrl,
      description: "Lighthouse at dusk",
      cameraHeight: "High Angle",
    });
    await h.call(owner, "PUT", `/api/shot-lists/${list.id}`, { scenes, baseVersion: list.version });
    return { list, shotId: shot.id, imageUrl: up.body.imageUrl as string };
  }

  it("creates 'Shot N' with the image and shotMetadata on the canvas, 550 apart from (400,400), and tells open canvases", async () => {
    const project = (await h.call(owner, "POST", "/api/projects", { name: "Fresh canvas" })).body.id as string;
    const list = await buildShotList(h, owner, project, { shots: 2 });
    const up = await uploadShotImage(h, owner, { shotId: list.scenes[0].shots[1].id, shotListId: list.id }, png);
    const scenes = updateShot(list.scenes as Scene[], list.scenes[0].shots[1].id, { image: up.body.imageUrl, description: "Lighthouse" });
    await h.call(owner, "PUT", `/api/shot-lists/${list.id}`, { scenes, baseVersion: list.version });

    const address = await h.server.listen({ port: 0, host: "127.0.0.1" });
    const ws = new WebSocket(`${address.replace("http", "ws")}/api/projects/${project}/live`, {
      headers: { authorization: `Bearer ${owner.token}` },
    });
    const messages: any[] = [];
    await new Promise<void>((resolve, reject) => {
      ws.on("message", (m) => {
        const msg = JSON.parse(String(m));
        if (msg.type === "ready") resolve();
        else messages.push(msg);
      });
      ws.on("error", reject);
    });

    const first = await h.call(owner, "POST", "/api/shot-list/export-to-canvas", {
      shotListId: list.id,
      shotId: list.scenes[0].shots[1].id,
    });
    expect(first.status).toBe(201);
    expect(first.body.node).toMatchObject({
      type: "generic_v2",
      position: { x: 400, y: 400 },
      data: {
        title: "Shot 2",
        prompt: "Cinematic Medium Shot, Single: Lighthouse",
        mediaUrl: up.body.imageUrl,
        permanentMediaUrl: up.body.imageUrl,
        displayUrl: up.body.imageUrl,
        contentType: "image",
        status: "completed",
        shotMetadata: { shotNumber: 2, description: "Lighthouse", shotSize: "Medium Shot", shotType: "Single", movement: "Static" },
      },
    });
    const second = await h.call(owner, "POST", "/api/shot-list/export-to-canvas", {
      shotListId: list.id,
      shotId: list.scenes[0].shots[1].id,
    });
    expect(second.body.node.position).toEqual({ x: 950, y: 400 });
    expect(second.body.node.id).not.toBe(first.body.node.id);

    // Visible to whoever loads the canvas...
    const loaded = await h.call(owner, "GET", `/api/projects/nodes?projectId=${project}`);
    expect(loaded.body.nodes.map((n: any) => [n.data.title, n.position.x, n.data.mediaUrl])).toEqual([
      ["Shot 2", 400, up.body.imageUrl],
      ["Shot 2", 950, up.body.imageUrl],
    ]);
    // ...and delivered to open canvases: the node's structure first, then its data.
    await expect.poll(() => messages.length, { timeout: 2000 }).toBe(4);
    expect(messages[0]).toMatchObject({
      type: "structure",
      nodes: [{ id: first.body.node.id, type: "generic_v2", position: { x: 400, y: 400 } }],
    });
    expect(messages[1]).toMatchObject({
      type: "nodes",
      nodes: [{ id: first.body.node.id, rev: 1, data: { title: "Shot 2", mediaUrl: up.body.imageUrl } }],
    });
    expect(messages[0].clientId).toBeUndefined(); // so no open tab takes it for its own echo
    ws.close();
  });

  it("goes 550 right of the rightmost node already on the canvas", async () => {
    const { list, shotId } = await listWithImage();
    await h.call(owner, "POST", `/api/projects/${projectId}/structure`, {
      nodes: [
        { id: "n-far", position: { x: 2000, y: -50 } },
        { id: "n-near", position: { x: 100, y: 900 } },
      ],
    });
    const res = await h.call(owner, "POST", "/api/shot-list/export-to-canvas", { shotListId: list.id, shotId });
    expect(res.body.node.position).toEqual({ x: 2550, y: 400 });
  });

  it("needs an image: the spec's message, and nothing is created", async () => {
    const list = await buildShotList(h, owner, projectId, { shots: 1 });
    const before = (await h.call(owner, "GET", `/api/projects/nodes?projectId=${projectId}`)).body.nodes.length;
    const res = await h.call(owner, "POST", "/api/shot-list/export-to-canvas", { shotListId: list.id, shotId: list.scenes[0].shots[0].id });
    expect(res).toEqual({
      status: 400,
      body: { error: "Please upload or generate an image for this shot before exporting to canvas", code: "bad_request" },
    });
    expect((await h.call(owner, "GET", `/api/projects/nodes?projectId=${projectId}`)).body.nodes.length).toBe(before);
  });

  it("refuses view-only members, strangers, unknown shots and bad bodies", async () => {
    const { list, shotId } = await listWithImage();
    expect((await h.call(viewer, "POST", "/api/shot-list/export-to-canvas", { shotListId: list.id, shotId })).status).toBe(403);
    expect((await h.call(stranger, "POST", "/api/shot-list/export-to-canvas", { shotListId: list.id, shotId })).status).toBe(403);
    expect((await h.call(owner, "POST", "/api/shot-list/export-to-canvas", { shotListId: list.id, shotId: "shot-missing" })).body).toEqual({
      error: "Shot not found",
      code: "not_found",
    });
    expect((await h.call(owner, "POST", "/api/shot-list/export-to-canvas", { shotListId: "nope", shotId })).body.error).toBe(
      "Shot list not found",
    );
    expect((await h.call(owner, "POST", "/api/shot-list/export-to-canvas", { shotListId: list.id, shotId, x: 1 })).body.error).toBe(
      "Unknown field: x",
    );
  });
});
