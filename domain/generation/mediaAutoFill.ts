import type { MediaKind } from "./parameterRules";

/** One item of a node's connected context (spec canvas 3 "Context item sent to generation"). */
export interface ContextMedia {
  type: "image" | "video" | "audio" | "text";
  url?: string;
}

/** Any form field; media slots are the ones with `accepts`. */
export interface MediaSlotLike {
  name: string;
  accepts?: readonly MediaKind[];
  multiple?: boolean;
}

export type MediaFill = Record<string, string | string[]>;

const hasValue = (v: unknown) => v !== undefined && v !== null && v !== "" && !(Array.isArray(v) && v.length === 0);

/**
 * spec canvas 5: media-URL parameters are auto-filled from connected context; 'character' takes an image
 * or video, 'reference' a video, others by kind (see mediaAccepts).
 *
 * Each context item (with a URL) fills at most one slot, so two image slots (start and end frame) take
 * the first and second image rather than the same one twice. Slots that accept fewer kinds choose first
 * ('reference' before 'character', so [video, image] gives reference the video and character the image);
 * ties keep field order. List slots (`multiple`) come last and take every remaining item of their kinds.
 * Slots already holding a value in `current` are left alone. Returns only the slots it fills.
 */
export function autoFillMedia(
  fields: readonly MediaSlotLike[],
  context: readonly ContextMedia[],
  current: Readonly<Record<string, unknown>> = {},
): MediaFill {
  const slots = fields
    .map((field, index) => ({ field, index }))
    .filter(({ field }) => field.accepts && field.accepts.length > 0 && !hasValue(current[field.name]))
    .sort(
      (a, b) =>
        Number(a.field.multiple ?? false) - Number(b.field.multiple ?? false) ||
        (a.field.accepts?.length ?? 0) - (b.field.accepts?.length ?? 0) ||
        a.index - b.index,
    );
  const used = new Set<number>();
  const fill: MediaFill = {};
  for (const { field } of slots) {
    const accepts = field.accepts ?? [];
    const matches = context
      .map((item, i) => ({ item, i }))
      .filter(({ item, i }) => !used.has(i) && item.url && item.type !== "text" && accepts.includes(item.type));
    if (matches.length === 0) continue;
    const taken = field.multiple ? matches : matches.slice(0, 1);
    for (const { i } of taken) used.add(i);
    const urls = taken.map(({ item }) => item.url ?? "");
    fill[field.name] = field.multiple ? urls : (urls[0] ?? "");
  }
  return fill;
}
