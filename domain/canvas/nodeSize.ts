import { parseAspectRatio } from "./aspectRatio";
import { detectContentType, nodeLook, textOf } from "./contentType";
import type { NodeData } from "./node";

export interface NodeSize {
  width: number;
  height: number;
}

/** spec (canvas 9 "Node size"). */
export const EMPTY_NODE_SIZE: NodeSize = { width: 380, height: 280 };
export const AUDIO_NODE_SIZE: NodeSize = { width: 480, height: 120 };
export const TEXT_NODE_MIN: NodeSize = { width: 380, height: 280 };
export const TEXT_NODE_MAX: NodeSize = { width: 520, height: 400 };
export const MEDIA_NODE_MIN_SIDE = 280;
export const MEDIA_NODE_MAX_SIDE = 400;
/** Text length (characters of `content`) at which a text node reaches its largest size. */
export const TEXT_FULL_SIZE_CHARS = 1000;

/**
 * Text node size: grows linearly with the text length from 380×280 (empty) to 520×400 (1000 characters
 * or more), both sides rounded to whole pixels. Monotonic in length; 500 characters → 450×340.
 */
export function textNodeSize(length: number): NodeSize {
  const t = Math.min(1, Math.max(0, Number.isFinite(length) ? length : 0) / TEXT_FULL_SIZE_CHARS);
  return {
    width: Math.round(TEXT_NODE_MIN.width + (TEXT_NODE_MAX.width - TEXT_NODE_MIN.width) * t),
    height: Math.round(TEXT_NODE_MIN.height + (TEXT_NODE_MAX.height - TEXT_NODE_MIN.height) * t),
  };
}

/**
 * Media node size for a width/height ratio: both sides stay within 280–400. The longer side is 400 and the
 * shorter side is 400 / ratio, but never under 280 (the media is shown contained, letterboxed, inside):
 * 1:1 → 400×400, 4:3 → 400×300, 16:9 → 400×280, 3:4 → 300×400, 9:16 → 280×400, 4:5 → 320×400.
 * An invalid ratio counts as 1:1.
 */
export function mediaNodeSize(ratio: number): NodeSize {
  const r = Number.isFinite(ratio) && ratio > 0 ? ratio : 1;
  const max = MEDIA_NODE_MAX_SIDE;
  const short = (v: number) => Math.round(Math.min(max, Math.max(MEDIA_NODE_MIN_SIDE, v)));
  return r >= 1 ? { width: max, height: short(max / r) } : { width: short(max * r), height: max };
}

/**
 * spec (canvas 9 "Node size"), by the card's look (nodeLook):
 * - empty → 380×280;
 * - text → textNodeSize(length of the node text);
 * - media: audio → 480×120; image, video, model3d → mediaNodeSize(data.aspectRatio, default 1:1).
 */
export function nodeSize(data: NodeData): NodeSize {
  const look = nodeLook(data);
  if (look === "text") return textNodeSize(textOf(data)?.length ?? 0);
  if (look === "media") {
    if (detectContentType(data) === "audio") return { ...AUDIO_NODE_SIZE };
    return mediaNodeSize(parseAspectRatio(data.aspectRatio) ?? 1);
  }
  return { ...EMPTY_NODE_SIZE };
}

/** Height of a card's title bar and icons above its content (nodeSize is the content's). */
export const CARD_CHROME = 56;

/** The room a card takes on the canvas before it is measured: its content's size and the title bar. */
export function cardSize(data: NodeData): NodeSize {
  const size = nodeSize(data);
  return { width: size.width, height: size.height + CARD_CHROME };
}
