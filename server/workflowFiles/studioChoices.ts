/**
 * The models and tools an importing user can run here, exactly as /api/models/available and
 * /api/tools/available list them (server/generation/availability.ts), for the workflow import's
 * compatibility report.
 */
import { CATALOGUE } from "../../domain/generation/catalogue";
import type { StudioChoices } from "../../domain/workflowFile/compatibility";
import { modelsForCaller, toolsForCaller } from "../generation/availability";
import type { GenerationDeps } from "../generation/deps";
import { trainedModelsOf } from "../generation/trainedModels";

export async function studioChoicesFor(
  deps: Pick<GenerationDeps, "db" | "keySourcesFor" | "modelAvailability">,
  userId: string,
): Promise<StudioChoices> {
  const trained = await trainedModelsOf(deps.db, userId);
  const [models, tools] = await Promise.all([modelsForCaller(deps, userId, [...CATALOGUE, ...trained]), toolsForCaller(deps, userId)]);
  return { models, tools };
}
