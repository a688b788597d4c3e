/**
 * The tool routes end to end: the list and schemas, refusals (missing media, bad parameters, view-only,
 * strangers, no key), and real runs through the generation queue — a local upscale replacing the node's
 * picture with a version kept, an extracted frame becoming a new image node, a hosted tool through fal's
 * engine (a scripted stand-in of the external service) — with credits moved once and refunded on failure.
 */
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { creditLedger } from "../db/schema";
import { createHarness, projectWithViewer, TEST_SIGNUP_CREDITS, type Harness, type TestUser } from "../test/harness";
import { multipartForm } from "../test/multipart";
import type { Engine, EngineRequest, EngineResult } from "../generation/engine";
import { frameAt } from "../generation/local/testKit";
import { durationSeconds, readWav } from "../generation/local/wav";
import { colourClip, removeFixtures, toFile, tone } from "./local/media/testFixtures";

class FakeFal implements Engine {
  readonly provider = "fal" as const;
  calls: EngineRequest[] = [];
  async run(req: EngineRequest): Promise<EngineResult> {
    this.calls.push(req);
    const bytes = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#f00" } })
      .png()
      .toBuffer();
    return { kind: "media", mediaType: "image", files: [{ bytes, contentType: "image/png" }] };
  }
}

let h: Harness;
const fal = new FakeFal();
beforeAll(async () => {
  h = await createHarness({ generation: { engines: { fal }, env: { FAL_KEY: "platform-key" } } });
});
afterAll(async () => {
  await h?.close();
  removeFixtures();
});

const picture = (w: number, hgt: number) =>
  sharp({ create: { width: w, height: hgt, channels: 3, background: "#3366cc" } })
    .composite([
      { input: Buffer.from(`<svg width="${w}" height="${hgt}"><circle cx="${w / 2}" cy="${hgt / 2}" r="${w / 4}" fill="#ffcc00"/></svg>`) },
    ])
    .png()
    .toBuffer();

async function upload(user: TestUser, projectId: string, data: Buffer, filename: string, type: string): Promise<string> {
  const form = multipartForm([
    ["projectId", projectId],
    ["nodeId", "n1"],
    ["file", { filename, type, data }],
  ]);
  const res = await h.server.inject({
    method: "POST",
    url: "/api/upload-media",
    payload: form.payload,
    headers: { ...user.headers, ...form.headers },
  });
  expect(res.statusCode, res.body).toBe(200);
  return JSON.parse(res.body).url as string;
}

async function projectWithMediaNode(
  user: TestUser,
  media: { bytes: Buffer; name: string; type: string; contentType: string } | null,
  nodeId = "n1",
) {
  const projectId = (await h.call(user, "POST", "/api/projects", { name: `Tools ${Math.random()}` })).body.id as string;
  await h.call(user, "POST", `/api/projects/${projectId}/structure`, { nodes: [{ id: nodeId, position: { x: 100, y: 100 } }] });
  const url = media ? await upload(user, projectId, media.bytes, media.name, media.type) : undefined;
  const data = url
    ? { title: "Plate", mediaUrl: url, displayUrl: url, contentType: media!.contentType, rev: 1 }
    : { title: "Empty", rev: 1 };
  await h.call(user, "POST", "/api/workflows/autosave", { projectId, updates: [{ nodeId, prevRev: 0, nodeData: data }] });
  return { projectId, url };
}

const canvas = async (user: TestUser, projectId: string) =>
  (await h.call(user, "GET", `/api/projects/nodes?projectId=${projectId}`)).body as {
    nodes: { id: string; position: { x: number; y: number }; data: Record<string, any> }[];
    edges: { source: string; target: string }[];
  };
const balance = async (user: TestUser) => (await h.call(user, "GET", "/api/credits")).body.balance as number;
const execute = (user: TestUser, body: Record<string, unknown>) => h.call(user, "POST", "/api/tools/execute", body);
/** The runs in `user`'s queue (GET /api/queue) that are in this project. */
const runsIn = async (user: TestUser, projectId: string) =>
  ((await h.call(user, "GET", "/api/queue")).body.runs as { projectId: string }[]).filter((r) => r.projectId === projectId);
const settle = (generationId: string) => h.generation.service.waitFor(generationId, 60_000);
const bytesOf = async (user: TestUser, url: string) =>
  Buffer.from((await h.server.inject({ method: "GET", url, headers: user.headers })).rawPayload);

