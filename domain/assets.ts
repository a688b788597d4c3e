import type { NodeData } from "./canvas/node";
import { detectContentType, mediaUrlOf, textOf } from "./canvas/contentType";

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
  /** A text result's words (a text asset has no media URL; its `url` is empty). */
  text?: string;
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
 * Assets are the nodes with status completed and a media URL (spec: shell 4 "Assets"), and the completed
 * text nodes with text (a written logline is a result too), newest first by generatedAt
 * (falling back to the node's last change).
 */
export function assetsFromNodes(nodes: readonly { id: string; data: NodeData }[]): AssetCard[] {
  const cards: (AssetCard & { sortKey: number })[] = [];
  for (const { id, data } of nodes) {
    const status = data.status === "success" ? "completed" : data.status;
    if (status !== "completed") continue;
    const detected = detectContentType(data);
    const text = detected === "text" ? textOf(data) : undefined;
    const url = text ? "" : mediaUrlOf(data);
    if (!text && !url) continue;
    const generatedAt =
      typeof data.generatedAt === "string" ? data.generatedAt : data.lastModified ? new Date(data.lastModified).toISOString() : undefined;
    cards.push({
      id,
      nodeId: id,
      url: url!,
      thumbnailUrl: typeof data.thumbnailUrl === "string" ? data.thumbnailUrl : undefined,
      contentType: text ? "text" : (KIND[detected] ?? assetKindFromUrl(url!)),
      prompt: data.prompt,
      model: data.selectedModel ?? (typeof data.model === "string" ? data.model : undefined),
      provider: typeof data.provider === "string" ? data.provider : undefined,
      generatedAt,
      filename: text ? "asset" : assetFilename(url!),
      title: data.title || "Untitled",
      ...(text ? { text } : {}),
      sortKey: generatedAt ? Date.parse(generatedAt) : 0,
    });
  }
  return cards.sort((a, b) => b.sortKey - a.sortKey).map(({ sortKey: _s, ...card }) => card);
}

export const matchesFilter = (card: AssetCard, filter: AssetFilter) => filter === "all" || card.contentType === filter;

/** Characters no file system takes in a name (and control characters), and runs of spaces. */
const UNSAFE_IN_NAME = /[\\/:*?"<>|\u0000-\u001f\u007f]+/g;
const cleanName = (s: string) => s.replace(UNSAFE_IN_NAME, " ").replace(/\s+/g, " ").trim();
/** What the animatic run titles its node: "Animatic · {scene or shot list}". */
const ANIMATIC_TITLE = /^animatic\s*·\s*(.*)$/i;

/**
 * The name a downloaded asset is saved under: after the project and the node or shot,
 * as a film maker would file it — "Rain Chase – Shot 2.png", "Rain Chase animatic.mp4" — never the stored
 * file's generated name. An untitled node is named after the project alone.
 */
export function assetDownloadName(projectName: string, nodeTitle: string | undefined, ext: string): string {
  const project = cleanName(projectName).slice(0, 100) || "Reelgraph";
  const title = cleanName(nodeTitle ?? "").slice(0, 100);
  const animatic = ANIMATIC_TITLE.exec(title);
  let base: string;
  if (animatic) {
    const of = animatic[1]!.trim();
    base = !of || of.toLowerCase() === project.toLowerCase() ? `${project} animatic` : `${project} – ${of} animatic`;
  } else {
    base = !title || title === "Untitled" || title.toLowerCase() === project.toLowerCase() ? project : `${project} – ${title}`;
  }
  return ext ? `${base}.${ext}` : base;
}
