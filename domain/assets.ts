import type { NodeData } from "./canvas/node";
import { detectContentType, mediaUrlOf } from "./canvas/contentType";

export type AssetKind = "image" | "video" | "text" | "audio" | "model";
export const ASSET_FILTERS = ["all", "image", "video", "text", "audio"] as const;
export type AssetFilter = (typeof ASSET_FILTERS)[number];

export interface AssetCard {
  id: string;
  nodeId: string;
  url: string;
  thumbnailUrl?: string;
  contentType: AssetKind;
  prompt?: string;
  model?: string;
  provider?: string;
  generatedAt?: string;
  filename: string;
  title: string;
}

/** spec (shell 5): absent types are guessed from the extension — mp4/mov/webm video, mp3/wav audio, glb/obj model, else image. */
export function assetKindFromUrl(url: string): AssetKind {
  const ext = /\.([a-z0-9]+)(?:[?#]|$)/i.exec(url)?.[1]?.toLowerCase();
  if (ext && ["mp4", "mov", "webm"].includes(ext)) return "video";
  if (ext && ["mp3", "wav"].includes(ext)) return "audio";
  if (ext && ["glb", "obj"].includes(ext)) return "model";
  return "image";
}

/** The last path segment of the URL, or 'asset' (spec: shell 3 "Asset card"). */
export function assetFilename(url: string): string {
  const path = url.split(/[?#]/)[0] ?? "";
  const last = path.split("/").filter(Boolean).at(-1);
  return last ? decodeURIComponent(last) : "asset";
}

const KIND: Record<string, AssetKind> = { image: "image", video: "video", audio: "audio", text: "text", model3d: "model" };

/**
 * Assets are the nodes with status completed and a media URL (spec: shell 4 "Assets"), newest first by
 * generatedAt (falling back to the node's last change).
 */
export function assetsFromNodes(nodes: readonly { id: string; data: NodeData }[]): AssetCard[] {
  const cards: (AssetCard & { sortKey: number })[] = [];
  for (const { id, data } of nodes) {
    const url = mediaUrlOf(data);
    const status = data.status === "success" ? "completed" : data.status;
    if (!url || status !== "completed") continue;
    const detected = detectContentType(data);
    const generatedAt = typeof data.generatedAt === "string" ? data.generatedAt : data.lastModified ? new Date(data.lastModified).toISOString() : undefined;
    cards.push({
      id,
      nodeId: id,
      url,
      thumbnailUrl: typeof data.thumbnailUrl === "string" ? data.thumbnailUrl : undefined,
      contentType: KIND[detected] ?? assetKindFromUrl(url),
      prompt: data.prompt,
      model: data.selectedModel ?? (typeof data.model === "string" ? data.model : undefined),
      provider: typeof data.provider === "string" ? data.provider : undefined,
      generatedAt,
      filename: assetFilename(url),
      title: data.title || "Untitled",
      sortKey: generatedAt ? Date.parse(generatedAt) : 0,
    });
  }
  return cards.sort((a, b) => b.sortKey - a.sortKey).map(({ sortKey: _s, ...card }) => card);
}

export const matchesFilter = (card: AssetCard, filter: AssetFilter) => filter === "all" || card.contentType === filter;
