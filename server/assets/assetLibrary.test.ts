import { randomBytes } from "node:crypto";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { FastifyInstance, InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ASSET_MESSAGES, assetTypeNotSupported } from "../../domain/assetLibrary";
import { UPLOAD_MESSAGES } from "../../domain/upload";
import { buildApp } from "../app";
import type { Database } from "../db/client";
import { media } from "../db/schema";
import { LocalStorage } from "../storage/localStorage";
import { createHarness, projectWithViewer, type Harness, type TestUser } from "../test/harness";
import { openTestDatabase } from "../test/testDatabase";
import { MP4, PNG, glb, multipartForm, wav, type FilePart } from "../test/multipart";

let h: Harness;
let ann: TestUser;
let bob: TestUser;

beforeAll(async () => {
  h = await createHarness();
  [ann, bob] = await Promise.all([h.signUp("Ann"), h.signUp("Bob")]);
});
afterAll(() => h.close());

async function send(user: TestUser | null, opts: InjectOptions) {
  const res = await h.server.inject({ ...opts, headers: { ...(user?.headers ?? {}), ...(opts.headers ?? {}) } });
  let body: any = res.body;
  try {
    body = JSON.parse(res.body);
  } catch {}
  return { status: res.statusCode, body, raw: res.rawPayload, headers: res.headers };
}

const upload = (user: TestUser | null, file: FilePart, fields: [string, string][] = []) =>
  send(user, { method: "POST", url: "/api/assets/upload", ...multipartForm([...fields, ["file", file]]) });
const png = (filename = "still.png"): FilePart => ({ filename, type: "image/png", data: PNG });
const list = (user: TestUser | null, userId?: string) =>
  send(user, { method: "GET", url: `/api/assets/list${userId !== undefined ? `?userId=${encodeURIComponent(userId)}` : ""}` });
const remove = (user: TestUser | null, assetId: string, userId?: string) =>
  send(user, { method: "DELETE", url: `/api/assets/delete?assetId=${assetId}${userId !== undefined ? `&userId=${userId}` : ""}` });
const mediaRowCount = async () => (await h.database.db.select().from(media)).length;

describe("My Files: upload, list, delete", () => {
  it("uploads a PNG into the caller's library, lists it and serves it to them", async () => {
    const res = await upload(ann, png("Hero shot.png"), [["userId", ann.id]]);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: true,
      url: expect.stringMatching(/^\/api\/media\/[0-9a-f-]{36}$/),
      asset: {
        id: expect.any(String),
        url: res.body.url,
        filename: "Hero shot.png",
        contentType: "image/png",
        size: PNG.length,
        uploadedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        lastModified: res.body.asset.uploadedAt,
      },
    });
    const [row] = (await h.database.db.select().from(media)).filter((m) => m.id === res.body.asset.id);
    expect(row).toMatchObject({ projectId: null, ownerId: ann.id, isAsset: true });

    const listed = await list(ann, ann.id);
    expect(listed.status).toBe(200);
    expect(listed.body.success).toBe(true);
    expect(listed.body.data).toContainEqual(res.body.asset);

    const served = await send(ann, { method: "GET", url: res.body.url });
    expect(served.status).toBe(200);
    expect(served.headers["content-type"]).toBe("image/png");
    expect(served.raw.equals(PNG)).toBe(true);
  });

  it("takes video and audio too, typed from their bytes", async () => {
    const clip = await upload(ann, { filename: "clip.bin", type: "application/octet-stream", data: MP4 });
    expect(clip.status).toBe(200);
    expect(clip.body.asset.contentType).toBe("video/mp4");
    const voice = await upload(ann, { filename: "voice.wav", type: "audio/x-wav", data: wav() });
    expect(voice.status).toBe(200);
    expect(voice.body.asset.contentType).toBe("audio/wav");
  });

  it("lists newest first, without userId too", async () => {
    const first = await upload(ann, png("first.png"));
    const second = await upload(ann, png("second.png"));
    const names = (await list(ann)).body.data.map((a: { filename: string }) => a.filename);
    expect(names.indexOf("second.png")).toBeLessThan(names.indexOf("first.png"));
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
  });

  it("deletes an asset: gone from the list and no longer served", async () => {
    const { body } = await upload(ann, png("doomed.png"));
    const res = await remove(ann, body.asset.id, ann.id);
    expect(res).toMatchObject({ status: 200, body: { success: true } });
    expect((await list(ann)).body.data.map((a: { id: string }) => a.id)).not.toContain(body.asset.id);
    expect((await send(ann, { method: "GET", url: body.url })).status).toBe(404);
    expect((await remove(ann, body.asset.id)).status).toBe(404);
  });

  it("keeps each user's library to themselves", async () => {
    await upload(bob, png("bobs.png"));
    const annNames = (await list(ann)).body.data.map((a: { filename: string }) => a.filename);
    expect(annNames).not.toContain("bobs.png");
    expect((await list(bob)).body.data.map((a: { filename: string }) => a.filename)).toEqual(["bobs.png"]);
  });
});

