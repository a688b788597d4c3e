/**
 * The bottom toolbar's choices (spec canvas 9) and how they reach the model: style, camera movement, shot
 * size and aspect ratio are appended to the prompt as plain instructions (spec canvas 7 execute-node), and
 * mapped onto a model's own parameters when it has matching ones.
 */
import type { ToolbarControls } from "./api";
import type { MediaType, Model } from "./modelTypes";

export const STYLE_OPTIONS = [
  "none",
  "airy",
  "moody",
  "flat-design",
  "isometric",
  "film",
  "motion-blur",
  "news-print",
  "polaroid",
  "prim",
  "airbrush",
  "memphis",
  "line-drawing",
  "paper-cutout",
  "xeros-lab",
  "16mm-film",
] as const;
export const CAMERA_MOVEMENTS = [
  "none",
  "static",
  "handheld",
  "crane-up",
  "crane-down",
  "dolly-in",
  "dolly-out",
  "arc-right",
  "arc-left",
  "truck-up",
  "truck-down",
  "focus-swap",
] as const;
export const TOOLBAR_ASPECT_RATIOS = ["1:1", "4:3", "3:2", "16:9", "21:9", "9:16", "4:5", "2:3"] as const;
export const SHOT_SIZES = [
  "none",
  "extreme-wide",
  "wide-shot",
  "full-shot",
  "medium-wide",
  "medium-shot",
  "medium-close-up",
  "close-up",
  "extreme-close-up",
] as const;
/** The Advanced Settings modal's style values (spec canvas 9 "Advanced style values"). */
export const ADVANCED_STYLES = ["default", "cinematic", "artistic", "realistic"] as const;

/** Voices offered for speech; the local engine maps them onto its flite voices. */
export const VOICES = ["Aria", "Roger", "Sarah", "Laura", "Charlie", "George", "Callum", "River", "Liam", "Charlotte"] as const;

export const MIN_VARIATIONS = 1;
export const MAX_TOOLBAR_VARIATIONS = 5;

/** spec canvas 3: default aspect ratio by type: image 1:1, video 16:9 (toolbar default 16:9). */
export function defaultAspectRatio(type: MediaType | null): string {
  return type === "image" ? "1:1" : "16:9";
}

/** 'dolly-in' → 'dolly in'. */
const words = (value: string) => value.replace(/-/g, " ");
const chosen = (value: string | undefined) => (value && value !== "none" ? value : undefined);

/**
 * The prompt sent to the model: the user's words, then one short sentence per toolbar choice that applies
 * to the output type (camera movement only for video; aspect ratio for image and video).
 */
export function composePrompt(prompt: string, controls: ToolbarControls, output: MediaType | null): string {
  const parts = [prompt.trim()];
  const style = chosen(controls.style);
  if (style && output !== "audio" && output !== "text") parts.push(`Style: ${words(style)}.`);
  const look = controls.advancedStyle && controls.advancedStyle !== "default" ? controls.advancedStyle : undefined;
  if (look && output !== "audio" && output !== "text") parts.push(`Look: ${look}.`);
  const shot = chosen(controls.shotSize);
  if (shot && (output === "image" || output === "video")) parts.push(`Shot size: ${words(shot)}.`);
  const move = chosen(controls.cameraMovement);
  if (move && output === "video") parts.push(`Camera movement: ${words(move)}.`);
  if (controls.aspectRatio && (output === "image" || output === "video")) parts.push(`Aspect ratio ${controls.aspectRatio}.`);
  return parts.filter(Boolean).join(" ");
}

const ASPECT_KEYS = ["aspect_ratio", "aspectRatio", "ratio"] as const;
const CAMERA_KEYS = ["camera_movement"] as const;
const VOICE_KEYS = ["voice", "voice_id"] as const;

/**
 * Fills a model's own aspect-ratio, camera and voice parameters from the toolbar when the user has not set
 * them in the Model Parameters form and the model accepts the value.
 */
export function applyToolbarToParams(model: Model, params: Record<string, unknown>, controls: ToolbarControls): Record<string, unknown> {
  const out = { ...params };
  const props = model.inputSchema.properties;
  const fill = (keys: readonly string[], value: string | undefined) => {
    if (!value) return;
    for (const key of keys) {
      const prop = props[key];
      if (!prop || out[key] !== undefined) continue;
      if (prop.enum && !prop.enum.includes(value)) continue;
      out[key] = value;
    }
  };
  fill(ASPECT_KEYS, controls.aspectRatio);
  fill(CAMERA_KEYS, chosen(controls.cameraMovement));
  fill(VOICE_KEYS, controls.voice);
  return out;
}

/**
 * The other way round, for the Model Parameters form: a value chosen there for a parameter the toolbar also
 * sets (aspect ratio, camera movement, voice) becomes the toolbar's choice, so the two never disagree and the
 * run uses what both show. Values the toolbar cannot show stay the model's own parameters.
 */
export function toolbarChoicesFromParams(
  model: Model,
  params: Record<string, unknown>,
): { params: Record<string, unknown>; controls: Partial<ToolbarControls> } {
  const own = { ...params };
  const controls: Partial<ToolbarControls> = {};
  const props = model.inputSchema.properties;
  const take = (keys: readonly string[], control: "aspectRatio" | "cameraMovement" | "voice", options: readonly string[]) => {
    for (const key of keys) {
      const value = own[key];
      if (!props[key] || typeof value !== "string" || !options.includes(value)) continue;
      controls[control] = value;
      delete own[key];
    }
  };
  take(ASPECT_KEYS, "aspectRatio", TOOLBAR_ASPECT_RATIOS);
  take(CAMERA_KEYS, "cameraMovement", CAMERA_MOVEMENTS);
  take(VOICE_KEYS, "voice", VOICES);
  return { params: own, controls };
}

/** The output type a model makes (its first capability's first output). */
export function outputTypeOf(model: Model): MediaType {
  return model.capabilities[0]!.outputTypes[0]!.type;
}
