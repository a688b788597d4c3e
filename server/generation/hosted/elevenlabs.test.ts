import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ProviderError } from "../engine";
import { createElevenLabsEngine } from "./elevenlabs";
import { type ElevenLabsFake, startElevenLabsFake } from "./fakes/elevenlabsFake";
import { describeFailures } from "./fakes/failureContract";
import { sampleMp3, samplePcm } from "./fakes/sampleMedia";
import { FAST, type TestRequestInit, testRequest } from "./fakes/testRequest";

const KEY = "sk_elevenlabs_0123456789abcdef";
const MODEL = "elevenlabs/eleven_multilingual_v2";
let fake: ElevenLabsFake;

beforeEach(async () => {
  fake = await startElevenLabsFake({ key: KEY });
});
afterEach(() => fake.close());

const run = (init: TestRequestInit = {}) =>
  createElevenLabsEngine(FAST).run(testRequest(MODEL, { apiKey: KEY, baseUrl: fake.origin, ...init }));

describe("ElevenLabs engine (text to speech)", () => {
  it("posts the line to the chosen voice with the model and voice settings and returns the MP3 intact", async () => {
    const result = await run({
      prompt: "We leave at dawn.",
      params: {
        voice_id: "EXAVITQu4vr4xnSDxMaL",
        stability: 0.4,
        similarity_boost: 0.8,
        use_speaker_boost: true,
        output_format: "mp3_44100_128",
      },
    });

    expect(result).toEqual({
      kind: "media",
      mediaType: "audio",
      files: [{ bytes: sampleMp3("EXAVITQu4vr4xnSDxMaL"), contentType: "audio/mpeg" }],
    });
    const [call] = fake.seen("POST", "/v1/text-to-speech/EXAVITQu4vr4xnSDxMaL?output_format=mp3_44100_128");
    expect(call!.headers["xi-api-key"]).toBe(KEY);
    expect(call!.headers.authorization).toBeUndefined();
    expect(JSON.parse(call!.body.toString())).toEqual({
      text: "We leave at dawn.",
      model_id: "eleven_multilingual_v2",
      voice_settings: { stability: 0.4, similarity_boost: 0.8, use_speaker_boost: true },
      seed: 42,
    });
  });

  it("uses the default voice when none is chosen", async () => {
    await run();
    expect(fake.seen("POST", "/v1/text-to-speech/21m00Tcm4TlvDq8ikWAM")).toHaveLength(1);
  });

  it("wraps raw PCM output in a playable WAV file", async () => {
    const result = await run({ params: { output_format: "pcm_22050" } });
    if (result.kind !== "media") throw new Error("expected media");
    const wav = result.files[0]!;
    expect(wav.contentType).toBe("audio/wav");
    expect(wav.bytes.subarray(0, 4).toString("ascii")).toBe("RIFF");
    expect(wav.bytes.readUInt32LE(24)).toBe(22050);
    expect(wav.bytes.subarray(44)).toEqual(samplePcm());
  });

  it("reads ElevenLabs' 401 quota_exceeded as out of credit, not a bad key", async () => {
    fake.quotaExceeded = true;
    const err = (await run().catch((e: unknown) => e)) as ProviderError;
    expect(err).toBeInstanceOf(ProviderError);
    expect(err.message).toBe("ElevenLabs account is out of credit.");
    expect(err.status).toBe(402);
  });

  it("stops a request in flight when cancelled", async () => {
    fake.failWith = "hang";
    const controller = new AbortController();
    const running = run({ signal: controller.signal });
    await new Promise((r) => setTimeout(r, 30));
    controller.abort();
    await expect(running).rejects.toMatchObject({ name: "AbortError" });
  });

  describeFailures({
    name: "ElevenLabs",
    key: KEY,
    fake: () => fake,
    run: ({ apiKey, requestTimeoutMs }) =>
      createElevenLabsEngine({ ...FAST, ...(requestTimeoutMs ? { requestTimeoutMs } : {}) }).run(
        testRequest(MODEL, { apiKey, baseUrl: fake.origin }),
      ),
  });
});
