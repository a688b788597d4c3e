import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ProviderError } from "../engine";
import { describeFailures } from "./fakes/failureContract";
import { type OpenAIFake, startOpenAIFake } from "./fakes/openaiFake";
import { samplePng } from "./fakes/sampleMedia";
import { FAST, type TestRequestInit, testRequest } from "./fakes/testRequest";
import { createOpenAIEngine } from "./openai";

const KEY = "sk-proj-openai-0123456789abcdef";
let fake: OpenAIFake;

beforeEach(async () => {
  fake = await startOpenAIFake({ key: KEY });
});
afterEach(() => fake.close());

const run = (modelId: string, init: TestRequestInit = {}) =>
  createOpenAIEngine(FAST).run(testRequest(modelId, { apiKey: KEY, baseUrl: `${fake.origin}/v1`, ...init }));

describe("OpenAI engine", () => {
  it("generates gpt-image-1 images from the prompt and decodes the b64_json intact", async () => {
    const result = await run("openai/gpt-image-1", {
      params: { n: 2, size: "1024x1024", quality: "low", output_format: "png", moderation: "low" },
    });

    expect(result).toEqual({
      kind: "media",
      mediaType: "image",
      files: [
        { bytes: samplePng("gen-0"), contentType: "image/png" },
        { bytes: samplePng("gen-1"), contentType: "image/png" },
      ],
    });
    const [call] = fake.seen("POST", "/v1/images/generations");
    expect(call!.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(JSON.parse(call!.body.toString())).toEqual({
      model: "gpt-image-1",
      prompt: "a lighthouse at dusk",
      n: 2,
      size: "1024x1024",
      quality: "low",
      output_format: "png",
      moderation: "low",
    });
  });

  it("edits with connected reference images sent as image[] files", async () => {
    const ref = samplePng("reference");
    const result = await run("openai/gpt-image-1", {
      prompt: "make it night",
      params: { image: ["/api/media/ref"], quality: "high" },
      studio: { "/api/media/ref": { bytes: ref, contentType: "image/png" } },
    });

    expect(result).toEqual({ kind: "media", mediaType: "image", files: [{ bytes: samplePng("edit-0"), contentType: "image/png" }] });
    expect(fake.edits).toHaveLength(1);
    expect(fake.edits[0]!.fields).toEqual({ model: "gpt-image-1", prompt: "make it night", quality: "high" });
    expect(fake.edits[0]!.files).toEqual([{ name: "image[]", type: "image/png", bytes: ref }]);
    expect(fake.seen("POST", "/v1/images/edits")[0]!.headers.authorization).toBe(`Bearer ${KEY}`);
  });

  it("chats through the Responses API with the catalogue's fields and upstream text as context", async () => {
    const result = await run("openai/gpt-4o-mini", {
      prompt: "a kitchen at night",
      params: { instructions: "Write scene headings.", temperature: 0.2, max_output_tokens: 200 },
      context: [{ nodeId: "n1", type: "text", text: "The heist begins." }],
    });

    expect(result).toEqual({ kind: "text", texts: ["INT. A KITCHEN AT NIGHT\n\nCONTEXT FROM CONNECTED NODES:\n- THE HEIST BEGINS."] });
    const [call] = fake.seen("POST", "/v1/responses");
    expect(JSON.parse(call!.body.toString())).toEqual({
      model: "gpt-4o-mini",
      input: [
        {
          role: "user",
          content: [{ type: "input_text", text: "a kitchen at night\n\nContext from connected nodes:\n- The heist begins." }],
        },
      ],
      instructions: "Write scene headings.",
      temperature: 0.2,
      max_output_tokens: 200,
    });
  });

  it("sends connected images to chat as input_image data URIs", async () => {
    const ref = samplePng("look");
    await run("openai/gpt-4o", {
      params: { image: ["/api/media/look"] },
      studio: { "/api/media/look": { bytes: ref, contentType: "image/png" } },
    });
    const body = JSON.parse(fake.seen("POST", "/v1/responses")[0]!.body.toString());
    expect(body.input[0].content[1]).toEqual({ type: "input_image", image_url: `data:image/png;base64,${ref.toString("base64")}` });
  });

  it("reads OpenAI's 429 insufficient_quota as out of credit, not a rate limit", async () => {
    fake.insufficientQuota = true;
    const err = (await run("openai/gpt-image-1").catch((e: unknown) => e)) as ProviderError;
    expect(err).toBeInstanceOf(ProviderError);
    expect(err.message).toBe("OpenAI account is out of credit.");
    expect(err.retryable).toBe(false);
  });

  it("stops a request in flight when cancelled", async () => {
    fake.failWith = "hang";
    const controller = new AbortController();
    const running = run("openai/gpt-image-1", { signal: controller.signal });
    await new Promise((r) => setTimeout(r, 30));
    controller.abort();
    await expect(running).rejects.toMatchObject({ name: "AbortError" });
  });

  describeFailures({
    name: "OpenAI",
    key: KEY,
    fake: () => fake,
    run: ({ apiKey, requestTimeoutMs }) =>
      createOpenAIEngine({ ...FAST, ...(requestTimeoutMs ? { requestTimeoutMs } : {}) }).run(
        testRequest("openai/gpt-image-1", { apiKey, baseUrl: `${fake.origin}/v1` }),
      ),
  });
});
