/**
 * Hosted tools against a local fake of fal's queue API (the real protocol: submit, status, result, files):
 * the node's picture goes in the tool's media slot as a data URI, the form's parameters as they were set,
 * and the file fal returns replaces the node's media; a fal failure reaches the node and refunds.
 */
import { unzipSync } from "fflate";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHarness, TEST_SIGNUP_CREDITS, type Harness, type TestUser } from "../test/harness";
import { multipartForm } from "../test/multipart";
import { createFalEngine } from "../generation/hosted/fal";
import { startFalFake, type FalFake } from "../generation/hosted/fakes/falFake";
import { FAST } from "../generation/hosted/fakes/testRequest";
import { createRunwayEngine, RUNWAY_API_VERSION } from "../generation/hosted/runway";
import { startRunwayFake, type RunwayFake } from "../generation/hosted/fakes/runwayFake";
import { createElevenLabsEngine } from "../generation/hosted/elevenlabs";
import { startElevenLabsFake, type ElevenLabsFake } from "../generation/hosted/fakes/elevenlabsFake";
import { colourClip, tone } from "./local/media/testFixtures";
import { fakeProviderEnv } from "../test/fakeProvider";

const KEY = "fal-key-id:fal-secret-0123456789";
let h: Harness;
let fake: FalFake;

beforeAll(async () => {
  fake = await startFalFake({ key: KEY });
  h = await createHarness({
    generation: { engines: { fal: createFalEngine(FAST) }, env: fakeProviderEnv("fal", { key: KEY, origin: fake.origin }) },
  });
});
afterAll(async () => {
  await h?.close();
  await fake?.close();
});

async function pictureNode(user: TestUser) {
  const projectId = (await h.call(user, "POST", "/api/projects", { name: "Hosted tools" })).body.id as string;
  await h.call(user, "POST", `/api/projects/${projectId}/structure`, { nodes: [{ id: "n1", position: { x: 0, y: 0 } }] });
  const bytes = await sharp({ create: { width: 24, height: 16, channels: 3, background: "#208040" } })
    .png()
    .toBuffer();
  const form = multipartForm([
    ["projectId", projectId],
    ["nodeId", "n1"],
    ["file", { filename: "p.png", type: "image/png", data: bytes }],
  ]);
  const up = await h.server.inject({
    method: "POST",
    url: "/api/upload-media",
    payload: form.payload,
    headers: { ...user.headers, ...form.headers },
  });
  const url = JSON.parse(up.body).url as string;
  await h.call(user, "POST", "/api/workflows/autosave", {
    projectId,
    updates: [{ nodeId: "n1", prevRev: 0, nodeData: { mediaUrl: url, contentType: "image", rev: 1 } }],
  });
  return { projectId, url, bytes };
}

