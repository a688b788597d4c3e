import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { describeFailures } from "./fakes/failureContract";
import { type GoogleFake, startGoogleFake } from "./fakes/googleFake";
import { sampleMp4, samplePng } from "./fakes/sampleMedia";
import { FAST, type TestRequestInit, testRequest, waitFor } from "./fakes/testRequest";
import { createGoogleEngine } from "./google";

const KEY = "AIzaSyGoogle-0123456789abcdef";
let fake: GoogleFake;

beforeEach(async () => {
  fake = await startGoogleFake({ key: KEY });
});
afterEach(() => fake.close());

const base = () => `${fake.origin}/v1beta`;
const run = (modelId: string, init: TestRequestInit = {}) =>
  createGoogleEngine(FAST).run(testRequest(modelId, { apiKey: KEY, baseUrl: base(), ...init }));

describe("Google Gemini API engine", () => {
  it("writes with generateContent, sending connected images inline and skipping thought parts", async () => {
    const still = samplePng("still");
    const result = await run("google/gemini-2.5-flash", {
      prompt: "describe the shot",
      params: { image: ["/api/media/still"], temperature: 0.5, systemInstruction: "Be brief." },
      studio: { "/api/media/still": { bytes: still, contentType: "image/png" } },
    });

    expect(result).toEqual({ kind: "text", texts: ["FADE IN: describe the shot (1 images)"] });
    const [call] = fake.seen("POST", "/v1beta/models/gemini-2.5-flash:generateContent");
    expect(call!.headers["x-goog-api-key"]).toBe(KEY);
    expect(JSON.parse(call!.body.toString())).toEqual({
      contents: [
        { role: "user", parts: [{ text: "describe the shot" }, { inlineData: { data: still.toString("base64"), mimeType: "image/png" } }] },
      ],
      generationConfig: { seed: 42, temperature: 0.5 },
      systemInstruction: { parts: [{ text: "Be brief." }] },
    });
  });

  it("generates Imagen 4 images with :predict and returns the bytes intact", async () => {
    const result = await run("google/imagen-4", { params: { sampleCount: 2, aspectRatio: "16:9" } });

    expect(result).toEqual({
      kind: "media",
      mediaType: "image",
      files: [
        { bytes: samplePng("imagen-0"), contentType: "image/png" },
        { bytes: samplePng("imagen-1"), contentType: "image/png" },
      ],
    });
    const [call] = fake.seen("POST", "/v1beta/models/imagen-4.0-generate-001:predict");
    expect(JSON.parse(call!.body.toString())).toEqual({
      instances: [{ prompt: "a lighthouse at dusk" }],
      parameters: { sampleCount: 2, aspectRatio: "16:9" },
    });
  });

  it("runs Veo as a long-running operation, polls it to done and downloads the video with the key", async () => {
    const still = samplePng("first-frame");
    const request = testRequest("google/veo-3", {
      apiKey: KEY,
      baseUrl: base(),
      params: { image: "/api/media/first", aspectRatio: "16:9", resolution: "720p" },
      studio: { "/api/media/first": { bytes: still, contentType: "image/png" } },
    });
    const result = await createGoogleEngine(FAST).run(request);

    expect(result).toEqual({ kind: "media", mediaType: "video", files: [{ bytes: sampleMp4("op-1"), contentType: "video/mp4" }] });
    expect(fake.veoJobs[0]!.body).toEqual({
      instances: [{ prompt: "a lighthouse at dusk", image: { bytesBase64Encoded: still.toString("base64"), mimeType: "image/png" } }],
      parameters: { aspectRatio: "16:9", resolution: "720p", personGeneration: "allow_adult" },
    });
    expect(fake.seen("GET", "/v1beta/models/veo-3.0-generate-001/operations/op-1").length).toBe(3);
    expect(fake.seen("GET", "/v1beta/files/op-1:download")[0]!.headers["x-goog-api-key"]).toBe(KEY);
    expect(request.progress).toContainEqual({ message: "Generating video…" });
  });

  it("stops polling a Veo operation when cancelled", async () => {
    await fake.close();
    fake = await startGoogleFake({ key: KEY, pollsToComplete: Infinity });
    const controller = new AbortController();
    const running = run("google/veo-3-fast", { signal: controller.signal });
    await waitFor(() => fake.seen("GET", "/v1beta/models/veo-3.0-fast-generate-001/operations/op-1").length >= 2);
    controller.abort();

    await expect(running).rejects.toMatchObject({ name: "AbortError" });
    expect(fake.veoJobs[0]!.body.parameters).toEqual({ personGeneration: "allow_all" });
    const polls = fake.seen("GET", "/v1beta/models/veo-3.0-fast-generate-001/operations/op-1").length;
    await new Promise((r) => setTimeout(r, 60));
    expect(fake.seen("GET", "/v1beta/models/veo-3.0-fast-generate-001/operations/op-1").length).toBe(polls);
  });

  describeFailures({
    name: "Google",
    key: KEY,
    fake: () => fake,
    run: ({ apiKey, requestTimeoutMs }) =>
      createGoogleEngine({ ...FAST, ...(requestTimeoutMs ? { requestTimeoutMs } : {}) }).run(
        testRequest("google/imagen-4-fast", { apiKey, baseUrl: base() }),
      ),
  });
});
