import type { FastifyInstance, InjectOptions } from "fastify";
import { randomBytes } from "node:crypto";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app";
import type { Database } from "../db/client";
import { media } from "../db/schema";
import { LocalStorage } from "../storage/localStorage";
import { receiveUpload } from "../media/receiveUpload";
import { openTestDatabase } from "../test/testDatabase";
import { MP4, PNG, glb, multipartForm, wav, type FilePart } from "../test/multipart";

// Like test/harness.ts, but with a media folder we can look into (to prove refusals leave no files).
let server: FastifyInstance;
let database: Database;
let mediaDir: string;

interface User {
  id: string;
  email: string;
  headers: Record<string, string>;
}
let owner: User, viewer: User, stranger: User;
let projectId: string;

async function call(user: User | null, opts: Omit<InjectOptions, "headers"> & { headers?: Record<string, string> }) {
  const res = await server.inject({ ...opts, headers: { ...(user?.headers ?? {}), ...(opts.headers ?? {}) } } as InjectOptions);
  let body: any = res.body;
  try {
    body = JSON.parse(res.body);
  } catch {}
  return { status: res.statusCode, body, headers: res.headers, raw: res.rawPayload };
}

async function signUp(name: string): Promise<User> {
  const email = `${name.toLowerCase()}.${randomBytes(3).toString("hex")}@example.com`;
  const res = await call(null, { method: "POST", url: "/api/auth/sign-up/email", payload: { name, email, password: "correct horse 1" } });
  return { id: res.body.user.id, email, headers: { authorization: `Bearer ${res.body.token}` } };
}

beforeAll(async () => {
  database = await openTestDatabase();
  mediaDir = mkdtempSync(path.join(tmpdir(), "reelgraph-upload-test-"));
  ({ server } = await buildApp({
    database,
    config: { baseUrl: "http://localhost:3000", authSecret: randomBytes(32).toString("hex"), signupCredits: 0, port: 3000 },
    storage: new LocalStorage(mediaDir),
  }));
  [owner, viewer, stranger] = await Promise.all([signUp("Owner"), signUp("Viewer"), signUp("Stranger")]);
  projectId = (await call(owner, { method: "POST", url: "/api/projects", payload: { name: "Uploads" } })).body.id;
  await call(owner, { method: "POST", url: `/api/projects/${projectId}/members`, payload: { email: viewer.email, permission: "view" } });
});
afterAll(async () => {
  await server.close();
  await database.close();
  rmSync(mediaDir, { recursive: true, force: true });
});

// --- test files, made by hand so no image library is needed

/** A minimal Word document: [Content_Types].xml naming the wordprocessingml part, and word/document.xml. */
const DOCX = Buffer.from(
  "UEsDBBQAAAAIAAIadl2axphxygAAADoBAAATAAAAW0NvbnRlbnRfVHlwZXNdLnhtbH1QzU7DMAx+lShX1LrjgBBquwODI3AYD2AlbhfR2FGSjfH2uAztwIGj/f3a/fYcF3OiXILwYDdtZw2xEx94Huz7/rm5t9ux338lKkapXAZ7qDU9ABR3oIillUSsyCQ5YtUxz5DQfeBMcNt1d+CEK3Ft6uphx35HEx6Xap7Our7EqtyaxwtvjRosprQEh1VhWFEY+1dtmYMn84a5vmBUFnxK9uDFHaMq2/9tTuz/dG1kmoKjq351S1kclaLnx6W9IhED3/z2gJ9njN9QSwMEFAAAAAgAAhp2Xdf9Qt9/AAAAqQAAABEAAAB3b3JkL2RvY3VtZW50LnhtbEXOMQ7DIAwF0KtEHCCmHTogQtZeIwWaIAWMbFLa2xfSocv7sr5lWc/vuA8vTxwwTeIySjEbXZVDe0SfytDqxKpOYislKwC2m48Lj5h9at0TKS6ljbRCRXKZ0HrmkNa4w1XKG8QlJNFPPtB9euYOdYq5Bw09u3SaT3+78P/DfAFQSwECFAMUAAAACAACGnZdmsaYccoAAAA6AQAAEwAAAAAAAAAAAAAAgAEAAAAAW0NvbnRlbnRfVHlwZXNdLnhtbFBLAQIUAxQAAAAIAAIadl3X/ULffwAAAKkAAAARAAAAAAAAAAAAAACAAfsAAAB3b3JkL2RvY3VtZW50LnhtbFBLBQYAAAAAAgACAIAAAACpAQAAAAA=",
  "base64",
);
const ELF = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(120)]);
const ZIP = Buffer.concat([Buffer.from("504b0304140000000000", "hex"), Buffer.alloc(20), Buffer.from("hello.txt"), Buffer.from("hi")]);
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.cookie)</script></svg>');

