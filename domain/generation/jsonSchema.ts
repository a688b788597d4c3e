import { z } from "zod";

/**
 * The subset of JSON Schema that model and tool parameter forms read (spec canvas 3 "Model" inputSchema,
 * "Tool schema"; canvas 5 parameter forms). Parsing is tolerant: unknown keys pass through and `type`,
 * `enum` and `examples` accept anything JSON can hold, because vendor schemas vary and a single odd
 * property must not break the whole form. The form builders decide what they can show.
 */

/** The vendor-specific property order list (fal.ai's OpenAPI input schemas). */
export const VENDOR_ORDER_KEY = "x-fal-order-properties";

export interface JsonSchemaProperty {
  /** A single type, or a list such as ["integer", "null"]. */
  type?: string | readonly string[];
  enum?: readonly unknown[];
  examples?: readonly unknown[];
  default?: unknown;
  minimum?: number;
  maximum?: number;
  multipleOf?: number;
  description?: string;
  title?: string;
  anyOf?: readonly JsonSchemaProperty[];
  /** Only '#/components/schemas/Name' references are resolved (tool schemas). */
  $ref?: string;
  /** 'uri' marks a URL (a media input). */
  format?: string;
  /** 'image/*', 'video/*', 'audio/*': a media input of that kind. */
  contentMediaType?: string;
  items?: JsonSchemaProperty;
  properties?: Readonly<Record<string, JsonSchemaProperty>>;
  required?: readonly string[];
  "x-fal-order-properties"?: readonly string[];
}

export const jsonSchemaPropertySchema: z.ZodType<JsonSchemaProperty> = z.lazy(() =>
  z.looseObject({
    type: z.union([z.string(), z.array(z.string())]).optional(),
    enum: z.array(z.unknown()).optional(),
    examples: z.array(z.unknown()).optional(),
    default: z.unknown().optional(),
    minimum: z.number().optional(),
    maximum: z.number().optional(),
    multipleOf: z.number().positive().optional(),
    description: z.string().optional(),
    title: z.string().optional(),
    anyOf: z.array(jsonSchemaPropertySchema).optional(),
    $ref: z.string().optional(),
    format: z.string().optional(),
    contentMediaType: z.string().optional(),
    items: jsonSchemaPropertySchema.optional(),
    properties: z.record(z.string(), jsonSchemaPropertySchema).optional(),
    required: z.array(z.string()).optional(),
    [VENDOR_ORDER_KEY]: z.array(z.string()).optional(),
  }),
);

/** An object schema: a model's inputSchema, or a tool's input schema. */
export type JsonObjectSchema = JsonSchemaProperty;
export const jsonObjectSchemaSchema = jsonSchemaPropertySchema;

/** A tool schema document (OpenAPI-like): the input schema lives in components.schemas. */
export interface ToolSchemaDocument extends JsonSchemaProperty {
  components?: { schemas?: Readonly<Record<string, JsonSchemaProperty>> };
}

export const toolSchemaDocumentSchema: z.ZodType<ToolSchemaDocument> = z.intersection(
  jsonSchemaPropertySchema,
  z.looseObject({
    components: z.looseObject({ schemas: z.record(z.string(), jsonSchemaPropertySchema).optional() }).optional(),
  }),
);

/** Looks up a `$ref`; undefined when it cannot be resolved. */
export type RefResolver = (ref: string) => JsonSchemaProperty | undefined;

const COMPONENT_REF = "#/components/schemas/";

export function componentRefResolver(doc: ToolSchemaDocument): RefResolver {
  return (ref) => (ref.startsWith(COMPONENT_REF) ? doc.components?.schemas?.[ref.slice(COMPONENT_REF.length)] : undefined);
}

/**
 * The tool's input schema: the document itself when it has properties; else the components.schemas entry
 * whose name ends in 'Input' (fal's convention, e.g. 'ClarityUpscalerInput'); else the first entry with
 * properties that is not an output or error schema. Empty object schema when nothing fits.
 */
