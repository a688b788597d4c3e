/**
 * A run's parameters brought into the model's input schema once, before pricing, so the price is for what
 * the engine will make (`duration: 2400` was charged as 2,400 s for a 30 s clip).
 *
 * Clamp or refuse (spec canvas 5): a number with both bounds is a slider whose step is multipleOf, else 1
 * for integers, so the form can only hold values inside the range and on the step; a value outside (a
 * stored value from another model, a toolbar choice, an API client) is run — and priced — as the slider
 * shows it: clamped to the bounds and snapped to the step. A value of the wrong kind (text where a number
 * is needed, a choice the model does not offer) has no nearest valid value and is refused, naming the field.
 */
import { resolveProperty, type ResolvedProperty } from "./jsonSchema";
import { humanizeName, isNumeric, scalarOptions, sliderStep } from "./parameterRules";
import type { Model } from "./modelTypes";

export interface ParameterProblem {
  name: string;
  message: string;
}

export interface ConformedParameters {
  params: Record<string, unknown>;
  /** Values that cannot be run as given; the server refuses the run with the first one's message. */
  problems: ParameterProblem[];
}

/** Drops binary floating-point noise (0.1 * 3 = 0.30000000000000004). */
const clean = (n: number): number => Number(n.toFixed(10));

function toNumber(value: unknown): number | null {
  const n = typeof value === "number" ? value : typeof value === "string" && value.trim() !== "" ? Number(value) : Number.NaN;
  return Number.isFinite(n) ? n : null;
}

/** The value a slider (or number input) for `p` holds for `n`: inside the bounds, on the step. */
export function clampToProperty(p: ResolvedProperty, n: number): number {
  const step = sliderStep(p);
  const explicitStep = typeof p.multipleOf === "number" && p.multipleOf > 0;
  const origin = p.minimum ?? 0;
  let v = explicitStep || p.type === "integer" ? origin + Math.round((n - origin) / step) * step : n;
  if (typeof p.maximum === "number" && v > p.maximum) v = p.maximum;
  if (typeof p.minimum === "number" && v < p.minimum) v = p.minimum;
  // A bound that is not on the step (min 0.2, integer) still gives a whole number inside the range.
  if (p.type === "integer" && !Number.isInteger(v))
    v = typeof p.maximum === "number" && Math.ceil(v) > p.maximum ? Math.floor(v) : Math.ceil(v);
  return clean(v);
}

export function conformModelParameters(model: Pick<Model, "inputSchema">, params: Readonly<Record<string, unknown>>): ConformedParameters {
  const properties = model.inputSchema.properties ?? {};
  const out: Record<string, unknown> = { ...params };
  const problems: ParameterProblem[] = [];
  for (const [name, value] of Object.entries(params)) {
    const raw = properties[name];
    if (!raw || value === undefined || value === null || value === "") continue;
    const p = resolveProperty(raw);
    const label = p.title ?? humanizeName(name);
    const options = scalarOptions(p.enum);
    if (options.length > 0) {
      const found = options.find((o) => o === value || String(o) === String(value));
      if (found === undefined) problems.push({ name, message: `${label} must be one of ${options.join(", ")} (got ${String(value)})` });
      else out[name] = found;
    } else if (isNumeric(p)) {
      const n = toNumber(value);
      if (n === null) problems.push({ name, message: `${label} must be a number (got ${JSON.stringify(value)})` });
      else out[name] = clampToProperty(p, n);
    }
  }
  return { params: out, problems };
}