describe("hosted tools through fal's queue API", () => {
  it("Image Upscaler: the node's picture in image_url, the form's factor, and fal's file on the node", async () => {
    const user = await h.signUp();
    const { projectId, url, bytes } = await pictureNode(user);
    const res = await h.call(user, "POST", "/api/tools/execute", {
      toolId: "fal-ai/clarity-upscaler",
      nodeId: "n1",
      projectId,
      parameters: { upscale_factor: 4, prompt: "crisp film grain" },
    });
    expect(res.status).toBe(202);
    const row = await h.generation.service.waitFor(res.body.generationId, 30_000);
    expect(row.status).toBe("succeeded");
    const job = fake.jobs.at(-1)!;
    expect(job.modelId).toBe("fal-ai/clarity-upscaler");
    expect(job.input).toMatchObject({ upscale_factor: 4, prompt: "crisp film grain", creativity: 0.35 });
    expect(job.input.image_url).toBe(`data:image/png;base64,${bytes.toString("base64")}`);
    const n = (await h.call(user, "GET", `/api/projects/nodes?projectId=${projectId}`)).body.nodes[0];
    expect(n.data.mediaUrl).not.toBe(url);
    expect(n.data.toolExecutionResult).toMatchObject({ success: true, imageUrl: n.data.mediaUrl });
    expect(await (await h.call(user, "GET", "/api/credits")).body.balance).toBe(TEST_SIGNUP_CREDITS - 30);
  });

  it("Extend Video Frame: the node's clip in video_url, the sides and amount from the form, fal's video replaces the clip", async () => {
    const user = await h.signUp();
    const projectId = (await h.call(user, "POST", "/api/projects", { name: "Outpaint" })).body.id as string;
    await h.call(user, "POST", `/api/projects/${projectId}/structure`, { nodes: [{ id: "v1", position: { x: 0, y: 0 } }] });
    const clip = colourClip([["blue", 1]], { size: "64x48", fps: 10 });
    const form = multipartForm([
      ["projectId", projectId],
      ["nodeId", "v1"],
      ["file", { filename: "shot.mp4", type: "video/mp4", data: clip.bytes }],
    ]);
    const up = await h.server.inject({
      method: "POST",
      url: "/api/upload-media",
      payload: form.payload,
      headers: { ...user.headers, ...form.headers },
    });
    const url = JSON.parse(up.body).url as string;
    await h.call(user, "POST", "/api/workflows/autosave", {
      projectId,
      updates: [{ nodeId: "v1", prevRev: 0, nodeData: { mediaUrl: url, contentType: "video", rev: 1 } }],
    });

    const missing = await h.call(user, "POST", "/api/tools/execute", {
      toolId: "fal-ai/wan-22-vace-fun-a14b/outpainting",
      nodeId: "v1",
      projectId,
      parameters: { prompt: "" },
    });
    expect(missing).toMatchObject({ status: 400, body: { error: expect.stringMatching(/prompt/) } });

    const res = await h.call(user, "POST", "/api/tools/execute", {
      toolId: "fal-ai/wan-22-vace-fun-a14b/outpainting",
      nodeId: "v1",
      projectId,
      parameters: { prompt: "the rest of the harbour at dusk", expand_top: true, expand_ratio: 0.5, aspect_ratio: "16:9" },
    });
    expect(res.status).toBe(202);
    const row = await h.generation.service.waitFor(res.body.generationId, 30_000);
    expect(row.status).toBe("succeeded");
    const job = fake.jobs.at(-1)!;
    expect(job.modelId).toBe("fal-ai/wan-22-vace-fun-a14b/outpainting");
    expect(job.input).toMatchObject({
      prompt: "the rest of the harbour at dusk",
      expand_left: true,
      expand_right: true,
      expand_top: true,
      expand_bottom: false,
      expand_ratio: 0.5,
      aspect_ratio: "16:9",
      resolution: "720p",
      num_frames: 81,
    });
    expect(job.input.video_url).toBe(`data:video/mp4;base64,${clip.bytes.toString("base64")}`);
    const n = (await h.call(user, "GET", `/api/projects/nodes?projectId=${projectId}`)).body.nodes[0];
    expect(n.data).toMatchObject({
      contentType: "video",
      status: "completed",
      toolExecutionResult: { success: true, videoUrl: n.data.mediaUrl },
    });
    expect(n.data.mediaUrl).not.toBe(url);
    expect(n.data.versionHistory.map((v: { mediaUrl: string }) => v.mediaUrl)).toEqual([url, n.data.mediaUrl]);
  });

  it("Face Swap without a connected face is refused before anything is sent", async () => {
    const user = await h.signUp();
    const { projectId } = await pictureNode(user);
    const before = fake.jobs.length;
    const res = await h.call(user, "POST", "/api/tools/execute", { toolId: "fal-ai/face-swap", nodeId: "n1", projectId, parameters: {} });
    expect(res).toMatchObject({ status: 400, body: { error: "swap_image_url: connect an image to this node first" } });
    expect(fake.jobs.length).toBe(before);
  });
});

