import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ProviderError } from "../engine";
import { describeFailures } from "./fakes/failureContract";
import { type OllamaFake, startOllamaFake } from "./fakes/ollamaFake";
import { FAST, type TestRequestInit, testRequest } from "./fakes/testRequest";
import { createOllamaEngine } from "./ollama";

let fake: OllamaFake;

beforeEach(async () => {
  fake = await startOllamaFake({ models: ["llama3.2", "qwen2.5"] });
});
afterEach(() => fake.close());

const run = (init: TestRequestInit = {}) => createOllamaEngine(FAST).run(testRequest("ollama/chat", { baseUrl: fake.origin, ...init }));

describe("Ollama / OpenAI-compatible engine", () => {
  it("asks /v1/chat/completions with the chosen model, system text and sampling fields, without a key", async () => {
    const result = await run({
      prompt: "the harbour at night",
      params: { model: "qwen2.5", system: "You write loglines.", temperature: 0.3, max_tokens: 64 },
    });

    expect(result).toEqual({ kind: "text", texts: ["[You write loglines.] the harbour at night — and the tide came in."] });
    const [call] = fake.seen("POST", "/v1/chat/completions");
    expect(call!.headers.authorization).toBeUndefined();
    expect(JSON.parse(call!.body.toString())).toEqual({
      model: "qwen2.5",
      messages: [
        { role: "system", content: "You write loglines." },
        { role: "user", content: "the harbour at night" },
      ],
      stream: false,
      seed: 42,
      temperature: 0.3,
      max_tokens: 64,
    });
  });

  it("accepts a base URL that already ends in /v1 (any OpenAI-compatible server)", async () => {
    const result = await run({ baseUrl: `${fake.origin}/v1/` });
    expect(result.kind).toBe("text");
    expect(fake.seen("POST", "/v1/chat/completions")).toHaveLength(1);
  });

  it("passes the server's own explanation through when the model is not pulled", async () => {
    const err = (await run({ params: { model: "mistral" } }).catch((e: unknown) => e)) as ProviderError;
    expect(err).toBeInstanceOf(ProviderError);
    expect(err.message).toBe('Ollama refused the request: model "mistral" not found, try pulling it first');
    expect(err.status).toBe(404);
  });

  it("names the address when nothing listens there", async () => {
    const origin = fake.origin;
    await fake.close();
    const err = (await run({ baseUrl: origin }).catch((e: unknown) => e)) as ProviderError;
    expect(err.message).toBe(`Ollama could not be reached at ${origin}. Please try again.`);
    expect(err.retryable).toBe(true);
    fake = await startOllamaFake();
  });

  it("stops a request in flight when cancelled", async () => {
    fake.failWith = "hang";
    const controller = new AbortController();
    const running = run({ signal: controller.signal });
    await new Promise((r) => setTimeout(r, 30));
    controller.abort();
    await expect(running).rejects.toMatchObject({ name: "AbortError" });
  });
});

describe("Ollama behind an auth proxy", () => {
  const KEY = "proxy-token-0123456789";
  beforeEach(async () => {
    await fake.close();
    fake = await startOllamaFake({ key: KEY });
  });

  it("sends the key as a Bearer token", async () => {
    await run({ apiKey: KEY });
    expect(fake.seen("POST", "/v1/chat/completions")[0]!.headers.authorization).toBe(`Bearer ${KEY}`);
  });

  describeFailures({
    name: "Ollama",
    key: KEY,
    keyOptional: true,
    fake: () => fake,
    run: ({ apiKey, requestTimeoutMs }) =>
      createOllamaEngine({ ...FAST, ...(requestTimeoutMs ? { requestTimeoutMs } : {}) }).run(
        testRequest("ollama/chat", { apiKey, baseUrl: fake.origin }),
      ),
  });
});
