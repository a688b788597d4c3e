import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ProviderError } from "../engine";
import { createFalEngine } from "./fal";
import { describeFailures } from "./fakes/failureContract";
import { type FalFake, startFalFake } from "./fakes/falFake";
import { sampleGlb, sampleMp4, samplePng } from "./fakes/sampleMedia";
import { FAST, type TestRequestInit, testRequest, waitFor } from "./fakes/testRequest";

const KEY = "fal-key-id:fal-secret-0123456789";
let fake: FalFake;

beforeEach(async () => {
  fake = await startFalFake({ key: KEY });
});
afterEach(() => fake.close());

const run = (modelId: string, init: TestRequestInit = {}, timing = FAST) =>
  createFalEngine(timing).run(testRequest(modelId, { apiKey: KEY, baseUrl: fake.origin, ...init }));

describe("fal engine (queue API)", () => {
  it("submits to the model's queue, follows the status to COMPLETED and returns the images intact", async () => {
    const request = testRequest("fal-ai/flux/dev", {
      apiKey: KEY,
      baseUrl: fake.origin,
      params: { num_images: 2, image_size: "square_hd" },
    });
    const result = await createFalEngine(FAST).run(request);

    expect(result).toEqual({
      kind: "media",
      mediaType: "image",
      files: [
        { bytes: samplePng("req-1-0"), contentType: "image/png" },
        { bytes: samplePng("req-1-1"), contentType: "image/png" },
      ],
    });
    const [submit] = fake.seen("POST", "/fal-ai/flux/dev");
    expect(submit!.headers.authorization).toBe(`Key ${KEY}`);
    expect(JSON.parse(submit!.body.toString())).toEqual({
      prompt: "a lighthouse at dusk",
      num_images: 2,
      image_size: "square_hd",
      seed: 42,
    });
    // Status and result live under the app without the endpoint's sub-path.
    expect(fake.seen("GET", "/fal-ai/flux/requests/req-1/status?logs=1").length).toBeGreaterThanOrEqual(3);
    expect(fake.seen("GET", "/fal-ai/flux/requests/req-1/status").every((r) => r.headers.authorization === `Key ${KEY}`)).toBe(true);
  });

  it("reports the queue position, then the percentage from the model's logs", async () => {
    const request = testRequest("fal-ai/flux/dev", { apiKey: KEY, baseUrl: fake.origin });
    await createFalEngine(FAST).run(request);

    expect(request.progress).toContainEqual({ message: "In queue (1 ahead)" });
    // A report without a percentage leaves the key out, so the node falls back to its simulated curve.
    expect(request.progress.filter((p) => "percent" in p && typeof p.percent !== "number")).toEqual([]);
    expect(request.progress).toContainEqual({ percent: 40, message: " 40%|████      | 11/28 [00:02<00:03]".trim() });
  });

  it("returns one video for a video model and the mesh (not its textures) for a 3D model", async () => {
    const video = await run("fal-ai/kling-video/v2.1/standard/image-to-video", { params: { image_url: "https://cdn.example/still.png" } });
    expect(video).toEqual({ kind: "media", mediaType: "video", files: [{ bytes: sampleMp4("req-1"), contentType: "video/mp4" }] });

    const mesh = await run("fal-ai/trellis", { params: { image_url: "https://cdn.example/still.png" } });
    expect(mesh).toEqual({ kind: "media", mediaType: "3d", files: [{ bytes: sampleGlb("req-2"), contentType: "model/gltf-binary" }] });
  });

  it("sends studio media as a data URI and leaves the prompt out of models without one", async () => {
    const png = samplePng("upload");
    await run("fal-ai/kling/v1-5/kolors-virtual-try-on", {
      params: { human_image_url: "/api/media/person", garment_image_url: "https://cdn.example/shirt.png" },
      studio: { "/api/media/person": { bytes: png, contentType: "image/png" } },
    });
    expect(fake.jobs[0]!.input).toEqual({
      human_image_url: `data:image/png;base64,${png.toString("base64")}`,
      garment_image_url: "https://cdn.example/shirt.png",
    });
  });

  it("shows a failed model run with fal's detail", async () => {
    await fake.close();
    fake = await startFalFake({
      key: KEY,
      resultError: { status: 422, body: { detail: [{ loc: ["body", "image_size"], msg: "unexpected value", type: "value_error" }] } },
    });
    const err = await run("fal-ai/flux/dev").catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ProviderError);
    expect((err as ProviderError).message).toBe("fal.ai refused the request: unexpected value");
    expect((err as ProviderError).status).toBe(422);
  });

  it("reads fal's locked-for-exhausted-balance 403 as out of credit", async () => {
    fake.failWith = 403;
    const err = (await run("fal-ai/flux/dev").catch((e: unknown) => e)) as ProviderError;
    expect(err.message).toBe("fal.ai account is out of credit.");
    expect(err.status).toBe(402);
  });

  it("stops polling when the job is cancelled and asks fal to cancel the request", async () => {
    await fake.close();
    fake = await startFalFake({ key: KEY, pollsToComplete: Infinity });
    const controller = new AbortController();
    const running = run("fal-ai/flux/dev", { signal: controller.signal });
    await waitFor(() => fake.seen("GET", "/fal-ai/flux/requests/req-1/status").length >= 2);
    controller.abort();

    await expect(running).rejects.toMatchObject({ name: "AbortError" });
    await waitFor(() => fake.seen("PUT", "/fal-ai/flux/requests/req-1/cancel").length === 1);
    const polls = fake.seen("GET", "/fal-ai/flux/requests/req-1/status").length;
    await new Promise((r) => setTimeout(r, 60));
    expect(fake.seen("GET", "/fal-ai/flux/requests/req-1/status").length).toBe(polls);
    expect(fake.seen("PUT", "/fal-ai/flux/requests/req-1/cancel")[0]!.headers.authorization).toBe(`Key ${KEY}`);
  });

  it("gives up when the job outlives its time limit", async () => {
    await fake.close();
    fake = await startFalFake({ key: KEY, pollsToComplete: Infinity });
    const err = (await run("fal-ai/flux/dev", {}, { ...FAST, jobTimeoutMs: 80 }).catch((e: unknown) => e)) as ProviderError;
    expect(err.message).toBe("fal.ai did not answer in time.");
    expect(err.retryable).toBe(true);
  });

  describeFailures({
    name: "fal.ai",
    key: KEY,
    fake: () => fake,
    run: ({ apiKey, requestTimeoutMs }) =>
      createFalEngine({ ...FAST, ...(requestTimeoutMs ? { requestTimeoutMs } : {}) }).run(
        testRequest("fal-ai/flux/dev", { apiKey, baseUrl: fake.origin }),
      ),
  });
});
