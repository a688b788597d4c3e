import { detectContentType, mediaUrlOf, nodeLook } from "./contentType";
import type { NodeData } from "./node";

/**
 * Below this zoom a node draws as a light card ("Everything on screen"): at 30 % a full card's
 * 14 px title is 4 px tall and its text, buttons and players are unreadable, yet cost ~26 elements each.
 */
export const LIGHT_CARD_BELOW_ZOOM = 0.3;

export const isZoomedOut = (zoom: number) => zoom < LIGHT_CARD_BELOW_ZOOM;

/** What a light card says a node is, by colour: its content type, or empty. */
export type LightCardKind = "text" | "image" | "video" | "audio" | "model3d" | "empty";

export function lightCardKind(data: NodeData): LightCardKind {
  const look = nodeLook(data);
  if (look === "empty") return "empty";
  if (look === "text") return "text";
  const type = detectContentType(data);
  return type === "video" || type === "audio" || type === "model3d" ? type : "image";
}

// Our own stored media; a thumbnail exists only for these (an outside URL has no server-side rendition).
const OWN_MEDIA = /^\/api\/media\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;

/** The small rendition the server makes of a node's stored image (GET /api/media/:id/thumbnail), else null. */
export function thumbnailUrlOf(data: NodeData): string | null {
  if (lightCardKind(data) !== "image") return null;
  const match = OWN_MEDIA.exec(mediaUrlOf(data) ?? "");
  return match ? `/api/media/${match[1]}/thumbnail` : null;
}
