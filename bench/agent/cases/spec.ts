/** What an agent eval case is, and the canvases and shot lists the cases start from. */
import type { Scene } from "../../../domain/shotlists/schema";
import { shotListView } from "../../../domain/agent/shotListView";
import type { PlanNodeKind } from "../../../domain/agent/plan";
import { type CanvasSpec, type NodeSpec } from "../../../domain/agent/offline/plannerTesting";
import { FINALE, PILOT, STUDIO_NODES } from "../../../domain/agent/offline/testCanvas";

export interface Expectation {
  /** A question back is the right answer (no plan), e.g. when a selection is needed. */
  noPlan?: true;
  /** Words the reply must contain. */
  replyIncludes?: string[];
  /** The new nodes by kind, exactly (kinds left out: none). */
  added?: Partial<Record<PlanNodeKind, number>>;
  /** What every new node (of `kind`, when given) carries; parameters are a subset. */
  each?: { kind?: PlanNodeKind; model?: string; aspectRatio?: string; prompt?: string; parameters?: Record<string, unknown> };
  /** The new nodes' prompts, in order. */
  prompts?: string[];
  /** The new nodes' `text` parameter (speech), in order. */
  texts?: string[];
  /** The new nodes' seeds all differ. */
  distinctSeeds?: boolean;
  /** The new edges, exactly; "new#i" is the i-th new node. */
  edges?: [string, string][];
  /** Model runs, by count. */
  nodeRuns?: number;
  /** Model runs, by node, in order. */
  nodeRunsOf?: string[];
  /** The nodes run with everything downstream of them ('Run from here'), in order. */
  fromHereOf?: string[];
  /** Tool runs, exactly and in order; parameters compared whole. */
  toolRuns?: { node: string; tool: string; parameters: Record<string, unknown> }[];
  /** Data changes of existing nodes: each listed node's new data holds these fields (and no other node changes). */
  updates?: Record<string, Record<string, unknown>>;
  /** A layout step with this arrangement, over these nodes (in order) when given. */
  layout?: { arrangement: "row" | "column" | "grid"; nodes?: string[] };
  /** Nodes removed, exactly. */
  removed?: string[];
}

export interface AgentCase {
  id: string;
  request: string;
  canvas: CanvasSpec;
  /** "claimed": an intent the planner claims; "out-of-scope": a helpful answer with no plan is right. */
  scope: "claimed" | "out-of-scope";
  /** The intent a claimed case exercises (for the per-intent table). */
  intent?: string;
  expect?: Expectation;
}

export const studio = (extra: Partial<CanvasSpec> = {}): CanvasSpec => ({ nodes: STUDIO_NODES, scripts: [PILOT, FINALE], ...extra });
export const sel = (...ids: string[]) => studio({ selection: ids });
export const PLATE: NodeSpec = {
  id: "img-plate",
  kind: "image",
  title: "Plate",
  prompt: "a rain-soaked alley",
  model: "local/sketch",
  aspectRatio: "16:9",
};

const shotAt = "2026-01-01T00:00:00.000Z";
const shot = (n: number, shotSize: string, description: string) =>
  ({
    id: `s${n}`,
    shotNumber: n,
    description,
    subject: "",
    shotSize,
    shotType: "Single",
    movement: "Static",
    createdAt: shotAt,
    updatedAt: shotAt,
  }) as Scene["shots"][number];
const shotScene = (title: string, shots: Scene["shots"]) =>
  ({ id: title, title, description: "", location: "", weather: "", lighting: "", shots, createdAt: shotAt, updatedAt: shotAt }) as Scene;
export const HARBOUR_LIST = shotListView("list-harbour", "Harbour", [
  shotScene("Arrival", [shot(1, "Wide Shot", "The ferry docks at dawn"), shot(2, "Close-Up", "Nell's hand on the rope")]),
  shotScene("Storm", [shot(1, "Wide Shot", "Waves break over the wall")]),
]);