describe("another user's id is refused, and nothing changes", () => {
  it("refuses an upload naming someone else, whether the field comes before or after the file", async () => {
    const before = await mediaRowCount();
    const early = await upload(bob, png("sneaky.png"), [["userId", ann.id]]);
    expect(early).toMatchObject({ status: 403, body: { error: ASSET_MESSAGES.foreignUser, code: "forbidden" } });
    const late = await send(bob, {
      method: "POST",
      url: "/api/assets/upload",
      ...multipartForm([
        ["file", png("sneaky.png")],
        ["userId", ann.id],
      ]),
    });
    expect(late).toMatchObject({ status: 403, body: { error: ASSET_MESSAGES.foreignUser } });
    expect(await mediaRowCount()).toBe(before);
    const names = [...(await list(ann)).body.data, ...(await list(bob)).body.data].map((a: { filename: string }) => a.filename);
    expect(names).not.toContain("sneaky.png");
  });

  it("refuses to list someone else's library", async () => {
    const res = await list(bob, ann.id);
    expect(res).toMatchObject({ status: 403, body: { error: ASSET_MESSAGES.foreignUser, code: "forbidden" } });
    expect(res.body.data).toBeUndefined();
  });

  it("refuses to delete with someone else's id, and my asset stays", async () => {
    const { body } = await upload(ann, png("keep.png"));
    expect((await remove(bob, body.asset.id, ann.id)).status).toBe(403);
    // With his own id the row is simply not his: the same answer as an unknown id.
    expect(await remove(bob, body.asset.id, bob.id)).toMatchObject({ status: 404, body: { error: ASSET_MESSAGES.notFound } });
    expect((await list(ann)).body.data.map((a: { id: string }) => a.id)).toContain(body.asset.id);
    expect((await send(ann, { method: "GET", url: body.url })).status).toBe(200);
  });

  it("never serves my asset to another user through GET /api/media/:id", async () => {
    const { body } = await upload(ann, png("private.png"));
    const res = await send(bob, { method: "GET", url: body.url });
    expect(res.status).toBe(404);
    expect(res.raw.includes(PNG)).toBe(false);
    expect((await send(bob, { method: "HEAD", url: body.url })).status).toBe(404);
    expect((await send(bob, { method: "GET", url: `/api/download?url=${encodeURIComponent(body.url)}` })).status).toBe(404);
  });
});

