import { formatCredits } from "../../domain/credits";
import { estimateCredits } from "../../domain/generation/cost";
import { LOCAL_RUN_FREE_LABEL, LOCAL_RUN_FREE_NOTE } from "../../domain/generation/localRunPricing";
import type { Model } from "../../domain/generation/modelTypes";

/** Credits per model id, from GET /api/model-cost (see useModelCosts). */
export type ModelCosts = Readonly<Record<string, number>>;

/** The picker's cost line: 'Free' for 0 ('Free · local' for a model that runs on this studio), else '12 credits' ('1 credit'). */
export function costLabel(credits: number, provider?: string): string {
  if (credits === 0) return provider === "local" ? LOCAL_RUN_FREE_LABEL : "Free";
  return formatCredits(credits);
}

/** The sentence behind a cost label, for its title. */
export const costNote = (credits: number, provider?: string): string | undefined =>
  credits === 0 && provider === "local" ? LOCAL_RUN_FREE_NOTE : undefined;

/**
 * The server's figure when it has answered (it knows whether the run uses the user's own key, which
 * costs nothing), else the same estimate the server makes from the catalogue's cost rule.
 */
export function creditsFor(model: Model, costs: ModelCosts): number {
  return costs[model.id] ?? estimateCredits(model);
}