export function toolInputSchema(doc: ToolSchemaDocument): JsonObjectSchema {
  if (doc.properties) return doc;
  const entries = Object.entries(doc.components?.schemas ?? {});
  const input =
    entries.find(([name, s]) => /input$/i.test(name) && s.properties) ??
    entries.find(([name, s]) => s.properties && !/(output|error)$/i.test(name));
  return input?.[1] ?? { type: "object", properties: {} };
}

/** A property after `$ref`, `anyOf` and type lists are resolved: one `type`, no `anyOf`. */
export interface ResolvedProperty extends Omit<JsonSchemaProperty, "type" | "anyOf" | "$ref"> {
  type?: string;
}

const PRIMITIVE_TYPES = ["string", "number", "integer", "boolean"];
const MAX_REF_DEPTH = 8;

/** Copies the keys of `over` that are defined onto `base`. */
function overlay<T extends object>(base: T, over: T): T {
  const out: Record<string, unknown> = { ...(base as Record<string, unknown>) };
  for (const [key, value] of Object.entries(over)) if (value !== undefined) out[key] = value;
  return out as T;
}

function firstType(type: JsonSchemaProperty["type"]): string | undefined {
  if (typeof type === "string") return type;
  return type?.find((t) => t !== "null") ?? type?.[0];
}

/** Type from the first enum value, else from the default, else 'object' for a schema with properties. */
function inferType(p: JsonSchemaProperty): string | undefined {
  const sample = p.enum?.find((v) => v !== null) ?? p.default;
  if (typeof sample === "string") return "string";
  if (typeof sample === "boolean") return "boolean";
  if (typeof sample === "number") return "number";
  return p.properties ? "object" : undefined;
}

/**
 * Resolves a property for display:
 * - `$ref` is replaced by its target (when `resolveRef` finds it); the property's own keys win.
 * - `anyOf`: 'null' branches are dropped (they only mean "optional"); of the rest, the first branch with
 *   an enum is chosen (so fal's `image_size: anyOf [ImageSize object, enum of presets]` is a dropdown),
 *   else the first primitive branch (string, number, integer, boolean), else the first branch. The outer
 *   keys (title, description, default, examples...) win over the chosen branch's.
 * - A type list such as ["integer", "null"] becomes its first non-null type; a missing type is inferred
 *   from the enum or default.
 */
export function resolveProperty(prop: JsonSchemaProperty, resolveRef?: RefResolver, depth = 0): ResolvedProperty {
  let p: JsonSchemaProperty = prop;
  if (p.$ref && resolveRef && depth < MAX_REF_DEPTH) {
    const target = resolveRef(p.$ref);
    if (target) p = overlay<JsonSchemaProperty>(resolveProperty(target, resolveRef, depth + 1), { ...p, $ref: undefined });
  }
  if (p.anyOf && p.anyOf.length > 0 && depth < MAX_REF_DEPTH) {
    const branches = p.anyOf.map((b) => resolveProperty(b, resolveRef, depth + 1)).filter((b) => b.type !== "null");
    const chosen =
      branches.find((b) => (b.enum?.length ?? 0) > 0) ??
      branches.find((b) => b.type !== undefined && PRIMITIVE_TYPES.includes(b.type)) ??
      branches[0];
    const { anyOf: _anyOf, ...outer } = p;
    p = chosen ? overlay<JsonSchemaProperty>(chosen, outer) : outer;
  }
  const { anyOf: _a, $ref: _r, type, ...rest } = p;
  const resolved: ResolvedProperty = { ...rest };
  const single = firstType(type) ?? inferType(p);
  if (single !== undefined) resolved.type = single;
  return resolved;
}

/**
 * Property names in display order (spec canvas 5, tool form): names in the vendor order list first (in
 * its order), then required names (in the required list's order), then the rest in schema order.
 */
export function orderedPropertyNames(schema: JsonObjectSchema): string[] {
  const names = Object.keys(schema.properties ?? {});
  const present = new Set(names);
  const ordered = new Set<string>();
  for (const name of [...(schema[VENDOR_ORDER_KEY] ?? []), ...(schema.required ?? []), ...names]) {
    if (present.has(name)) ordered.add(name);
  }
  return [...ordered];
}
