/**
 * The ComfyUI graphs (API format: node id → {class_type, inputs}) for the catalogue's two ComfyUI models:
 * ComfyUI's stock text-to-image workflow (checkpoint → CLIP encodes → KSampler → VAE decode → SaveImage),
 * and its image-to-image variant, where an uploaded image is VAE-encoded instead of an empty latent.
 */

export type ComfyGraph = Record<string, { class_type: string; inputs: Record<string, unknown> }>;

export interface ComfySettings {
  checkpoint: string;
  prompt: string;
  negative: string;
  seed: number;
  steps: number;
  cfg: number;
  sampler: string;
  scheduler: string;
  /** txt2img: the empty latent's size and batch. */
  width?: number;
  height?: number;
  batchSize?: number;
  /** img2img: the uploaded image's name in ComfyUI's input folder, and how much to change it. */
  image?: string;
  denoise?: number;
}

/** Our saved files start with this, so they are easy to find in ComfyUI's output folder. */
export const OUTPUT_PREFIX = "reelgraph";

/** Latent sizes must be multiples of 8. */
const toMultipleOf8 = (n: number) => Math.max(64, Math.floor(n / 8) * 8);

export function buildComfyGraph(s: ComfySettings): ComfyGraph {
  const latent: ComfyGraph = s.image
    ? {
        "10": { class_type: "LoadImage", inputs: { image: s.image } },
        "11": { class_type: "VAEEncode", inputs: { pixels: ["10", 0], vae: ["4", 2] } },
      }
    : {
        "5": {
          class_type: "EmptyLatentImage",
          inputs: { width: toMultipleOf8(s.width ?? 1024), height: toMultipleOf8(s.height ?? 1024), batch_size: s.batchSize ?? 1 },
        },
      };
  return {
    "4": { class_type: "CheckpointLoaderSimple", inputs: { ckpt_name: s.checkpoint } },
    "6": { class_type: "CLIPTextEncode", inputs: { text: s.prompt, clip: ["4", 1] } },
    "7": { class_type: "CLIPTextEncode", inputs: { text: s.negative, clip: ["4", 1] } },
    ...latent,
    "3": {
      class_type: "KSampler",
      inputs: {
        seed: s.seed,
        steps: s.steps,
        cfg: s.cfg,
        sampler_name: s.sampler,
        scheduler: s.scheduler,
        denoise: s.image ? (s.denoise ?? 0.75) : 1,
        model: ["4", 0],
        positive: ["6", 0],
        negative: ["7", 0],
        latent_image: s.image ? ["11", 0] : ["5", 0],
      },
    },
    "8": { class_type: "VAEDecode", inputs: { samples: ["3", 0], vae: ["4", 2] } },
    "9": { class_type: "SaveImage", inputs: { filename_prefix: OUTPUT_PREFIX, images: ["8", 0] } },
  };
}

/**
 * The checkpoint names in an /object_info/CheckpointLoaderSimple answer. Older servers list them as
 * `ckpt_name: [[names…], {…}]`, newer ones as `ckpt_name: ["COMBO", {options: [names…]}]`.
 */
export function checkpointsIn(objectInfo: unknown): string[] {
  const spec = (objectInfo as { CheckpointLoaderSimple?: { input?: { required?: { ckpt_name?: unknown[] } } } } | null)
    ?.CheckpointLoaderSimple?.input?.required?.ckpt_name;
  if (!Array.isArray(spec)) return [];
  const [first, second] = spec;
  if (Array.isArray(first)) return first.filter((n): n is string => typeof n === "string");
  const options = (second as { options?: unknown } | undefined)?.options;
  return Array.isArray(options) ? options.filter((n): n is string => typeof n === "string") : [];
}