describe("LoRA Trainer: a model trained from the node's pictures, then picked like any model", () => {
  const TRAINER = "fal-ai/flux-lora-fast-training";

  /** The node's picture and `extra` connected picture nodes, each a different colour. */
  async function trainingSet(user: TestUser, extra: number) {
    const { projectId, bytes } = await pictureNode(user);
    const all = [bytes];
    for (let i = 0; i < extra; i++) {
      const id = `p${i}`;
      await h.call(user, "POST", `/api/projects/${projectId}/structure`, {
        nodes: [{ id, position: { x: -600, y: i * 300 } }],
        edgesAdded: [{ id: `e${i}`, source: id, target: "n1" }],
      });
      const png = await sharp({ create: { width: 16, height: 16, channels: 3, background: { r: 40 * i, g: 90, b: 200 } } })
        .png()
        .toBuffer();
      const form = multipartForm([
        ["projectId", projectId],
        ["nodeId", id],
        ["file", { filename: `${id}.png`, type: "image/png", data: png }],
      ]);
      const up = await h.server.inject({
        method: "POST",
        url: "/api/upload-media",
        payload: form.payload,
        headers: { ...user.headers, ...form.headers },
      });
      await h.call(user, "POST", "/api/workflows/autosave", {
        projectId,
        updates: [{ nodeId: id, prevRev: 0, nodeData: { mediaUrl: JSON.parse(up.body).url, contentType: "image", rev: 1 } }],
      });
      all.push(png);
    }
    return { projectId, pictures: all };
  }

  it("needs at least four pictures in all, and says which input is short", async () => {
    const user = await h.signUp();
    const { projectId } = await trainingSet(user, 2);
    const before = fake.jobs.length;
    const res = await h.call(user, "POST", "/api/tools/execute", { toolId: TRAINER, nodeId: "n1", projectId, parameters: {} });
    expect(res).toMatchObject({ status: 400, body: { error: "images_data_url: connect an image to this node first" } });
    expect(fake.jobs.length).toBe(before);
  });

  it("zips the pictures for fal, keeps the trained file, and only its trainer can run it, with the trigger word and the LoRA attached", async () => {
    const user = await h.signUp();
    const { projectId, pictures } = await trainingSet(user, 3);
    const res = await h.call(user, "POST", "/api/tools/execute", {
      toolId: TRAINER,
      nodeId: "n1",
      projectId,
      parameters: { lora_name: "Nell", trigger_word: "NELLX", steps: 500 },
    });
    expect(res.status).toBe(202);
    const row = await h.generation.service.waitFor(res.body.generationId, 30_000);
    expect(row.error ?? null).toBeNull();
    expect(row.status).toBe("succeeded");

    const job = fake.jobs.at(-1)!;
    expect(job.modelId).toBe(TRAINER);
    expect(job.input).toMatchObject({ trigger_word: "NELLX", steps: 500, is_style: false, create_masks: true });
    expect(job.input).not.toHaveProperty("lora_name");
    const zip = unzipSync(Buffer.from(String(job.input.images_data_url).replace(/^data:application\/zip;base64,/, ""), "base64"));
    expect(Object.keys(zip)).toEqual(["001.png", "002.png", "003.png", "004.png"]);
    expect(
      Object.values(zip)
        .map((b) => Buffer.from(b).toString("hex"))
        .sort(),
    ).toEqual(pictures.map((b) => b.toString("hex")).sort());

    const modelId = `lora:${res.body.generationId}`;
    const n = (await h.call(user, "GET", `/api/projects/nodes?projectId=${projectId}`)).body.nodes.find(
      (x: { id: string }) => x.id === "n1",
    );
    expect(n.data).toMatchObject({
      status: "completed",
      toolExecutionResult: { success: true, trainedModel: { modelId, name: "Nell", triggerWord: "NELLX" } },
    });
    const kept = await h.server.inject({ method: "GET", url: n.data.toolExecutionResult.trainedModel.studioUrl, headers: user.headers });
    expect(kept.body).toBe(`safetensors:${job.id}`);
    expect((await h.call(user, "GET", "/api/credits")).body.balance).toBe(TEST_SIGNUP_CREDITS - 2000);

    // The trainer sees the model in their list; nobody else does, nor may run it.
    const mine = (await h.call(user, "GET", "/api/models/available")).body.models as { id: string; name: string; usable: boolean }[];
    expect(mine.find((m) => m.id === modelId)).toMatchObject({ name: "Nell (LoRA)", usable: true });
    const stranger = await h.signUp();
    expect(((await h.call(stranger, "GET", "/api/models/available")).body.models as { id: string }[]).some((m) => m.id === modelId)).toBe(
      false,
    );
    await h.call(user, "POST", `/api/projects/${projectId}/structure`, { nodes: [{ id: "gen", position: { x: 900, y: 0 } }] });
    const theirs = (await h.call(stranger, "POST", "/api/projects", { name: "Not mine" })).body.id as string;
    await h.call(stranger, "POST", `/api/projects/${theirs}/structure`, { nodes: [{ id: "g", position: { x: 0, y: 0 } }] });
    expect(
      await h.call(stranger, "POST", "/api/execute-node", {
        projectId: theirs,
        nodeId: "g",
        prompt: "x",
        selectedModel: modelId,
        controls: { variations: 1 },
      }),
    ).toMatchObject({ status: 400 });

    const made = await h.call(user, "POST", "/api/execute-node", {
      projectId,
      nodeId: "gen",
      prompt: "Nell on a pier at dawn",
      selectedModel: modelId,
      parameters: { modelParameters: { lora_scale: 0.8 } },
      controls: { variations: 1 },
      wait: true,
    });
    expect(made.body.success).toBe(true);
    const run = fake.jobs.at(-1)!;
    expect(run.modelId).toBe("fal-ai/flux-lora");
    expect(run.input.loras).toEqual([{ path: `${fake.origin}/files/${job.id}.safetensors`, scale: 0.8 }]);
    expect(String(run.input.prompt)).toMatch(/^NELLX, Nell on a pier at dawn/);
    expect(run.input).not.toHaveProperty("lora_scale");
  });
});