describe("tool list and schema", () => {
  it("lists every tool in the spec's categories, local ones usable, hosted ones locked without a key", async () => {
    const user = await h.signUp();
    const res = await h.call(user, "GET", "/api/tools/available");
    expect(res.status).toBe(200);
    const tools = res.body.tools as { id: string; category: string; usable: boolean; lockedReason?: string; label?: string }[];
    expect(tools.find((t) => t.id === "local/upscale")).toMatchObject({ category: "Image", usable: true, label: "Local AI" });
    expect(tools.find((t) => t.id === "local/extract-frame")).toMatchObject({ category: "Video", usable: true, label: "Local" });
    // The platform key makes fal usable here.
    expect(tools.find((t) => t.id === "fal-ai/clarity-upscaler")).toMatchObject({ usable: true });
    expect(tools.every((t) => ["Trainer", "Video", "Image", "Text", "Audio", "Other"].includes(t.category))).toBe(true);
  });

  it("gives a tool's schema in the spec's components.schemas shape with order and required lists", async () => {
    const user = await h.signUp();
    const res = await h.call(user, "GET", "/api/tools/schema?id=local/upscale");
    expect(res.status).toBe(200);
    const input = res.body.components.schemas.UpscaleInput;
    expect(input.properties.scale).toMatchObject({ enum: [2, 4], default: 2 });
    expect(input["x-fal-order-properties"]).toEqual(["scale"]);
    expect(input.required).toEqual(["scale"]);
    expect((await h.call(user, "GET", "/api/tools/schema?id=nope")).status).toBe(404);
    expect((await h.call(null, "GET", "/api/tools/schema?id=local/upscale")).status).toBe(401);
  });
});

