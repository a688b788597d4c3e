import { findModel } from "../../domain/generation/catalogue";
import { TOOLS, toolIdOfRun } from "../../domain/tools/catalogue";

/** A run's model or tool as people know it ('Upscale ×2', 'FLUX1.1 [pro] ultra'), else its id. */
export function runName(modelId: string): string {
  const toolId = toolIdOfRun(modelId);
  if (toolId) return TOOLS.find((t) => t.id === toolId)?.name ?? toolId;
  return findModel(modelId)?.name ?? modelId;
}
