import {
  componentRefResolver,
  orderedPropertyNames,
  resolveProperty,
  toolInputSchema,
  type JsonSchemaProperty,
  type ResolvedProperty,
  type ToolSchemaDocument,
} from "./jsonSchema";
import { autoFillMedia, type ContextMedia } from "./mediaAutoFill";
import {
  hasBothBounds,
  humanizeName,
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

/**
 * The tool Settings view (spec canvas 2 "Tools tab"), built from a tool schema by the rules of spec
 * canvas 5 "Tool parameter form" and canvas 9 (tool form debounce).
 */

/** spec canvas 5: never shown — the node's own media is the tool's image. */
export const TOOL_HIDDEN_PARAMETERS: readonly string[] = ["image_url", "image_urls"];

/** spec canvas 9: text fields apply after 500 ms; sliders, selects, switches and numbers at once. */
export const TOOL_TEXT_DEBOUNCE_MS = 500;

/** spec canvas 5: descriptions over 100 characters are cut at the first sentence, or at 77 characters plus '...'. */
export const TOOL_DESCRIPTION_MAX = 100;
export function cutToolDescription(text: string): string {
  if (text.length <= TOOL_DESCRIPTION_MAX) return text;
  // The first sentence: up to the first '.', '!' or '?' followed by a space (or the end).
  const sentence = /^.*?[.!?](?=\s|$)/s.exec(text)?.[0];
  if (sentence && sentence.length <= TOOL_DESCRIPTION_MAX) return sentence;
  return `${text.slice(0, 77)}...`;
}

export type ToolFieldGroup = "basic" | "advanced";
/** A per-tool table (upscaler, face swap...): parameter name → omitted, basic or advanced. */
export type ToolParameterGroups = Readonly<Record<string, "omit" | ToolFieldGroup>>;

/** spec canvas 5: for unknown tools these name parts put a parameter in Basic Settings. */
export const BASIC_NAME_PARTS: readonly string[] = [
  "prompt",
  "text",
  "description",
  "style",
  "strength",
  "scale",
  "steps",
  "seed",
  "width",
  "height",
  "aspect ratio",
  "quality",
  "format",
  "model",
  "mode",
  "type",
];

/** 'aspect_ratio', 'aspectRatio', 'aspect-ratio' → 'aspect ratio'. */
const nameWords = (name: string) =>
  name
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/[_\-\s]+/g, " ")
    .toLowerCase();

/** spec canvas 5, unknown tools: basic for the name parts above, booleans, enums and required fields. */
export function unknownToolGroup(name: string, p: ResolvedProperty, required: boolean): ToolFieldGroup {
  const words = nameWords(name);
  if (BASIC_NAME_PARTS.some((part) => words.includes(part))) return "basic";
  if (p.type === "boolean" || scalarOptions(p.enum).length > 0 || required) return "basic";
  return "advanced";
}

/** spec canvas 5: the two tools that force parameters from context. */
export type ForcedToolKind = "lipSync" | "characterControl";

/**
 * The forced parameters, in form order, with the spec's defaults (model 'act_two', ratio '1280:720',
 * expressionIntensity 3). A forced parameter is shown even when the schema lacks it (then with this
 * stand-in schema); when the schema has it, these defaults override the schema's.
 */
export const FORCED_TOOL_PARAMETERS: Readonly<Record<ForcedToolKind, Readonly<Record<string, JsonSchemaProperty>>>> = {
  lipSync: { video_url: { type: "string" }, audio_url: { type: "string" } },
  characterControl: {
    character: { type: "string" },
    reference: { type: "string" },
    model: { type: "string", default: "act_two" },
    ratio: { type: "string", default: "1280:720" },
    bodyControl: { type: "boolean" },
    expressionIntensity: { type: "integer", default: 3 },
  },
};

/** Which forced-context tool an id names: 'lipsync'/'lip-sync'/'lip_sync', or 'act-two'/'character-control'. */
export function forcedToolKind(toolId: string): ForcedToolKind | undefined {
  if (/lip[\s_-]?sync/i.test(toolId)) return "lipSync";
  if (/act[\s_-]?two|character[\s_-]?control/i.test(toolId)) return "characterControl";
  return undefined;
}

interface ToolFieldBase {
  name: string;
  label: string;
  description?: string;
  required: boolean;
  group: ToolFieldGroup;
  /** The starting value (toolParameterDefault); undefined for file inputs without a schema default. */
  default?: ParamValue;
  /** TOOL_TEXT_DEBOUNCE_MS for text fields, else 0. */
  debounceMs: number;
  /** Forced by a lip sync or character control tool. */
  forced: boolean;
}

export type ToolParameterField = ToolFieldBase &
  (
    | { kind: "slider"; min: number; max: number; step: number; integer: boolean }
    | { kind: "number"; min?: number; max?: number; integer: boolean }
    | { kind: "select"; options: ParamValue[]; fixed: boolean }
    | { kind: "textarea" }
    | { kind: "text" }
    | { kind: "switch" }
    | { kind: "file"; accepts: MediaKind[] /** forced slots: filled from context */; contextValue?: string | string[] }
  );

type ToolShape = ToolParameterField extends infer F ? (F extends ToolFieldBase ? Omit<F, keyof ToolFieldBase> : never) : never;

/** spec canvas 5: prompt-like fields (name contains prompt or description, or title contains 'remove'). */
export const isPromptLike = (name: string, p: ResolvedProperty): boolean =>
  /prompt|description/i.test(name) || /remove/i.test(p.title ?? "");

