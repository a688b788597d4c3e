import { formatCredits } from "../../domain/credits";
import { estimateCredits } from "../../domain/generation/cost";
import type { Model } from "../../domain/generation/modelTypes";

/** Credits per model id, from GET /api/model-cost (see useModelCosts). */
export type ModelCosts = Readonly<Record<string, number>>;

/** The picker's cost line: 'Free' for 0, else '12 credits' ('1 credit'). */
export function costLabel(credits: number): string {
  return credits === 0 ? "Free" : formatCredits(credits);
}

/**
 * The server's figure when it has answered (it knows whether the run uses the user's own key, which
 * costs nothing), else the same estimate the server makes from the catalogue's cost rule.
 */
export function creditsFor(model: Model, costs: ModelCosts): number {
  return costs[model.id] ?? estimateCredits(model);
}
