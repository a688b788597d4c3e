import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ProviderError } from "../engine";
import { describeFailures } from "./fakes/failureContract";
import { type RunwayFake, startRunwayFake } from "./fakes/runwayFake";
import { sampleMp4, samplePng } from "./fakes/sampleMedia";
import { FAST, type TestRequestInit, testRequest, waitFor } from "./fakes/testRequest";
import { createRunwayEngine, RUNWAY_API_VERSION } from "./runway";

const KEY = "key_runway_secret_0123456789";
let fake: RunwayFake;

beforeEach(async () => {
  fake = await startRunwayFake({ key: KEY, version: RUNWAY_API_VERSION });
});
afterEach(() => fake.close());

const STILL = "/api/media/still";
const png = samplePng("still");
const studio = { [STILL]: { bytes: png, contentType: "image/png" } };
const run = (modelId: string, init: TestRequestInit = {}) =>
  createRunwayEngine(FAST).run(testRequest(modelId, { apiKey: KEY, baseUrl: fake.origin, studio, ...init }));

describe("Runway engine (tasks)", () => {
  it("starts a Gen-4 Turbo image-to-video task, reports Runway's progress and returns the video intact", async () => {
    const request = testRequest("runway/gen4-turbo", {
      apiKey: KEY,
      baseUrl: fake.origin,
      studio,
      prompt: "slow push in",
      params: { promptImage: STILL, ratio: "1280:720", duration: 5 },
    });
    const result = await createRunwayEngine(FAST).run(request);

    expect(result).toEqual({ kind: "media", mediaType: "video", files: [{ bytes: sampleMp4("task-1"), contentType: "video/mp4" }] });
    expect(fake.jobs[0]!.path).toBe("/v1/image_to_video");
    expect(fake.jobs[0]!.body).toEqual({
      model: "gen4_turbo",
      promptImage: `data:image/png;base64,${png.toString("base64")}`,
      promptText: "slow push in",
      ratio: "1280:720",
      duration: 5,
      seed: 42,
    });
    expect(request.progress).toContainEqual({ percent: 50, message: "Generating video…" });
    const apiCalls = fake.requests.filter((r) => r.path.startsWith("/v1/"));
    expect(apiCalls.every((r) => r.headers.authorization === `Bearer ${KEY}` && r.headers["x-runway-version"] === RUNWAY_API_VERSION)).toBe(
      true,
    );
  });

  it("sends Act Two's character and performance as typed assets", async () => {
    await run("runway/act-two", {
      params: { character: STILL, reference: "https://cdn.example/performance.mp4", bodyControl: true, expressionIntensity: 3 },
      context: [{ nodeId: "n1", type: "image", url: STILL }],
    });
    expect(fake.jobs[0]!.path).toBe("/v1/character_performance");
    expect(fake.jobs[0]!.body).toEqual({
      model: "act_two",
      character: { type: "image", uri: `data:image/png;base64,${png.toString("base64")}` },
      reference: { type: "video", uri: "https://cdn.example/performance.mp4" },
      bodyControl: true,
      expressionIntensity: 3,
      seed: 42,
    });
  });

  it("shows a failed task with Runway's failure text", async () => {
    await fake.close();
    fake = await startRunwayFake({
      key: KEY,
      version: RUNWAY_API_VERSION,
      failure: { failure: "The input image did not pass moderation.", failureCode: "SAFETY.INPUT.IMAGE" },
    });
    const err = (await run("runway/gen4-turbo", { params: { promptImage: STILL } }).catch((e: unknown) => e)) as ProviderError;
    expect(err).toBeInstanceOf(ProviderError);
    expect(err.message).toBe("Runway could not generate this: The input image did not pass moderation.");
  });

  it("stops polling when cancelled and deletes the task", async () => {
    await fake.close();
    fake = await startRunwayFake({ key: KEY, version: RUNWAY_API_VERSION, pollsToComplete: Infinity });
    const controller = new AbortController();
    const running = run("runway/gen4-turbo", { params: { promptImage: STILL }, signal: controller.signal });
    await waitFor(() => fake.seen("GET", "/v1/tasks/task-1").length >= 2);
    controller.abort();

    await expect(running).rejects.toMatchObject({ name: "AbortError" });
    await waitFor(() => fake.seen("DELETE", "/v1/tasks/task-1").length === 1);
    const polls = fake.seen("GET", "/v1/tasks/task-1").length;
    await new Promise((r) => setTimeout(r, 60));
    expect(fake.seen("GET", "/v1/tasks/task-1").length).toBe(polls);
  });

  describeFailures({
    name: "Runway",
    key: KEY,
    fake: () => fake,
    run: ({ apiKey, requestTimeoutMs }) =>
      createRunwayEngine({ ...FAST, ...(requestTimeoutMs ? { requestTimeoutMs } : {}) }).run(
        testRequest("runway/gen4-turbo", { apiKey, baseUrl: fake.origin, studio, params: { promptImage: STILL } }),
      ),
  });
});
