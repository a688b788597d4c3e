import type { LightCardKind } from "../../../domain/canvas/levelOfDetail";

/** A node type's colour on the zoomed-out light cards and in the minimap, from the studio's palette. */
export const KIND_COLOUR: Record<LightCardKind, string> = {
  text: "#7c8cff", // periwinkle
  image: "#f5a524", // amber
  video: "#f26369",
  audio: "#2fd3a8", // teal
  model3d: "#c38cff",
  empty: "#3b4050",
};
