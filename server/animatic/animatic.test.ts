/** Make animatic from a broken-down script: the real voices, ffmpeg and storage, probed back. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { KITCHEN_AND_STREET } from "../../domain/breakdown/testScenes";
import { parseFountain } from "../../domain/screenplay/fountain";
import { updateShot } from "../../domain/shotlists/edits";
import type { Scene } from "../../domain/shotlists/schema";
import { createHarness, projectWithViewer, type Harness, type TestUser } from "../test/harness";
import { unzipSync } from "fflate";
import { meanVolumeDb, probeMedia } from "./probe";
import { generations } from "../db/schema";
import { applyChanges } from "../services/canvasService";
import { ANIMATIC_RUN_MODEL } from "../../domain/animatic/api";
import { createElevenLabsEngine } from "../generation/hosted/elevenlabs";
import { startElevenLabsFake } from "../generation/hosted/fakes/elevenlabsFake";
import { FAST } from "../generation/hosted/fakes/testRequest";
import { fakeProviderEnv } from "../test/fakeProvider";

let h: Harness;
let owner: TestUser;
let viewer: TestUser;
let stranger: TestUser;
let projectId: string;
let dir: string;

beforeAll(async () => {
  h = await createHarness();
  ({ owner, viewer, stranger, projectId } = await projectWithViewer(h, "Animatic"));
  dir = mkdtempSync(join(tmpdir(), "animatic-test-"));
});
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await h?.close();
});

async function brokenDownList() {
  const created = await h.call(owner, "POST", `/api/projects/${projectId}/scripts`, { name: "Harbor" });
  await h.call(owner, "PUT", `/api/scripts/${created.body.id}`, {
    elements: parseFountain(KITCHEN_AND_STREET).elements,
    baseVersion: created.body.version,
  });
  return (await h.call(owner, "POST", `/api/scripts/${created.body.id}/breakdown`, {})).body.shotList as {
    id: string;
    version: number;
    scenes: Scene[];
  };
}

async function finished(jobId: string) {
  for (let i = 0; i < 240; i++) {
    const job = (await h.call(owner, "GET", `/api/animatics/${jobId}`)).body;
    if (job.status !== "running") return job;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error("the animatic did not finish in 2 minutes");
}

describe("make animatic", () => {
  it("renders a scene: its shots in order with a scene card, an image moved and cards for the rest, the lines spoken; saved on the canvas", async () => {
    const list = await brokenDownList();
    const later = list.scenes[2]!;
    const image = await h.call(owner, "POST", "/api/shot-list/generate-image", {
      shotId: later.shots[0]!.id,
      shotListId: list.id,
      prompt: "Maya by the window at night",
    });
    const scenes = updateShot(list.scenes, later.shots[0]!.id, { image: image.body.imageUrl });
    expect((await h.call(owner, "PUT", `/api/shot-lists/${list.id}`, { scenes, baseVersion: list.version })).status).toBe(200);

    const start = await h.call(owner, "POST", `/api/shot-lists/${list.id}/animatic`, { sceneId: later.id, captions: true });
    expect(start.status).toBe(202);
    expect(start.body).toMatchObject({ status: "running", progress: 0 });
    const job = await finished(start.body.id);
    expect(job).toMatchObject({ status: "done", progress: 1, url: expect.stringMatching(/^\/api\/media\//) });

    const media = await h.server.inject({ method: "GET", url: job.url, headers: viewer.headers });
    expect(media.headers["content-type"]).toBe("video/mp4");
    const file = join(dir, "scene.mp4");
    writeFileSync(file, media.rawPayload);
    const probe = await probeMedia(file);
    expect(probe.video).toEqual({ codec: "h264", width: 1280, height: 720 });
    expect(probe.audio?.codec).toBe("aac");
    // A 1.5 s scene card and three shots of at least 1.5 s each; the same length the job reported.
    expect(probe.durationSeconds).toBeGreaterThanOrEqual(6);
    expect(Math.abs(probe.durationSeconds - job.durationSeconds)).toBeLessThan(0.2);
    // Maya's voice-over is heard (the card before it is silent).
    expect(await meanVolumeDb(file, 0, 1.4)).toBeLessThan(-60);
    expect(await meanVolumeDb(file, 1.5, probe.durationSeconds)).toBeGreaterThan(-45);

    // The timeline for editors: the same pieces, in order, with their media in the zip at relative paths.
    const zip = await h.server.inject({ method: "GET", url: job.timelineUrl, headers: viewer.headers });
    const files = unzipSync(new Uint8Array(zip.rawPayload));
    const otio = JSON.parse(new TextDecoder().decode(files["timeline.otio"]));
    const [video, audio] = otio.tracks.children;
    const clips = video.children as {
      name: string;
      source_range: { duration: { value: number } };
      media_references: { DEFAULT_MEDIA: { target_url: string } };
    }[];
    expect(clips.map((c) => c.name)).toEqual([
      "INT. MAYA'S KITCHEN - LATER",
      ...later.shots.map((s) => expect.stringMatching(new RegExp(`^Shot ${s.shotNumber} · `))),
    ]);
    const frames = clips.reduce((n, c) => n + c.source_range.duration.value, 0);
    expect(Math.abs(frames / 24 - job.durationSeconds)).toBeLessThan(0.1);
    for (const c of clips) expect(files[c.media_references.DEFAULT_MEDIA.target_url]).toBeDefined();
    const lines = (audio.children as { OTIO_SCHEMA: string }[]).filter((c) => c.OTIO_SCHEMA.startsWith("Clip"));
    expect(lines.length).toBeGreaterThan(0);
    // The EDL's name says its rate, which the EDL cannot; its text is ASCII (· becomes -).
    expect(new TextDecoder().decode(files["Animatic - INT. MAYA'S KITCHEN - LATER 24fps.edl"])).toMatch(
      /^TITLE: Animatic - INT\. MAYA'S KITCHEN - LATER\nFCM: NON-DROP FRAME/,
    );
    expect(new TextDecoder().decode(files["timeline.fcpxml"])).toContain('<fcpxml version="1.10">');

    const canvas = (await h.call(owner, "GET", `/api/projects/nodes?projectId=${projectId}`)).body;
    expect(canvas.nodes.find((n: { id: string }) => n.id === job.nodeId).data).toMatchObject({
      title: "Animatic · INT. MAYA'S KITCHEN - LATER",
      contentType: "video",
      mediaUrl: job.url,
    });
  });

  it("names a dialogue line too long for any shot before queueing anything", async () => {
    const long = "We have to go now before the tide turns and the boats are gone. ".repeat(52).slice(0, 3_300).trim();
    const created = await h.call(owner, "POST", `/api/projects/${projectId}/scripts`, { name: "Monologue" });
    const elements = parseFountain(`INT. HARBOUR - NIGHT\n\nMaya waits by the water.\n\nMAYA\n${long}\n`).elements;
    await h.call(owner, "PUT", `/api/scripts/${created.body.id}`, { elements, baseVersion: created.body.version });
    const list = (await h.call(owner, "POST", `/api/scripts/${created.body.id}/breakdown`, {})).body.shotList as { id: string };
    const jobsBefore = await h.database.db.select().from(generations);
    const res = await h.call(owner, "POST", `/api/shot-lists/${list.id}/animatic`, {});
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(
      new RegExp(
        `^Shot \\d+: MAYA's line "We have to go now before…" is ${long.length.toLocaleString("en-US")} characters; an animatic speaks at most 900 per line`,
      ),
    );
    expect(await h.database.db.select().from(generations)).toHaveLength(jobsBefore.length);
  });

  it("refuses view-only members, strangers, unknown scenes and bad bodies; a job is seen only by the project", async () => {
    const list = await brokenDownList();
    expect((await h.call(viewer, "POST", `/api/shot-lists/${list.id}/animatic`, {})).status).toBe(403);
    expect((await h.call(stranger, "POST", `/api/shot-lists/${list.id}/animatic`, {})).status).toBe(403);
    expect((await h.call(owner, "POST", `/api/shot-lists/${list.id}/animatic`, { sceneId: "nope" })).body.error).toBe("Scene not found");
    expect((await h.call(owner, "POST", `/api/shot-lists/${list.id}/animatic`, { size: "4k" })).status).toBe(400);
    const start = await h.call(owner, "POST", `/api/shot-lists/${list.id}/animatic`, { sceneId: list.scenes[0]!.id });
    expect((await h.call(stranger, "GET", `/api/animatics/${start.body.id}`)).status).toBe(403);
    expect((await h.call(viewer, "GET", `/api/animatics/${start.body.id}`)).status).toBe(200);
    expect((await h.call(owner, "GET", "/api/animatics/00000000-0000-4000-8000-000000000000")).status).toBe(404);
    expect((await finished(start.body.id)).status).toBe("done");
  });

  it("is a run of the generation queue: named in the Queue panel, progress on its node, cancelled there, and rendered again after a restart", async () => {
    const list = await brokenDownList();
    const start = await h.call(owner, "POST", `/api/shot-lists/${list.id}/animatic`, { sceneId: list.scenes[0]!.id });
    // The node is on the canvas from the start, showing the run.
    const placed = (await h.call(owner, "GET", `/api/projects/nodes?projectId=${projectId}`)).body.nodes.find(
      (n: { id: string }) => n.id === start.body.nodeId,
    );
    expect(placed.data).toMatchObject({ title: `Animatic · ${list.scenes[0]!.title}`, contentType: "video", generationId: start.body.id });
    const queue = (await h.call(owner, "GET", "/api/queue")).body.runs as {
      id: string;
      modelName: string;
      nodeTitle: string;
    }[];
    expect(queue.find((g) => g.id === start.body.id)).toMatchObject({ modelName: "Animatic", nodeTitle: placed.data.title });

    expect((await h.call(viewer, "POST", `/api/generations/${start.body.id}/cancel`)).status).toBe(403);
    expect((await h.call(owner, "POST", `/api/generations/${start.body.id}/cancel`)).status).toBe(200);
    expect(await finished(start.body.id)).toMatchObject({ status: "failed", step: "Cancelled" });
    const cancelled = (await h.call(owner, "GET", `/api/projects/nodes?projectId=${projectId}`)).body.nodes.find(
      (n: { id: string }) => n.id === start.body.nodeId,
    );
    expect(cancelled.data).toMatchObject({ status: "idle", isGenerating: false });

    // A render its worker died in (the studio restarted): recovery queues it again, and it renders from the saved list.
    const nodeId = "animatic-after-restart";
    const node = {
      id: nodeId,
      type: "generic_v2",
      position: { x: 0, y: 900 },
      data: { title: "Animatic · again", contentType: "video" as const, rev: 1 },
    };
    await applyChanges(h.database.db, h.hub, projectId, [{ type: "node-added", node }], { source: "user", actor: { userId: owner.id } });
    const id = crypto.randomUUID();
    const animatic = {
      shotListId: list.id,
      sceneId: list.scenes[0]!.id,
      size: "720p",
      captions: false,
      sceneCards: false,
      title: "Animatic · again",
    };
    await h.database.db.insert(generations).values({
      id,
      projectId,
      nodeId,
      userId: owner.id,
      modelId: ANIMATIC_RUN_MODEL,
      status: "running",
      attempts: 1,
      heartbeatAt: new Date(Date.now() - 10 * 60_000),
      reservedCredits: 0,
      inputHash: "",
      request: { modelId: ANIMATIC_RUN_MODEL, credits: 0, ownKey: false, inputHash: "", animatic },
    });
    expect(await h.generation.service.recover()).toBeGreaterThanOrEqual(1);
    const again = await finished(id);
    expect(again).toMatchObject({ status: "done", nodeId, url: expect.stringMatching(/^\/api\/media\//) });
    const rendered = (await h.call(owner, "GET", `/api/projects/nodes?projectId=${projectId}`)).body.nodes.find(
      (n: { id: string }) => n.id === nodeId,
    );
    expect(rendered.data).toMatchObject({ mediaUrl: again.url, status: "completed", isGenerating: false });
  });

  it("refuses a list with no shots before anything is queued or put on the canvas", async () => {
    const list = await brokenDownList();
    const emptied = list.scenes.map((scene) => ({ ...scene, shots: [] }));
    expect((await h.call(owner, "PUT", `/api/shot-lists/${list.id}`, { scenes: emptied, baseVersion: list.version })).status).toBe(200);
    const before = (await h.call(owner, "GET", `/api/projects/nodes?projectId=${projectId}`)).body.nodes.length;
    const res = await h.call(owner, "POST", `/api/shot-lists/${list.id}/animatic`, {});
    expect(res).toMatchObject({ status: 400, body: { error: "There are no shots to put in the animatic." } });
    expect((await h.call(owner, "GET", `/api/projects/nodes?projectId=${projectId}`)).body.nodes.length).toBe(before);
  });
});

describe("ElevenLabs voices", () => {
  it("without a key they are offered as locked, with the lines counted, and refused if asked for", async () => {
    const list = await brokenDownList();
    const kitchen = list.scenes[1]!;
    const estimate = await h.call(owner, "POST", `/api/shot-lists/${list.id}/animatic/estimate`, { sceneId: kitchen.id });
    expect(estimate.body).toEqual({
      lines: expect.any(Number),
      elevenlabs: { usable: false, reason: "Add an ElevenLabs key in Settings", credits: 0 },
    });
    expect(estimate.body.lines).toBeGreaterThan(3);
    expect((await h.call(viewer, "POST", `/api/shot-lists/${list.id}/animatic/estimate`, {})).status).toBe(403);
    const before = (await h.call(owner, "GET", `/api/projects/nodes?projectId=${projectId}`)).body.nodes.length;
    const refused = await h.call(owner, "POST", `/api/shot-lists/${list.id}/animatic`, { sceneId: kitchen.id, voices: "elevenlabs" });
    expect(refused).toMatchObject({ status: 400, body: { error: "Add an ElevenLabs key in Settings" } });
    expect((await h.call(owner, "GET", `/api/projects/nodes?projectId=${projectId}`)).body.nodes.length).toBe(before);
  });

  it("on the studio's key each character gets an ElevenLabs voice of their own, and the lines are charged once through the ledger", async () => {
    const KEY = "xi-test-key";
    const fake = await startElevenLabsFake({ key: KEY });
    const h2 = await createHarness({
      generation: {
        engines: { elevenlabs: createElevenLabsEngine(FAST) },
        env: fakeProviderEnv("elevenlabs", { key: KEY, origin: fake.origin }),
      },
    });
    try {
      const shared = await projectWithViewer(h2, "Voices");
      const created = await h2.call(shared.owner, "POST", `/api/projects/${shared.projectId}/scripts`, { name: "Harbor" });
      await h2.call(shared.owner, "PUT", `/api/scripts/${created.body.id}`, {
        elements: parseFountain(KITCHEN_AND_STREET).elements,
        baseVersion: created.body.version,
      });
      const list = (await h2.call(shared.owner, "POST", `/api/scripts/${created.body.id}/breakdown`, {})).body.shotList as {
        id: string;
        scenes: Scene[];
      };
      const kitchen = list.scenes[1]!;
      const estimate = (await h2.call(shared.owner, "POST", `/api/shot-lists/${list.id}/animatic/estimate`, { sceneId: kitchen.id })).body;
      expect(estimate.elevenlabs).toMatchObject({ usable: true });
      expect(estimate.elevenlabs.credits).toBeGreaterThan(0);
      const balance = async () => (await h2.call(shared.owner, "GET", "/api/credits")).body.balance as number;
      const before = await balance();

      const start = await h2.call(shared.owner, "POST", `/api/shot-lists/${list.id}/animatic`, {
        sceneId: kitchen.id,
        voices: "elevenlabs",
      });
      expect(start.status).toBe(202);
      let job = start.body;
      for (let i = 0; i < 240 && job.status === "running"; i++) {
        await new Promise((r) => setTimeout(r, 500));
        job = (await h2.call(shared.owner, "GET", `/api/animatics/${start.body.id}`)).body;
      }
      expect(job).toMatchObject({ status: "done" });
      const calls = fake.seen("POST", "/v1/text-to-speech/");
      expect(calls.length).toBe(estimate.lines);
      const voiceOf = (c: { path: string; body: Buffer }) => ({
        voice: c.path.split("/")[3]!.split("?")[0],
        text: JSON.parse(c.body.toString()).text as string,
      });
      const spoken = calls.map(voiceOf);
      // Maya's lines share one voice and Daniel's another.
      const maya = spoken.find((s) => s.text === "I know.")!.voice;
      const daniel = spoken.find((s) => s.text === "Then we run. Tonight.")!.voice;
      expect(maya).not.toBe(daniel);
      expect(spoken.find((s) => s.text === "We can't.")!.voice).toBe(maya);
      expect(calls.every((c) => c.path.endsWith("output_format=pcm_24000"))).toBe(true);
      expect(await balance()).toBe(before - estimate.elevenlabs.credits);
    } finally {
      await h2.close();
      await fake.close();
    }
  }, 90_000); // a second studio and a whole render with voices: over 30 s on a loaded machine
});
