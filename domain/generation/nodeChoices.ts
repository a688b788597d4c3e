/**
 * A node's generation choices (spec canvas 3 node data fields: prompt, selectedModel, modelParameters,
 * aspectRatio, style, cameraMovement, shotSize, voice, variations…), read and written in one place: the
 * client sends them with execute-node, the server reads them for Run from here and writes them back when
 * a run is queued.
 */
import type { NodeData } from "../canvas/node";
import { MAX_VARIATIONS, TOOLBAR_CONTROL_KEYS, type ToolbarControls } from "./api";

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
