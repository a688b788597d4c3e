import type { Preview } from "./projects";

const VIDEO_EXT = /\.(mp4|mov|avi|webm)(\?|#|$)/i;
const IMAGE_EXT = /\.(jpg|jpeg|png|webp)(\?|#|$)/i;

/** spec (shell 2): a URL counts as video with .mp4/.mov/.avi/.webm and as image with .jpg/.png/.jpeg/.webp. */
export function mediaKindOfUrl(url: string): Preview["kind"] | null {
  if (VIDEO_EXT.test(url)) return "video";
  if (IMAGE_EXT.test(url)) return "image";
  return null;
}

type Loose = Record<string, unknown> | null | undefined;
const str = (v: unknown): string | null => (typeof v === "string" && v.length > 0 ? v : null);
const obj = (v: unknown): Loose => (v && typeof v === "object" ? (v as Record<string, unknown>) : null);

export interface PreviewSource {
  thumbnail?: string | null;
  /** Node data records, in canvas order. */
  nodes?: ReadonlyArray<Loose>;
}

/**
 * The dashboard card preview (spec: shell 2 "Preview choice order"): the project thumbnail, then canvas
 * nodes whose contentType is video or image (azureUrl, mediaUrl, videoUrl, imageUrl, url), then node
 * outputs (output.videoUrl, output.imageUrl, output.processedImageUrl, imageUrl, input.imageUrl).
 */
export function choosePreview(source: PreviewSource): Preview | null {
  const thumb = str(source.thumbnail);
  if (thumb) return { url: thumb, kind: mediaKindOfUrl(thumb) ?? "image" };

  const nodes = source.nodes ?? [];
  for (const node of nodes) {
    const type = str(node?.contentType);
    if (type !== "video" && type !== "image") continue;
    const url = ["azureUrl", "mediaUrl", "videoUrl", "imageUrl", "url"].map((k) => str(node?.[k])).find(Boolean);
    if (url) return { url, kind: mediaKindOfUrl(url) ?? type };
  }
  for (const node of nodes) {
    const output = obj(node?.output);
    const input = obj(node?.input);
    const candidates = [
      str(output?.videoUrl),
      str(output?.imageUrl),
      str(output?.processedImageUrl),
      str(node?.imageUrl),
      str(input?.imageUrl),
    ];
    for (const url of candidates) {
      const kind = url ? mediaKindOfUrl(url) : null;
      if (url && kind) return { url, kind };
    }
  }
  return null;
}
