import { z } from "zod";
import { nodeIdSchema } from "../canvas/node";
import { STUDIO_MEDIA_URL, studioMediaUrlMessage } from "../mediaUrl";
import { agentPlanSchema } from "./plan";
import { sceneDraftSchema } from "./scriptOffer";

/** spec (shell 3 "Chat message"): user, system or agent. */
export const AGENT_MESSAGE_TYPES = ["user", "system", "agent"] as const;
export type AgentMessageType = (typeof AGENT_MESSAGE_TYPES)[number];

/** What became of a proposed plan. */
/** An applied plan can still be undone from the chat ("undone": one canvas undo step, its waiting runs cancelled). */
export const PLAN_STATES = ["proposed", "applied", "cancelled", "failed", "undone"] as const;

export const AGENT_MESSAGE_MAX = 4000;
/** Context chips show the node's content cut to this many characters (spec shell 9). */
export const CONTEXT_CHIP_CHARS = 20;

export const AGENT_MESSAGES = {
  tooLong: `Messages can be at most ${AGENT_MESSAGE_MAX.toLocaleString("en-US")} characters.`,
  empty: "Write what you would like the agent to do.",
  noProject: "Open a project to start using the agent",
  working: "Working on your request...",
  title: "AI Workflow Agent",
  viewOnly: "You have view-only access to this project. Ask the owner for edit access to use the agent.",
} as const;

export const agentMessageMetadataSchema = z.object({
  nodeIds: z.array(z.string()).default([]),
  assetUrls: z.array(z.string()).default([]),
  /** Agent answers: the planner that made it. */
  planner: z.string().optional(),
  plan: agentPlanSchema.optional(),
  planState: z.enum(PLAN_STATES).optional(),
  /** The credits the plan's runs will hold. */
  credits: z.number().nonnegative().optional(),
  /** A run report: the agent answer whose plan it reports on. */
  reportFor: z.string().optional(),
  /** A scene the answer offers to write into a new script, and the script once it is written. */
  scriptOffer: sceneDraftSchema.optional(),
  scriptOfferWritten: z.object({ id: z.string(), name: z.string() }).optional(),
  /** A failed request or plan: shown red with Dismiss. */
  error: z.string().optional(),
});
export type AgentMessageMetadata = z.infer<typeof agentMessageMetadataSchema>;

/** spec (shell 3 "Chat message"): id, type, content, timestamp, metadata with nodeIds and assetUrls. */
export const agentMessageSchema = z.object({
  id: z.string(),
  type: z.enum(AGENT_MESSAGE_TYPES),
  content: z.string(),
  timestamp: z.string(),
  /** Who wrote a user message (shown to the other members). */
  author: z.string().nullable().optional(),
  metadata: agentMessageMetadataSchema,
});
export type AgentMessage = z.infer<typeof agentMessageSchema>;

/** POST /api/projects/:id/agent/messages */
export const agentRequestSchema = z
  .object({
    content: z
      .string()
      .transform((s) => s.trim())
      .pipe(z.string().min(1, AGENT_MESSAGES.empty).max(AGENT_MESSAGE_MAX, AGENT_MESSAGES.tooLong)),
    selectedNodeIds: z.array(nodeIdSchema).max(5000).default([]),
    contextNodeIds: z.array(nodeIdSchema).max(5000).default([]),
  })
  .strict();
export type AgentRequest = z.input<typeof agentRequestSchema>;

/** POST /api/projects/:id/agent/messages/:messageId/outcome: what the browser did with a plan. */
export const planOutcomeSchema = z
  .object({
    state: z.enum(["applied", "cancelled", "failed", "undone"]),
    nodeIds: z.array(nodeIdSchema).max(5000).default([]),
    error: z.string().max(2000).optional(),
  })
  .strict();
export type PlanOutcome = z.input<typeof planOutcomeSchema>;

/**
 * POST /api/projects/:id/agent/messages/:messageId/report: a plan's runs have all settled. The server writes
 * the chat's 'Finished' message from it (with the pictures, so the history keeps them).
 */
export const runReportSchema = z
  .object({
    nodeIds: z.array(nodeIdSchema).max(500).default([]),
    assetUrls: z
      .array(z.string().regex(STUDIO_MEDIA_URL, studioMediaUrlMessage("assetUrls")))
      .max(500)
      .default([]),
    failed: z.number().int().nonnegative().max(500).default(0),
  })
  .strict();
export type RunReport = z.input<typeof runReportSchema>;

/** The 'Finished' line: how many of the plan's runs made something, and how many failed. */
export function runReportText(made: number, failed: number): string {
  const total = made + failed;
  const runs = `${made} of ${total} ${total === 1 ? "run" : "runs"}`;
  return failed ? `Finished ${runs}; ${failed} failed (the nodes say why).` : `Finished ${runs}.`;
}

/**
 * A context chip's title: the node's title, as on its card; for an untitled node its text or
 * prompt; cut to 20 characters, or 'Untitled'.
 */
export function contextChipTitle(data: { content?: unknown; prompt?: unknown; title?: unknown }): string {
  const named = typeof data.title === "string" && data.title.trim() !== "" && data.title.trim() !== "Untitled" ? data.title : undefined;
  const text = [named, data.content, data.prompt].find((v): v is string => typeof v === "string" && v.trim() !== "");
  if (!text) return "Untitled";
  const t = text.trim().replace(/\s+/g, " ");
  return t.length > CONTEXT_CHIP_CHARS ? `${t.slice(0, CONTEXT_CHIP_CHARS)}…` : t;
}
