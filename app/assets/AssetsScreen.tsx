import { useMemo, useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { Download, FileText, ImageOff, Music, Box } from "lucide-react";
import { assetsFromNodes, ASSET_FILTERS, matchesFilter, type AssetCard, type AssetFilter } from "../../domain/assets";
import type { CanvasNode } from "../../domain/canvas/node";
import type { Project } from "../../domain/projects";
import { api } from "../api/client";
import { Button, Skeleton, cn, toast } from "../ui";

/** spec (shell 2 "Assets screen"): the project's completed media, filterable, downloadable. */
export function AssetsScreen({ project }: { project: Project | null }) {
  const [filter, setFilter] = useState<AssetFilter>("all");
  const nodes = useQuery({
    queryKey: ["canvas-assets", project?.id],
    queryFn: () => api<{ nodes: CanvasNode[] }>("GET", `/api/projects/nodes?projectId=${project!.id}`),
    enabled: !!project,
  });
  const cards = useMemo(() => assetsFromNodes(nodes.data?.nodes ?? []), [nodes.data]);
  const shown = cards.filter((c) => matchesFilter(c, filter));

  if (!project) return <p className="p-8 text-text-muted">Please open a project to view assets</p>;
  return (
    <section data-testid="assets-mode" className="mx-auto flex h-full max-w-6xl flex-col gap-6 overflow-y-auto px-8 py-8" aria-label={`Assets of ${project.name}`}>
      <header>
        <h1 className="text-2xl font-semibold text-text">Assets</h1>
        <p className="text-sm text-text-muted">View and download all generated assets from your project</p>
      </header>
      <div role="group" aria-label="Filter assets" className="flex gap-2">
        {ASSET_FILTERS.map((f) => (
          <button key={f} type="button" aria-pressed={filter === f} onClick={() => setFilter(f)}
            className={cn("rounded-full border px-3 py-1 text-sm capitalize", filter === f ? "border-accent bg-accent/10 text-accent" : "border-border text-text-muted hover:text-text")}>
            {f}
          </button>
        ))}
      </div>
      {nodes.isPending ? (
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
          {Array.from({ length: 4 }, (_, i) => <Skeleton key={i} className="aspect-video w-full" />)}
        </div>
      ) : shown.length === 0 ? (
        <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-border px-6 py-16 text-center">
          <ImageOff className="size-8 text-text-muted" aria-hidden />
          <p className="text-lg font-medium text-text">No assets yet</p>
          <p className="text-sm text-text-muted">Generate images, videos, or other content on the Canvas to see them here</p>
        </div>
      ) : (
        <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4" aria-label="Assets">
          {shown.map((card) => <AssetTile key={card.id} card={card} />)}
        </ul>
      )}
    </section>
  );
}

function AssetTile({ card }: { card: AssetCard }) {
  const Icon = card.contentType === "audio" ? Music : card.contentType === "model" ? Box : FileText;
  return (
    <li className="overflow-hidden rounded-xl border border-border bg-surface" data-testid="asset-card">
      <div className="flex aspect-video items-center justify-center bg-surface-2">
        {card.contentType === "image" ? (
          <img src={card.thumbnailUrl ?? card.url} alt={card.title} loading="lazy" className="h-full w-full object-cover" />
        ) : card.contentType === "video" ? (
          <video src={card.url} muted preload="metadata" className="h-full w-full object-cover" />
        ) : (
          <Icon className="size-8 text-text-muted" aria-hidden />
        )}
      </div>
      <div className="flex items-center gap-2 px-3 py-2">
        <span className="min-w-0 flex-1 truncate text-sm text-text" title={card.title}>{card.title}</span>
        <Button size="sm" variant="ghost" aria-label={`Download ${card.title}`} onClick={() => void download(card)}>
          <Download className="size-4" />
        </Button>
      </div>
    </li>
  );
}

/** Reads the media as a blob and saves it under the asset's file name, or 'asset-{id}' (spec: shell 7). */
async function download(card: AssetCard) {
  try {
    const res = await fetch(card.url, { credentials: "same-origin" });
    if (!res.ok) throw new Error(`${res.status}`);
    const blob = await res.blob();
    const href = URL.createObjectURL(blob);
    const a = document.createElement("a");
    a.href = href;
    const base = card.filename !== "asset" ? card.filename : `asset-${card.id}`;
    // Studio media URLs have no extension; the served type supplies it (image/png → .png).
    const ext = blob.type.split("/")[1]?.split(/[;+]/)[0];
    a.download = base.includes(".") || !ext ? base : `${base}.${ext === "jpeg" ? "jpg" : ext === "quicktime" ? "mov" : ext}`;
    a.click();
    setTimeout(() => URL.revokeObjectURL(href), 1000);
  } catch (err) {
    console.error("download failed", err);
    toast.error("Failed to download");
  }
}
