import { useEffect, useRef } from "react";
import { Lock } from "lucide-react";
import { groupTools, toolListHint, toolsForNode, type NodeMedia } from "../../../../domain/tools/catalogue";
import { TOOL_MESSAGES, type ToolSummary } from "../../../../domain/tools/api";
import { Button, Skeleton, cn } from "../../../ui";
import type { ToolListState } from "./useToolList";

const DOUBLE_CLICK_MS = 250;

/**
 * The Tools tab's list view (spec canvas 2): 'Available Tools', 'N of M tools shown', the hint for the
 * selected node's type, tools grouped Trainer, Video, Image, Text, Audio, Other. A click opens the tool's
 * settings; a double click with no node selected makes a node with the tool chosen.
 */
export function ToolList({
  state,
  media,
  nodeSelected,
  selectedToolId,
  onOpen,
  onCreateWith,
  onRetry,
}: {
  state: ToolListState;
  media: NodeMedia | null;
  nodeSelected: boolean;
  selectedToolId?: string;
  onOpen(tool: ToolSummary): void;
  onCreateWith(tool: ToolSummary): void;
  onRetry(): void;
}) {
  // With no node selected a click waits a moment: a second click makes it a double-click (a new node).
  const pendingOpen = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(pendingOpen.current), []);
  const click = (tool: ToolSummary, detail: number) => {
    clearTimeout(pendingOpen.current);
    if (nodeSelected) return onOpen(tool);
    if (detail >= 2) return onCreateWith(tool);
    pendingOpen.current = setTimeout(() => onOpen(tool), DOUBLE_CLICK_MS);
  };
  const all = state.status === "ready" ? state.tools : [];
  const shown = toolsForNode(all, media, nodeSelected);
  return (
    <div className="flex flex-col gap-3 p-4" data-testid="tool-list">
      <div className="flex items-baseline justify-between gap-2">
        <h3 className="text-sm font-semibold text-text">Available Tools</h3>
        {state.status === "ready" && <span className="text-xs text-text-muted">{`${shown.length} of ${all.length} tools shown`}</span>}
      </div>
      {state.status === "ready" && <p className="text-xs text-text-muted">{toolListHint(media, nodeSelected, all.length)}</p>}
      {state.status === "loading" && (
        <div className="flex flex-col gap-2" aria-label="Loading tools">
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} className="h-12 w-full" />
          ))}
        </div>
      )}
      {state.status === "error" && (
        <div role="alert" className="flex flex-col items-start gap-2 rounded-md border border-danger/40 bg-danger/10 p-3 text-sm text-text">
          {state.message}
          <Button size="sm" onClick={onRetry}>
            Try again
          </Button>
        </div>
      )}
      {state.status === "ready" && shown.length === 0 && (
        <p className="py-6 text-center text-sm text-text-muted">{TOOL_MESSAGES.noTools}</p>
      )}
      {groupTools(shown).map((group) => (
        <section key={group.category} className="flex flex-col gap-1.5" aria-label={`${group.category} tools`}>
          <h4 className="text-[11px] font-medium uppercase tracking-wide text-text-muted">{group.category}</h4>
          {group.tools.map((tool) => (
            <button
              key={tool.id}
              type="button"
              data-testid="tool-item"
              data-tool-id={tool.id}
              title={tool.lockedReason ?? tool.description}
              className={cn(
                "flex flex-col gap-0.5 rounded-md border px-3 py-2 text-left transition-colors focus-visible:outline focus-visible:outline-2 focus-visible:outline-accent",
                tool.id === selectedToolId
                  ? "border-accent/70 bg-accent/10"
                  : "border-border bg-surface-2 hover:border-text-muted/40 hover:bg-surface-3",
              )}
              onClick={(e) => click(tool, e.detail)}
            >
              <span className="flex items-center gap-2 text-sm font-medium text-text">
                {tool.name}
                {tool.label && (
                  <span className="rounded bg-surface-3 px-1.5 py-px text-[10px] font-medium uppercase tracking-wide text-text-muted">
                    {tool.label}
                  </span>
                )}
                {!tool.usable && <Lock className="size-3 text-text-muted" aria-label="Locked" />}
              </span>
              <span className="line-clamp-2 text-xs text-text-muted">{tool.usable ? tool.description : tool.lockedReason}</span>
            </button>
          ))}
        </section>
      ))}
    </div>
  );
}
