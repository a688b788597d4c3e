import { ANIMATIC_RUN_MODEL } from "../animatic/api";
import { findModel } from "../generation/catalogue";
import { TRAINED_MODEL_PREFIX } from "../generation/trainedModels";
import { TOOLS, toolIdOfRun } from "../tools/catalogue";

/**
 * A run's model or tool as people know it ('Upscale ×2', 'FLUX1.1 [pro] ultra', 'Animatic'), never a raw id
 * where a name exists: the Billing page, its chart and the usage CSV all say the same.
 */
export function runName(modelId: string): string {
  const toolId = toolIdOfRun(modelId);
  if (toolId) return TOOLS.find((t) => t.id === toolId)?.name ?? toolId;
  if (modelId === ANIMATIC_RUN_MODEL) return "Animatic (ffmpeg)";
  if (modelId.startsWith(TRAINED_MODEL_PREFIX)) return "Trained LoRA";
  return findModel(modelId)?.name ?? modelId;
}
