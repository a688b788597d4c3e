/**
 * Models a user trained with the LoRA trainer tool. A trained LoRA is not a catalogue entry: it belongs to
 * the user who trained it, and shows in their model list as `lora:{training run id}`. It runs on fal's
 * Flux LoRA endpoint with the LoRA file attached and its trigger word at the start of the prompt.
 */
import { defineModel, falImageSize, int, num, numImages, outputFormat, prompt, seed } from "./catalogueBuild";
import type { Model } from "./modelTypes";

export const TRAINED_MODEL_PREFIX = "lora:";
/** The tool that trains them (its catalogue entry is in domain/tools/catalogueHosted.ts). */
export const LORA_TRAINER_ID = "fal-ai/flux-lora-fast-training";
/** The fal endpoint a trained LoRA runs on. */
export const LORA_INFERENCE_ENDPOINT = "fal-ai/flux-lora";

/** What a finished training run keeps (in its tool execution result). */
export interface TrainedLora {
  /** The training run's generation id. */
  runId: string;
  name: string;
  triggerWord: string;
  /** The LoRA file where fal can read it (fal's own file store). */
  loraUrl: string;
  /** The studio's copy of the file, so it is never lost with fal's store. */
  studioUrl: string;
  createdAt: string;
}

export const isTrainedModelId = (id: string): boolean => id.startsWith(TRAINED_MODEL_PREFIX);
export const trainedModelId = (runId: string): string => `${TRAINED_MODEL_PREFIX}${runId}`;
export const trainedRunIdOf = (modelId: string): string => modelId.slice(TRAINED_MODEL_PREFIX.length);

/** A trained LoRA as a model the user can pick: text → image on Flux, with the LoRA's strength as a parameter. */
export function trainedModelOf(lora: TrainedLora): Model {
  return {
    ...defineModel({
      id: trainedModelId(lora.runId),
      name: `${lora.name} (LoRA)`,
      description: `Your LoRA, trained in Reelgraph; trigger word '${lora.triggerWord}'`,
      provider: "fal",
      category: "text-to-image",
      family: "My LoRAs",
      io: [{ in: ["text"], out: ["image"] }],
      batch: true,
      properties: {
        prompt: prompt(),
        lora_scale: num("LoRA strength", 0, 2, 1, "How strongly the trained look is applied", 0.05),
        image_size: falImageSize(),
        num_inference_steps: int("Inference steps", 1, 50, 28),
        guidance_scale: num("Guidance scale", 1, 20, 3.5),
        num_images: numImages(),
        seed: seed(),
        output_format: outputFormat(),
      },
      required: ["prompt"],
      cost: { unit: "megapixel", usd: 0.035 },
    }),
    isNew: true,
  };
}

/**
 * The request a trained model sends to fal: the Flux LoRA endpoint (as the model the engine calls, with the
 * `loras` input fal takes), the LoRA file at the chosen strength, and the trigger word leading the prompt once.
 */
export function trainedRunInput(model: Model, lora: TrainedLora, params: Record<string, unknown>, promptText: string) {
  const { lora_scale, ...rest } = params;
  const scale = typeof lora_scale === "number" ? lora_scale : 1;
  const { lora_scale: _shown, ...properties } = model.inputSchema.properties;
  const startsWithTrigger = promptText.trim().toLowerCase().startsWith(lora.triggerWord.toLowerCase());
  return {
    model: {
      ...model,
      id: LORA_INFERENCE_ENDPOINT,
      inputSchema: {
        ...model.inputSchema,
        properties: { ...properties, loras: { type: "array" as const, title: "LoRAs", items: { type: "object" as const } } },
      },
    },
    params: { ...rest, loras: [{ path: lora.loraUrl, scale }] },
    prompt: !lora.triggerWord || startsWithTrigger ? promptText : `${lora.triggerWord}, ${promptText}`,
  };
}
