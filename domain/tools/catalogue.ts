/**
 * The tool catalogue (spec canvas 3 "Tool", "Tool schema"; canvas 2 Tools tab; canvas 5 "Tool list
 * filter"): every tool the studio offers, how the list is filtered and grouped for a node, and the checks a
 * run's parameters must pass (shared by the form and the server, which refuses with the field's name).
 */
import { componentRefResolver, resolveProperty, toolInputSchema } from "../generation/jsonSchema";
import { scalarOptions, type ParamValue } from "../generation/parameterRules";
import { HOSTED_TOOLS } from "./catalogueHosted";
import { LOCAL_TOOLS } from "./catalogueLocal";
import { TOOL_CATEGORIES, type NodeMedia, type ToolCategory, type ToolDefinition } from "./toolTypes";
import { runsFreeHere } from "../generation/localRunPricing";

export * from "./toolTypes";

/** Offline tools first (always usable), then hosted ones. */
export const TOOLS: readonly ToolDefinition[] = [...LOCAL_TOOLS, ...HOSTED_TOOLS];

const BY_ID: ReadonlyMap<string, ToolDefinition> = new Map(TOOLS.map((t) => [t.id, t]));
export const findTool = (id: string): ToolDefinition | undefined => BY_ID.get(id);

/** The credits a run of the tool costs on this studio (local tools are free where local runs are not priced). */
export const toolRunCredits = (tool: Pick<ToolDefinition, "provider" | "credits">): number =>
  runsFreeHere(tool.provider) ? 0 : tool.credits;

/** Generation rows of tool runs carry `tool:{id}` as their model id (one queue, one ledger). */
export const TOOL_RUN_PREFIX = "tool:";
export const toolRunModelId = (toolId: string) => `${TOOL_RUN_PREFIX}${toolId}`;
export const toolIdOfRun = (modelId: string): string | null =>
  modelId.startsWith(TOOL_RUN_PREFIX) ? modelId.slice(TOOL_RUN_PREFIX.length) : null;

/** A node's content type as a tool input ('model3d' and '3d' are one thing). */
export function nodeMediaOf(contentType: unknown): NodeMedia | null {
  if (contentType === "image" || contentType === "video" || contentType === "audio" || contentType === "text") return contentType;
  if (contentType === "model3d" || contentType === "3d") return "model3d";
  return null;
}

/**
 * spec canvas 5 "Tool list filter": image nodes see image tools, video nodes video tools, audio nodes audio
 * tools, text nodes text tools (3D nodes: tools for models). No node selected: every tool.
 */
export function toolsForNode<T extends Pick<ToolDefinition, "accepts" | "output">>(
  tools: readonly T[],
  media: NodeMedia | null | undefined,
  nodeSelected: boolean,
): T[] {
  if (!nodeSelected) return [...tools];
  const kind = media ?? "image";
  return tools.filter((t) => (t.accepts.length === 0 ? t.output.type === kind : t.accepts.includes(kind)));
}

/** The list view's groups, in the spec's order, empty ones left out. */
export function groupTools<T extends Pick<ToolDefinition, "category">>(tools: readonly T[]): { category: ToolCategory; tools: T[] }[] {
  return TOOL_CATEGORIES.map((category) => ({ category, tools: tools.filter((t) => t.category === category) })).filter(
    (g) => g.tools.length > 0,
  );
}

/**
 * spec canvas 2 hint by selected node type. Video tools exist here, so the video hint drops the spec's
 * '(coming soon)'; text keeps it (no text tools yet).
 */
export function toolListHint(media: NodeMedia | null | undefined, nodeSelected: boolean, total: number): string {
  if (!nodeSelected) return `All ${total} tools available - Double-click to create new node`;
  switch (media ?? "image") {
    case "video":
      return "Video processing tools";
    case "audio":
      return "Audio processing tools";
    case "model3d":
      return "model tools";
    case "text":
      // The spec's text says '(coming soon)'; the studio has text tools now (as with video).
      return "Text processing tools";
    default:
      return "Image processing and editing tools";
  }
}

