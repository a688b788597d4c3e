import { useState } from "react";
import { ImageOff } from "lucide-react";
import type { Project } from "../../domain/projects";
import { cn } from "../ui";

const FILTERS = ["all", "image", "video", "text", "audio"] as const;

/**
 * spec (shell 2 "Assets screen"). Assets are the project's completed canvas nodes with media; nodes arrive
 * with the canvas release, so today every project shows the empty state.
 */
export function AssetsScreen({ project }: { project: Project }) {
  const [filter, setFilter] = useState<(typeof FILTERS)[number]>("all");
  return (
    <section data-testid="assets-mode" className="mx-auto flex h-full max-w-6xl flex-col gap-6 px-8 py-8" aria-label={`Assets of ${project.name}`}>
      <header>
        <h1 className="text-2xl font-semibold text-text">Assets</h1>
        <p className="text-sm text-text-muted">View and download all generated assets from your project</p>
      </header>
      <div role="group" aria-label="Filter assets" className="flex gap-2">
        {FILTERS.map((f) => (
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
      <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-border px-6 py-16 text-center">
        <ImageOff className="size-8 text-text-muted" aria-hidden />
        <p className="text-lg font-medium text-text">No assets yet</p>
        <p className="text-sm text-text-muted">Generate images, videos, or other content on the Canvas to see them here</p>
      </div>
    </section>
  );
}
