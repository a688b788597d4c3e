import { NODE_STATUSES, type ContentType, type NodeData, type NodeStatus } from "./node";

type MediaType = Exclude<ContentType, "none" | "text">;

const str = (v: unknown): string | undefined => (typeof v === "string" && v.trim().length > 0 ? v : undefined);

/** The media URL fields, in the order the card reads them. */
export const MEDIA_URL_FIELDS = ["displayUrl", "mediaUrl", "azureUrl", "permanentMediaUrl", "url"] as const;

/** The node's media URL: the first non-blank of displayUrl, mediaUrl, azureUrl, permanentMediaUrl, url. */
export function mediaUrlOf(data: NodeData): string | undefined {
  const record = data as Record<string, unknown>;
  for (const field of MEDIA_URL_FIELDS) {
    const url = str(record[field]);
    if (url) return url;
  }
  return undefined;
}

/** The node's text: `content`, else `generatedText` (spec 3), when not blank. */
export function textOf(data: NodeData): string | undefined {
  return str(data.content) ?? str((data as Record<string, unknown>).generatedText);
}

/**
 * A stored content-type word → a content type, or null when it says nothing (undefined, "", "none",
 * junk such as "success"). Case-insensitive. '3D', '3d', 'model', 'model3d', 'model_3d', 'model-3d',
 * '3d-model' → model3d. MIME types count too: 'image/png' → image, 'video/mp4' → video, 'audio/mpeg' →
 * audio, 'model/gltf-binary' → model3d, 'text/plain' → text.
 */
export function normalizeContentType(value: unknown): Exclude<ContentType, "none"> | null {
  if (typeof value !== "string") return null;
  const v = value.trim().toLowerCase();
  switch (v) {
    case "text":
    case "image":
    case "video":
    case "audio":
      return v;
    case "model3d":
    case "3d":
    case "model":
    case "model_3d":
    case "model-3d":
    case "3d-model":
    case "3d_model":
      return "model3d";
  }
  const mime = /^(image|video|audio|text|model)\/[\w.+-]+/.exec(v);
  if (mime) return mime[1] === "model" ? "model3d" : (mime[1] as "image" | "video" | "audio" | "text");
  return null;
}

/** File extension → media type (spec canvas 4/5). */
export const EXTENSION_TYPES: Readonly<Record<string, MediaType>> = {
  mp4: "video",
  mov: "video",
  webm: "video",
  avi: "video",
  mp3: "audio",
  wav: "audio",
  ogg: "audio",
  m4a: "audio",
  aac: "audio",
  flac: "audio",
  glb: "model3d",
  gltf: "model3d",
  png: "image",
  jpg: "image",
  jpeg: "image",
  webp: "image",
  gif: "image",
};

