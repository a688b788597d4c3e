/**
 * The tool calls' contract (spec canvas 7: /api/tools/available, /api/tools/schema, /api/tools/execute),
 * shared by the server routes and the Tools tab. Bodies are strict.
 */
import { z } from "zod";

export const TOOL_MESSAGES = {
  success: "Tool executed successfully!",
  failed: "Tool execution failed",
  failedWith: (message: string) => `Tool execution failed: ${message}`,
  unknownError: "Unknown error",
  unknownTool: "Unknown tool",
  noTools: "No tools available",
  loadingParameters: "Loading tool parameters...",
  noParameters: "No configurable parameters available for this tool.",
  schemaFailed: (status: number) => `Failed to fetch schema: ${status}`,
  errorLoading: (message: string) => `Error loading parameters: ${message}`,
  networkError: "Network error",
  listFailed: (status: number, text: string) => `Error ${status}: ${text}`,
  nodeBusy: "A tool or generation is already running on this node",
  needsMedia: (what: string) => `This tool needs ${what} on the node`,
  needsConnected: (name: string, what: string) => `${name}: connect ${what} to this node first`,
} as const;

export const executeToolBodySchema = z
  .object({
    toolId: z.string().min(1, "toolId is required").max(200),
    nodeId: z.string().min(1, "nodeId is required").max(200),
    projectId: z.string().min(1, "projectId is required").max(100),
    parameters: z.record(z.string(), z.unknown()).default({}),
    /** In the spec's body; the server takes media from the node itself (a client cannot name other media). */
    contextImageUrl: z.string().max(2000).nullable().optional(),
    /** In the spec's body; the session cookie or bearer token is what counts. */
    authToken: z.string().max(4000).nullable().optional(),
  })
  .strict();

export const toolSchemaQuerySchema = z.object({ id: z.string().min(1, "id is required").max(200) }).strict();

/** One row of /api/tools/available. */
export const toolSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  category: z.enum(["Trainer", "Video", "Image", "Text", "Audio", "Other"]),
  description: z.string(),
  provider: z.string(),
  label: z.enum(["Local AI", "Local"]).optional(),
  accepts: z.array(z.enum(["image", "video", "audio", "model3d", "text"])),
  output: z.object({ kind: z.enum(["replace", "new-node"]), type: z.enum(["image", "video", "audio", "model3d", "text"]) }),
  credits: z.number(),
  training: z.boolean().optional(),
  usable: z.boolean(),
  lockedReason: z.string().optional(),
});
export type ToolSummary = z.infer<typeof toolSummarySchema>;

/** spec canvas 3 "Tool execution result". */
export const toolExecutionResultSchema = z.object({
  success: z.boolean(),
  error: z.string().optional(),
  imageUrl: z.string().optional(),
  videoUrl: z.string().optional(),
  audioUrl: z.string().optional(),
  modelUrl: z.string().optional(),
  text: z.string().optional(),
  /** A new node made by the tool (extract frame, read text...). */
  nodeId: z.string().optional(),
  /** A model the tool trained (LoRA trainer): pick it by `modelId` in the model list. */
  trainedModel: z
    .object({ modelId: z.string(), name: z.string(), triggerWord: z.string(), loraUrl: z.string(), studioUrl: z.string() })
    .optional(),
  executionTime: z.number().optional(),
});
export type ToolExecutionResult = z.infer<typeof toolExecutionResultSchema>;