describe("a fal failure", () => {
  let failing: FalFake;
  let h2: Harness;
  beforeAll(async () => {
    failing = await startFalFake({
      key: KEY,
      resultError: { status: 422, body: { detail: [{ msg: "image too small", loc: ["body", "image_url"] }] } },
    });
    h2 = await createHarness({
      generation: { engines: { fal: createFalEngine(FAST) }, env: fakeProviderEnv("fal", { key: KEY, origin: failing.origin }) },
    });
  });
  afterAll(async () => {
    await h2?.close();
    await failing?.close();
  });

  it("is stored on the node and the credits come back", async () => {
    const saved = h;
    h = h2;
    try {
      const user = await h.signUp();
      const { projectId } = await pictureNode(user);
      const res = await h.call(user, "POST", "/api/tools/execute", {
        toolId: "fal-ai/clarity-upscaler",
        nodeId: "n1",
        projectId,
        parameters: {},
      });
      const row = await h.generation.service.waitFor(res.body.generationId, 30_000);
      expect(row.status).toBe("failed");
      const n = (await h.call(user, "GET", `/api/projects/nodes?projectId=${projectId}`)).body.nodes[0];
      expect(n.data).toMatchObject({ status: "completed", error: null, toolExecutionResult: { success: false } });
      expect(n.data.toolExecutionResult.error).toMatch(/fal\.ai/);
      expect((await h.call(user, "GET", "/api/credits")).body.balance).toBe(TEST_SIGNUP_CREDITS);
    } finally {
      h = saved;
    }
  });
});

