import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ProviderError } from "../engine";
import { createComfyUIEngine } from "./comfyui";
import { type ComfyUIFake, startComfyUIFake } from "./fakes/comfyuiFake";
import { describeFailures } from "./fakes/failureContract";
import { samplePng } from "./fakes/sampleMedia";
import { FAST, type TestRequestInit, testRequest, waitFor } from "./fakes/testRequest";

let fake: ComfyUIFake;

beforeEach(async () => {
  fake = await startComfyUIFake();
});
afterEach(() => fake.close());

const run = (modelId: string, init: TestRequestInit = {}) =>
  createComfyUIEngine(FAST).run(testRequest(modelId, { baseUrl: fake.origin, ...init }));

describe("ComfyUI engine", () => {
  it("a server address the user typed is never reached on an internal address (checked at connect time)", async () => {
    const err = await run("comfyui/txt2img", { publicOnly: true, baseUrl: fake.origin.replace("127.0.0.1", "localhost") }).catch(
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(ProviderError);
    expect((err as ProviderError).message).toMatch(/private or internal network/);
    const literal = await run("comfyui/txt2img", { publicOnly: true }).catch((e: unknown) => e);
    expect((literal as ProviderError).message).toMatch(/private or internal network/);
    expect(fake.jobs).toHaveLength(0);
    expect(fake.sockets).toHaveLength(0);
  });

  it("queues the text-to-image workflow on the server's first checkpoint and returns the saved images intact", async () => {
    const request = testRequest("comfyui/txt2img", {
      baseUrl: fake.origin,
      prompt: "a foggy pier",
      params: {
        negative_prompt: "blurry",
        width: 1000,
        height: 768,
        batch_size: 2,
        steps: 4,
        cfg: 6,
        sampler_name: "dpmpp_2m",
        scheduler: "karras",
      },
    });
    const result = await createComfyUIEngine(FAST).run(request);

    // Saved outputs only: the temp preview is not a result.
    expect(result).toEqual({
      kind: "media",
      mediaType: "image",
      files: [
        { bytes: samplePng("reelgraph_prompt-1_00001_.png"), contentType: "image/png" },
        { bytes: samplePng("reelgraph_prompt-1_00002_.png"), contentType: "image/png" },
      ],
    });
    const graph = fake.jobs[0]!.graph;
    expect(graph["4"]).toEqual({ class_type: "CheckpointLoaderSimple", inputs: { ckpt_name: "sd_xl_base_1.0.safetensors" } });
    expect(graph["6"]!.inputs.text).toBe("a foggy pier");
    expect(graph["7"]!.inputs.text).toBe("blurry");
    expect(graph["5"]).toEqual({ class_type: "EmptyLatentImage", inputs: { width: 1000, height: 768, batch_size: 2 } });
    expect(graph["3"]!.inputs).toMatchObject({ seed: 42, steps: 4, cfg: 6, sampler_name: "dpmpp_2m", scheduler: "karras", denoise: 1 });
    // The prompt was queued for the client id whose socket reported progress.
    expect(fake.sockets.map((s) => s.clientId)).toEqual([fake.jobs[0]!.clientId]);
  });

  it("reports ComfyUI's own progress from the WebSocket", async () => {
    const request = testRequest("comfyui/txt2img", { baseUrl: fake.origin, params: { steps: 4 } });
    await createComfyUIEngine(FAST).run(request);

    const percents = request.progress.filter((p) => p.percent !== undefined).map((p) => p.percent);
    expect(percents).toEqual(expect.arrayContaining([25, 50, 75, 100]));
    expect(request.progress).toContainEqual({ message: "Running KSampler…" });
  });

  it("uploads the input image for image-to-image and loads it by the name ComfyUI gave it", async () => {
    const still = samplePng("source");
    await run("comfyui/img2img", {
      params: { image: "/api/media/source", denoise: 0.5, ckpt_name: "v1-5-pruned-emaonly.safetensors" },
      studio: { "/api/media/source": { bytes: still, contentType: "image/png" } },
    });

    expect(fake.uploads).toHaveLength(1);
    expect(fake.uploads[0]!.bytes).toEqual(still);
    const graph = fake.jobs[0]!.graph;
    expect(graph["10"]).toEqual({ class_type: "LoadImage", inputs: { image: fake.uploads[0]!.name } });
    expect(graph["3"]!.inputs).toMatchObject({ denoise: 0.5, latent_image: ["11", 0] });
    expect(graph["4"]!.inputs.ckpt_name).toBe("v1-5-pruned-emaonly.safetensors");
    // A chosen checkpoint needs no lookup.
    expect(fake.seen("GET", "/object_info")).toHaveLength(0);
  });

  it("reads the checkpoint list in ComfyUI's newer COMBO format", async () => {
    await fake.close();
    fake = await startComfyUIFake({ comboFormat: "options", checkpoints: ["flux1-dev-fp8.safetensors"] });
    await run("comfyui/txt2img", { params: { steps: 2 } });
    expect(fake.jobs[0]!.graph["4"]!.inputs.ckpt_name).toBe("flux1-dev-fp8.safetensors");
  });

  it("finishes by polling the history when the WebSocket is refused", async () => {
    await fake.close();
    fake = await startComfyUIFake({ noSocket: true });
    const result = await run("comfyui/txt2img", { params: { steps: 2 } });
    expect(result.kind).toBe("media");
    expect(fake.seen("GET", "/history/prompt-1").length).toBeGreaterThanOrEqual(1);
  });

  it("shows a workflow the server refuses with its validation detail", async () => {
    const err = (await run("comfyui/txt2img", { params: { ckpt_name: "missing.safetensors" } }).catch((e: unknown) => e)) as ProviderError;
    expect(err).toBeInstanceOf(ProviderError);
    expect(err.status).toBe(400);
    expect(err.message).toBe(
      "ComfyUI refused the request: Prompt outputs failed validation — CheckpointLoaderSimple: ckpt_name: 'missing.safetensors' not in list",
    );
  });

  it("shows a run that fails on the server with the node and exception", async () => {
    await fake.close();
    fake = await startComfyUIFake({ failWith: "CUDA out of memory" });
    const err = (await run("comfyui/txt2img").catch((e: unknown) => e)) as ProviderError;
    expect(err.message).toBe("ComfyUI could not generate this: KSampler: CUDA out of memory");
  });

  it("stops waiting when cancelled, removes the prompt from the queue and interrupts it", async () => {
    await fake.close();
    fake = await startComfyUIFake({ hold: true });
    const controller = new AbortController();
    const running = run("comfyui/txt2img", { signal: controller.signal });
    await waitFor(() => fake.seen("GET", "/history/prompt-1").length >= 2);
    controller.abort();

    await expect(running).rejects.toMatchObject({ name: "AbortError" });
    await waitFor(() => fake.deleted.length === 1 && fake.interrupted.length === 1);
    expect(fake.deleted).toEqual(["prompt-1"]);
    expect(fake.interrupted).toEqual([{ prompt_id: "prompt-1" }]);
    const polls = fake.seen("GET", "/history/prompt-1").length;
    await new Promise((r) => setTimeout(r, 60));
    expect(fake.seen("GET", "/history/prompt-1").length).toBe(polls);
  });

  it("names the address when no server listens there", async () => {
    const origin = fake.origin;
    await fake.close();
    const err = (await run("comfyui/txt2img", { baseUrl: origin }).catch((e: unknown) => e)) as ProviderError;
    expect(err.message).toBe(`ComfyUI could not be reached at ${origin}. Please try again.`);
    fake = await startComfyUIFake();
  });
});

describe("ComfyUI behind an auth proxy", () => {
  const KEY = "comfy-proxy-token-0123456789";
  beforeEach(async () => {
    await fake.close();
    fake = await startComfyUIFake({ key: KEY });
  });

  it("sends the key as a Bearer token on HTTP calls and the WebSocket", async () => {
    await run("comfyui/txt2img", { apiKey: KEY, params: { steps: 2 } });
    expect(fake.requests.every((r) => r.headers.authorization === `Bearer ${KEY}`)).toBe(true);
    expect(fake.sockets[0]!.headers.authorization).toBe(`Bearer ${KEY}`);
  });

  describeFailures({
    name: "ComfyUI",
    key: KEY,
    keyOptional: true,
    fake: () => fake,
    run: ({ apiKey, requestTimeoutMs }) =>
      createComfyUIEngine({ ...FAST, ...(requestTimeoutMs ? { requestTimeoutMs } : {}) }).run(
        testRequest("comfyui/txt2img", { apiKey, baseUrl: fake.origin }),
      ),
  });
});
