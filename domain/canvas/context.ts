import { detectContentType, mediaUrlOf, nodeLook, textOf } from "./contentType";
import type { ContentType, NodeData } from "./node";

/** spec (canvas 9): the context strip shows at most 4 thumbnails; text previews are 50 characters. */
export const CONTEXT_STRIP_MAX = 4;
export const CONTEXT_TEXT_PREVIEW_CHARS = 50;

export interface UpstreamNode {
  id: string;
  data: NodeData;
}

/** spec (canvas 3 "Context item (strip)"). */
export interface ContextItem {
  nodeId: string;
  type: "image" | "video" | "text";
  previewUrl?: string;
  text?: string;
}

/** Several images collapsed into one stacked thumbnail; the badge shows `stack.length`. */
export interface ContextStack {
  stack: ContextItem[];
}

export type ContextStripEntry = ContextItem | ContextStack;

export const isContextStack = (entry: ContextStripEntry): entry is ContextStack => "stack" in entry;

/** The first `n` characters (code points, so emoji are not split). */
const firstChars = (s: string, n: number) => Array.from(s).slice(0, n).join("");

/**
 * spec (canvas 2/3): one strip item per upstream node, in the given order (first occurrence of a node id):
 * - image or video with a media URL → { type, previewUrl: mediaUrlOf(data) };
 * - a text node (nodeLook "text") with non-blank text → { type: "text", text: first 50 characters of the
 *   trimmed text, no ellipsis };
 * - anything else (empty nodes, audio, 3D, media type without a URL and without text) is skipped.
 */
export function contextItems(upstream: readonly UpstreamNode[]): ContextItem[] {
  const items: ContextItem[] = [];
  const seen = new Set<string>();
  for (const { id, data } of upstream) {
    if (seen.has(id)) continue;
    seen.add(id);
    const look = nodeLook(data);
    const type = detectContentType(data);
    const url = mediaUrlOf(data);
    if (look === "media" && url && (type === "image" || type === "video")) {
      items.push({ nodeId: id, type, previewUrl: url });
    } else if (look === "text") {
      const text = textOf(data)?.trim();
      if (text) items.push({ nodeId: id, type: "text", text: firstChars(text, CONTEXT_TEXT_PREVIEW_CHARS) });
    }
  }
  return items;
}

export interface ContextStrip {
  visible: ContextStripEntry[];
  /** The '+N' badge: entries beyond the visible ones (0 = no badge). */
  overflow: number;
  /** Counts context ITEMS (every stacked image counts): '1 context' or 'N contexts'. */
  caption: "1 context" | `${number} contexts`;
}

/**
 * spec (canvas 2 "Context strip"):
 * 1. With 2 or more image items, ALL image items collapse into ONE stack entry placed where the first
 *    image was (later images leave their places; videos and texts keep their order). A single image
 *    stays a plain item.
 * 2. The first `max` entries (default 4) are visible; `overflow` is the number of entries left (the '+N').
 * 3. The caption counts items, not entries: 5 images + 1 text → 2 entries, caption '6 contexts'.
 */
export function contextStrip(items: readonly ContextItem[], max: number = CONTEXT_STRIP_MAX): ContextStrip {
  const images = items.filter((i) => i.type === "image");
  let entries: ContextStripEntry[];
  if (images.length >= 2) {
    entries = [];
    let stacked = false;
    for (const item of items) {
      if (item.type !== "image") entries.push(item);
      else if (!stacked) {
        entries.push({ stack: images });
        stacked = true;
      }
    }
  } else {
    entries = [...items];
  }
  const limit = Number.isFinite(max) ? Math.max(0, Math.floor(max)) : CONTEXT_STRIP_MAX;
  const visible = entries.slice(0, limit);
  const n = items.length;
  return { visible, overflow: entries.length - visible.length, caption: n === 1 ? "1 context" : `${n} contexts` };
}

/** spec (canvas 3 "Context item sent to generation"). */
export interface GenerationContextItem {
  type: Exclude<ContentType, "none">;
  url?: string;
  text?: string;
  nodeId: string;
  mediaUrl?: string;
  content?: string;
  contentType: Exclude<ContentType, "none">;
}

/**
 * The context sent with a generation (POST /api/execute-node `context[]`), one per upstream node in order
 * (first occurrence of a node id). `type` and `contentType` are detectContentType(data).
 * - a media node (nodeLook "media": image, video, audio, model3d) → url = mediaUrl = mediaUrlOf(data);
 * - a node with text → text = content = the full text (not cut); a media node that also has text carries both;
 * - nodes with neither (empty) are skipped.
 */
export function generationContext(upstream: readonly UpstreamNode[]): GenerationContextItem[] {
  const out: GenerationContextItem[] = [];
  const seen = new Set<string>();
  for (const { id, data } of upstream) {
    if (seen.has(id)) continue;
    seen.add(id);
    const look = nodeLook(data);
    if (look === "empty") continue;
    const detected = detectContentType(data);
    const type = detected === "none" ? "text" : detected;
    const url = look === "media" ? mediaUrlOf(data) : undefined;
    const text = textOf(data);
    if (!url && !text) continue;
    const item: GenerationContextItem = { type, nodeId: id, contentType: type };
    if (url) Object.assign(item, { url, mediaUrl: url });
    if (text) Object.assign(item, { text, content: text });
    out.push(item);
  }
  return out;
}
