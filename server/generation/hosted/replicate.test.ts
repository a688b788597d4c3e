import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ProviderError } from "../engine";
import { describeFailures } from "./fakes/failureContract";
import { type ReplicateFake, startReplicateFake } from "./fakes/replicateFake";
import { samplePng } from "./fakes/sampleMedia";
import { FAST, type TestRequestInit, testRequest, waitFor } from "./fakes/testRequest";
import { createReplicateEngine } from "./replicate";

const KEY = "r8_replicate_token_0123456789";
let fake: ReplicateFake;

beforeEach(async () => {
  fake = await startReplicateFake({ key: KEY });
});
afterEach(() => fake.close());

const SCHNELL = "replicate/black-forest-labs/flux-schnell";
const run = (init: TestRequestInit = {}, modelId = SCHNELL) =>
  createReplicateEngine(FAST).run(testRequest(modelId, { apiKey: KEY, baseUrl: `${fake.origin}/v1`, ...init }));

describe("Replicate engine (predictions)", () => {
  it("creates a prediction on the model, polls urls.get until it succeeds and downloads every output", async () => {
    const request = testRequest(SCHNELL, { apiKey: KEY, baseUrl: `${fake.origin}/v1`, params: { num_outputs: 2, aspect_ratio: "16:9" } });
    const result = await createReplicateEngine(FAST).run(request);

    expect(result).toEqual({
      kind: "media",
      mediaType: "image",
      files: [
        { bytes: samplePng("p1-out-0.png"), contentType: "image/png" },
        { bytes: samplePng("p1-out-1.png"), contentType: "image/png" },
      ],
    });
    const [create] = fake.seen("POST", "/v1/models/black-forest-labs/flux-schnell/predictions");
    expect(create!.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(JSON.parse(create!.body.toString())).toEqual({
      input: { prompt: "a lighthouse at dusk", num_outputs: 2, aspect_ratio: "16:9", seed: 42 },
    });
    expect(fake.seen("GET", "/v1/predictions/p1").every((r) => r.headers.authorization === `Bearer ${KEY}`)).toBe(true);
    // Replicate gives no percentage field; the model's own progress bar in the logs is real progress.
    expect(request.progress).toContainEqual({ percent: 50, message: "50%|█████     | 2/4 [00:00<00:00]" });
  });

  it("sends studio images as data URIs", async () => {
    const png = samplePng("ref");
    await run(
      { params: { image: "/api/media/ref" }, studio: { "/api/media/ref": { bytes: png, contentType: "image/png" } } },
      "replicate/stability-ai/stable-diffusion-3.5-large",
    );
    expect(fake.jobs[0]!.input.image).toBe(`data:image/png;base64,${png.toString("base64")}`);
  });

  it("shows a failed prediction with Replicate's error", async () => {
    await fake.close();
    fake = await startReplicateFake({ key: KEY, failWithError: "NSFW content detected. Try running it again, or try a different prompt." });
    const err = (await run().catch((e: unknown) => e)) as ProviderError;
    expect(err).toBeInstanceOf(ProviderError);
    expect(err.message).toBe("Replicate could not generate this: NSFW content detected. Try running it again, or try a different prompt.");
    expect(err.retryable).toBe(false);
  });

  it("stops polling when cancelled and cancels the prediction", async () => {
    await fake.close();
    fake = await startReplicateFake({ key: KEY, pollsToComplete: Infinity });
    const controller = new AbortController();
    const running = run({ signal: controller.signal });
    await waitFor(() => fake.seen("GET", "/v1/predictions/p1").length >= 2);
    controller.abort();

    await expect(running).rejects.toMatchObject({ name: "AbortError" });
    await waitFor(() => fake.seen("POST", "/v1/predictions/p1/cancel").length === 1);
    const polls = fake.seen("GET", "/v1/predictions/p1").length;
    await new Promise((r) => setTimeout(r, 60));
    expect(fake.seen("GET", "/v1/predictions/p1").length).toBe(polls);
  });

  describeFailures({
    name: "Replicate",
    key: KEY,
    fake: () => fake,
    run: ({ apiKey, requestTimeoutMs }) =>
      createReplicateEngine({ ...FAST, ...(requestTimeoutMs ? { requestTimeoutMs } : {}) }).run(
        testRequest(SCHNELL, { apiKey, baseUrl: `${fake.origin}/v1` }),
      ),
  });
});
