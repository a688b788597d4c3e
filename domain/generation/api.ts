/**
 * The generation calls' contract (spec canvas 7: execute-node, models/available, model-cost), shared by the
 * server routes and the client. Bodies are strict: unknown fields are refused with a clear message.
 */
import { PROVIDERS, type Provider } from "../providers/registry";
import { z } from "zod";
import { modelSchema } from "./modelTypes";

export const MAX_VARIATIONS = 5;
export const MAX_PROMPT_CHARS = 20_000;

/** Spec canvas 3 "Toolbar control state", as the toolbar sends it. */
export const toolbarControlsSchema = z
  .object({
    aspectRatio: z.string().max(10).optional(),
    style: z.string().max(40).optional(),
    cameraMovement: z.string().max(40).optional(),
    shotSize: z.string().max(40).optional(),
    voice: z.string().max(60).optional(),
    /** The Advanced Settings look: default, cinematic, artistic, realistic (spec canvas 9). */
    advancedStyle: z.string().max(40).optional(),
  })
  .strict();
export type ToolbarControls = z.infer<typeof toolbarControlsSchema>;
/** The toolbar controls, each kept on the node under the same name. */
export const TOOLBAR_CONTROL_KEYS = toolbarControlsSchema.keyof().options;

export const executeNodeBodySchema = z
  .object({
    projectId: z.string().min(1),
    nodeId: z.string().min(1).max(200),
    prompt: z.string().max(MAX_PROMPT_CHARS).default(""),
    selectedModel: z.string().min(1, "Please select a model before generating content").max(200),
    /**
     * Accepted for compatibility with the spec's body; the server rebuilds context from the node's incoming
     * edges (so a client cannot smuggle in media it may not read).
     */
    context: z.array(z.unknown()).max(100).optional(),
    controls: z
      .object({
        selectedType: z.string().max(20).optional(),
        variations: z.number().int().min(1).max(MAX_VARIATIONS).default(1),
        seedFixed: z.boolean().optional(),
        toolbarControls: toolbarControlsSchema.optional(),
      })
      .strict()
      .default({ variations: 1 }),
    parameters: z
      .object({ modelParameters: z.record(z.string(), z.unknown()).default({}) })
      .strict()
      .default({ modelParameters: {} }),
    /** Answer when the job ends instead of when it is queued. */
    wait: z.boolean().optional(),
  })
  .strict();
export type ExecuteNodeBody = z.input<typeof executeNodeBodySchema>;

/** Spec canvas 7 execute-node success data. */
export const generationDataSchema = z.object({
  imageUrl: z.string().optional(),
  videoUrl: z.string().optional(),
  audioUrl: z.string().optional(),
  modelUrl: z.string().optional(),
  thumbnailUrl: z.string().optional(),
  permanentUrl: z.string().optional(),
  text: z.string().optional(),
  analysis: z.string().optional(),
  /** Ids of the nodes made for extra variations. */
  variationNodeIds: z.array(z.string()).optional(),
});
export type GenerationData = z.infer<typeof generationDataSchema>;

export const GENERATION_STATUSES = ["waiting", "queued", "running", "succeeded", "failed", "cancelled", "cached"] as const;
export type GenerationStatus = (typeof GENERATION_STATUSES)[number];
/** Not settled yet: these can still run, be cancelled, and hold credits. */
export const ACTIVE_GENERATION_STATUSES = ["waiting", "queued", "running"] as const satisfies readonly GenerationStatus[];
export const isActiveGeneration = (status: string): boolean => (ACTIVE_GENERATION_STATUSES as readonly string[]).includes(status);

/** A row of the queue panel. */
export const generationSummarySchema = z.object({
  id: z.string(),
  nodeId: z.string(),
  nodeTitle: z.string(),
  modelId: z.string(),
  modelName: z.string(),
  status: z.enum(GENERATION_STATUSES),
  progress: z.number(),
  credits: z.number(),
  error: z.string().nullable(),
  chainId: z.string().nullable(),
  createdAt: z.string(),
  userName: z.string(),
});
export type GenerationSummary = z.infer<typeof generationSummarySchema>;

export const runFromHereBodySchema = z
  .object({
    projectId: z.string().min(1),
    nodeId: z.string().min(1).max(200),
  })
  .strict();

export const modelsAvailableBodySchema = z
  .object({
    context: z
      .object({
        selectedNode: z.unknown().optional(),
        connectedNodes: z.array(z.unknown()).max(500).optional(),
        edges: z.array(z.unknown()).max(2000).optional(),
      })
      .passthrough()
      .default({}),
  })
  .passthrough();

export const modelsResponseSchema = z.object({ success: z.literal(true), models: z.array(modelSchema) });
export const modelCostResponseSchema = z.object({ success: z.literal(true), cost: z.number(), credits: z.number() });

// --- keys (Settings page)

export const providerKeyBodySchema = z
  .object({
    key: z
      .string({ error: "Enter a key" })
      .trim()
      .min(1, "Enter a key")
      // Every provider's keys (and any server address) are longer: a shorter one is a slip of the paste.
      .min(8, "That key is too short: paste the whole key")
      .max(500, "That key is too long"),
  })
  .strict();

export const providerKeyStatusSchema = z.object({
  provider: z.enum(PROVIDERS),
  /** 'user': the caller's own key; 'platform': set on the server; null: none, the models are locked. */
  source: z.enum(["user", "platform"]).nullable(),
  /** Last four characters of the caller's own key. */
  hint: z.string().nullable(),
  updatedAt: z.string().nullable(),
});
export type ProviderKeyStatus = z.infer<typeof providerKeyStatusSchema>;

/** "an" before a vowel sound as written ("an OpenAI key", "a Runway key"). */
const article = (word: string) => (/^[aeiou]/i.test(word) ? "an" : "a");

/** The locked model's reason: 'Add a {provider} key in Settings', with the right article ("an OpenAI key"). */
export const lockedReason = (providerLabel: string) => `Add ${article(providerLabel)} ${providerLabel} key in Settings`;

/** "{provider} API key", without saying API twice ("Google Gemini API key"). */
export const apiKeyName = (providerLabel: string) => (/\bAPI$/.test(providerLabel) ? `${providerLabel} key` : `${providerLabel} API key`);

/** Spec canvas 8 "Generation" texts, word for word. */
export const GENERATION_MESSAGES = {
  insufficientCredits: "Insufficient credits. Please upgrade your plan.",
  authFailed: "Authentication failed. Please log in again.",
  noContent: "Generation succeeded but no content was returned",
  failedRetry: "Generation failed. Please try again.",
  selectNode: "Please select or create a new node",
  selectModel: "Please select a model before generating content",
  videoStarted: "Video generation started. This may take 30-120 seconds...",
  completed: "Generation completed!",
  nodeFailed: "Node execution failed",
  executionFailed: "Execution Failed",
  preparing: "Preparing...",
  processing: "Server Processing...",
  tooManyWaiting: "You have too many generations waiting. Let some finish first.",
  upstreamFailed: "An upstream node failed, so this one did not run",
  cancelled: "Cancelled",
  interrupted: "The server restarted during this generation; your credits were returned",
  nodeNotFound: "Node not found",
  nodeBusy: "This node is already generating. Wait for it to finish or cancel it in the queue.",
  unknownModel: "Unknown model",
} as const;
