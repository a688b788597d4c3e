import type { NodeData } from "../../../domain/canvas/node";
import type { GenerationEnv } from "./generationController";

/**
 * Saves the default model of each of these nodes that shows one and has none of its own, before a run reads
 * the saved canvas (a node gets its default at its first edit or run, not when selected).
 */
export function saveShownDefaultModels(
  env: Pick<GenerationEnv, "store" | "commands" | "defaultModel">,
  nodes: readonly { id: string; data: NodeData }[] = env.store.getState().nodes,
) {
  for (const n of nodes) {
    if (n.data.selectedModel || !n.data.contentType) continue;
    const modelId = env.defaultModel?.(n.id, n.data.contentType);
    if (modelId) env.commands.updateNodeData(n.id, { selectedModel: modelId });
  }
}
