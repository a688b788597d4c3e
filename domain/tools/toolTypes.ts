import type { ToolSchemaDocument, JsonSchemaProperty } from "../generation/jsonSchema";
import { type Provider } from "../providers/registry";
import type { ToolParameterGroups } from "../generation/toolParamForm";

/** spec canvas 2 Tools tab: groups shown in this order. */
export const TOOL_CATEGORIES = ["Trainer", "Video", "Image", "Text", "Audio", "Other"] as const;
export type ToolCategory = (typeof TOOL_CATEGORIES)[number];

/** What a node holds, as tools see it (3D models are 'model3d' on the node). */
export type NodeMedia = "image" | "video" | "audio" | "model3d" | "text";

/** Media a tool takes from the nodes connected into its node, in edge order. */
export interface ConnectedInput {
  /** The parameter the connected media fills (shown in the error when it is missing). */
  name: string;
  type: NodeMedia;
  required: boolean;
  /** Every connected node of the type, in edge order (join); otherwise the first. */
  multiple?: boolean;
  /** Fewest connected nodes needed when `multiple` (join needs 2 clips, its own counting as one). */
  min?: number;
}

/** Where a tool's result goes: over the node's media (a version is kept), or into a new node beside it. */
export type ToolOutput = { kind: "replace"; type: NodeMedia } | { kind: "new-node"; type: NodeMedia };

export interface ToolDefinition {
  id: string;
  name: string;
  category: ToolCategory;
  description: string;
  provider: Provider;
  /** "Local AI" for offline models, "Local" for offline media processing; hosted tools have none. */
  label?: "Local AI" | "Local";
  /** Media the node itself must hold; empty: the node may be empty (join takes only connected clips). */
  accepts: NodeMedia[];
  connected?: ConnectedInput[];
  output: ToolOutput;
  /** spec canvas 3 "Tool schema": components.schemas with an input schema, its order list and required list. */
  schema: ToolSchemaDocument;
  /**
   * A text parameter a connected input can stand in for (the watermark's text, or a connected logo): left
   * empty, the input is used; a run with neither is refused before anything is held, with `message`.
   */
  standIn?: { parameter: string; input: string; message: string };
  /** The spec's per-tool group table (canvas 5), where the tool has one. */
  groups?: ToolParameterGroups;
  /** Credits a run holds (captured on success, released on failure). */
  credits: number;
  /** A long job shown as 'Training' (LoRA training). */
  training?: boolean;
}

/** Builds a tool's schema document in the spec's shape: components.schemas.{Name}Input. */
export function toolSchema(name: string, properties: Record<string, JsonSchemaProperty>, required: string[] = []): ToolSchemaDocument {
  return {
    components: {
      schemas: {
        [`${name}Input`]: { type: "object", properties, required, "x-fal-order-properties": Object.keys(properties) },
      },
    },
  };
}

export const numberParam = (
  title: string,
  minimum: number,
  maximum: number,
  def: number,
  extra: Partial<JsonSchemaProperty> = {},
): JsonSchemaProperty => ({
  type: "number",
  title,
  minimum,
  maximum,
  default: def,
  ...extra,
});
export const intParam = (title: string, minimum: number, maximum: number, def: number, description?: string): JsonSchemaProperty => ({
  type: "integer",
  title,
  minimum,
  maximum,
  default: def,
  ...(description ? { description } : {}),
});
export const enumParam = (
  title: string,
  values: readonly (string | number)[],
  def: string | number,
  description?: string,
): JsonSchemaProperty => ({
  type: typeof def === "number" ? "integer" : "string",
  title,
  enum: [...values],
  default: def,
  ...(description ? { description } : {}),
});
export const textParam = (title: string, def = "", description?: string): JsonSchemaProperty => ({
  type: "string",
  title,
  default: def,
  ...(description ? { description } : {}),
});