describe("signed out", () => {
  it("answers 401 'User not authenticated.' on every assets route", async () => {
    const { body } = await upload(ann, png("mine.png"));
    const before = await mediaRowCount();
    const answers = await Promise.all([
      upload(null, png()),
      list(null),
      remove(null, body.asset.id),
      send(null, { method: "GET", url: "/api/assets/unsplash/status" }),
      send(null, { method: "GET", url: "/api/assets/unsplash/search?query=cat" }),
      send(null, {
        method: "POST",
        url: "/api/assets/unsplash/track-download",
        payload: { downloadLocation: "https://api.unsplash.com/photos/a/download" },
      }),
      send(null, { method: "POST", url: "/api/assets/insert", payload: { assetId: body.asset.id, projectId: body.asset.id } }),
    ]);
    for (const res of answers) expect(res).toMatchObject({ status: 401, body: { error: "User not authenticated.", code: "unauthorized" } });
    expect(await mediaRowCount()).toBe(before);
  });
});

describe("only images, video and audio, judged by their bytes", () => {
  it.each([
    [
      "a text file renamed to .png",
      { filename: "photo.png", type: "image/png", data: Buffer.from("not a picture at all") },
      ASSET_MESSAGES.notRealMedia,
    ],
    [
      "a plain text file",
      { filename: "notes.txt", type: "text/plain", data: Buffer.from("INT. KITCHEN") },
      assetTypeNotSupported("text/plain"),
    ],
    ["a 3D model", { filename: "ship.glb", type: "model/gltf-binary", data: glb() }, assetTypeNotSupported("model/gltf-binary")],
    [
      "an SVG",
      {
        filename: "logo.svg",
        type: "image/svg+xml",
        data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      },
      assetTypeNotSupported("image/svg+xml"),
    ],
  ])("refuses %s with 415", async (_label, file, message) => {
    const before = await mediaRowCount();
    const res = await upload(ann, file);
    expect(res).toMatchObject({ status: 415, body: { error: message, code: "unsupported_media_type" } });
    expect(await mediaRowCount()).toBe(before);
  });

  it("refuses an empty file with the spec's 'File cannot be empty' and keeps nothing", async () => {
    const before = await mediaRowCount();
    const res = await upload(ann, { filename: "blank.png", type: "image/png", data: Buffer.alloc(0) });
    expect(res).toMatchObject({ status: 400, body: { error: "File cannot be empty", code: "bad_request" } });
    expect(await mediaRowCount()).toBe(before);
  });

  it("refuses a form without a file", async () => {
    const res = await send(ann, { method: "POST", url: "/api/assets/upload", ...multipartForm([["userId", ann.id]]) });
    expect(res).toMatchObject({ status: 400, body: { code: "bad_request" } });
  });

  it("refuses files over 50 MB with the spec's message", async () => {
    const before = await mediaRowCount();
    const big = Buffer.concat([PNG, Buffer.alloc(50 * 1024 * 1024)]);
    const res = await upload(ann, { filename: "huge.png", type: "image/png", data: big });
    expect(res).toMatchObject({ status: 413, body: { error: UPLOAD_MESSAGES.tooLarge } });
    expect(await mediaRowCount()).toBe(before);
  });
});