describe("Character Control through Runway's tasks API (Act Two)", () => {
  const RUNWAY_KEY = "key_runway_0123456789";
  let runway: RunwayFake;
  let h3: Harness;
  beforeAll(async () => {
    runway = await startRunwayFake({ key: RUNWAY_KEY, version: RUNWAY_API_VERSION });
    h3 = await createHarness({
      generation: {
        engines: { runway: createRunwayEngine(FAST) },
        env: fakeProviderEnv("runway", { key: RUNWAY_KEY, origin: runway.origin }),
      },
    });
  });
  afterAll(async () => {
    await h3?.close();
    await runway?.close();
  });

  it("sends the node's picture as the character and the connected video as the performance, with the forced defaults; the result is a new video node", async () => {
    const saved = h;
    h = h3;
    try {
      const user = await h.signUp();
      const { projectId, bytes } = await pictureNode(user);
      // The performance: a video node connected into the character's node.
      await h.call(user, "POST", `/api/projects/${projectId}/structure`, {
        nodes: [{ id: "perf", position: { x: -600, y: 0 } }],
        edgesAdded: [{ id: "e1", source: "perf", target: "n1" }],
      });
      const clip = colourClip([["red", 1]], { size: "64x48", fps: 10 });
      const form = multipartForm([
        ["projectId", projectId],
        ["nodeId", "perf"],
        ["file", { filename: "perf.mp4", type: "video/mp4", data: clip.bytes }],
      ]);
      const up = await h.server.inject({
        method: "POST",
        url: "/api/upload-media",
        payload: form.payload,
        headers: { ...user.headers, ...form.headers },
      });
      await h.call(user, "POST", "/api/workflows/autosave", {
        projectId,
        updates: [{ nodeId: "perf", prevRev: 0, nodeData: { mediaUrl: JSON.parse(up.body).url, contentType: "video", rev: 1 } }],
      });

      const res = await h.call(user, "POST", "/api/tools/execute", { toolId: "runway/act-two", nodeId: "n1", projectId, parameters: {} });
      expect(res.status).toBe(202);
      const row = await h.generation.service.waitFor(res.body.generationId, 30_000);
      expect(row.status).toBe("succeeded");
      const job = runway.jobs.at(-1)!;
      expect(job.path).toBe("/v1/character_performance");
      expect(job.body).toMatchObject({
        model: "act_two",
        ratio: "1280:720",
        expressionIntensity: 3,
        bodyControl: true,
        character: { type: "image", uri: `data:image/png;base64,${bytes.toString("base64")}` },
        reference: { type: "video", uri: `data:video/mp4;base64,${clip.bytes.toString("base64")}` },
      });
      const c = (await h.call(user, "GET", `/api/projects/nodes?projectId=${projectId}`)).body;
      const made = c.nodes.find((n: { id: string }) => n.id !== "n1" && n.id !== "perf");
      expect(made.data).toMatchObject({ contentType: "video", status: "completed" });
    } finally {
      h = saved;
    }
  });
});

