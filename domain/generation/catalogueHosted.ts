/**
 * OpenAI, Google Gemini API, Runway and ElevenLabs models. Property names follow each provider's REST API
 * (OpenAI Images and Responses APIs, Gemini camelCase, Runway camelCase); prices are list prices at the time of writing.
 */
import { bool, defineModel, enumOf, int, media, mediaList, negativePrompt, num, prompt, seed } from "./catalogueBuild";
import type { Model, ModelInputProperty } from "./modelTypes";

const chatProps = (maxKey: string, maxTokens: number, system: string): Record<string, ModelInputProperty> => ({
  prompt: prompt("The message"),
  [system]: { type: "string", title: "System instructions" },
  temperature: num("Temperature", 0, 2, 1, "Higher is more varied"),
  [maxKey]: int("Max output tokens", 1, maxTokens),
  ...(system === "instructions" ? { top_p: num("Top p", 0, 1, 1) } : { topP: num("Top p", 0, 1, 0.95) }),
});

const IMAGEN_RATIOS = ["1:1", "3:4", "4:3", "9:16", "16:9"] as const;
const imagenProps = (maxImages: number, withSize: boolean): Record<string, ModelInputProperty> => ({
  prompt: prompt(),
  sampleCount: int("Number of images", 1, maxImages, 1),
  aspectRatio: enumOf(IMAGEN_RATIOS, "1:1", "Aspect ratio"),
  ...(withSize ? { imageSize: enumOf(["1K", "2K"], "1K", "Image size") } : {}),
  personGeneration: enumOf(["dont_allow", "allow_adult", "allow_all"], "allow_adult", "People"),
});
const veoProps = (veo3: boolean): Record<string, ModelInputProperty> => ({
  prompt: prompt(),
  image: media("image", "Start image"),
  negativePrompt: negativePrompt(),
  aspectRatio: enumOf(["16:9", "9:16"], "16:9", "Aspect ratio"),
  // Veo 3 accepts one people setting per mode (text: allow_all, image: allow_adult); the engine sets it.
  ...(veo3
    ? { resolution: enumOf(["720p", "1080p"], "720p", "Resolution") }
    : {
        durationSeconds: int("Duration (seconds)", 5, 8, 5),
        personGeneration: enumOf(["dont_allow", "allow_adult"], "allow_adult", "People"),
      }),
});
const RUNWAY_RATIOS = ["1280:720", "720:1280", "1104:832", "832:1104", "960:960", "1584:672"] as const;
const ttsProps = (withStyle: boolean): Record<string, ModelInputProperty> => ({
  text: { type: "string", title: "Text", description: "What to say" },
  voice_id: {
    type: "string",
    title: "Voice",
    default: "21m00Tcm4TlvDq8ikWAM",
    examples: ["21m00Tcm4TlvDq8ikWAM"],
    description: "ElevenLabs voice id (default: Rachel)",
  },
  stability: num("Stability", 0, 1, 0.5, "Lower is more expressive, higher more consistent"),
  similarity_boost: num("Similarity", 0, 1, 0.75, "How closely to match the original voice"),
  ...(withStyle ? { style: num("Style exaggeration", 0, 1, 0) } : {}),
  use_speaker_boost: bool("Speaker boost", true),
  speed: num("Speed", 0.7, 1.2, 1),
  output_format: enumOf(["mp3_44100_128", "mp3_22050_32", "pcm_16000", "pcm_22050", "pcm_24000"], "mp3_44100_128", "Output format"),
});

