/**
 * Replicate (hosted, prediction API) and the self-hosted back ends: ComfyUI and Ollama or any
 * OpenAI-compatible server. Replicate inputs follow each model's API page; self-hosted runs cost nothing here
 * (you pay for your own machine).
 */
import { bool, defineModel, enumOf, int, media, negativePrompt, num, prompt, seed } from "./catalogueBuild";
import type { Model, ModelInputProperty } from "./modelTypes";

const REPLICATE_RATIOS = ["1:1", "16:9", "21:9", "3:2", "2:3", "4:5", "5:4", "3:4", "4:3", "9:16", "9:21"] as const;
const replicateFormat = () => enumOf(["webp", "jpg", "png"], "webp", "Output format");
const outputQuality = () => int("Output quality", 0, 100, 80, "Compression quality for jpg and webp");

export const REPLICATE_MODELS: Model[] = [
  defineModel({
    id: "replicate/black-forest-labs/flux-1.1-pro",
    name: "Flux 1.1 Pro (Replicate)",
    description: "Flux 1.1 Pro via Replicate",
    provider: "replicate",
    category: "text-to-image",
    family: "Flux",
    io: [
      { in: ["text"], out: ["image"] },
      { in: ["image", "text"], out: ["image"] },
    ],
    isPremium: true,
    properties: {
      prompt: prompt(),
      image_prompt: media("image", "Image prompt", "Optional reference image"),
      aspect_ratio: enumOf(["custom", ...REPLICATE_RATIOS], "1:1", "Aspect ratio"),
      width: int("Width", 256, 1440, undefined, "Only with aspect ratio 'custom'"),
      height: int("Height", 256, 1440, undefined, "Only with aspect ratio 'custom'"),
      output_format: replicateFormat(),
      output_quality: outputQuality(),
      safety_tolerance: int("Safety tolerance", 1, 6, 2, "1 is the strictest, 6 the most permissive"),
      prompt_upsampling: bool("Prompt upsampling", false),
      seed: seed(),
    },
    required: ["prompt"],
    cost: { unit: "image", usd: 0.04 },
  }),
  defineModel({
    id: "replicate/black-forest-labs/flux-schnell",
    name: "Flux Schnell (Replicate)",
    description: "Fastest Flux via Replicate",
    provider: "replicate",
    category: "text-to-image",
    family: "Flux",
    io: [{ in: ["text"], out: ["image"] }],
    batch: true,
    properties: {
      prompt: prompt(),
      aspect_ratio: enumOf(REPLICATE_RATIOS, "1:1", "Aspect ratio"),
      num_outputs: int("Number of images", 1, 4, 1),
      num_inference_steps: int("Inference steps", 1, 4, 4),
      megapixels: enumOf(["1", "0.25"], "1", "Megapixels"),
      go_fast: bool("Go fast", true),
      output_format: replicateFormat(),
      output_quality: outputQuality(),
      seed: seed(),
    },
    required: ["prompt"],
    cost: { unit: "image", usd: 0.003 },
  }),
  defineModel({
    id: "replicate/stability-ai/stable-diffusion-3.5-large",
    name: "Stable Diffusion 3.5 Large (Replicate)",
    description: "SD 3.5 Large with optional image to image",
    provider: "replicate",
    category: "text-to-image",
    family: "Stable Diffusion",
    io: [
      { in: ["text"], out: ["image"] },
      { in: ["image", "text"], out: ["image"] },
    ],
    // Defaults for cfg and steps are not verified against Replicate's page; left to the model.
    properties: {
      prompt: prompt(),
      negative_prompt: negativePrompt(),
      image: media("image", "Input image", "For image to image"),
      prompt_strength: num("Prompt strength", 0, 1, 0.85, "With an input image: 1 ignores the image"),
      aspect_ratio: enumOf(REPLICATE_RATIOS, "1:1", "Aspect ratio"),
      cfg: num("CFG", 0, 20),
      steps: int("Steps", 1, 50),
      output_format: replicateFormat(),
      seed: seed(),
    },
    required: ["prompt"],
    cost: { unit: "image", usd: 0.065 },
  }),
];

// ComfyUI needs the checkpoint's file name; the engine asks the server for its first one when empty.
const comfyCheckpoint: ModelInputProperty = {
  type: "string",
  title: "Checkpoint",
  description: "File in ComfyUI's models/checkpoints; empty uses the server's first",
};

const comfySampling = {
  ckpt_name: comfyCheckpoint,
  steps: int("Steps", 1, 100, 25),
  cfg: num("CFG", 1, 20, 7),
  sampler_name: enumOf(["euler", "euler_ancestral", "dpmpp_2m", "dpmpp_2m_sde", "ddim"], "euler", "Sampler"),
  scheduler: enumOf(["normal", "karras", "sgm_uniform"], "normal", "Scheduler"),
  seed: seed(),
};

export const SELF_HOSTED_MODELS: Model[] = [
  defineModel({
    id: "comfyui/txt2img",
    name: "ComfyUI Text to Image",
    description: "Your ComfyUI server's checkpoint, basic KSampler workflow",
    provider: "comfyui",
    category: "text-to-image",
    family: "Stable Diffusion",
    io: [{ in: ["text"], out: ["image"] }],
    batch: true,
    // Our own parameters: the server writes them into the CheckpointLoader/KSampler/EmptyLatentImage graph.
    properties: {
      prompt: prompt(),
      negative_prompt: negativePrompt(""),
      width: int("Width", 256, 2048, 1024, undefined),
      height: int("Height", 256, 2048, 1024, undefined),
      batch_size: int("Number of images", 1, 4, 1),
      ...comfySampling,
    },
    required: ["prompt"],
    cost: { unit: "free" },
  }),
  defineModel({
    id: "comfyui/img2img",
    name: "ComfyUI Image to Image",
    description: "Your ComfyUI server's checkpoint, image to image",
    provider: "comfyui",
    category: "image-to-image",
    family: "Stable Diffusion",
    io: [{ in: ["image", "text"], out: ["image"] }],
    properties: {
      image: media("image", "Image"),
      prompt: prompt("How to change the image"),
      negative_prompt: negativePrompt(""),
      denoise: num("Denoise", 0, 1, 0.75, "Higher changes the image more"),
      ...comfySampling,
    },
    required: ["image", "prompt"],
    cost: { unit: "free" },
  }),
  defineModel({
    id: "ollama/chat",
    name: "Ollama Chat",
    description: "A chat model on your Ollama or OpenAI-compatible server",
    provider: "ollama",
    category: "text-to-text",
    family: "Ollama",
    io: [{ in: ["text"], out: ["text"] }],
    streaming: true,
    // OpenAI-compatible /v1/chat/completions fields, which Ollama also serves.
    properties: {
      prompt: prompt("The message"),
      model: { type: "string", title: "Model", default: "llama3.2", examples: ["llama3.2", "qwen2.5", "mistral"] },
      system: { type: "string", title: "System instructions" },
      temperature: num("Temperature", 0, 2, 0.8),
      max_tokens: int("Max output tokens", 1, 32768),
      top_p: num("Top p", 0, 1, 0.9),
    },
    required: ["prompt"],
    cost: { unit: "free" },
  }),
];
