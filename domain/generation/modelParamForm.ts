import { orderedPropertyNames, resolveProperty, type JsonObjectSchema, type RefResolver, type ResolvedProperty } from "./jsonSchema";
import { autoFillMedia, type ContextMedia } from "./mediaAutoFill";
import {
  hasBothBounds,
  humanizeName,
  isMediaList,
  isNumeric,
  isParamValue,
  mediaAccepts,
  numericDefault,
  scalarOptions,
  sliderStep,
  suggestsMedia,
  type MediaKind,
  type ParamValue,
} from "./parameterRules";

export { autoFillMedia, type ContextMedia, type MediaFill, type MediaSlotLike } from "./mediaAutoFill";
export { parseNumberInput, toggleLabel, TOGGLE_LABELS, type MediaKind, type ParamValue } from "./parameterRules";

/**
 * The Model Parameters form in the right sidebar (spec canvas 2), built from the chosen model's
 * inputSchema by the rules of spec canvas 5 "Model parameter form" and canvas 9 (debounce).
 */

/** spec canvas 5: never shown — the prompt, the node's own media and the model come from elsewhere. */
export const MODEL_SKIPPED_PARAMETERS: readonly string[] = [
  "text",
  "prompt",
  "image_url",
  "image_urls",
  "contextImageUrl",
  "contextImageUrls",
  "model",
];

/** spec canvas 9: parameter changes in the node panel are saved after 300 ms, except the immediate ones. */
export const PARAMETER_DEBOUNCE_MS = 300;
export const IMMEDIATE_PARAMETERS: readonly string[] = [
  "aspect_ratio",
  "num_images",
  "output_format",
  "sync_mode",
  "safety_tolerance",
  "guidance_scale",
  "seed",
  "enable_safety_checker",
  "num_inference_steps",
  "acceleration",
  "strength",
];

export const isImmediateParameter = (name: string): boolean => IMMEDIATE_PARAMETERS.includes(name);
/** 0 for immediate parameters, else PARAMETER_DEBOUNCE_MS. */
export const parameterDebounceMs = (name: string): number => (isImmediateParameter(name) ? 0 : PARAMETER_DEBOUNCE_MS);

/** spec canvas 5: descriptions are cut to 100 characters; a cut one ends in '...' after those 100. */
export const MODEL_DESCRIPTION_MAX = 100;
export function cutDescription(text: string): string {
  return text.length > MODEL_DESCRIPTION_MAX ? `${text.slice(0, MODEL_DESCRIPTION_MAX)}...` : text;
}

interface FieldBase {
  name: string;
  /** The schema title, else the humanized name. */
  label: string;
  /** Cut with cutDescription. */
  description?: string;
  required: boolean;
  /** Saved at once rather than after PARAMETER_DEBOUNCE_MS. */
  immediate: boolean;
  /** The empty default (see defaultParameters); undefined for media slots without a schema default. */
  default?: ParamValue;
}

export type ModelParameterField = FieldBase &
  (
    | { kind: "dropdown"; options: ParamValue[] /** one option: shown as a fixed value */; fixed: boolean }
    | { kind: "toggle" }
    | { kind: "slider"; min: number; max: number; step: number; integer: boolean }
    | { kind: "number"; min?: number; max?: number; integer: boolean }
    | { kind: "text" }
    | { kind: "media"; accepts: MediaKind[]; multiple: boolean /** auto-fill from connected context */; contextValue?: string | string[] }
  );

export interface ModelFormOptions {
  /** The node's connected context; media slots get `contextValue` from autoFillMedia. */
  contextMedia?: readonly ContextMedia[];
  /** Resolves `$ref`s (none in most model schemas). */
  resolveRef?: RefResolver;
}

type FieldShape = ModelParameterField extends infer F ? (F extends FieldBase ? Omit<F, keyof FieldBase> : never) : never;

/**
 * The schema itself says the value is a media URL (format 'uri' or a contentMediaType). This wins over the
 * name rule "names containing prompt, text or message are not media": Runway's `promptImage` and
 * Replicate's `image_prompt` are image URLs, and their schemas say so.
 */
const schemaMarksMedia = (p: ResolvedProperty): boolean => p.format === "uri" || typeof p.contentMediaType === "string";

/**
 * spec canvas 5, in this order:
 * - objects, and arrays that are not URL lists, are hidden;
 * - an enum gives a dropdown;
 * - a string whose name or description suggests a URL gives a media picker (checked before examples:
 *   a URL field's examples are sample media, not choices);
 * - examples give a dropdown (a single option is fixed);
 * - booleans a toggle; numbers with both bounds a slider, else a number input; other strings text.
 */
