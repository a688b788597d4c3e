// Shared by the catalogue's test files: tools by id, and the ids the spec's per-tool tables name.
import { findTool, type ToolDefinition } from "./catalogue";

/** A tool by id; fails the test (rather than returning undefined) when the catalogue lost it. */
export const tool = (id: string): ToolDefinition => {
  const found = findTool(id);
  if (!found) throw new Error(`no tool ${id} in the catalogue`);
  return found;
};

export const ids = (tools: readonly Pick<ToolDefinition, "id">[]) => tools.map((t) => t.id);

export const UPSCALER = "fal-ai/clarity-upscaler";
export const FACE_SWAP = "fal-ai/face-swap";
export const BACKGROUND_REPLACE = "fal-ai/bria/background/replace";
export const LIP_SYNC = "fal-ai/sync-lipsync";
export const CHARACTER_CONTROL = "runway/act-two";
export const WATERMARK = "local/watermark";
export const LORA_TRAINER = "fal-ai/flux-lora-fast-training";
