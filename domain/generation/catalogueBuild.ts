import { type Provider } from "../providers/registry";
import type { Capability, CostRule, FeatureTag, MediaType, Model, ModelCategory, ModelInputProperty } from "./modelTypes";

/** Spec canvas 9 feature tags, in order: Batch Processing, Streaming, Premium, New. */
export function featureTags(model: Pick<Model, "capabilities" | "isPremium" | "isNew">): FeatureTag[] {
  const tags: FeatureTag[] = [];
  if (model.capabilities.some((c) => c.supportsBatch)) tags.push("Batch Processing");
  if (model.capabilities.some((c) => c.supportsStreaming)) tags.push("Streaming");
  if (model.isPremium) tags.push("Premium");
  if (model.isNew) tags.push("New");
  return tags;
}

export interface ModelDef {
  id: string;
  name: string;
  description: string;
  provider: Provider;
  category: ModelCategory;
  family: string;
  /** Input → output pairs, inputs in display order ('image, text → video'). */
  io: { in: MediaType[]; out: MediaType[] }[];
  batch?: boolean;
  streaming?: boolean;
  isPremium?: boolean;
  isNew?: boolean;
  properties: Record<string, ModelInputProperty>;
  required?: string[];
  cost: CostRule;
}

export function defineModel(def: ModelDef): Model {
  const capabilities: Capability[] = def.io.map((c) => ({
    inputTypes: c.in.map((type) => ({ type })),
    outputTypes: c.out.map((type) => ({ type })),
    supportsBatch: def.batch ?? false,
    supportsStreaming: def.streaming ?? false,
  }));
  const base = { capabilities, isPremium: def.isPremium ?? false, isNew: def.isNew ?? false };
  return {
    id: def.id,
    name: def.name,
    description: def.description,
    provider: def.provider,
    category: def.category,
    family: def.family,
    ...base,
    inputSchema: {
      type: "object",
      properties: def.properties,
      ...(def.required && def.required.length > 0 ? { required: def.required } : {}),
    },
    costRule: def.cost,
    features: featureTags(base),
  };
}

// ---- property builders (JSON Schema fragments) ----

export const prompt = (description = "What to generate"): ModelInputProperty => ({ type: "string", title: "Prompt", description });

export const negativePrompt = (def?: string): ModelInputProperty => ({
  type: "string",
  title: "Negative prompt",
  description: "What to keep out of the result",
  ...(def !== undefined ? { default: def } : {}),
});

export function enumOf<T extends string | number>(values: readonly T[], def: T, title: string, description?: string): ModelInputProperty {
  return {
    type: typeof def === "number" ? "integer" : "string",
    title,
    enum: [...values],
    default: def,
    ...(description ? { description } : {}),
  };
}

export const int = (title: string, minimum: number, maximum: number, def?: number, description?: string): ModelInputProperty => ({
  type: "integer",
  title,
  minimum,
  maximum,
  ...(def !== undefined ? { default: def } : {}),
  ...(description ? { description } : {}),
});

export const num = (
  title: string,
  minimum: number,
  maximum: number,
  def?: number,
  description?: string,
  multipleOf?: number,
): ModelInputProperty => ({
  type: "number",
  title,
  minimum,
  maximum,
  ...(def !== undefined ? { default: def } : {}),
  ...(description ? { description } : {}),
  ...(multipleOf !== undefined ? { multipleOf } : {}),
});

export const bool = (title: string, def: boolean, description?: string): ModelInputProperty => ({
  type: "boolean",
  title,
  default: def,
  ...(description ? { description } : {}),
});

/**
 * A seed is a name for a result, not a quantity: no upper bound in the schema, so the form gives it a number
 * box that can be left empty (spec canvas 5 makes a slider of any number with both bounds).
 */
export const seed = (maximum?: number): ModelInputProperty => ({
  type: "integer",
  title: "Seed",
  minimum: 0,
  // Only a provider's own limit (its engine folds seeds into it).
  ...(maximum === undefined ? {} : { maximum }),
  description: "The same seed and prompt give the same result; leave empty for random",
});

const MIME: Record<Exclude<MediaType, "text">, string> = { image: "image/*", video: "video/*", audio: "audio/*", "3d": "model/*" };

/** A media URL filled from a connected node (or uploaded). */
export const media = (kind: Exclude<MediaType, "text">, title: string, description?: string): ModelInputProperty => ({
  type: "string",
  format: "uri",
  contentMediaType: MIME[kind],
  title,
  ...(description ? { description } : {}),
});

export const mediaList = (kind: Exclude<MediaType, "text">, title: string, maxItems: number, description?: string): ModelInputProperty => ({
  type: "array",
  title,
  items: media(kind, title),
  minItems: 1,
  maxItems,
  ...(description ? { description } : {}),
});

/** fal's shared image_size presets (pixel sizes in cost.ts). */
export const FAL_IMAGE_SIZES = ["square_hd", "square", "portrait_4_3", "portrait_16_9", "landscape_4_3", "landscape_16_9"] as const;
export const falImageSize = (def: (typeof FAL_IMAGE_SIZES)[number] = "landscape_4_3") => enumOf(FAL_IMAGE_SIZES, def, "Image size");
export const numImages = (max = 4, key = "Number of images") => int(key, 1, max, 1);
export const outputFormat = (values: readonly string[] = ["jpeg", "png"], def = values[0] ?? "jpeg") =>
  enumOf(values, def, "Output format");
export const safetyChecker = () => bool("Safety checker", true);