function fieldShape(name: string, p: ResolvedProperty, resolveRef?: RefResolver): FieldShape | null {
  if (p.type === "object") return null;
  const enumOptions = scalarOptions(p.enum);
  if (enumOptions.length > 0) return { kind: "dropdown", options: enumOptions, fixed: enumOptions.length === 1 };
  // A list of URLs may carry its media hints (format, contentMediaType) on its items.
  const item = p.type === "array" && p.items ? resolveProperty(p.items, resolveRef) : undefined;
  const hints = item?.contentMediaType || item?.format ? item : p;
  const media =
    (p.type === "string" || p.type === "array" || p.type === undefined) &&
    (schemaMarksMedia(p) ||
      (item !== undefined && schemaMarksMedia(item)) ||
      suggestsMedia(name, p) ||
      (item !== undefined && suggestsMedia(name, item)));
  if (media) return { kind: "media", accepts: mediaAccepts(name, hints ?? p), multiple: isMediaList(name, p) };
  if (p.type === "array") return null;
  const examples = scalarOptions(p.examples);
  if (examples.length > 0) return { kind: "dropdown", options: examples, fixed: examples.length === 1 };
  if (p.type === "boolean") return { kind: "toggle" };
  const integer = p.type === "integer";
  if (isNumeric(p) && hasBothBounds(p)) return { kind: "slider", min: p.minimum, max: p.maximum, step: sliderStep(p), integer };
  if (isNumeric(p)) return { kind: "number", min: p.minimum, max: p.maximum, integer };
  return { kind: "text" };
}

/**
 * spec canvas 5 "Empty defaults by type": the schema default when it is a plain value (null counts as
 * none), else the first option (first enum value, else first example), false, the range-based number
 * (numericDefault), or empty text. Media slots get no empty default: they are filled from context.
 */
function emptyDefault(shape: FieldShape, p: ResolvedProperty): ParamValue | undefined {
  if (isParamValue(p.default)) return p.default;
  switch (shape.kind) {
    case "dropdown":
      return shape.options[0];
    case "toggle":
      return false;
    case "slider":
    case "number":
      return numericDefault(p);
    case "text":
      return "";
    case "media":
      return undefined;
  }
}

/**
 * A schema's fields without options, made once per schema: every run of a model reads them twice (its
 * defaults, its media slots), and a model's schema does not change while it is loaded.
 */
const plainFields = new WeakMap<JsonObjectSchema, readonly ModelParameterField[]>();

/** The fields of the Model Parameters form, in order (vendor order list, then required, then the rest). */
export function modelParameterFields(schema: JsonObjectSchema, options: ModelFormOptions = {}): readonly ModelParameterField[] {
  const plain = !options.resolveRef && !options.contextMedia;
  const known = plain ? plainFields.get(schema) : undefined;
  if (known) return known;
  const required = new Set(schema.required ?? []);
  const fields: ModelParameterField[] = [];
  for (const name of orderedPropertyNames(schema)) {
    const raw = schema.properties?.[name];
    if (!raw || MODEL_SKIPPED_PARAMETERS.includes(name)) continue;
    const p = resolveProperty(raw, options.resolveRef);
    const shape = fieldShape(name, p, options.resolveRef);
    if (!shape) continue;
    const base: FieldBase = {
      name,
      label: p.title ?? humanizeName(name),
      required: required.has(name),
      immediate: isImmediateParameter(name),
    };
    if (p.description) base.description = cutDescription(p.description);
    // A seed starts empty: "leave empty for random"; 0 would read as a chosen seed.
    const value = name === "seed" ? undefined : emptyDefault(shape, p);
    if (value !== undefined) base.default = value;
    fields.push({ ...base, ...shape } as ModelParameterField);
  }
  if (options.contextMedia) {
    const fill = autoFillMedia(fields, options.contextMedia);
    for (const field of fields) {
      const value = fill[field.name];
      if (field.kind === "media" && value !== undefined) field.contextValue = value;
    }
  }
  if (!plain) return fields;
  const frozen = Object.freeze(fields.map((f) => Object.freeze(f)));
  plainFields.set(schema, frozen);
  return frozen;
}

/** The parameters a newly chosen model starts with: every shown field that has a default. */
export function defaultParameters(
  schema: JsonObjectSchema,
  options: Pick<ModelFormOptions, "resolveRef"> = {},
): Record<string, ParamValue> {
  const out: Record<string, ParamValue> = {};
  for (const field of modelParameterFields(schema, options)) if (field.default !== undefined) out[field.name] = field.default;
  return out;
}
