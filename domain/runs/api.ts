/**
 * Graph runs: the body of `POST /api/projects/:id/runs` and what it answers. Run all, Run
 * selected (the selection and what it needs upstream) and Run from here (downstream) are one call.
 */
import { z } from "zod";
import type { CanvasEdge } from "../canvas/node";

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
  cycle: (titles: string[]) =>
    `These nodes feed each other in a loop, so they cannot run in order: ${titles.join(" → ")}. Remove one of their connections.`,
  upstreamCannotRun: (title: string) => `Its input "${title}" cannot run, so this one did not run`,
  upstreamFailed: (title: string) => `Its input "${title}" failed, so this one did not run`,
} as const;

// --- For every shot: POST /api/projects/:id/runs/per-shot --------------------------------

/** The most nodes a workflow run for every shot may copy per shot (a lane is meant to be read at a glance). */
export const PER_SHOT_MAX_NODES = 30;

export const perShotRunBodySchema = z
  .object({
    /** The workflow: the selected nodes. */
    nodeIds: z
      .array(z.string().min(1).max(200))
      .min(1, "Select the nodes of the workflow first")
      .max(PER_SHOT_MAX_NODES, `A workflow run for every shot may have at most ${PER_SHOT_MAX_NODES} nodes`),
    shotListId: z.uuid({ error: "Shot list not found" }),
    /** One scene of the list; every scene when absent. */
    sceneId: z.string().min(1).max(100).optional(),
    dryRun: z.boolean().optional(),
  })
  .strict();
export type PerShotRunBody = z.infer<typeof perShotRunBodySchema>;

/** One shot's lane in the plan: what its copy of the workflow is given and what it will run. */
export interface ShotLanePlan {
  shotId: string;
  shotNumber: number;
  sceneTitle: string;
  /** The prompt the lane's text or prompt entry is given. */
  prompt: string;
  /** The shot's image, given to the lane's image input (null: the workflow keeps its own). */
  image: string | null;
  run: PlannedNode[];
  skipped: SkippedNode[];
  /** What this lane's run will hold. */
  credits: number;
}

export interface PerShotRunPlan {
  lanes: ShotLanePlan[];
  /** Shots left out, with why (no description). */
  skippedShots: { shotId: string; shotNumber: number; reason: string }[];
  /** How many nodes each lane copies. */
  nodesPerLane: number;
  /** The sum every lane's run will hold. */
  credits: number;
}

export interface ShotLaneStarted extends ShotLanePlan {
  /** The lane's graph run: cancelling it cancels this shot's runs only. */
  runId: string;
  /** Each workflow node's copy in this lane. */
  nodeIds: Record<string, string>;
  /** The copy the shot now links to (its result). */
  resultNodeId: string;
  /** Each copy's run (generation) id. */
  runIds: Record<string, string>;
  /** The lane's connections (its own, and those from outside the workflow into it). */
  edges: CanvasEdge[];
}

export interface PerShotRunStarted extends PerShotRunPlan {
  lanes: ShotLaneStarted[];
}

/** What a lane's copies carry: which shot they were made for and the lane's run (cancel finds it here). */
export interface ShotLaneTag {
  shotListId: string;
  shotId: string;
  shotNumber: number;
  runId: string;
}

export const PER_SHOT_MESSAGES = {
  noShots: "This shot list has no shot with a description to run the workflow for",
  noDescription: "No description",
  notOnCanvas: "The selected nodes are no longer on the canvas",
  runNotFound: "This run was not found",
  laneTitle: (shotNumber: number, title: string) => `Shot ${shotNumber} · ${title}`,
} as const;