/** A multipart body as a browser's FormData would send it, parts in the given order. */
const form = (parts: Record<string, string | FilePart>) => multipartForm(Object.entries(parts));

const upload = (user: User | null, filename: string, type: string, data: Buffer, project = projectId) =>
  call(user, {
    method: "POST",
    url: "/api/upload-media",
    ...form({ file: { filename, type, data }, nodeId: "node-1", contentType: "image", projectId: project }),
  });

const getMedia = (user: User | null, url: string, headers: Record<string, string> = {}) => call(user, { method: "GET", url, headers });

const storedFiles = () => readdirSync(mediaDir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).length;
const mediaRows = async () => (await database.db.select().from(media)).length;

describe("POST /api/upload-media: accepted files", () => {
  it("stores a PNG under a generated name and serves it back inert", async () => {
    const res = await upload(owner, "../../../etc/holiday photo.png", "image/png", PNG);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: true,
      url: expect.stringMatching(/^\/api\/media\/[0-9a-f-]{36}$/),
      type: "image",
      contentType: "image/png",
      size: PNG.length,
    });
    const [row] = (await database.db.select().from(media)).filter((m) => res.body.url.endsWith(m.id));
    expect(row).toMatchObject({ projectId, ownerId: owner.id, contentType: "image/png", originalName: "holiday photo.png" }); // busboy drops the path
    expect(row!.key).toMatch(/^[0-9a-f]{2}\/[0-9a-f-]{36}\.png$/);

    const got = await getMedia(owner, res.body.url);
    expect(got.status).toBe(200);
    expect(got.raw.equals(PNG)).toBe(true);
    expect(got.headers).toMatchObject({
      "content-type": "image/png",
      "x-content-type-options": "nosniff",
      "content-security-policy": "sandbox; default-src 'none'",
      "cache-control": "private, max-age=31536000, immutable",
      "content-disposition": `inline; filename="reelgraph-${row!.id}.png"`,
      "content-length": String(PNG.length),
    });
  });

  it.each([
    ["clip.mp4", "video/mp4", MP4, "video", "video/mp4"],
    ["voice.wav", "audio/x-wav", wav(), "audio", "audio/wav"],
    ["ship.glb", "model/gltf-binary", glb(), "model3d", "model/gltf-binary"],
    ["ship.glb", "application/octet-stream", glb(), "model3d", "model/gltf-binary"],
    ["misnamed.txt", "text/plain", PNG, "image", "image/png"], // the bytes decide, not the name
    [
      "script.docx",
      "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
      DOCX,
      "text",
      "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    ],
  ] as const)("%s (%s) → %s", async (name, declared, data, type, contentType) => {
    const res = await upload(owner, name, declared, data);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, type, contentType, size: data.length });
    expect(res.body.content).toBeUndefined();
  });

  it("returns the text of .txt and .md files so the client can make a text node", async () => {
    const txt = await upload(owner, "notes.txt", "text/plain", Buffer.from("INT. KITCHEN — NIGHT\nRain on the window. ☔"));
    expect(txt.body).toMatchObject({ type: "text", contentType: "text/plain", content: "INT. KITCHEN — NIGHT\nRain on the window. ☔" });
    const md = await upload(owner, "beats.md", "", Buffer.from("# Act one\n- opening"));
    expect(md.body).toMatchObject({ type: "text", contentType: "text/markdown", content: "# Act one\n- opening" });
    const got = await getMedia(owner, md.body.url);
    expect(got.headers["content-type"]).toBe("text/markdown; charset=utf-8");
    expect(got.headers["content-disposition"]).toMatch(/^attachment; filename="reelgraph-[0-9a-f-]+\.md"$/);
  });

  it("stores HTML as plain text, so it can never run as a page", async () => {
    const res = await upload(owner, "page.html", "text/html", Buffer.from("<script>alert(1)</script>"));
    expect(res.body).toMatchObject({ type: "text", contentType: "text/plain", content: "<script>alert(1)</script>" });
    const got = await getMedia(owner, res.body.url);
    expect(got.headers["content-type"]).toBe("text/plain; charset=utf-8");
    expect(got.headers["content-disposition"]).toMatch(/^attachment; filename="reelgraph-[0-9a-f-]+\.txt"$/);
  });

  it("takes fields before the file as well as after it", async () => {
    const res = await call(owner, {
      method: "POST",
      url: "/api/upload-media",
      ...form({ projectId, nodeId: "node-2", file: { filename: "a.png", type: "image/png", data: PNG } }),
    });
    expect(res.status).toBe(200);
  });
});

