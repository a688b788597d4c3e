import { describe, expect, it } from "vitest";
import { findModel } from "./catalogue";
import { costToCredits, estimateCost, estimateCredits, megapixels } from "./cost";
import type { Model } from "./modelTypes";

const get = (id: string): Model => {
  const m = findModel(id);
  if (!m) throw new Error(`missing ${id}`);
  return m;
};

describe("costToCredits", () => {
  it("is cost × 1000, rounded", () => {
    expect(costToCredits(0.06)).toBe(60);
    expect(costToCredits(0.0262144)).toBe(26);
    expect(costToCredits(0.0005)).toBe(1);
    expect(costToCredits(0.00049)).toBe(0);
    expect(costToCredits(0)).toBe(0);
  });
});

describe("estimateCost", () => {
  it("per image, times the count", () => {
    expect(estimateCost(get("fal-ai/flux-pro/v1.1-ultra"))).toBe(0.06);
    expect(estimateCost(get("fal-ai/flux-pro/v1.1-ultra"), { num_images: 3 })).toBe(0.18);
    expect(estimateCost(get("google/imagen-4"), { sampleCount: 2 })).toBe(0.08);
  });

  it("per megapixel assumes 1024×1024 unless the size is given", () => {
    expect(megapixels({})).toBeCloseTo(1.048576);
    expect(estimateCost(get("fal-ai/flux/dev"))).toBeCloseTo(0.025 * 1.048576, 6);
    expect(estimateCredits(get("fal-ai/flux/dev"))).toBe(26);
    expect(estimateCost(get("fal-ai/flux/dev"), { image_size: "landscape_16_9", num_images: 2 })).toBeCloseTo(0.025 * 0.589824 * 2, 6);
    expect(megapixels({ image_size: { width: 2000, height: 1000 } })).toBe(2);
    expect(megapixels({ size: "1536x1024" })).toBeCloseTo(1.572864);
  });

  it("prices by a param or its schema default", () => {
    const gpt = get("openai/gpt-image-1");
    expect(estimateCost(gpt)).toBe(0.042);
    expect(estimateCost(gpt, { quality: "high", n: 2 })).toBe(0.334);
    expect(estimateCost(get("fal-ai/ideogram/v3"), { rendering_speed: "TURBO" })).toBe(0.03);
    expect(estimateCost(get("fal-ai/hunyuan3d/v2"), { textured_mesh: true })).toBe(0.48);
    expect(estimateCost(get("fal-ai/hunyuan3d/v2"))).toBe(0.16);
  });

  it("per second assumes 5 s of video unless a duration is given or fixed", () => {
    expect(estimateCost(get("fal-ai/kling-video/v2.1/standard/image-to-video"))).toBe(0.25);
    expect(estimateCost(get("fal-ai/kling-video/v2.1/standard/image-to-video"), { duration: "10" })).toBe(0.5);
    expect(estimateCost(get("fal-ai/luma-dream-machine/ray-2"), { duration: "9s", resolution: "720p" })).toBe(1.8);
    expect(estimateCost(get("runway/gen4-turbo"), { duration: 10 })).toBe(0.5);
    expect(estimateCredits(get("fal-ai/bytedance/omnihuman"))).toBe(700);
    expect(estimateCost(get("google/veo-3"))).toBe(3.2);
  });

  it("text uses 100 input and 100 output tokens", () => {
    expect(estimateCost(get("openai/gpt-4o"))).toBe(0.00125);
    expect(estimateCredits(get("openai/gpt-4o"))).toBe(1);
    expect(estimateCredits(get("google/gemini-2.5-pro"))).toBe(1);
    expect(estimateCredits(get("openai/gpt-4o-mini"))).toBe(0);
  });

  it("speech per 1,000 characters of the text (100 when empty)", () => {
    const tts = get("elevenlabs/eleven_multilingual_v2");
    expect(estimateCost(tts)).toBe(0.01);
    expect(estimateCost(tts, { text: "x".repeat(2500) })).toBe(0.25);
    expect(estimateCredits(tts, { text: "x".repeat(2500) })).toBe(250);
  });

  it("speech is priced by what the engine says: the prompt over ElevenLabs' text; flite's text, prompt, then connected text", () => {
    const tts = get("elevenlabs/eleven_multilingual_v2");
    expect(estimateCredits(tts, { text: "Hi." }, { prompt: "x".repeat(18_600) })).toBe(1860);
    const flite = get("local/tts-flite");
    expect(estimateCredits(flite, {}, { prompt: "x".repeat(4800) })).toBe(96);
    expect(estimateCredits(flite, { text: "x".repeat(500) }, { prompt: "x".repeat(4800) })).toBe(10);
    expect(
      estimateCredits(
        flite,
        {},
        { prompt: " ", context: [{ type: "text", text: "x".repeat(1000) }, { type: "image" }, { type: "text", text: "y".repeat(999) }] },
      ),
    ).toBe(40);
  });

  it("flat per call; per image for the local sketch; free for self-hosted", () => {
    expect(estimateCredits(get("fal-ai/hyper3d/rodin"))).toBe(400);
    expect(estimateCredits(get("local/sketch"), { num_images: 4 })).toBe(8);
    expect(estimateCost(get("comfyui/txt2img"))).toBe(0);
  });
});
