import { z } from "zod";
import { ASPECT_RATIOS, nodeIdSchema } from "../canvas/node";
import { subgraphDataSchema } from "../canvas/subgraph";

/**
 * What the agent proposes before it acts: the nodes it adds or changes, what it connects and lays
 * out, and what it runs. A plan is data: the browser turns it into one `agent` change list against the canvas
 * as it is then (compilePlan.ts), so it is one undo step and goes out through the outbox like any edit, and its
 * runs use the same routes as the Run button. Every planner (the rule-based one and tool-calling models)
 * produces this shape, and every step is validated with these schemas before anything is applied.
 */

/** The kinds of node a plan can add (a node's contentType). */
export const PLAN_NODE_KINDS = ["text", "image", "video", "audio", "model3d"] as const;
export type PlanNodeKind = (typeof PLAN_NODE_KINDS)[number];

/**
 * A node a step refers to: an existing node's id, or `new:<key>` for a node an earlier add-node step of the
 * same plan creates.
 */
export const planNodeRefSchema = z.string().min(1).max(140);
export type PlanNodeRef = z.infer<typeof planNodeRefSchema>;
export const NEW_NODE_PREFIX = "new:";
export const newNodeRef = (key: string): PlanNodeRef => `${NEW_NODE_PREFIX}${key}`;
export const isNewNodeRef = (ref: PlanNodeRef): boolean => ref.startsWith(NEW_NODE_PREFIX);

const stepKeySchema = z
  .string()
  .min(1)
  .max(60)
  .regex(/^[A-Za-z0-9_-]+$/, "A node key is letters, digits, - and _");

const parametersSchema = z.record(z.string().max(100), z.unknown()).refine((p) => Object.keys(p).length <= 50, "At most 50 parameters");

/** What a step may set on a node: the fields a person sets in the node's sidebar. */
export const planNodeFieldsSchema = z
  .object({
    title: z.string().trim().min(1).max(200).optional(),
    prompt: z.string().max(20000).optional(),
    /** A text node's text. */
    content: z.string().max(200_000).optional(),
    model: z.string().min(1).max(200).optional(),
    parameters: parametersSchema.optional(),
    aspectRatio: z.enum(ASPECT_RATIOS).optional(),
  })
  .strict();
export type PlanNodeFields = z.infer<typeof planNodeFieldsSchema>;

export const planStepSchema = z.discriminatedUnion("op", [
  /** A new node; `inputs` are connected into it (edges from them), `near` places it beside a node. */
  z
    .object({
      op: z.literal("add-node"),
      key: stepKeySchema,
      kind: z.enum(PLAN_NODE_KINDS),
      inputs: z.array(planNodeRefSchema).max(20).default([]),
      near: planNodeRefSchema.optional(),
    })
    .extend(planNodeFieldsSchema.shape)
    .strict(),
  /**
   * One of the user's library blocks (issue 34, 3) as a new subgraph node, `input` wired into its first image
   * input. A planner names the block; the studio fills in `subgraph` from the asker's library before the plan
   * is stored (fillBlocks.ts), so the browser compiles it as it compiles any other step.
   */
  z
    .object({
      op: z.literal("insert-block"),
      key: stepKeySchema,
      block: z.string().trim().min(1).max(200),
      input: planNodeRefSchema.optional(),
      subgraph: subgraphDataSchema.optional(),
    })
    .strict(),
  z.object({ op: z.literal("connect"), from: planNodeRefSchema, to: planNodeRefSchema }).strict(),
  z.object({ op: z.literal("update-node"), node: planNodeRefSchema, set: planNodeFieldsSchema }).strict(),
  z.object({ op: z.literal("delete-node"), node: planNodeRefSchema }).strict(),
  /** Places the nodes in a row (left to right), a column (top to bottom) or a grid, starting where the first is. */
  z
    .object({ op: z.literal("layout"), nodes: z.array(planNodeRefSchema).min(1).max(500), arrangement: z.enum(["row", "column", "grid"]) })
    .strict(),
  /** Runs the node's model (as the Run button does), after the canvas changes are applied. */
  z.object({ op: z.literal("run-node"), node: planNodeRefSchema }).strict(),
  /** Runs the node and everything downstream of it, as 'Run from here' does (unchanged nodes are skipped as cached). */
  z.object({ op: z.literal("run-from-here"), node: planNodeRefSchema }).strict(),
  /** Runs a tool on the node (as the Tools tab does). */
  z
    .object({
      op: z.literal("run-tool"),
      node: planNodeRefSchema,
      tool: z.string().min(1).max(200),
      parameters: parametersSchema.default({}),
    })
    .strict(),
]);
export type PlanStep = z.infer<typeof planStepSchema>;
export type PlanStepInput = z.input<typeof planStepSchema>;
export type PlanStepOp = PlanStep["op"];

export const PLAN_MAX_STEPS = 300;

export const agentPlanSchema = z.object({
  /** One or two sentences a film maker reads before Apply. */
  summary: z.string().min(1).max(2000),
  steps: z.array(planStepSchema).min(1).max(PLAN_MAX_STEPS),
});
export type AgentPlan = z.infer<typeof agentPlanSchema>;
export type AgentPlanInput = z.input<typeof agentPlanSchema>;

export { nodeIdSchema as existingNodeIdSchema };