export const OPENAI_MODELS: Model[] = [
  defineModel({
    id: "openai/gpt-image-1",
    name: "GPT-4o Image (gpt-image-1)",
    description: "OpenAI's native image generation and editing",
    provider: "openai",
    category: "text-to-image",
    family: "GPT-4o",
    io: [
      { in: ["text"], out: ["image"] },
      { in: ["image", "text"], out: ["image"] },
    ],
    batch: true,
    isPremium: true,
    properties: {
      prompt: prompt(),
      image: mediaList("image", "Reference images", 16, "Images to edit or combine"),
      size: enumOf(["auto", "1024x1024", "1536x1024", "1024x1536"], "auto", "Size"),
      quality: enumOf(["auto", "low", "medium", "high"], "auto", "Quality"),
      n: int("Number of images", 1, 10, 1),
      background: enumOf(["auto", "transparent", "opaque"], "auto", "Background"),
      output_format: enumOf(["png", "jpeg", "webp"], "png", "Output format"),
      moderation: enumOf(["auto", "low"], "auto", "Moderation"),
    },
    required: ["prompt"],
    // Per 1024×1024 image by quality; 'auto' is estimated as medium.
    cost: { unit: "image", usd: 0.042, byParam: { param: "quality", prices: { low: 0.011, medium: 0.042, high: 0.167 } } },
  }),
  defineModel({
    id: "openai/gpt-4o",
    name: "GPT-4o",
    description: "OpenAI's multimodal chat model",
    provider: "openai",
    category: "text-to-text",
    family: "GPT-4o",
    io: [
      { in: ["text"], out: ["text"] },
      { in: ["image", "text"], out: ["text"] },
    ],
    streaming: true,
    properties: { ...chatProps("max_output_tokens", 16384, "instructions"), image: mediaList("image", "Images", 10) },
    required: ["prompt"],
    cost: { unit: "tokens", inputUsd: 2.5, outputUsd: 10 },
  }),
  defineModel({
    id: "openai/gpt-4o-mini",
    name: "GPT-4o mini",
    description: "Small, fast and cheap GPT-4o",
    provider: "openai",
    category: "text-to-text",
    family: "GPT-4o",
    io: [
      { in: ["text"], out: ["text"] },
      { in: ["image", "text"], out: ["text"] },
    ],
    streaming: true,
    properties: { ...chatProps("max_output_tokens", 16384, "instructions"), image: mediaList("image", "Images", 10) },
    required: ["prompt"],
    cost: { unit: "tokens", inputUsd: 0.15, outputUsd: 0.6 },
  }),
];

export const GOOGLE_MODELS: Model[] = [
  defineModel({
    id: "google/gemini-2.5-flash",
    name: "Gemini 2.5 Flash",
    description: "Fast multimodal reasoning and writing",
    provider: "google",
    category: "text-to-text",
    family: "Gemini",
    io: [
      { in: ["text"], out: ["text"] },
      { in: ["image", "text"], out: ["text"] },
    ],
    streaming: true,
    properties: { ...chatProps("maxOutputTokens", 65536, "systemInstruction"), image: mediaList("image", "Images", 10) },
    required: ["prompt"],
    cost: { unit: "tokens", inputUsd: 0.3, outputUsd: 2.5 },
  }),
  defineModel({
    id: "google/gemini-2.5-pro",
    name: "Gemini 2.5 Pro",
    description: "Google's most capable Gemini",
    provider: "google",
    category: "text-to-text",
    family: "Gemini",
    io: [
      { in: ["text"], out: ["text"] },
      { in: ["image", "text"], out: ["text"] },
    ],
    streaming: true,
    isPremium: true,
    properties: { ...chatProps("maxOutputTokens", 65536, "systemInstruction"), image: mediaList("image", "Images", 10) },
    required: ["prompt"],
    cost: { unit: "tokens", inputUsd: 1.25, outputUsd: 10 },
  }),
  defineModel({
    id: "google/imagen-4",
    name: "Imagen 4",
    description: "Google's photoreal text to image",
    provider: "google",
    category: "text-to-image",
    family: "Imagen 4",
    io: [{ in: ["text"], out: ["image"] }],
    batch: true,
    properties: imagenProps(4, true),
    required: ["prompt"],
    cost: { unit: "image", usd: 0.04 },
  }),
  defineModel({
    id: "google/imagen-4-ultra",
    name: "Imagen 4 Ultra",
    description: "Imagen 4 tuned for prompt fidelity",
    provider: "google",
    category: "text-to-image",
    family: "Imagen 4",
    io: [{ in: ["text"], out: ["image"] }],
    isPremium: true,
    properties: imagenProps(1, true),
    required: ["prompt"],
    cost: { unit: "image", usd: 0.06 },
  }),
  defineModel({
    id: "google/imagen-4-fast",
    name: "Imagen 4 Fast",
    description: "Quick, low-cost Imagen 4",
    provider: "google",
    category: "text-to-image",
    family: "Imagen 4",
    io: [{ in: ["text"], out: ["image"] }],
    batch: true,
    properties: imagenProps(4, false),
    required: ["prompt"],
    cost: { unit: "image", usd: 0.02 },
  }),
  defineModel({
    id: "google/veo-2",
    name: "Veo 2",
    description: "Google's cinematic 720p video, 5-8 s",
    provider: "google",
    category: "text-to-video",
    family: "Veo",
    io: [
      { in: ["text"], out: ["video"] },
      { in: ["image", "text"], out: ["video"] },
    ],
    isPremium: true,
    properties: veoProps(false),
    required: ["prompt"],
    cost: { unit: "second", usd: 0.35 },
  }),
  defineModel({
    id: "google/veo-3",
    name: "Veo 3",
    description: "8 s video with native sound and dialogue",
    provider: "google",
    category: "text-to-video",
    family: "Veo",
    io: [
      { in: ["text"], out: ["video"] },
      { in: ["image", "text"], out: ["video"] },
    ],
    isPremium: true,
    isNew: true,
    properties: veoProps(true),
    required: ["prompt"],
    cost: { unit: "second", usd: 0.4, fixedSeconds: 8 },
  }),
  defineModel({
    id: "google/veo-3-fast",
    name: "Veo 3 Fast",
    description: "Faster, cheaper Veo 3 with sound",
    provider: "google",
    category: "text-to-video",
    family: "Veo",
    io: [
      { in: ["text"], out: ["video"] },
      { in: ["image", "text"], out: ["video"] },
    ],
    isNew: true,
    properties: veoProps(true),
    required: ["prompt"],
    cost: { unit: "second", usd: 0.15, fixedSeconds: 8 },
  }),
];