describe("POST /api/upload-media: refusals", () => {
  const unsupported = (type: string) =>
    `File type ${type} not supported. Please use images, videos, audio files, text files, or 3D models.`;

  it.each([
    ["photo.png", "image/png", ELF, "application/x-elf"],
    ["archive.docx", "application/vnd.openxmlformats-officedocument.wordprocessingml.document", ZIP, "application/zip"],
    ["logo.svg", "image/svg+xml", SVG, "image/svg+xml"],
    ["logo.png", "image/png", SVG, "image/png"],
    ["binary.txt", "text/plain", Buffer.from("abc\u0000def"), "text/plain"],
    ["latin1.txt", "text/plain", Buffer.from([0x63, 0x61, 0x66, 0xe9]), "text/plain"],
    ["scene.gltf", "model/gltf+json", Buffer.from("{not json"), "model/gltf+json"],
  ])("refuses %s (%s) with 415 and stores nothing", async (name, declared, data, shownType) => {
    const [files, rows] = [storedFiles(), await mediaRows()];
    const res = await upload(owner, name, declared, data);
    expect(res).toMatchObject({ status: 415, body: { error: unsupported(shownType), code: "unsupported_media_type" } });
    expect([storedFiles(), await mediaRows()]).toEqual([files, rows]);
  });

  it.each([
    ["empty.txt", "text/plain"],
    ["empty.png", "image/png"],
    ["empty.mp4", "video/mp4"],
  ])("refuses an empty file (%s) with the spec's 'File cannot be empty' and stores nothing", async (name, declared) => {
    const [files, rows] = [storedFiles(), await mediaRows()];
    const res = await upload(owner, name, declared, Buffer.alloc(0));
    expect(res).toMatchObject({ status: 400, body: { error: "File cannot be empty", code: "bad_request" } });
    expect([storedFiles(), await mediaRows()]).toEqual([files, rows]);
  });

  it("refuses an empty body fetched for a URL upload the same way (the intake both paths share)", async () => {
    const storage = new LocalStorage(mkdtempSync(path.join(tmpdir(), "reelgraph-empty-url-")));
    // The URL path hands the fetched body over as one chunk, here an empty one.
    const fetched = (async function* () {
      yield Buffer.alloc(0);
    })();
    await expect(
      receiveUpload(storage, fetched, { fileName: "clip.txt", declaredMime: "text/plain", maxBytes: 1024 }),
    ).rejects.toMatchObject({ status: 400, message: "File cannot be empty" });
  });

  it("refuses a file over 50 MB with 413 and keeps no part of it", async () => {
    const files = storedFiles();
    const big = Buffer.concat([PNG.subarray(0, 33), Buffer.alloc(50 * 1024 * 1024 + 1 - 33)]);
    const res = await upload(owner, "huge.png", "image/png", big);
    expect(res).toMatchObject({ status: 413, body: { error: "File too large. Maximum size is 50MB", code: "payload_too_large" } });
    expect(storedFiles()).toBe(files);
  });

  it("needs a signed-in caller with edit rights on the project", async () => {
    const [files, rows] = [storedFiles(), await mediaRows()];
    expect((await upload(null, "a.png", "image/png", PNG)).status).toBe(401);
    const strangerRes = await upload(stranger, "a.png", "image/png", PNG);
    expect(strangerRes).toMatchObject({ status: 403, body: { code: "forbidden" } });
    const viewerRes = await upload(viewer, "a.png", "image/png", PNG);
    expect(viewerRes).toMatchObject({ status: 403, body: { error: "You have view-only access to this project", code: "forbidden" } });
    expect((await upload(owner, "a.png", "image/png", PNG, "00000000-0000-4000-8000-000000000000")).status).toBe(404);
    expect([storedFiles(), await mediaRows()]).toEqual([files, rows]); // file-first uploads were removed again
  });

  it("answers 400 for missing fields, a missing file or two files", async () => {
    const noProject = await call(owner, {
      method: "POST",
      url: "/api/upload-media",
      ...form({ file: { filename: "a.png", type: "image/png", data: PNG }, nodeId: "n" }),
    });
    expect(noProject).toMatchObject({ status: 400, body: { error: "Invalid project id", code: "bad_request" } });
    const noFile = await call(owner, { method: "POST", url: "/api/upload-media", ...form({ nodeId: "n", projectId }) });
    expect(noFile.status).toBe(400);
    const file = { filename: "a.png", type: "image/png", data: PNG };
    const two = await call(owner, {
      method: "POST",
      url: "/api/upload-media",
      ...form({ nodeId: "n", projectId, file, other: { ...file } }),
    });
    expect(two.status).toBe(400);
  });
});

describe("POST /api/upload-media from a URL", () => {
  it("refuses an internal address with 400", async () => {
    const res = await call(owner, {
      method: "POST",
      url: "/api/upload-media",
      payload: { nodeId: "n", url: "http://127.0.0.1:3000/api/health", contentType: "image", projectId },
    });
    expect(res).toMatchObject({ status: 400, body: { code: "bad_request", error: expect.stringMatching(/private or internal/) } });
  });
  it("checks edit rights before fetching anything", async () => {
    const res = await call(viewer, {
      method: "POST",
      url: "/api/upload-media",
      payload: { nodeId: "n", url: "http://127.0.0.1/", projectId },
    });
    expect(res.status).toBe(403);
  });
});