describe("tool runs", () => {
  it("Upscale ×2 puts a picture twice the size on the node, keeps the old one as a version, and charges once", async () => {
    const user = await h.signUp();
    const original = await picture(64, 48);
    const { projectId, url } = await projectWithMediaNode(user, {
      bytes: original,
      name: "plate.png",
      type: "image/png",
      contentType: "image",
    });
    const res = await execute(user, { toolId: "local/upscale", nodeId: "n1", projectId, parameters: { scale: 2 } });
    expect(res.status).toBe(202);
    const row = await settle(res.body.generationId);
    expect(row.status).toBe("succeeded");
    const n = (await canvas(user, projectId)).nodes.find((x) => x.id === "n1")!;
    expect(n.data.mediaUrl).not.toBe(url);
    for (const field of ["displayUrl", "permanentMediaUrl", "azureUrl"]) expect(n.data[field]).toBe(n.data.mediaUrl);
    expect(n.data).toMatchObject({
      status: "completed",
      selectedTool: "local/upscale",
      toolParameters: { scale: 2 },
      toolExecutionResult: { success: true, imageUrl: n.data.mediaUrl },
    });
    expect(n.data.lastToolExecution).toMatchObject({ toolId: "local/upscale", parameters: { scale: 2 } });
    expect(n.data.versionHistory.map((v: { mediaUrl: string }) => v.mediaUrl)).toEqual([url, n.data.mediaUrl]);
    const meta = await sharp(await bytesOf(user, n.data.mediaUrl)).metadata();
    expect([meta.width, meta.height]).toEqual([128, 96]);
    expect(await balance(user)).toBe(TEST_SIGNUP_CREDITS - 2);
    const reasons = (await h.database.db.select().from(creditLedger).where(eq(creditLedger.userId, user.id))).map((r) => r.reason).sort();
    expect(reasons).toEqual(["Sign-up allowance", "generation capture", "generation reserve"]);
    // The Queue panel names the tool.
    const queue = (await h.call(user, "GET", "/api/queue")).body.runs;
    expect(queue[0]).toMatchObject({ modelName: "Upscale (Local AI)", status: "succeeded", projectId });
  }, 60_000);

  it("Extract last frame makes a new image node 550 px to the right, connected from the video", async () => {
    const user = await h.signUp();
    const video = colourClip(
      [
        ["red", 0.5],
        ["blue", 0.5],
      ],
      { size: "64x48", fps: 10 },
    );
    const { projectId } = await projectWithMediaNode(user, {
      bytes: video.bytes,
      name: "shot.mp4",
      type: "video/mp4",
      contentType: "video",
    });
    const res = await execute(user, { toolId: "local/extract-frame", nodeId: "n1", projectId, parameters: { which: "last" } });
    expect(res.status).toBe(202);
    expect((await settle(res.body.generationId)).status).toBe("succeeded");
    const c = await canvas(user, projectId);
    const made = c.nodes.find((x) => x.id !== "n1")!;
    expect(made.data).toMatchObject({ contentType: "image", status: "completed" });
    expect(made.position.x).toBe(650);
    expect(c.edges).toEqual([expect.objectContaining({ source: "n1", target: made.id })]);
    const meta = await sharp(await bytesOf(user, made.data.mediaUrl)).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["png", 64, 48]);
    expect(c.nodes.find((x) => x.id === "n1")!.data.toolExecutionResult).toMatchObject({ success: true, nodeId: made.id });
  }, 60_000);

  it("Read aloud speaks a text node into a new audio node beside it, faster when asked", async () => {
    const user = await h.signUp();
    const projectId = (await h.call(user, "POST", "/api/projects", { name: `Tools ${Math.random()}` })).body.id as string;
    await h.call(user, "POST", `/api/projects/${projectId}/structure`, { nodes: [{ id: "line", position: { x: 100, y: 100 } }] });
    const line = "Nell climbs the lighthouse stairs. The lamp is still turning, after all these years.";
    await h.call(user, "POST", "/api/workflows/autosave", {
      projectId,
      updates: [{ nodeId: "line", prevRev: 0, nodeData: { title: "Nell", content: line, contentType: "text", rev: 1 } }],
    });
    const seconds = async (speed: number) => {
      const res = await execute(user, { toolId: "local/read-aloud", nodeId: "line", projectId, parameters: { voice: "slt", speed } });
      expect(res.status, JSON.stringify(res.body)).toBe(202);
      expect((await settle(res.body.generationId)).status).toBe("succeeded");
      const c = await canvas(user, projectId);
      const made = c.nodes.find((x) => x.id === c.nodes.find((n) => n.id === "line")!.data.toolExecutionResult.nodeId)!;
      expect(made.data).toMatchObject({ contentType: "audio", status: "completed", title: "Nell · Read aloud" });
      expect(c.edges).toContainEqual(expect.objectContaining({ source: "line", target: made.id }));
      const wav = readWav(await bytesOf(user, made.data.mediaUrl));
      return durationSeconds(wav);
    };
    const normal = await seconds(1);
    // About 14 words: several seconds of speech, and at double speed about half as long.
    expect(normal).toBeGreaterThan(3);
    expect(normal).toBeLessThan(12);
    expect((await seconds(2)) / normal).toBeCloseTo(0.5, 1);
  }, 60_000);

  it("a hosted tool runs through the provider's engine with the node's picture in its media slot", async () => {
    const user = await h.signUp();
    const { projectId, url } = await projectWithMediaNode(user, {
      bytes: await picture(16, 16),
      name: "p.png",
      type: "image/png",
      contentType: "image",
    });
    const res = await execute(user, { toolId: "fal-ai/clarity-upscaler", nodeId: "n1", projectId, parameters: { upscale_factor: 2 } });
    expect(res.status).toBe(202);
    expect((await settle(res.body.generationId)).status).toBe("succeeded");
    const call = fal.calls.at(-1)!;
    expect(call.model.id).toBe("fal-ai/clarity-upscaler");
    expect(call.params).toMatchObject({ image_url: url, upscale_factor: 2 });
    expect(await balance(user)).toBe(TEST_SIGNUP_CREDITS - 30);
  });

  it("a failed run leaves the node as it was, keeps its message in the tool's result and returns the credits", async () => {
    const user = await h.signUp();
    // A silent clip: loudness cannot be normalised (the tool says so).
    const { projectId } = await projectWithMediaNode(user, {
      bytes: tone([["silence", 1]]).bytes,
      name: "room.wav",
      type: "audio/wav",
      contentType: "audio",
    });
    const res = await execute(user, { toolId: "local/normalize-loudness", nodeId: "n1", projectId, parameters: {} });
    const row = await settle(res.body.generationId);
    expect(row.status).toBe("failed");
    const n = (await canvas(user, projectId)).nodes.find((x) => x.id === "n1")!;
    expect(n.data).toMatchObject({
      status: "completed",
      error: null,
      toolExecutionResult: { success: false, error: expect.stringMatching(/silent/) },
    });
    expect(await balance(user)).toBe(TEST_SIGNUP_CREDITS);
  });
});

