/**
 * Before a workflow lands: which of its nodes will not run here — a model or tool this studio
 * does not know, or knows but cannot run without a key — and, where one exists, a substitute that will: a
 * usable model that makes the same kind of thing from the inputs the node has (the picker's own rule,
 * `modelsFor`), or a usable tool known to do the same job (TOOL_EQUIVALENTS).
 */
import { z } from "zod";
import type { NodeData } from "../canvas/node";
import { modelsFor } from "../generation/catalogue";
import { toMediaType, type MediaType, type Model } from "../generation/modelTypes";
import { runChoicesOf } from "../generation/nodeChoices";
import { outputTypeOf } from "../generation/toolbar";
import type { ToolSummary } from "../tools/api";

export const compatibilityIssueSchema = z.object({
  /** The node's id as the import will create it. */
  nodeId: z.string(),
  nodeTitle: z.string(),
  kind: z.enum(["model", "tool"]),
  /** The model or tool id the node names, and its name when this studio knows it. */
  id: z.string(),
  name: z.string(),
  problem: z.enum(["unknown", "locked"]),
  /** Why it will not run, in words: 'This studio does not have this model', 'Add a fal.ai key in Settings'. */
  reason: z.string(),
  substitute: z.object({ id: z.string(), name: z.string() }).optional(),
});
export type CompatibilityIssue = z.infer<typeof compatibilityIssueSchema>;

/** A tool as the report needs it (a row of /api/tools/available). */
export type ToolChoice = Pick<ToolSummary, "id" | "name" | "category" | "accepts" | "output" | "usable" | "lockedReason">;

export interface StudioChoices {
  /** Every model the importing user may pick, marked usable or not (/api/models/available). */
  models: readonly Model[];
  tools: readonly ToolChoice[];
}

export const COMPATIBILITY_MESSAGES = {
  unknownModel: "This studio does not have this model",
  unknownTool: "This studio does not have this tool",
  locked: "Not available here",
} as const;

interface ReportNode {
  id: string;
  data: NodeData;
}

const titleOf = (data: NodeData) => (data.title?.trim() || data.label?.trim() || "Untitled").slice(0, 200);
const str = (v: unknown) => (typeof v === "string" && v !== "" ? v : undefined);

/** A usable model that can fill the node as its model would have; one of the same family first. */
function modelSubstitute(original: Model | undefined, data: NodeData, inputs: MediaType[], models: readonly Model[]): Model | undefined {
  const output = original ? outputTypeOf(original) : toMediaType(data.contentType);
  if (!output) return undefined;
  const candidates = modelsFor(
    output,
    inputs,
    models.filter((m) => m.usable !== false && m.id !== original?.id),
  );
  return candidates.find((m) => original && m.family === original.family) ?? candidates[0];
}

/**
 * Tools that do the same job by another engine: a hosted tool and the offline one that stands in for it.
 * Tools are too different from each other for a rule to find such a pair (a face swap and an upscaler take
 * and give the same media), so the pairs are named.
 */
export const TOOL_EQUIVALENTS: Readonly<Record<string, readonly string[]>> = {
  "fal-ai/clarity-upscaler": ["local/upscale"],
  "fal-ai/bria/background/replace": ["local/replace-background-people"],
};

/** A usable tool that does the same job and takes and gives the same media. */
function toolSubstitute(original: ToolChoice | undefined, tools: readonly ToolChoice[]): ToolChoice | undefined {
  if (!original) return undefined;
  const equivalents = TOOL_EQUIVALENTS[original.id] ?? [];
  return tools.find(
    (t) =>
      t.usable &&
      equivalents.includes(t.id) &&
      t.output.kind === original.output.kind &&
      t.output.type === original.output.type &&
      original.accepts.every((media) => t.accepts.includes(media)),
  );
}

/**
 * One line per node model or tool that will not run here, in node order. `edges` are the file's, so a
 * node's inputs are the content of the nodes connected into it.
 */
export function compatibilityReport(
  nodes: readonly ReportNode[],
  edges: readonly { source: string; target: string }[],
  studio: StudioChoices,
): CompatibilityIssue[] {
  const models = new Map(studio.models.map((m) => [m.id, m]));
  const tools = new Map(studio.tools.map((t) => [t.id, t]));
  const byId = new Map(nodes.map((n) => [n.id, n]));
  const inputsOf = (id: string) =>
    edges.flatMap((e) => {
      const type = e.target === id ? toMediaType(byId.get(e.source)?.data.contentType) : null;
      return type ? [type] : [];
    });
  const issues: CompatibilityIssue[] = [];
  for (const node of nodes) {
    const base = { nodeId: node.id, nodeTitle: titleOf(node.data) };
    const modelId = runChoicesOf(node.data).modelId;
    if (modelId) {
      const model = models.get(modelId);
      if (!model || model.usable === false) {
        issues.push({
          ...base,
          ...unavailable("model", modelId, model, modelSubstitute(model, node.data, inputsOf(node.id), studio.models)),
        });
      }
    }
    const toolId = str((node.data as Record<string, unknown>).selectedTool);
    if (toolId) {
      const tool = tools.get(toolId);
      if (!tool || !tool.usable) issues.push({ ...base, ...unavailable("tool", toolId, tool, toolSubstitute(tool, studio.tools)) });
    }
  }
  return issues;
}

/** Why a node's model or tool (`found`, if this studio knows it) will not run here, and what could stand in. */
function unavailable(
  kind: "model" | "tool",
  id: string,
  found: { name: string; lockedReason?: string } | undefined,
  substitute: { id: string; name: string } | undefined,
): Omit<CompatibilityIssue, "nodeId" | "nodeTitle"> {
  return {
    kind,
    id,
    name: found?.name ?? id,
    problem: found ? "locked" : "unknown",
    reason: found
      ? (found.lockedReason ?? COMPATIBILITY_MESSAGES.locked)
      : kind === "model"
        ? COMPATIBILITY_MESSAGES.unknownModel
        : COMPATIBILITY_MESSAGES.unknownTool,
    ...(substitute ? { substitute: { id: substitute.id, name: substitute.name } } : {}),
  };
}

/** The key of an issue's choice: one per node and kind. */
export const issueKey = (issue: Pick<CompatibilityIssue, "nodeId" | "kind">) => `${issue.nodeId}:${issue.kind}`;

/**
 * The nodes with the substitutes the person accepted (`accepted` holds issue keys): the model or tool is
 * swapped and its parameters reset to the substitute's defaults, as picking it by hand does; a node kept
 * as is keeps what the file said.
 */
export function withSubstitutes<N extends { id: string; data: NodeData }>(
  nodes: readonly N[],
  issues: readonly CompatibilityIssue[],
  accepted: ReadonlySet<string>,
): N[] {
  const swaps = new Map<string, Record<string, unknown>>();
  for (const issue of issues) {
    if (!issue.substitute || !accepted.has(issueKey(issue))) continue;
    const patch =
      issue.kind === "model"
        ? { selectedModel: issue.substitute.id, modelParameters: {} }
        : { selectedTool: issue.substitute.id, toolParameters: {} };
    swaps.set(issue.nodeId, { ...swaps.get(issue.nodeId), ...patch });
  }
  return nodes.map((n) => (swaps.has(n.id) ? { ...n, data: { ...n.data, ...swaps.get(n.id) } } : n));
}