/**
 * spec canvas 5. Objects without an enum are skipped, and so are arrays. Numbers and integers: slider with
 * both bounds, else numeric input (an enum on a number does not make a select: the spec's select is for
 * strings). Booleans: switch. Strings: an enum gives a select; then prompt-like → multi-line; then a
 * URL-like name/description → file input; then examples → select; else a text input. (Prompt-like and
 * file come before examples because fal gives prompts and media URLs sample examples.)
 */
function toolShape(name: string, p: ResolvedProperty): ToolShape | null {
  const enumOptions = scalarOptions(p.enum);
  if (p.type === "object" || p.type === "array") {
    return p.type === "object" && enumOptions.length > 0 ? { kind: "select", options: enumOptions, fixed: enumOptions.length === 1 } : null;
  }
  const integer = p.type === "integer";
  if (isNumeric(p))
    return hasBothBounds(p)
      ? { kind: "slider", min: p.minimum, max: p.maximum, step: sliderStep(p), integer }
      : { kind: "number", min: p.minimum, max: p.maximum, integer };
  if (p.type === "boolean") return { kind: "switch" };
  if (enumOptions.length > 0) return { kind: "select", options: enumOptions, fixed: enumOptions.length === 1 };
  if (isPromptLike(name, p)) return { kind: "textarea" };
  if (suggestsMedia(name, p)) return { kind: "file", accepts: mediaAccepts(name, p) };
  const examples = scalarOptions(p.examples);
  if (examples.length > 0) return { kind: "select", options: examples, fixed: examples.length === 1 };
  return { kind: "text" };
}

/**
 * spec canvas 5 default precedence: the schema default (null counts as none); else false for a boolean;
 * for a string the first enum value, else the first example, else ''; for numbers and integers
 * numericDefault (the range rules). Undefined for other types.
 */
export function toolParameterDefault(p: ResolvedProperty): ParamValue | undefined {
  if (isParamValue(p.default)) return p.default;
  if (p.type === "boolean") return false;
  if (p.type === "string") return scalarOptions(p.enum)[0] ?? scalarOptions(p.examples)[0] ?? "";
  if (isNumeric(p)) return numericDefault(p);
  return undefined;
}

export interface ToolFormOptions {
  /** Tool id; picks the forced-context kind unless `forced` is given. */
  toolId?: string;
  forced?: ForcedToolKind;
  /** The tool's own group table; parameters it does not name use unknownToolGroup. */
  groups?: ToolParameterGroups;
  /** The node's connected context: fills forced media slots (`contextValue`). */
  context?: readonly ContextMedia[];
}

/**
 * The tool form's fields, in order: forced parameters first (in FORCED_TOOL_PARAMETERS order), then the
 * vendor order list, then required, then the rest. image_url and image_urls are never shown; a group
 * table's 'omit' hides a parameter (forced ones excepted, which are always basic).
 */
export function toolParameterFields(doc: ToolSchemaDocument, options: ToolFormOptions = {}): ToolParameterField[] {
  const schema = toolInputSchema(doc);
  const resolveRef = componentRefResolver(doc);
  const forcedKind = options.forced ?? (options.toolId ? forcedToolKind(options.toolId) : undefined);
  const forced = forcedKind ? FORCED_TOOL_PARAMETERS[forcedKind] : {};
  const required = new Set(schema.required ?? []);
  const names = [...new Set([...Object.keys(forced), ...orderedPropertyNames(schema)])];
  const fields: ToolParameterField[] = [];
  for (const name of names) {
    const standIn = forced[name];
    const raw = schema.properties?.[name];
    const isForced = standIn !== undefined;
    if (!isForced && (TOOL_HIDDEN_PARAMETERS.includes(name) || options.groups?.[name] === "omit")) continue;
    const fromSchema = raw ? resolveProperty(raw, resolveRef) : undefined;
    let p: ResolvedProperty | undefined = fromSchema ?? (standIn ? resolveProperty(standIn) : undefined);
    if (!p) continue;
    if (standIn?.default !== undefined) p = { ...p, default: standIn.default };
    const shape = toolShape(name, p);
    if (!shape) continue;
    const tableGroup = options.groups?.[name];
    const base: ToolFieldBase = {
      name,
      label: p.title ?? humanizeName(name),
      required: required.has(name),
      group: isForced ? "basic" : tableGroup && tableGroup !== "omit" ? tableGroup : unknownToolGroup(name, p, required.has(name)),
      debounceMs: shape.kind === "text" || shape.kind === "textarea" ? TOOL_TEXT_DEBOUNCE_MS : 0,
      forced: isForced,
    };
    if (p.description) base.description = cutToolDescription(p.description);
    // A file input's examples are sample media, so it starts empty unless the schema gives a default.
    const value = shape.kind === "file" ? (isParamValue(p.default) ? p.default : undefined) : toolParameterDefault(p);
    if (value !== undefined) base.default = value;
    fields.push({ ...base, ...shape } as ToolParameterField);
  }
  if (options.context) {
    const fill = autoFillMedia(
      fields.filter((f) => f.forced),
      options.context,
    );
    for (const field of fields) {
      const value = fill[field.name];
      if (field.kind === "file" && value !== undefined) field.contextValue = value;
    }
  }
  return fields;
}

/** The parameters a newly selected tool starts with: every shown field that has a default. */
export function defaultToolParameters(doc: ToolSchemaDocument, options: Omit<ToolFormOptions, "context"> = {}): Record<string, ParamValue> {
  const out: Record<string, ParamValue> = {};
  for (const field of toolParameterFields(doc, options)) if (field.default !== undefined) out[field.name] = field.default;
  return out;
}
