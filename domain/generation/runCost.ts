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
import { applyToolbarToParams, composePrompt, outputTypeOf } from "./toolbar";

/**
 * The run's parameters, brought into the model's schema (clamped to what the engine will make), and what
 * cannot be run: a value of the wrong kind, or a name the model does not take (a `text`
 * the engine never spoke was priced instead of the prompt it did; a name outside the schema is refused, not
 * silently dropped, so nothing is priced or run from it).
 */
export function conformedRunParameters(
  model: Model,
  given: Readonly<Record<string, unknown>>,
  controls: ToolbarControls,
): ConformedParameters {
  const own = Object.fromEntries(Object.entries(given).filter(([k]) => Object.hasOwn(model.inputSchema.properties, k)));
  // The toolbar's choices beat the model's defaults; what the user set in the parameters form beats both.
  const conformed = conformModelParameters(model, {
    ...defaultParameters(model.inputSchema),
    ...applyToolbarToParams(model, own, controls),
  });
  const unknown = Object.keys(given)
    .filter((k) => !Object.hasOwn(own, k))
    .map((name) => ({ name, message: `${name} is not a parameter of ${model.name}` }));
  return { params: conformed.params, problems: [...unknown, ...conformed.problems] };
}

export function runParameters(model: Model, given: Readonly<Record<string, unknown>>, controls: ToolbarControls): Record<string, unknown> {
  return conformedRunParameters(model, given, controls).params;
}

/** `prompt` is the user's words: speech is priced by what it will say (spokenText.ts). */
export function runCredits(
  model: Model,
  given: Readonly<Record<string, unknown>>,
  controls: ToolbarControls,
  variations: number,
  prompt = "",
): number {
  const run = { prompt: composePrompt(prompt, controls, outputTypeOf(model)) };
  return estimateCredits(model, runParameters(model, given, controls), run) * Math.max(1, Math.floor(variations));
}
