/**
 * What one run will cost, the same way on the client (the toolbar's cost badge) and the server (the credits
 * it reserves): the model's defaults, then the user's parameters, then the toolbar's choices, times the
 * variations. So the balance goes down by exactly the shown number.
 */
import type { ToolbarControls } from "./api";
import { conformModelParameters, type ConformedParameters } from "./conformParameters";
import { estimateCredits } from "./cost";
import { defaultParameters } from "./modelParamForm";
import type { Model } from "./modelTypes";
import { applyToolbarToParams } from "./toolbar";

/** The run's parameters, brought into the model's schema (clamped to what the engine will make), and what cannot be run. */
export function conformedRunParameters(model: Model, given: Readonly<Record<string, unknown>>, controls: ToolbarControls): ConformedParameters {
  const own = Object.fromEntries(Object.entries(given).filter(([k]) => k in model.inputSchema.properties));
  // The toolbar's choices beat the model's defaults; what the user set in the parameters form beats both.
  return conformModelParameters(model, { ...defaultParameters(model.inputSchema), ...applyToolbarToParams(model, own, controls) });
}

export function runParameters(model: Model, given: Readonly<Record<string, unknown>>, controls: ToolbarControls): Record<string, unknown> {
  return conformedRunParameters(model, given, controls).params;
}

export function runCredits(model: Model, given: Readonly<Record<string, unknown>>, controls: ToolbarControls, variations: number): number {
  return estimateCredits(model, runParameters(model, given, controls)) * Math.max(1, Math.floor(variations));
}