describe("Insert Selected: a library file copied into a project", () => {
  it("copies the asset into project media the members can read, which outlives the library file", async () => {
    const { owner, viewer, stranger, projectId } = await projectWithViewer(h, "Insert target");
    const { body } = await send(owner, { method: "POST", url: "/api/assets/upload", ...multipartForm([["file", png("poster.png")]]) });
    const res = await h.call(owner, "POST", "/api/assets/insert", { assetId: body.asset.id, projectId });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: true,
      url: expect.stringMatching(/^\/api\/media\/[0-9a-f-]{36}$/),
      contentType: "image/png",
      kind: "image",
      filename: "poster.png",
    });
    expect(res.body.url).not.toBe(body.url);

    const seenByViewer = await send(viewer, { method: "GET", url: res.body.url });
    expect(seenByViewer.status).toBe(200);
    expect(seenByViewer.raw.equals(PNG)).toBe(true);
    expect((await send(viewer, { method: "GET", url: body.url })).status).toBe(404); // the library file stays the owner's
    expect((await send(stranger, { method: "GET", url: res.body.url })).status).toBe(404); // a stranger cannot tell project media exists

    await remove(owner, body.asset.id);
    expect((await send(viewer, { method: "GET", url: res.body.url })).status).toBe(200);
  });

  it("needs edit rights on the project and the caller's own asset", async () => {
    const { owner, viewer, stranger, projectId } = await projectWithViewer(h, "Locked");
    const viewerAsset = (await send(viewer, { method: "POST", url: "/api/assets/upload", ...multipartForm([["file", png()]]) })).body.asset;
    const ownerAsset = (await send(owner, { method: "POST", url: "/api/assets/upload", ...multipartForm([["file", png()]]) })).body.asset;
    const before = await mediaRowCount();
    expect((await h.call(viewer, "POST", "/api/assets/insert", { assetId: viewerAsset.id, projectId })).status).toBe(403);
    expect((await h.call(stranger, "POST", "/api/assets/insert", { assetId: viewerAsset.id, projectId })).status).toBe(403);
    expect((await h.call(owner, "POST", "/api/assets/insert", { assetId: viewerAsset.id, projectId })).status).toBe(404);
    expect(
      (await h.call(owner, "POST", "/api/assets/insert", { assetId: ownerAsset.id, projectId: "00000000-0000-4000-8000-000000000000" }))
        .status,
    ).toBe(404);
    expect((await h.call(owner, "POST", "/api/assets/insert", { assetId: "nope", projectId })).body).toMatchObject({
      code: "bad_request",
      error: "Invalid asset id",
    });
    expect(await mediaRowCount()).toBe(before);
  });
});

describe("storage: refusals leave no files behind", () => {
  let server: FastifyInstance;
  let database: Database;
  let mediaDir: string;
  let headers: Record<string, string>;
  let otherId: string;

  beforeAll(async () => {
    database = await openTestDatabase();
    mediaDir = mkdtempSync(path.join(tmpdir(), "reelgraph-assets-test-"));
    ({ server } = await buildApp({
      database,
      config: { baseUrl: "http://localhost:3000", authSecret: randomBytes(32).toString("hex"), signupCredits: 0, port: 3000 },
      storage: new LocalStorage(mediaDir),
    }));
    const signUp = async (name: string) =>
      (
        await server.inject({
          method: "POST",
          url: "/api/auth/sign-up/email",
          payload: { name, email: `${name}.${randomBytes(3).toString("hex")}@example.com`, password: "correct horse 1" },
        })
      ).json();
    const [me, other] = await Promise.all([signUp("cara"), signUp("dan")]);
    headers = { authorization: `Bearer ${me.token}` };
    otherId = other.user.id;
  });
  afterAll(async () => {
    await server.close();
    await database.close();
    rmSync(mediaDir, { recursive: true, force: true });
  });

  const files = () => readdirSync(mediaDir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).length;
  const post = (parts: [string, string | FilePart][]) => {
    const form = multipartForm(parts);
    return server.inject({ method: "POST", url: "/api/assets/upload", payload: form.payload, headers: { ...headers, ...form.headers } });
  };

  it("stores nothing for a foreign userId, a non-media file or a glTF model, and removes a deleted asset's file", async () => {
    expect(
      (
        await post([
          ["file", png()],
          ["userId", otherId],
        ])
      ).statusCode,
    ).toBe(403);
    expect((await post([["file", { filename: "ship.glb", type: "model/gltf-binary", data: glb() }]])).statusCode).toBe(415);
    expect((await post([["file", { filename: "a.txt", type: "text/plain", data: Buffer.from("hello") }]])).statusCode).toBe(415);
    expect(files()).toBe(0);
    const ok = await post([["file", png()]]);
    expect(ok.statusCode).toBe(200);
    expect(files()).toBe(1);
    await server.inject({ method: "DELETE", url: `/api/assets/delete?assetId=${ok.json().asset.id}`, headers });
    expect(files()).toBe(0);
  });
});