export const RUNWAY_MODELS: Model[] = [
  defineModel({
    id: "runway/gen4-turbo",
    name: "Runway Gen-4 Turbo",
    description: "Fast, consistent image to video",
    provider: "runway",
    category: "image-to-video",
    family: "Runway Gen-4",
    io: [{ in: ["image", "text"], out: ["video"] }],
    properties: {
      promptImage: media("image", "Start image"),
      promptText: prompt("The motion to add"),
      ratio: enumOf(RUNWAY_RATIOS, "1280:720", "Ratio"),
      duration: enumOf([5, 10], 5, "Duration (seconds)"),
      seed: seed(4_294_967_295),
    },
    required: ["promptImage"],
    // 5 Runway credits per second at $0.01 a credit.
    cost: { unit: "second", usd: 0.05 },
  }),
  defineModel({
    id: "runway/act-two",
    name: "Act Two",
    description: "Drive a character with a performance video",
    provider: "runway",
    category: "video-to-video",
    family: "Act Two",
    io: [
      { in: ["image", "video"], out: ["video"] },
      { in: ["video"], out: ["video"] },
    ],
    isPremium: true,
    isNew: true,
    properties: {
      character: {
        title: "Character",
        description: "An image or video of the character",
        anyOf: [media("image", "Character image"), media("video", "Character video")],
      },
      reference: media("video", "Performance video", "The acting to transfer"),
      bodyControl: bool("Body control", true, "Transfer body motion as well as the face"),
      expressionIntensity: int("Expression intensity", 1, 5, 3),
      ratio: enumOf(RUNWAY_RATIOS, "1280:720", "Ratio"),
      seed: seed(4_294_967_295),
    },
    required: ["character", "reference"],
    cost: { unit: "second", usd: 0.05 },
  }),
];

export const ELEVENLABS_MODELS: Model[] = [
  defineModel({
    id: "elevenlabs/eleven_multilingual_v2",
    name: "ElevenLabs Multilingual v2",
    description: "Lifelike speech in 29 languages",
    provider: "elevenlabs",
    category: "text-to-speech",
    family: "ElevenLabs TTS",
    io: [{ in: ["text"], out: ["audio"] }],
    properties: ttsProps(true),
    required: ["text"],
    // Approximate API price per 1,000 characters.
    cost: { unit: "kchars", usd: 0.1 },
  }),
  defineModel({
    id: "elevenlabs/eleven_flash_v2_5",
    name: "ElevenLabs Flash v2.5",
    description: "Low-latency speech in 32 languages",
    provider: "elevenlabs",
    category: "text-to-speech",
    family: "ElevenLabs TTS",
    io: [{ in: ["text"], out: ["audio"] }],
    streaming: true,
    properties: ttsProps(false),
    required: ["text"],
    cost: { unit: "kchars", usd: 0.05 },
  }),
];