describe("Watermark", () => {
  /** Mean of |a − b| over a w×h box of two same-sized pictures' RGB. */
  async function boxDifference(a: Buffer, b: Buffer, box: { left: number; top: number; width: number; height: number }) {
    const [x, y] = await Promise.all([a, b].map((bytes) => sharp(bytes).extract(box).removeAlpha().raw().toBuffer()));
    let sum = 0;
    for (let i = 0; i < x!.length; i++) sum += Math.abs(x![i]! - y![i]!);
    return sum / x!.length;
  }
  const flat = (w: number, hgt: number, colour: string) =>
    sharp({ create: { width: w, height: hgt, channels: 3, background: colour } })
      .png()
      .toBuffer();

  it("writes its text in the chosen corner of the node's picture, keeping the original as a version", async () => {
    const user = await h.signUp();
    const original = await flat(160, 120, "#777777");
    const { projectId, url } = await projectWithMediaNode(user, {
      bytes: original,
      name: "plate.png",
      type: "image/png",
      contentType: "image",
    });
    const res = await execute(user, {
      toolId: "local/watermark",
      nodeId: "n1",
      projectId,
      parameters: { text: "© Reelgraph", position: "bottom-right", opacity: 1, scale: 0.4 },
    });
    expect(res.status).toBe(202);
    expect((await settle(res.body.generationId)).status).toBe("succeeded");
    const n = (await canvas(user, projectId)).nodes.find((x) => x.id === "n1")!;
    expect(n.data).toMatchObject({ contentType: "image", toolExecutionResult: { success: true, imageUrl: n.data.mediaUrl } });
    expect(n.data.versionHistory.map((v: { mediaUrl: string }) => v.mediaUrl)).toEqual([url, n.data.mediaUrl]);
    const marked = await bytesOf(user, n.data.mediaUrl);
    expect(await boxDifference(original, marked, { left: 80, top: 60, width: 80, height: 60 })).toBeGreaterThan(1);
    expect(await boxDifference(original, marked, { left: 0, top: 0, width: 80, height: 60 })).toBe(0);
    expect(await balance(user)).toBe(TEST_SIGNUP_CREDITS - 1);
  });

  it("uses a connected image node as the logo on a video node, which stays a video", async () => {
    const user = await h.signUp();
    const clip = colourClip([["gray", 1]], { size: "160x120", fps: 10, tone: 440 });
    const { projectId } = await projectWithMediaNode(user, {
      bytes: clip.bytes,
      name: "shot.mp4",
      type: "video/mp4",
      contentType: "video",
    });
    await h.call(user, "POST", `/api/projects/${projectId}/structure`, {
      nodes: [{ id: "logo", position: { x: -600, y: 0 } }],
      edgesAdded: [{ id: "e1", source: "logo", target: "n1" }],
    });
    const logoUrl = await upload(user, projectId, await flat(40, 40, "#ff0000"), "logo.png", "image/png");
    await h.call(user, "POST", "/api/workflows/autosave", {
      projectId,
      updates: [{ nodeId: "logo", prevRev: 0, nodeData: { mediaUrl: logoUrl, contentType: "image", rev: 1 } }],
    });
    const res = await execute(user, {
      toolId: "local/watermark",
      nodeId: "n1",
      projectId,
      parameters: { position: "top-left", opacity: 1, scale: 0.25, margin: 4 },
    });
    expect(res.status).toBe(202);
    expect((await settle(res.body.generationId)).status).toBe("succeeded");
    const n = (await canvas(user, projectId)).nodes.find((x) => x.id === "n1")!;
    expect(n.data).toMatchObject({ contentType: "video", toolExecutionResult: { success: true, videoUrl: n.data.mediaUrl } });
    const frame = frameAt(toFile(await bytesOf(user, n.data.mediaUrl)), 0.5, 160, 120);
    const pixel = (x: number, y: number) => [...frame.subarray((y * 160 + x) * 3, (y * 160 + x) * 3 + 3)] as [number, number, number];
    // the 40 px logo, 4 px in from the top-left corner; the opposite corner still grey
    expect(pixel(24, 24)[0]).toBeGreaterThan(200);
    expect(pixel(24, 24)[1]).toBeLessThan(60);
    expect(Math.abs(pixel(140, 100)[0] - pixel(140, 100)[1])).toBeLessThan(10);
  }, 60_000);

  it("with neither text nor a connected image: 400 naming text, nothing held or queued", async () => {
    const user = await h.signUp();
    const { projectId } = await projectWithMediaNode(user, {
      bytes: await flat(32, 32, "#777777"),
      name: "p.png",
      type: "image/png",
      contentType: "image",
    });
    const res = await execute(user, { toolId: "local/watermark", nodeId: "n1", projectId, parameters: { text: "  " } });
    expect(res).toMatchObject({
      status: 400,
      body: { error: "text: type the watermark or connect an image node to use as the logo", code: "bad_request" },
    });
    const bad = await execute(user, { toolId: "local/watermark", nodeId: "n1", projectId, parameters: { text: "x", position: "middle" } });
    expect(bad).toMatchObject({
      status: 400,
      body: { error: "position must be one of top-left, top-right, bottom-left, bottom-right, centre (got middle)" },
    });
    expect(await balance(user)).toBe(TEST_SIGNUP_CREDITS);
    expect(await runsIn(user, projectId)).toEqual([]);
    expect((await canvas(user, projectId)).nodes[0]!.data.status).toBeUndefined();
  });
});

