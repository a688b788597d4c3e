/**
 * Graph runs (issue 30, 2): the body of `POST /api/projects/:id/runs` and what it answers. Run all, Run
 * selected (the selection and what it needs upstream) and Run from here (downstream) are one call.
 */
import { z } from "zod";

export const RUN_SCOPES = ["all", "selected", "downstream"] as const;
export type RunScope = (typeof RUN_SCOPES)[number];

export const graphRunBodySchema = z
  .object({
    scope: z.enum(RUN_SCOPES),
    nodeIds: z.array(z.string().min(1).max(200)).max(2000).optional(),
    /** Run nodes whose inputs are unchanged since their last success too. */
    force: z.boolean().optional(),
    /** Answer the plan without running anything. */
    dryRun: z.boolean().optional(),
  })
  .strict()
  .refine((b) => b.scope === "all" || (b.nodeIds?.length ?? 0) > 0, { message: "Choose at least one node to run", path: ["nodeIds"] });
export type GraphRunBody = z.infer<typeof graphRunBodySchema>;

/** A node in the plan's answer. */
export interface PlannedNode {
  nodeId: string;
  title: string;
  credits: number;
}
export interface SkippedNode {
  nodeId: string;
  title: string;
  reason: string;
}

/** The dry run's answer, and the start of a real run's (which adds the run id and each node's run id). */
export interface GraphRunPlan {
  /** Will run, in dependency order. */
  run: PlannedNode[];
  /** Unchanged since their last success: not run, not charged. */
  cached: PlannedNode[];
  /** Cannot run, with the reason. */
  skipped: SkippedNode[];
  /** What the queue will hold: the sum of `run`'s credits. */
  credits: number;
}

export interface GraphRunStarted extends GraphRunPlan {
  runId: string;
  /** Each node's run (generation) id, for the nodes that run or were cached. */
  runIds: Record<string, string>;
}

export const GRAPH_RUN_MESSAGES = {
  nothingToRun: "Nothing to run: give a node a model or a tool first",
  cycle: (titles: string[]) => `These nodes feed each other in a loop, so they cannot run in order: ${titles.join(" → ")}. Remove one of their connections.`,
  upstreamCannotRun: (title: string) => `Its input "${title}" cannot run, so this one did not run`,
  upstreamFailed: (title: string) => `Its input "${title}" failed, so this one did not run`,
} as const;
