/** POST /api/shot-list/generate-image: the offline sketch model through the real runner and ledger. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHarness, projectWithViewer, TEST_SIGNUP_CREDITS, type Harness } from "../test/harness";
import { buildShotList } from "./testSupport";

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => h?.close());

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47]);

describe("generate a shot image", () => {
  it("makes a real PNG for the shot, charges the model's shown cost, and answers its URL", async () => {
    const { owner, viewer, stranger, projectId } = await projectWithViewer(h, "Shots");
    const list = await buildShotList(h, owner, projectId, { shots: 2 });
    const shotId = list.scenes[0].shots[0].id as string;
    const cost = (await h.call(owner, "GET", "/api/model-cost?modelId=local/sketch")).body.credits as number;

    const res = await h.call(owner, "POST", "/api/shot-list/generate-image", {
      shotId,
      shotListId: list.id,
      prompt: "Wide shot. A harbour at dawn.",
    });
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    expect(res.body.imageUrl).toMatch(/^\/api\/media\/[0-9a-f-]{36}$/);
    const media = await h.server.inject({ method: "GET", url: res.body.imageUrl, headers: owner.headers });
    expect(media.statusCode).toBe(200);
    expect(Buffer.from(media.rawPayload).subarray(0, 4).equals(PNG_SIGNATURE)).toBe(true);
    // Members of the project can see it; a stranger cannot.
    expect((await h.server.inject({ method: "GET", url: res.body.imageUrl, headers: viewer.headers })).statusCode).toBe(200);
    expect((await h.server.inject({ method: "GET", url: res.body.imageUrl, headers: stranger.headers })).statusCode).toBe(404); // a stranger cannot tell the image exists
    expect((await h.call(owner, "GET", "/api/credits")).body.balance).toBe(TEST_SIGNUP_CREDITS - cost);
    // Nothing was written to the canvas.
    expect((await h.call(owner, "GET", `/api/projects/nodes?projectId=${projectId}`)).body.nodes).toHaveLength(0);

    // Without the list id the shot is found among the caller's editable lists.
    const again = await h.call(owner, "POST", "/api/shot-list/generate-image", { shotId, prompt: "Close-up. A rope on the quay." });
    expect(again.body.success).toBe(true);
  });

  it("refuses an empty description, viewers, strangers and unknown shots, charging nothing", async () => {
    const { owner, viewer, stranger, projectId } = await projectWithViewer(h, "Refusals");
    const list = await buildShotList(h, owner, projectId, { shots: 1 });
    const shotId = list.scenes[0].shots[0].id as string;
    const before = (await h.call(owner, "GET", "/api/credits")).body.balance;
    const empty = await h.call(owner, "POST", "/api/shot-list/generate-image", { shotId, shotListId: list.id, prompt: "   " });
    expect(empty.status).toBe(400);
    expect(empty.body.error).toBe("Please add a description to generate an image");
    expect((await h.call(viewer, "POST", "/api/shot-list/generate-image", { shotId, shotListId: list.id, prompt: "x" })).status).toBe(403);
    expect((await h.call(stranger, "POST", "/api/shot-list/generate-image", { shotId, shotListId: list.id, prompt: "x" })).status).toBe(
      403,
    );
    expect((await h.call(owner, "POST", "/api/shot-list/generate-image", { shotId: "no-such-shot", prompt: "x" })).status).toBe(404);
    expect((await h.call(null, "POST", "/api/shot-list/generate-image", { shotId, prompt: "x" })).status).toBe(401);
    expect((await h.call(owner, "GET", "/api/credits")).body.balance).toBe(before);
  });
});
