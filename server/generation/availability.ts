/**
 * What a user can run here: every model and tool with `usable` (a key for its provider, the user's or the
 * platform's — local ones need none — and the engine available) or the reason it is locked. One rule for the
 * model and tool lists and the workflow import's compatibility report.
 */
import { PROVIDER_LABELS } from "../../domain/providers/registry";
import { lockedReason } from "../../domain/generation/api";
import { type Model } from "../../domain/generation/modelTypes";
import type { ToolSummary } from "../../domain/tools/api";
import { TOOLS, toolRunCredits } from "../../domain/tools/catalogue";
import type { GenerationDeps } from "./deps";
import { runsFreeHere } from "../../domain/generation/localRunPricing";

type Deps = Pick<GenerationDeps, "keySourcesFor" | "modelAvailability">;

export async function modelsForCaller(deps: Deps, userId: string, models: readonly Model[]): Promise<Model[]> {
  const sources = await deps.keySourcesFor(userId);
  return models.map((catalogued) => {
    // A run this studio does not charge for is served as free, so the browser shows and sums 0.
    const model: Model = runsFreeHere(catalogued.provider) ? { ...catalogued, costRule: { unit: "free" } } : catalogued;
    const availability = deps.modelAvailability(model);
    // `local` needs no key and is not in the list.
    const source = model.provider === "local" ? "platform" : sources.get(model.provider);
    if (!source) return { ...model, usable: false, lockedReason: lockedReason(PROVIDER_LABELS[model.provider]) };
    const own = source === "user" ? { ownKey: true } : {};
    return availability.usable
      ? { ...model, usable: true, ...own }
      : { ...model, usable: false, lockedReason: availability.reason, ...own };
  });
}

export async function toolsForCaller(deps: Deps, userId: string): Promise<ToolSummary[]> {
  const sources = await deps.keySourcesFor(userId);
  return TOOLS.map((t) => {
    const { schema: _schema, groups: _groups, connected: _connected, standIn: _standIn, ...summary } = t;
    const usable = t.provider === "local" || Boolean(sources.get(t.provider));
    return {
      ...summary,
      credits: toolRunCredits(t),
      usable,
      ...(usable ? {} : { lockedReason: lockedReason(PROVIDER_LABELS[t.provider]) }),
    };
  });
}
