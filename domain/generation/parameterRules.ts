import type { ResolvedProperty } from "./jsonSchema";

/** Rules shared by the model parameter form and the tool parameter form (spec canvas 5). */

/** A value a parameter form holds. */
export type ParamValue = string | number | boolean;

/** spec canvas 5: boolean toggles and switches read 'Enabled' / 'Disabled'. */
export const TOGGLE_LABELS = { on: "Enabled", off: "Disabled" } as const;
export const toggleLabel = (on: boolean): string => (on ? TOGGLE_LABELS.on : TOGGLE_LABELS.off);

export const isNumeric = (p: ResolvedProperty): boolean => p.type === "number" || p.type === "integer";

export const hasBothBounds = (p: ResolvedProperty): p is ResolvedProperty & { minimum: number; maximum: number } =>
  typeof p.minimum === "number" && typeof p.maximum === "number";

/** spec canvas 5: slider step is multipleOf, else 1 for integers, else 0.01. */
export function sliderStep(p: ResolvedProperty): number {
  if (typeof p.multipleOf === "number" && p.multipleOf > 0) return p.multipleOf;
  return p.type === "integer" ? 1 : 0.01;
}

/** Drops binary floating-point noise (0.3 * 9 = 2.6999999999999997 → 2.7). */
const clean = (n: number): number => Number(n.toFixed(10));

/**
 * spec canvas 5 (tool form; the model form's "range-based numbers" use the same rule):
 * - number with both bounds: range ≤ 1 → min + 50% of range; ≤ 10 → min + 30%; else min + min(20% of
 *   range, 10). No bounds (or only one): min, else 0.
 * - integer with both bounds: range ≤ 10 → min + 30% of range; else min + min(20% of range, 5); the sum is
 *   rounded with Math.round (halves up: 0..5 → 1.5 → 2). No bounds: min, else 1.
 * Number results are only cleaned of float noise, not snapped to a step (1..10 → 3.7).
 */
export function numericDefault(p: ResolvedProperty): number {
  const integer = p.type === "integer";
  if (!hasBothBounds(p)) return p.minimum ?? (integer ? 1 : 0);
  const min = p.minimum;
  const range = p.maximum - min;
  if (integer) return Math.round(min + (range <= 10 ? 0.3 * range : Math.min(0.2 * range, 5)));
  if (range <= 1) return clean(min + 0.5 * range);
  if (range <= 10) return clean(min + 0.3 * range);
  return clean(min + Math.min(0.2 * range, 10));
}

const NUMBER_TEXT = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;

/**
 * spec canvas 5: number inputs commit on blur and invalid text is ignored. Returns the number for plain
 * decimal text (surrounding spaces allowed), or null — the caller then keeps the previous value.
 */
export function parseNumberInput(text: string): number | null {
  const t = text.trim();
  if (!NUMBER_TEXT.test(t)) return null;
  const n = Number(t);
  return Number.isFinite(n) ? n : null;
}

/** The scalar values of an enum or examples list, duplicates removed (objects and null are not options). */
export function scalarOptions(values: readonly unknown[] | undefined): ParamValue[] {
  const out: ParamValue[] = [];
  for (const v of values ?? []) {
    if ((typeof v === "string" || typeof v === "number" || typeof v === "boolean") && !out.includes(v)) out.push(v);
  }
  return out;
}

export const isParamValue = (v: unknown): v is ParamValue =>
  typeof v === "string" || (typeof v === "number" && Number.isFinite(v)) || typeof v === "boolean";

/** 'num_inference_steps' → 'Num inference steps'; 'bodyControl' → 'Body control'. Used when there is no title. */
export function humanizeName(name: string): string {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/[_\-\s]+/g, " ")
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Kinds of connected media a media input can take (spec canvas 3 "Context item sent to generation"). */
export type MediaKind = "image" | "video" | "audio";

/** spec canvas 5: names containing prompt, text or message are never media inputs. */
const NEVER_MEDIA = /prompt|text|message/i;
/** Slots the spec names for character control; they take media though their names carry no 'url'. */
const NAMED_MEDIA_SLOTS = ["character", "reference"];

/**
 * spec canvas 5: a string parameter is a media input (media picker / file input) when its name or
 * description suggests a URL: the name contains 'url', or the description has the word URL/URLs, or the
 * schema marks it (format 'uri', or a contentMediaType), or it is the 'character' or 'reference' slot.
 * Never for names containing prompt, text or message.
 */
export function suggestsMedia(name: string, p: ResolvedProperty): boolean {
  if (NEVER_MEDIA.test(name)) return false;
  if (NAMED_MEDIA_SLOTS.includes(name)) return true;
  if (/url/i.test(name)) return true;
  if (p.format === "uri" || typeof p.contentMediaType === "string") return true;
  return /\burls?\b/i.test(p.description ?? "");
}

/**
 * spec canvas 5: which connected media a slot accepts. 'character' takes an image or a video; 'reference'
 * a video only; otherwise by kind: a contentMediaType ('video/*'...) when given, else a name containing
 * 'video' → video, 'audio' → audio, anything else (image_url, mask_url...) → image.
 */
export function mediaAccepts(name: string, p: ResolvedProperty): MediaKind[] {
  if (name === "character") return ["image", "video"];
  if (name === "reference") return ["video"];
  const declared = mediaKindsOf(p.contentMediaType);
  if (declared.length > 0) return declared;
  if (/video/i.test(name)) return ["video"];
  if (/audio/i.test(name)) return ["audio"];
  return ["image"];
}

/** The media kinds a contentMediaType names: 'video/*' → video; a list ('video/*,audio/*') → each of them. */
export function mediaKindsOf(contentMediaType: string | undefined): MediaKind[] {
  const kinds = (contentMediaType ?? "").split(",").map((t) => t.trim().split("/")[0]);
  return kinds.filter((k): k is MediaKind => k === "image" || k === "video" || k === "audio");
}

/** A parameter whose value is a list of URLs (`image_urls`, or an array of strings). */
export const isMediaList = (name: string, p: ResolvedProperty): boolean => p.type === "array" || /_urls$/i.test(name);
