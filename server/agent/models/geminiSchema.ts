/**
 * Gemini's function parameters are an OpenAPI 3.0 Schema subset, not JSON Schema: upper-case types,
 * `nullable` instead of a "null" type, string-only enums, and no `additionalProperties`, `$schema`,
 * `propertyNames`, `const` or `default`. An OBJECT must list its properties, so a free-form map (a model's
 * or tool's settings) cannot be described: it is asked for as JSON text instead, and the planner reads that
 * text back into an object (decodeJsonTextFields) before the call is checked.
 */

type Json = Record<string, unknown>;

export interface GeminiParameters {
  schema: Json;
  /** Where a free-form object was turned into JSON text ('parameters', 'set.parameters'). */
  jsonTextPaths: string[][];
}

/** Keys Gemini reads that carry over unchanged. */
const KEPT = ["description", "title", "minimum", "maximum", "minItems", "maxItems"] as const;

export function geminiParametersOf(jsonSchema: Json): GeminiParameters {
  const jsonTextPaths: string[][] = [];
  const schema = convert(jsonSchema, [], jsonTextPaths);
  return { schema, jsonTextPaths };
}

function convert(node: Json, path: string[], jsonTextPaths: string[][]): Json {
  const out: Json = {};
  let type = node.type;
  if (Array.isArray(type)) {
    if (type.includes("null")) out.nullable = true;
    type = type.find((t) => t !== "null");
  }
  const branches = Array.isArray(node.anyOf) ? (node.anyOf as Json[]) : null;
  if (branches) {
    const real = branches.filter((b) => b.type !== "null");
    if (real.length < branches.length) out.nullable = true;
    if (real.length === 1) return { ...convert({ ...node, anyOf: undefined, ...real[0] }, path, jsonTextPaths), ...out };
    out.anyOf = real.map((b) => convert(b, path, jsonTextPaths));
  }
  for (const key of KEPT) if (node[key] !== undefined) out[key] = node[key];

  if (node.const !== undefined) {
    out.type = "STRING";
    out.enum = [String(node.const)];
    out.format = "enum";
    return out;
  }
  if (Array.isArray(node.enum)) {
    out.type = "STRING";
    out.enum = node.enum.map(String);
    out.format = "enum";
    return out;
  }
  if (type === "object" || (type === undefined && node.properties)) {
    const properties = node.properties as Record<string, Json> | undefined;
    if (!properties || Object.keys(properties).length === 0) {
      if (path.length === 0) return { type: "OBJECT", properties: {}, ...out };
      jsonTextPaths.push(path);
      const description = typeof out.description === "string" ? `${out.description} ` : "";
      return { ...out, type: "STRING", description: `${description}Written as JSON object text, for example {"name": value}.` };
    }
    out.type = "OBJECT";
    out.properties = Object.fromEntries(Object.entries(properties).map(([k, v]) => [k, convert(v, [...path, k], jsonTextPaths)]));
    const required = Array.isArray(node.required) ? (node.required as string[]).filter((k) => k in properties) : [];
    if (required.length) out.required = required;
    return out;
  }
  if (type === "array") {
    out.type = "ARRAY";
    out.items =
      node.items && typeof node.items === "object" ? convert(node.items as Json, [...path, "*"], jsonTextPaths) : { type: "STRING" };
    return out;
  }
  if (typeof type === "string") out.type = type.toUpperCase();
  return out;
}

/** Reads back the fields asked for as JSON text; text that is not a JSON object is left for the check to refuse. */
export function decodeJsonTextFields(args: unknown, paths: readonly string[][]): unknown {
  let out = args;
  for (const path of paths) out = decodeAt(out, path);
  return out;
}

function decodeAt(value: unknown, path: readonly string[]): unknown {
  if (path.length === 0) {
    if (typeof value !== "string") return value;
    try {
      const parsed: unknown = JSON.parse(value);
      return parsed && typeof parsed === "object" && !Array.isArray(parsed) ? parsed : value;
    } catch {
      return value;
    }
  }
  const [head, ...rest] = path;
  if (head === "*") return Array.isArray(value) ? value.map((v) => decodeAt(v, rest)) : value;
  if (!value || typeof value !== "object" || Array.isArray(value) || !(head! in value)) return value;
  return { ...(value as Json), [head!]: decodeAt((value as Json)[head!], rest) };
}