describe("bad input changes nothing", () => {
  it("400 naming what is wrong: no media on the node, the wrong kind, a parameter out of range, a missing connection", async () => {
    const user = await h.signUp();
    const empty = await projectWithMediaNode(user, null);
    const noMedia = await execute(user, { toolId: "local/upscale", nodeId: "n1", projectId: empty.projectId, parameters: {} });
    expect(noMedia).toMatchObject({ status: 400, body: { error: "This tool needs an image on the node" } });

    const pic = await projectWithMediaNode(user, { bytes: await picture(16, 16), name: "p.png", type: "image/png", contentType: "image" });
    const wrongKind = await execute(user, {
      toolId: "local/trim-video",
      nodeId: "n1",
      projectId: pic.projectId,
      parameters: { start: 0, end: 1 },
    });
    expect(wrongKind).toMatchObject({ status: 400, body: { error: "This tool needs a video on the node" } });
    const outOfRange = await execute(user, { toolId: "local/upscale", nodeId: "n1", projectId: pic.projectId, parameters: { scale: 3 } });
    expect(outOfRange).toMatchObject({ status: 400, body: { error: "scale must be one of 2, 4 (got 3)" } });
    const unknown = await execute(user, {
      toolId: "local/blur-faces",
      nodeId: "n1",
      projectId: pic.projectId,
      parameters: { strength: 500 },
    });
    expect(unknown.body.error).toBe("strength must be between 4 and 60 (got 500)");
    const mediaParam = await execute(user, {
      toolId: "fal-ai/clarity-upscaler",
      nodeId: "n1",
      projectId: pic.projectId,
      parameters: { image_url: "/api/media/00000000-0000-0000-0000-000000000000" },
    });
    expect(mediaParam.status).toBe(400);
    expect(mediaParam.body.error).toMatch(/^image_url /);

    const video = colourClip([["red", 1]], { size: "32x32", fps: 10 });
    const vid = await projectWithMediaNode(user, { bytes: video.bytes, name: "v.mp4", type: "video/mp4", contentType: "video" });
    const noAudio = await execute(user, { toolId: "local/replace-audio", nodeId: "n1", projectId: vid.projectId, parameters: {} });
    expect(noAudio).toMatchObject({ status: 400, body: { error: "audio: connect audio to this node first" } });

    const unknownTool = await execute(user, { toolId: "nope", nodeId: "n1", projectId: pic.projectId, parameters: {} });
    expect(unknownTool.status).toBe(400);
    const badBody = await execute(user, { toolId: "local/upscale", nodeId: "n1", projectId: pic.projectId, parameters: {}, extra: 1 });
    expect(badBody.status).toBe(400);
    // Nothing was held or changed.
    expect(await balance(user)).toBe(TEST_SIGNUP_CREDITS);
    expect((await canvas(user, pic.projectId)).nodes[0]!.data.status).toBeUndefined();
  });

  it("a view-only member gets 403 and a stranger 403/404, with nothing queued", async () => {
    const { owner, viewer, stranger, projectId } = await projectWithViewer(h, "Tools shared");
    await h.call(owner, "POST", `/api/projects/${projectId}/structure`, { nodes: [{ id: "n1", position: { x: 0, y: 0 } }] });
    const url = await upload(owner, projectId, await picture(16, 16), "p.png", "image/png");
    await h.call(owner, "POST", "/api/workflows/autosave", {
      projectId,
      updates: [{ nodeId: "n1", prevRev: 0, nodeData: { mediaUrl: url, contentType: "image", rev: 1 } }],
    });
    const body = { toolId: "local/upscale", nodeId: "n1", projectId, parameters: { scale: 2 } };
    expect((await execute(viewer, body)).status).toBe(403);
    expect([403, 404]).toContain((await execute(stranger, body)).status);
    // Nothing queued for anyone: a run is in the queue of who started it.
    for (const who of [owner, viewer, stranger]) expect(await runsIn(who, projectId)).toEqual([]);
  });
});
