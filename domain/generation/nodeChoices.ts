/**
 * A node's generation choices (spec canvas 3 node data fields: prompt, selectedModel, modelParameters,
 * aspectRatio, style, cameraMovement, shotSize, voice, variations…), read and written in one place: the
 * client sends them with execute-node, the server reads them for Run from here and writes them back when
 * a run is queued.
 */
import type { NodeData } from "../canvas/node";
import { MAX_VARIATIONS, TOOLBAR_CONTROL_KEYS, type ToolbarControls } from "./api";
import type { MediaType, Model } from "./modelTypes";
import { defaultAspectRatio, outputTypeOf } from "./toolbar";

export interface RunChoices {
  prompt: string;
  modelId: string;
  params: Record<string, unknown>;
  controls: ToolbarControls;
  variations: number;
  seedFixed: boolean;
}

/** Blank strings count as "not chosen". */
const str = (v: unknown) => (typeof v === "string" && v !== "" ? v : undefined);

export function runChoicesOf(data: NodeData): RunChoices {
  const record = data as Record<string, unknown>;
  const variations = Number(record.variations);
  const controls: ToolbarControls = {};
  for (const key of TOOLBAR_CONTROL_KEYS) {
    const value = str(record[key]);
    if (value !== undefined) controls[key] = value;
  }
  return {
    prompt: str(data.prompt) ?? "",
    modelId: str(data.selectedModel) ?? "",
    params: (data.modelParameters as Record<string, unknown> | undefined) ?? {},
    controls,
    variations: Number.isInteger(variations) && variations >= 1 && variations <= MAX_VARIATIONS ? variations : 1,
    seedFixed: record.seedFixed === true,
  };
}

/** The node fields that keep these choices (what the toolbar and sidebar read back on selection). */
export function nodeFieldsOf(choices: RunChoices): Record<string, unknown> {
  return {
    prompt: choices.prompt,
    selectedModel: choices.modelId,
    modelParameters: choices.params,
    ...choices.controls,
    variations: choices.variations,
  };
}

/**
 * The model a node with a type but no model of its own runs with: the first usable one of its compatible
 * list, so a new user can just type and run. It is shown as the node's model and saved with its first edit
 * or run, never on mere selection (selecting a node does not change it).
 */
export const defaultModelOf = (models: readonly Model[]): Model | undefined => models.find((m) => m.usable !== false);

const TYPE_NAMES: Record<MediaType, string> = { text: "text", image: "an image", video: "a video", audio: "audio", "3d": "a 3D model" };

/**
 * What choosing a model does to a node. A model that makes another type (picked under 'Browse all models')
 * turns the node into that type, as choosing the type first would; a node whose type is locked by its
 * content keeps it, and the answer says why.
 */
export function modelChoice(
  model: Model,
  type: MediaType | null,
  typeLocked: boolean,
): { patch: Record<string, unknown> } | { refused: string } {
  const makes = outputTypeOf(model);
  const base = { selectedModel: model.id, modelParameters: {} };
  if (makes === type) return { patch: base };
  if (typeLocked && type)
    return { refused: `${model.name} makes ${TYPE_NAMES[makes]}, but this node already holds ${TYPE_NAMES[type]}. Use a new node for it.` };
  const ratio = makes === "image" || makes === "video" ? { aspectRatio: defaultAspectRatio(makes) } : {};
  return { patch: { ...base, contentType: makes === "3d" ? "model3d" : makes, ...ratio } };
}