/** The URL without query or fragment. */
const pathOf = (url: string) => url.split(/[?#]/, 1)[0] ?? "";

/** The media type named by a URL's file extension (query and fragment ignored), or by a data: URI's MIME. */
export function contentTypeFromExtension(url: string): MediaType | null {
  const dataUri = /^data:([^;,]*)/i.exec(url.trim());
  if (dataUri) {
    const t = normalizeContentType(dataUri[1]);
    return t && t !== "text" ? t : null;
  }
  const last = pathOf(url).split("/").pop() ?? "";
  const dot = last.lastIndexOf(".");
  if (dot < 0) return null;
  return EXTENSION_TYPES[last.slice(dot + 1).toLowerCase()] ?? null;
}

/**
 * The media type suggested by words in a URL (split on anything not a letter or digit), checked in the
 * order video, audio, model3d, image: "video"/"videos"/"mp4"… → video, "audio"/"mp3"… → audio,
 * "3d"/"glb"/"gltf"/"model3d" → model3d, "image"/"images"/"img"/"photo"/"png"… → image.
 * So ".../kling-video/out" → video and "?format=glb" → model3d. data: URIs are not scanned.
 */
export function contentTypeFromUrlWords(url: string): MediaType | null {
  if (/^data:/i.test(url.trim())) return null;
  const words = new Set(
    url
      .toLowerCase()
      .split(/[^a-z0-9]+/)
      .filter(Boolean),
  );
  const has = (...w: string[]) => w.some((x) => words.has(x));
  const exts = (type: MediaType) => Object.keys(EXTENSION_TYPES).filter((e) => EXTENSION_TYPES[e] === type);
  if (has("video", "videos", ...exts("video"))) return "video";
  if (has("audio", "audios", "sound", "speech", "tts", ...exts("audio"))) return "audio";
  if (has("3d", "model3d", ...exts("model3d"))) return "model3d";
  if (has("image", "images", "img", "photo", "photos", ...exts("image"))) return "image";
  return null;
}

/**
 * spec (canvas 4): "Content type is detected from data fields first, then from file extension or URL words."
 * 1. `data.contentType`, then `data.mediaType` (normalizeContentType: '3D' → model3d; "none"/junk skipped);
 * 2. the extension of each media URL (mediaUrlOf order: displayUrl, mediaUrl, azureUrl, permanentMediaUrl, url);
 * 3. words in those URLs (contentTypeFromUrlWords);
 * 4. a media URL that still says nothing → "image" (the spec's default content type);
 * 5. non-blank text (content / generatedText) → "text";
 * 6. otherwise "none".
 */
export function detectContentType(data: NodeData): ContentType {
  const record = data as Record<string, unknown>;
  const fromField = normalizeContentType(record.contentType) ?? normalizeContentType(record.mediaType);
  if (fromField) return fromField;

  const urls = MEDIA_URL_FIELDS.map((f) => str(record[f])).filter((u): u is string => !!u);
  for (const url of urls) {
    const t = contentTypeFromExtension(url);
    if (t) return t;
  }
  for (const url of urls) {
    const t = contentTypeFromUrlWords(url);
    if (t) return t;
  }
  if (urls.length > 0) return "image";
  if (textOf(data)) return "text";
  return "none";
}

export type NodeLook = "empty" | "text" | "media";

/**
 * spec (canvas 2 "Node card"): which of the three card looks a node has.
 * - "media": the detected type is image/video/audio/model3d and the node has a media URL;
 * - "text": the detected type is text (even with no text yet: the card shows 'Click to edit text...'),
 *   or the node has text but no media URL;
 * - "empty": everything else ('Drop files or click to upload').
 */
export function nodeLook(data: NodeData): NodeLook {
  const type = detectContentType(data);
  if (type === "text") return "text";
  if (type !== "none" && mediaUrlOf(data)) return "media";
  if (textOf(data)) return "text";
  return "empty";
}

/** True when the node holds media or text (spec 2 "Type locked - node has generated content"). */
export function hasGeneratedContent(data: NodeData): boolean {
  return mediaUrlOf(data) !== undefined || textOf(data) !== undefined;
}

/**
 * spec (canvas 4 "Node status"): stored 'success' is treated as completed; a known status is kept
 * (case-insensitive); anything else (undefined, junk) → idle.
 */
export function normalizeStatus(status: unknown): NodeStatus {
  if (typeof status !== "string") return "idle";
  const s = status.trim().toLowerCase();
  if (s === "success") return "completed";
  return (NODE_STATUSES as readonly string[]).includes(s) ? (s as NodeStatus) : "idle";
}

/**
 * spec (canvas 4 "Node status") — the status a node shows when it mounts / loads:
 * - the card starts idle ("On mount the node is set to idle"): no or unknown stored status → idle;
 * - stored 'success' → completed;
 * - "A node stuck on generating that already has media is corrected to completed";
 * - generating WITHOUT media stays generating: the generation may still be running on the server and the
 *   live node record (realtime) settles it to completed or error;
 * - recording → idle: a recording lives in one tab and cannot survive a reload;
 * - completed, error and idle are kept as stored.
 */
export function statusOnLoad(data: NodeData): NodeStatus {
  const status = normalizeStatus(data.status);
  // A run the server tracks (it has a generationId) is ended by the server, which never leaves one hanging.
  if (status === "generating" && mediaUrlOf(data) && !(data as Record<string, unknown>).generationId) return "completed";
  if (status === "recording") return "idle";
  return status;
}
