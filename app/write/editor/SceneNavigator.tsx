import { memo, useEffect, useRef } from "react";
import { cn } from "../../ui";
import type { SceneEntry } from "./editorState";

export interface SceneNavigatorProps {
  scenes: readonly SceneEntry[];
  /** Page each heading starts on (null while the script is being paginated). */
  pageOf: ReadonlyMap<string, number> | null;
  currentId: string | null;
  onSelect(id: string): void;
}

/** The left column: every scene heading with its number and page; the scene holding the caret is highlighted. */
export const SceneNavigator = memo(function SceneNavigator({ scenes, pageOf, currentId, onSelect }: SceneNavigatorProps) {
  const list = useRef<HTMLOListElement>(null);
  useEffect(() => {
    if (!currentId) return;
    const items = list.current?.querySelectorAll<HTMLElement>("[data-scene-id]") ?? [];
    for (const item of items) if (item.dataset.sceneId === currentId) item.scrollIntoView?.({ block: "nearest" });
  }, [currentId]);

  return (
    <nav aria-label="Scenes" className="flex h-full w-60 shrink-0 flex-col border-r border-border bg-surface">
      <div className="flex items-baseline justify-between px-4 pb-2 pt-4">
        <h2 className="text-2xs font-semibold uppercase tracking-wider text-text-subtle">Scenes</h2>
        <span className="text-2xs text-text-subtle">{scenes.length}</span>
      </div>
      {scenes.length === 0 ? (
        <p className="px-4 text-xs text-text-muted">No scene headings yet. Start one with Ctrl+1 or Shift+Tab from action.</p>
      ) : (
        <ol ref={list} className="min-h-0 flex-1 overflow-y-auto px-2 pb-4">
          {scenes.map((scene) => {
            const current = scene.id === currentId;
            const page = pageOf?.get(scene.id);
            return (
              <li key={scene.id}>
                <button
                  type="button"
                  data-scene-id={scene.id}
                  aria-current={current ? "location" : undefined}
                  onClick={() => onSelect(scene.id)}
                  className={cn(
                    "group flex w-full items-start gap-2 rounded-md px-2 py-1.5 text-left text-xs transition-colors",
                    current ? "bg-accent-soft text-text" : "text-text-muted hover:bg-surface-2 hover:text-text",
                  )}
                >
                  <span className={cn("w-6 shrink-0 text-right font-mono tabular-nums", current ? "text-accent" : "text-text-subtle")}>
                    {scene.number}
                  </span>
                  <span className={cn("min-w-0 flex-1 truncate uppercase", !scene.heading.trim() && "italic normal-case text-text-subtle")}>
                    {scene.heading.trim() || "Untitled scene"}
                  </span>
                  {page !== undefined && <span className="shrink-0 text-2xs tabular-nums text-text-subtle">p. {page}</span>}
                </button>
              </li>
            );
          })}
        </ol>
      )}
    </nav>
  );
});
