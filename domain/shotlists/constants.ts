/**
 * The spec's shot enumerations, defaults and limits (studio-shell 3 "Shot", "Scene", 5, 9). Values are the
 * spec's words exactly: they are what the drop-downs show, what is stored and what the exports print.
 */

export const SHOT_SIZES = [
  "Close-up",
  "Medium Close-up",
  "Extreme Close-up",
  "Wide Close-up",
  "Medium Shot",
  "Close Shot",
  "Medium Close Shot",
  "Wide Shot",
  "Extreme Wide Shot",
  "Full Shot",
  "Medium Full Shot",
  "Long Shot",
  "Extreme Long Shot",
  "Custom",
] as const;
export type ShotSize = (typeof SHOT_SIZES)[number];

export const MOVEMENTS = ["Static", "Pan", "Tilt", "Swish Pan", "Swish Tilt", "Tracking", "Custom"] as const;
export type Movement = (typeof MOVEMENTS)[number];

export const CAMERA_HEIGHTS = [
  "Eye Level",
  "Low Angle",
  "High Angle",
  "Overhead",
  "Shoulder Level",
  "Hip Level",
  "Knee Level",
  "Ground Level",
  "Custom",
] as const;

export const DUTCH_ANGLES = ["None", "Dutch (left)", "Dutch (right)"] as const;

/** spec: "Framing (shot type choices)" — the choices of both the shot type and the framing field. */
export const FRAMINGS = ["Single", "Two Shot", "Three Shot", "Over-the-Shoulder", "Over-the-Hip", "Point of View", "Custom"] as const;
export type Framing = (typeof FRAMINGS)[number];

export const FOCUS_DEPTHS = ["Rack Focus", "Shallow Focus", "Deep Focus", "Tilt-Shift", "Zoom", "Custom"] as const;

export const SHOT_DEFAULTS = {
  description: "Description...",
  subject: "Subject...",
  shotSize: "Medium Shot",
  shotType: "Single",
  movement: "Static",
} as const satisfies { shotSize: ShotSize; shotType: Framing; movement: Movement; description: string; subject: string };

/** spec (shell 3 "Scene"): a new scene's texts; its title is 'Scene N'. */
export const SCENE_DEFAULTS = {
  description: "Scene description...",
  location: "Location...",
  weather: "Weather...",
  lighting: "Lighting...",
} as const;
export const sceneTitle = (n: number) => `Scene ${n}`;

/** spec (shell 5, 9): the setup screen's stepper, presets and defaults. */
export const SHOT_COUNT_MIN = 1;
export const SHOT_COUNT_MAX = 100;
export const SHOT_COUNT_DEFAULT = 6;
export const SHOT_COUNT_PRESETS = [6, 12, 24, 50] as const;
export const DEFAULT_SHOT_LIST_NAME = "Shot list 1";
/** spec (shell 9): edits are saved after a 1-second quiet period. */
export const SHOT_LIST_SAVE_DEBOUNCE_MS = 1000;

/**
 * Bounds on one document. A feature script's breakdown must fit (120 pages is about 200 scenes
 * and 1,500 proposed shots), so a list's save may be larger than the server's usual 1 MB body limit.
 */
export const MAX_SCENES = 400;
export const MAX_SHOTS_PER_SCENE = 300;
export const MAX_SHOTS_PER_LIST = 2000;
export const SHOT_LIST_BODY_LIMIT_BYTES = 4 * 1024 * 1024;
export const SHOT_LIST_NAME_MAX = 200;
export const SHORT_TEXT_MAX = 500;
export const LONG_TEXT_MAX = 5000;

/**
 * The image model whose cost the Generate button shows (spec: shell 7 model-cost). The studio runs offline
 * by default, so this is the catalogue's local procedural image model rather than a hosted one.
 */
export const SHOT_IMAGE_MODEL_ID = "local/sketch";
