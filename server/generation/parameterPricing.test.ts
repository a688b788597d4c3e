/**
 * The price of a run is for what the engine makes. Parameters are brought into the model's
 * schema once, before pricing (clamped like the form's slider, refused when of the wrong kind), and the
 * offline engines here are the real ones.
 */
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { generations } from "../db/schema";
import { createHarness, TEST_SIGNUP_CREDITS, type Harness, type TestUser } from "../test/harness";
import { probeVideo } from "./local/testKit";

// local/sketch: $0.002 an image → 2 credits; local/video-ffmpeg: $0.002 a second → 2 credits.
const SKETCH_CREDITS = 2;
const VIDEO_CREDITS_PER_SECOND = 2;

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => h?.close());

async function projectWithNode(user: TestUser) {
  const projectId = (await h.call(user, "POST", "/api/projects", { name: `P ${Math.random()}` })).body.id as string;
  await h.call(user, "POST", `/api/projects/${projectId}/structure`, { nodes: [{ id: "n1", position: { x: 0, y: 0 } }] });
  return projectId;
}

const balance = async (user: TestUser) => (await h.call(user, "GET", "/api/credits")).body.balance as number;

async function run(user: TestUser, selectedModel: string, modelParameters: Record<string, unknown>, prompt = "a lighthouse at dusk") {
  const projectId = await projectWithNode(user);
  const before = await balance(user);
  const res = await h.call(user, "POST", "/api/execute-node", {
    projectId,
    nodeId: "n1",
    prompt,
    selectedModel,
    parameters: { modelParameters },
    wait: true,
  });
  return { res, charged: before - (await balance(user)) };
}

describe("credits for clamped parameters", () => {
  it("a sketch asked for 40 images makes 4 and is charged for 4", async () => {
    const user = await h.signUp();
    const { res, charged } = await run(user, "local/sketch", { num_images: 40 });
    expect(res.body.success).toBe(true);
    expect(1 + res.body.data.variationNodeIds.length).toBe(4);
    expect(charged).toBe(4 * SKETCH_CREDITS);
  });

  it("a sketch asked for 1.5 images makes 2 and is charged for 2", async () => {
    const user = await h.signUp();
    const { res, charged } = await run(user, "local/sketch", { num_images: 1.5 });
    expect(res.body.success).toBe(true);
    expect(1 + res.body.data.variationNodeIds.length).toBe(2);
    expect(charged).toBe(2 * SKETCH_CREDITS);
  });

  it("a video asked for 2,400 s is made and charged as the 30 s the engine renders; 0.2 s as 1 s", async () => {
    const user = await h.signUp();
    const dir = await mkdtemp(path.join(os.tmpdir(), "reelgraph-pricing-"));
    try {
      for (const [asked, made] of [
        [2400, 30],
        [0.2, 1],
      ] as const) {
        const { res, charged } = await run(user, "local/video-ffmpeg", { duration: asked, resolution: "360p" }, "THE END");
        expect(res.body.success).toBe(true);
        expect(charged).toBe(made * VIDEO_CREDITS_PER_SECOND);
        const media = await h.server.inject({ method: "GET", url: res.body.data.videoUrl, headers: user.headers });
        const file = path.join(dir, `${asked}.mp4`);
        await writeFile(file, media.rawPayload);
        expect(probeVideo(file).duration).toBeCloseTo(made, 0);
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 120_000);

  it("refuses a value of the wrong kind with a message naming the field, and charges and queues nothing", async () => {
    const user = await h.signUp();
    const bad = await run(user, "local/sketch", { num_images: "lots" });
    expect(bad.res.status).toBe(400);
    expect(bad.res.body.error).toBe('Number of images must be a number (got "lots")');
    const choice = await run(user, "local/video-ffmpeg", { resolution: "8K" });
    expect(choice.res.status).toBe(400);
    expect(choice.res.body.error).toBe("Resolution must be one of 360p, 480p, 720p, 1080p (got 8K)");
    expect(await balance(user)).toBe(TEST_SIGNUP_CREDITS);
    expect(await h.database.db.select().from(generations).where(eq(generations.userId, user.id))).toHaveLength(0);
  });
});