describe("Voice Dubbing through ElevenLabs' dubbing API", () => {
  const XI_KEY = "xi-key-0123456789abcdef";
  let eleven: ElevenLabsFake;
  let h4: Harness;
  beforeAll(async () => {
    eleven = await startElevenLabsFake({ key: XI_KEY });
    h4 = await createHarness({
      generation: {
        engines: { elevenlabs: createElevenLabsEngine(FAST) },
        env: fakeProviderEnv("elevenlabs", { key: XI_KEY, origin: eleven.origin }),
      },
    });
  });
  afterAll(async () => {
    await h4?.close();
    await eleven?.close();
  });

  async function mediaNode(user: TestUser, file: { name: string; type: string; bytes: Buffer }, contentType: "video" | "audio") {
    const projectId = (await h4.call(user, "POST", "/api/projects", { name: `Dub ${contentType}` })).body.id as string;
    await h4.call(user, "POST", `/api/projects/${projectId}/structure`, { nodes: [{ id: "m1", position: { x: 0, y: 0 } }] });
    const form = multipartForm([
      ["projectId", projectId],
      ["nodeId", "m1"],
      ["file", { filename: file.name, type: file.type, data: file.bytes }],
    ]);
    const up = await h4.server.inject({
      method: "POST",
      url: "/api/upload-media",
      payload: form.payload,
      headers: { ...user.headers, ...form.headers },
    });
    const url = JSON.parse(up.body).url as string;
    await h4.call(user, "POST", "/api/workflows/autosave", {
      projectId,
      updates: [{ nodeId: "m1", prevRev: 0, nodeData: { mediaUrl: url, contentType, rev: 1 } }],
    });
    return { projectId, url };
  }

  it("uploads the node's video with the languages, waits for 'dubbed', and the dubbed video replaces the clip", async () => {
    const user = await h4.signUp();
    const clip = colourClip([["green", 1]], { size: "64x48", fps: 10 });
    const { projectId, url } = await mediaNode(user, { name: "scene.mp4", type: "video/mp4", bytes: clip.bytes }, "video");
    const res = await h4.call(user, "POST", "/api/tools/execute", {
      toolId: "elevenlabs/dubbing",
      nodeId: "m1",
      projectId,
      parameters: { target_lang: "fr", num_speakers: 2 },
    });
    expect(res.status).toBe(202);
    const row = await h4.generation.service.waitFor(res.body.generationId, 30_000);
    expect(row.status).toBe("succeeded");
    const dub = eleven.dubs.at(-1)!;
    expect(dub.fields).toMatchObject({
      target_lang: "fr",
      source_lang: "auto",
      num_speakers: "2",
      watermark: "false",
      drop_background_audio: "false",
    });
    expect(dub.file.type).toBe("video/mp4");
    expect(dub.file.bytes.equals(clip.bytes)).toBe(true);
    expect(dub.polls).toBeGreaterThanOrEqual(2);
    const n = (await h4.call(user, "GET", `/api/projects/nodes?projectId=${projectId}`)).body.nodes[0];
    expect(n.data).toMatchObject({
      contentType: "video",
      status: "completed",
      toolExecutionResult: { success: true, videoUrl: n.data.mediaUrl },
    });
    const dubbed = await h4.server.inject({ method: "GET", url: n.data.mediaUrl, headers: user.headers });
    expect(dubbed.rawPayload.includes(Buffer.from(`${dub.id}-fr`))).toBe(true);
    expect(n.data.versionHistory.map((v: { mediaUrl: string }) => v.mediaUrl)).toEqual([url, n.data.mediaUrl]);
  });

  it("dubs an audio node into audio, and a failed dub is stored on the node with the credits back", async () => {
    const user = await h4.signUp();
    const wav = tone([[440, 0.5]]).bytes;
    const { projectId } = await mediaNode(user, { name: "line.wav", type: "audio/wav", bytes: wav }, "audio");
    const ok = await h4.call(user, "POST", "/api/tools/execute", {
      toolId: "elevenlabs/dubbing",
      nodeId: "m1",
      projectId,
      parameters: { target_lang: "de" },
    });
    const okRow = await h4.generation.service.waitFor(ok.body.generationId, 30_000);
    expect(okRow.error ?? null).toBeNull();
    expect(okRow.status).toBe("succeeded");
    expect(eleven.dubs.at(-1)!.file.type).toBe("audio/wav");
    let n = (await h4.call(user, "GET", `/api/projects/nodes?projectId=${projectId}`)).body.nodes[0];
    expect(n.data).toMatchObject({ contentType: "audio", toolExecutionResult: { success: true, audioUrl: n.data.mediaUrl } });
    const spent = (await h4.call(user, "GET", "/api/credits")).body.balance as number;

    eleven.dubbingFails = "Source audio contains no speech";
    try {
      const bad = await h4.call(user, "POST", "/api/tools/execute", {
        toolId: "elevenlabs/dubbing",
        nodeId: "m1",
        projectId,
        parameters: { target_lang: "ja" },
      });
      expect((await h4.generation.service.waitFor(bad.body.generationId, 30_000)).status).toBe("failed");
    } finally {
      eleven.dubbingFails = null;
    }
    n = (await h4.call(user, "GET", `/api/projects/nodes?projectId=${projectId}`)).body.nodes[0];
    expect(n.data).toMatchObject({ status: "completed", error: null, toolExecutionResult: { success: false } });
    expect(n.data.toolExecutionResult.error).toMatch(/ElevenLabs.*no speech/);
    expect((await h4.call(user, "GET", "/api/credits")).body.balance).toBe(spent);
  });

  it("refuses a language ElevenLabs does not dub, naming the field", async () => {
    const user = await h4.signUp();
    const { projectId } = await mediaNode(user, { name: "line.wav", type: "audio/wav", bytes: tone([[440, 0.2]]).bytes }, "audio");
    const before = eleven.dubs.length;
    const res = await h4.call(user, "POST", "/api/tools/execute", {
      toolId: "elevenlabs/dubbing",
      nodeId: "m1",
      projectId,
      parameters: { target_lang: "klingon" },
    });
    expect(res).toMatchObject({ status: 400, body: { error: expect.stringMatching(/^target_lang must be one of/) } });
    expect(eleven.dubs.length).toBe(before);
  });
});