describe("GET /api/media/:id", () => {
  let videoUrl: string;
  beforeAll(async () => {
    videoUrl = (await upload(owner, "clip.mp4", "video/mp4", MP4)).body.url;
  });

  it("lets project members see it and nobody else; a stranger cannot tell it exists (404 as for an unknown id)", async () => {
    expect((await getMedia(viewer, videoUrl)).status).toBe(200);
    const strangers = await getMedia(stranger, videoUrl);
    const unknown = await getMedia(stranger, "/api/media/00000000-0000-4000-8000-000000000000");
    expect([strangers.status, unknown.status]).toEqual([404, 404]);
    expect(strangers.raw.equals(unknown.raw)).toBe(true);
    expect((await getMedia(null, videoUrl)).status).toBe(401);
    expect((await getMedia(owner, "/api/media/00000000-0000-4000-8000-000000000000")).status).toBe(404);
    expect((await getMedia(owner, "/api/media/not-an-id")).status).toBe(404);
  });

  it("serves byte ranges with 206 for seeking, and 416 past the end", async () => {
    const part = await getMedia(owner, videoUrl, { range: "bytes=4-11" });
    expect(part.status).toBe(206);
    expect(part.raw.toString("latin1")).toBe("ftypisom");
    expect(part.raw.equals(MP4.subarray(4, 12))).toBe(true);
    expect(part.headers).toMatchObject({
      "content-range": `bytes 4-11/${MP4.length}`,
      "content-length": "8",
      "accept-ranges": "bytes",
      "content-type": "video/mp4",
    });
    const tail = await getMedia(owner, videoUrl, { range: "bytes=-10" });
    expect(tail.raw.equals(MP4.subarray(MP4.length - 10))).toBe(true);
    const beyond = await getMedia(owner, videoUrl, { range: `bytes=${MP4.length}-` });
    expect(beyond.status).toBe(416);
    expect(beyond.headers["content-range"]).toBe(`bytes */${MP4.length}`);
  });

  it("answers HEAD (the client's access test) without a body", async () => {
    const res = await call(viewer, { method: "HEAD", url: videoUrl });
    expect(res.status).toBe(200);
    expect(res.headers["content-length"]).toBe(String(MP4.length));
    expect(res.raw.length).toBe(0);
    expect((await call(stranger, { method: "HEAD", url: videoUrl })).status).toBe(404);
  });
});

describe("GET /api/media/:id/thumbnail", () => {
  let imageUrl: string;
  let videoUrl: string;
  beforeAll(async () => {
    // A 1200 × 800 photo-sized PNG, so the thumbnail is really smaller than what it stands for.
    const big = await sharp({ create: { width: 1200, height: 800, channels: 3, background: { r: 200, g: 40, b: 90 } } })
      .png()
      .toBuffer();
    imageUrl = (await upload(owner, "still.png", "image/png", big)).body.url;
    videoUrl = (await upload(owner, "clip.mp4", "video/mp4", MP4)).body.url;
  });

  it("serves a viewer a small WebP of an image, inert, made once and then read back from storage", async () => {
    const filesBefore = storedFiles();
    const first = await getMedia(viewer, `${imageUrl}/thumbnail`);
    expect(first.status).toBe(200);
    expect(first.headers).toMatchObject({
      "content-type": "image/webp",
      "x-content-type-options": "nosniff",
      "content-security-policy": "sandbox; default-src 'none'",
    });
    const meta = await sharp(first.raw).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["webp", 160, 107]);
    expect(storedFiles()).toBe(filesBefore + 1); // stored beside the original
    const again = await getMedia(owner, `${imageUrl}/thumbnail`);
    expect(again.raw.equals(first.raw)).toBe(true);
    expect(storedFiles()).toBe(filesBefore + 1); // not made a second time
  });

  it("gives a stranger nothing (404 as for an unknown id), and asks for a session", async () => {
    const strangers = await getMedia(stranger, `${imageUrl}/thumbnail`);
    const unknown = await getMedia(stranger, "/api/media/00000000-0000-4000-8000-000000000000/thumbnail");
    expect([strangers.status, unknown.status]).toEqual([404, 404]);
    expect(strangers.raw.equals(unknown.raw)).toBe(true);
    expect((await getMedia(null, `${imageUrl}/thumbnail`)).status).toBe(401);
  });

  it("answers 404 with a clear message for media that is not an image", async () => {
    const res = await getMedia(owner, `${videoUrl}/thumbnail`);
    expect(res).toMatchObject({ status: 404, body: { error: "This media has no thumbnail", code: "not_found" } });
  });
});
