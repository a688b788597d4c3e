/**
 * The tool run kind: one tool on a node (offline, or hosted through its provider's engine), prepared and
 * run by toolJob.ts, written back as `tool` changes. A failed run keeps its error in the node's tool result
 * (spec canvas 9 Tools).
 */
import type { NodeData } from "../../domain/canvas/node";
import { findTool, toolRunModelId } from "../../domain/tools/catalogue";
import type { GenerationDeps } from "../generation/deps";
import type { RunKind } from "../runs/kind";
import { TOOL_ORIGIN } from "../runs/nodeWriter";
import { RUN_KIND_IDS } from "../runs/registry";
import { prepareToolRun, runToolJob, type PreparedToolRun } from "./toolJob";

export interface ToolRunInput {
  toolId: string;
  parameters: Record<string, unknown>;
  /** A step of a graph run: the tool works on what its input node made (toolJob.ts `sourceFromUpstream`). */
  fromUpstream?: boolean;
}

/** What tool kinds share: preparing, the node's queued and failed fields, and their Queue panel names. */
export const toolKindBase = {
  onCanvas: true,
  origin: TOOL_ORIGIN,
  prepare: ({ deps, userId, projectId, node, upstreamPending, upstream }, input) =>
    prepareToolRun(deps, userId, projectId, node, input.toolId, input.parameters, {
      fromUpstream: input.fromUpstream,
      upstreamPending,
      upstream,
    }),
  // The node shows the run like a generation, and keeps the tool and parameters it ran with.
  queuedFields: (run) => ({ selectedTool: run.toolId, toolParameters: run.params }),
  failedFields: (message) => ({ toolExecutionResult: { success: false, error: message } }),
  describe: (row, nodeTitle) => {
    const toolId = (row.request as Partial<PreparedToolRun>).toolId ?? row.modelId;
    return { title: (nodeTitle ?? "Untitled") || "Untitled", modelName: findTool(toolId)?.name ?? toolId };
  },
} satisfies Omit<RunKind<GenerationDeps, ToolRunInput, PreparedToolRun>, "id" | "execute">;

export const toolRunKind: RunKind<GenerationDeps, ToolRunInput, PreparedToolRun> = {
  ...toolKindBase,
  id: RUN_KIND_IDS.tool,
  // A node with a tool and no model is a tool step of a graph run (e.g. image → Upscale).
  chainStep(data: NodeData) {
    const record = data as Record<string, unknown>;
    const toolId = typeof record.selectedTool === "string" ? record.selectedTool : "";
    const tool = toolId && !data.selectedModel ? findTool(toolId) : undefined;
    if (!tool || tool.training) return null;
    const parameters =
      record.toolParameters && typeof record.toolParameters === "object" ? (record.toolParameters as Record<string, unknown>) : {};
    return { input: { toolId, parameters, fromUpstream: true }, modelId: toolRunModelId(toolId) };
  },
  execute: async (ctx) => ({ data: { ...(await runToolJob(ctx)) } }),
};