/**
 * A tool whose text parameter a connected input stands in for (the watermark: its text, or a connected
 * logo) needs one of the two. `connected` is what the node's incoming edges give, in the run context's shape.
 * Returns the refusal (it names the parameter), or null when the run has what it needs.
 */
export function missingStandIn(
  tool: Pick<ToolDefinition, "standIn" | "connected">,
  params: Record<string, ParamValue>,
  connected: readonly { type: string; url?: string; text?: string }[],
): string | null {
  const standIn = tool.standIn;
  if (!standIn || String(params[standIn.parameter] ?? "").trim()) return null;
  const input = tool.connected?.find((c) => c.name === standIn.input);
  const given = input && connected.some((c) => nodeMediaOf(c.type) === input.type && (input.type === "text" ? c.text?.trim() : c.url));
  return given ? null : standIn.message;
}

export class ToolParameterError extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
    this.name = "ToolParameterError";
  }
}

/**
 * A run's parameters checked against the tool's input schema: unknown names, wrong types, values outside
 * the enum or range are refused with a message that names the field; missing ones take the schema default.
 * Returns the parameters to run with.
 */
export function checkToolParameters(tool: Pick<ToolDefinition, "schema">, given: Record<string, unknown>): Record<string, ParamValue> {
  const schema = toolInputSchema(tool.schema);
  const resolveRef = componentRefResolver(tool.schema);
  const properties = schema.properties ?? {};
  const required = new Set(schema.required ?? []);
  for (const name of Object.keys(given))
    if (!Object.hasOwn(properties, name)) throw new ToolParameterError(name, `${name} is not a parameter of this tool`);
  const media = (name: string) => !!resolveProperty(properties[name]!, resolveRef).contentMediaType;
  for (const name of Object.keys(given))
    if (media(name)) throw new ToolParameterError(name, `${name} comes from the node and its connected nodes, not from the request`);
  const out: Record<string, ParamValue> = {};
  for (const [name, raw] of Object.entries(properties)) {
    const p = resolveProperty(raw, resolveRef);
    // Media slots are filled by the server from the node and its connected nodes, never from the request
    // (a caller must not point a tool at media it may not read).
    if (p.contentMediaType) continue;
    const value = given[name] ?? p.default;
    const options = scalarOptions(p.enum);
    // An empty string is an empty text; for an enum, number or boolean it is a wrong value (checked below).
    const text = options.length === 0 && p.type !== "number" && p.type !== "integer" && p.type !== "boolean";
    if (value === undefined || value === null || (value === "" && text)) {
      // A required text left empty is as missing as an absent one (a prompt the tool cannot do without).
      if (required.has(name)) throw new ToolParameterError(name, `${name} is required`);
      if (value === "") out[name] = "";
      continue;
    }
    if (options.length > 0) {
      if (!options.some((o) => o === value || String(o) === String(value)))
        throw new ToolParameterError(name, `${name} must be one of ${options.join(", ")} (got ${String(value)})`);
      out[name] = options.find((o) => o === value || String(o) === String(value))!;
      continue;
    }
    if (p.type === "number" || p.type === "integer") {
      const n = typeof value === "number" ? value : typeof value === "string" && value.trim() !== "" ? Number(value) : NaN;
      if (!Number.isFinite(n)) throw new ToolParameterError(name, `${name} must be a number`);
      if (p.type === "integer" && !Number.isInteger(n)) throw new ToolParameterError(name, `${name} must be a whole number`);
      if ((p.minimum !== undefined && n < p.minimum) || (p.maximum !== undefined && n > p.maximum)) {
        throw new ToolParameterError(name, `${name} must be between ${p.minimum ?? "-∞"} and ${p.maximum ?? "∞"} (got ${n})`);
      }
      out[name] = n;
    } else if (p.type === "boolean") {
      if (typeof value !== "boolean") throw new ToolParameterError(name, `${name} must be true or false`);
      out[name] = value;
    } else {
      if (typeof value !== "string") throw new ToolParameterError(name, `${name} must be text`);
      if (value.length > 5000) throw new ToolParameterError(name, `${name} must be at most 5000 characters`);
      out[name] = value;
    }
  }
  return out;
}
