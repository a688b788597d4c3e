/**
 * The tool run kind: one tool on a node (offline, or hosted through its provider's engine), prepared and
 * run by toolJob.ts, written back as `tool` changes. A failed run keeps its error in the node's tool result
 * (spec canvas 9 Tools).
 */
import { findTool } from "../../domain/tools/catalogue";
import type { GenerationDeps } from "../generation/deps";
import type { RunKind } from "../runs/kind";
import { TOOL_ORIGIN } from "../runs/nodeWriter";
import { RUN_KIND_IDS } from "../runs/registry";
import { prepareToolRun, runToolJob, type PreparedToolRun } from "./toolJob";

export interface ToolRunInput {
  toolId: string;
  parameters: Record<string, unknown>;
}

/** What tool kinds share: preparing, the node's queued and failed fields, and their Queue panel names. */
export const toolKindBase = {
  onCanvas: true,
  origin: TOOL_ORIGIN,
  prepare: ({ deps, userId, projectId, node }, input) => prepareToolRun(deps, userId, projectId, node, input.toolId, input.parameters),
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
  execute: async (ctx) => ({ data: { ...(await runToolJob(ctx)) } }),
};
