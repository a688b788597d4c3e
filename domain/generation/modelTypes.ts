import { z } from "zod";
import { PROVIDERS } from "../providers/registry";

/** Media a model reads or writes (spec canvas 3 / Generation issue). Node content type 'model3d' is '3d' here. */
export const MEDIA_TYPES = ["text", "image", "video", "audio", "3d"] as const;
export type MediaType = (typeof MEDIA_TYPES)[number];
export const mediaTypeSchema = z.enum(MEDIA_TYPES);

/** Task categories; the quick-start node's modelType uses the same words (text-to-image, image-to-video). */
export const MODEL_CATEGORIES = [
  "text-to-text",
  "text-to-image",
  "image-to-image",
  "text-to-video",
  "image-to-video",
  "video-to-video",
  "text-to-speech",
  "text-to-3d",
  "image-to-3d",
  "virtual-try-on",
  "avatar",
] as const;
export type ModelCategory = (typeof MODEL_CATEGORIES)[number];

/** spec canvas 9 "Model features", in display order. */
export const FEATURE_TAGS = ["Batch Processing", "Streaming", "Premium", "New"] as const;
export type FeatureTag = (typeof FEATURE_TAGS)[number];

const typeRef = z.object({ type: mediaTypeSchema });

export const capabilitySchema = z.object({
  inputTypes: z.array(typeRef).min(1),
  outputTypes: z.array(typeRef).min(1),
  supportsBatch: z.boolean(),
  supportsStreaming: z.boolean(),
});
export type Capability = z.infer<typeof capabilitySchema>;

/** One property of a model's input schema (spec canvas 3: type, enum, examples, default, min/max, multipleOf, description, title, anyOf). */
export interface ModelInputProperty {
  type?: "string" | "number" | "integer" | "boolean" | "array" | "object";
  title?: string;
  description?: string;
  enum?: (string | number | boolean)[];
  examples?: unknown[];
  default?: unknown;
  minimum?: number;
  maximum?: number;
  multipleOf?: number;
  anyOf?: ModelInputProperty[];
  items?: ModelInputProperty;
  minItems?: number;
  maxItems?: number;
  /** 'uri' for media URLs. */
  format?: string;
  /** Media inputs filled from connected nodes: 'image/*', 'video/*', 'audio/*', 'model/*'. */
  contentMediaType?: string;
  [extra: string]: unknown;
}

export const modelInputPropertySchema: z.ZodType<ModelInputProperty> = z.lazy(() =>
  z.looseObject({
    type: z.enum(["string", "number", "integer", "boolean", "array", "object"]).optional(),
    title: z.string().optional(),
    description: z.string().optional(),
    enum: z
      .array(z.union([z.string(), z.number(), z.boolean()]))
      .min(1)
      .optional(),
    examples: z.array(z.unknown()).optional(),
    default: z.unknown().optional(),
    minimum: z.number().optional(),
    maximum: z.number().optional(),
    multipleOf: z.number().positive().optional(),
    anyOf: z.array(modelInputPropertySchema).optional(),
    items: modelInputPropertySchema.optional(),
    minItems: z.number().int().nonnegative().optional(),
    maxItems: z.number().int().nonnegative().optional(),
    format: z.string().optional(),
    contentMediaType: z.string().optional(),
  }),
);

/** A JSON Schema object describing a model's parameters. */
export const modelInputSchemaSchema = z.object({
  type: z.literal("object"),
  properties: z.record(z.string(), modelInputPropertySchema),
  required: z.array(z.string()).optional(),
});
export type ModelInputSchema = z.infer<typeof modelInputSchemaSchema>;

/** Price one param's value picks (e.g. gpt-image-1 quality, Ideogram 3 rendering_speed); other values use `usd`. */
const byParamSchema = z.object({ param: z.string(), prices: z.record(z.string(), z.number().nonnegative()) });
const usd = z.number().nonnegative();

/** How a run is priced, in money units (USD). Credits shown = cost × 1000, rounded. */
export const costRuleSchema = z.discriminatedUnion("unit", [
  z.object({ unit: z.literal("free") }),
  /** Per output image (× the count param). */
  z.object({ unit: z.literal("image"), usd, byParam: byParamSchema.optional() }),
  /** Per output megapixel (× the count param). */
  z.object({ unit: z.literal("megapixel"), usd }),
  /** Per second of output video or audio; `fixedSeconds` for models whose clip length is fixed. */
  z.object({ unit: z.literal("second"), usd, fixedSeconds: z.number().positive().optional(), byParam: byParamSchema.optional() }),
  /** Per 1,000 input characters (text to speech). */
  z.object({ unit: z.literal("kchars"), usd }),
  /** Per 1M input and output tokens. */
  z.object({ unit: z.literal("tokens"), inputUsd: usd, outputUsd: usd }),
  /** Flat per run. */
  z.object({ unit: z.literal("call"), usd, byParam: byParamSchema.optional() }),
]);
export type CostRule = z.infer<typeof costRuleSchema>;

export const modelSchema = z.object({
  id: z.string().min(1),
  name: z.string().min(1),
  /** Short line from the display-name table. */
  description: z.string().optional(),
  provider: z.enum(PROVIDERS),
  category: z.enum(MODEL_CATEGORIES),
  /** 'Flux', 'Veo', 'ElevenLabs TTS'… */
  family: z.string().min(1),
  isPremium: z.boolean(),
  isNew: z.boolean(),
  capabilities: z.array(capabilitySchema).min(1),
  inputSchema: modelInputSchemaSchema,
  costRule: costRuleSchema,
  features: z.array(z.enum(FEATURE_TAGS)),
  /** Set by the server: false when the provider is not configured. */
  usable: z.boolean().optional(),
  lockedReason: z.string().optional(),
  /** Set by the server: runs go on the caller's own key, so they cost no credits. */
  ownKey: z.boolean().optional(),
});
export type Model = z.infer<typeof modelSchema>;

/** Node content type word → media type ('model3d' and '3D' → '3d'); null for none/unknown. */
export function toMediaType(value: unknown): MediaType | null {
  if (typeof value !== "string") return null;
  const v = value.trim().toLowerCase();
  if (v === "model3d" || v === "3d" || v === "model") return "3d";
  return (MEDIA_TYPES as readonly string[]).includes(v) ? (v as MediaType) : null;
}
