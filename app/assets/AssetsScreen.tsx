import { useCallback, useMemo, useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { ImageOff } from "lucide-react";
import { assetsFromNodes, ASSET_FILTERS, matchesFilter, type AssetCard, type AssetFilter } from "../../domain/assets";
import type { CanvasNode } from "../../domain/canvas/node";
import { canEdit } from "../../domain/permissions";
import type { Project } from "../../domain/projects";
import { api } from "../api/client";
import { LibraryBlocks } from "../library/LibraryBlocks";
import { sendBlockToCanvas } from "../library/pendingBlock";
import { Skeleton, Tabs, TabsContent, TabsList, TabsTrigger, cn } from "../ui";
import { AssetPreview } from "./AssetPreview";
import { AssetTile } from "./AssetTile";

/**
 * spec (shell 2 "Assets screen"): the project's completed media and text results,
 * filterable; a card opens a preview, and downloads are named after the project and node. Beside them,
 * Blocks: the person's library of saved subgraphs (issue 34, 3), inserted into this project's canvas.
 */
export function AssetsScreen({ project }: { project: Project | null }) {
  const [filter, setFilter] = useState<AssetFilter>("all");
  const [previewing, setPreviewing] = useState<AssetCard | null>(null);
  const closePreview = useCallback(() => setPreviewing(null), []);
  const nodes = useQuery({
    queryKey: ["canvas-assets", project?.id],
    queryFn: () => api<{ nodes: CanvasNode[] }>("GET", `/api/projects/nodes?projectId=${project!.id}`),
    enabled: !!project,
  });
  const cards = useMemo(() => assetsFromNodes(nodes.data?.nodes ?? []), [nodes.data]);
  const shown = cards.filter((c) => matchesFilter(c, filter));

  if (!project) return <p className="p-8 text-text-muted">Please open a project to view assets</p>;
  return (
    <section
      data-testid="assets-mode"
      className="mx-auto flex h-full max-w-6xl flex-col gap-6 overflow-y-auto px-8 py-8"
      aria-label={`Assets of ${project.name}`}
    >
      <header>
        <h1 className="text-2xl font-semibold text-text">Assets</h1>
        <p className="text-sm text-text-muted">View and download all generated assets from your project</p>
      </header>
      <Tabs defaultValue="assets" className="gap-6">
        <TabsList aria-label="Assets or library blocks">
          <TabsTrigger value="assets">Project assets</TabsTrigger>
          <TabsTrigger value="blocks" data-testid="assets-blocks-tab">
            Blocks
          </TabsTrigger>
        </TabsList>
        <TabsContent value="blocks" className="flex flex-col gap-4">
          <p className="text-sm text-text-muted">Your library: subgraphs saved to reuse in any project.</p>
          <LibraryBlocks
            projectId={project.id}
            canInsert={canEdit(project.permission)}
            onInsert={(subgraph) => sendBlockToCanvas(project.id, subgraph)}
          />
        </TabsContent>
        <TabsContent value="assets" className="flex flex-col gap-6">
          <div role="group" aria-label="Filter assets" className="flex gap-2">
            {ASSET_FILTERS.map((f) => (
              <button
                key={f}
                type="button"
                aria-pressed={filter === f}
                onClick={() => setFilter(f)}
                className={cn(
                  "rounded-full border px-3 py-1 text-sm capitalize",
                  filter === f ? "border-accent bg-accent/10 text-accent" : "border-border text-text-muted hover:text-text",
                )}
              >
                {f}
              </button>
            ))}
          </div>
          {nodes.isPending ? (
            <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
              {Array.from({ length: 4 }, (_, i) => (
                <Skeleton key={i} className="aspect-video w-full" />
              ))}
            </div>
          ) : shown.length === 0 ? (
            <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-border px-6 py-16 text-center">
              <ImageOff className="size-8 text-text-muted" aria-hidden />
              <p className="text-lg font-medium text-text">No assets yet</p>
              <p className="text-sm text-text-muted">Generate images, videos, or other content on the Canvas to see them here</p>
            </div>
          ) : (
            <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4" aria-label="Assets">
              {shown.map((card) => (
                <AssetTile key={card.id} card={card} projectId={project.id} onOpen={setPreviewing} />
              ))}
            </ul>
          )}
        </TabsContent>
      </Tabs>
      <AssetPreview card={previewing} projectId={project.id} onClose={closePreview} />
    </section>
  );
}
