import { contextStrip, type ContextItem } from "../../../domain/canvas/context";
import { useCommands, useSessionActions } from "../store/useCanvas";
import { useReactFlow } from "@xyflow/react";

/** Up to 4 thumbnails of what flows into this node; clicking one pans to its node (spec: canvas 2). */
export function ContextStrip({ items }: { items: unknown[] }) {
  const rf = useReactFlow();
  const commands = useCommands();
  const session = useSessionActions();
  const strip = contextStrip(items as ContextItem[]);
  const goTo = (nodeId: string) => {
    const node = rf.getNode(nodeId);
    if (!node) return;
    session.select(nodeId);
    void rf.setCenter(node.position.x + 190, node.position.y + 140, { zoom: rf.getZoom(), duration: 500 });
  };
  return (
    <div className="mt-2 flex items-center gap-1.5 px-1" data-testid="context-strip">
      {strip.visible.map((entry, i) => {
        const first = "stack" in entry ? entry.stack[0]! : entry;
        return (
          <button
            key={i}
            type="button"
            onClick={() => goTo(first.nodeId)}
            aria-label={`Go to input: ${(first.text ?? first.type).slice(0, 60)}`}
            className="nodrag relative size-9 overflow-hidden rounded-md border border-border bg-surface-2 text-[8px] leading-tight text-text-muted hover:border-accent"
            title={first.text ?? first.type}
          >
            {first.previewUrl && first.type === "image" ? (
              <img src={first.previewUrl} alt="" className="h-full w-full object-cover" />
            ) : first.previewUrl && first.type === "video" ? (
              <video src={first.previewUrl} muted className="h-full w-full object-cover" />
            ) : (
              <span className="line-clamp-3 p-0.5 text-left">{first.text}</span>
            )}
            {"stack" in entry && (
              <span className="absolute bottom-0 right-0 rounded-tl bg-accent px-1 text-[9px] font-semibold text-bg">
                {entry.stack.length}
              </span>
            )}
          </button>
        );
      })}
      {strip.overflow > 0 && <span className="text-xs text-text-muted">+{strip.overflow}</span>}
      <span className="ml-1 text-xs text-text-muted">{strip.caption}</span>
    </div>
  );
}
