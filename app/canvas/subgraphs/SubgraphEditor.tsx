import { ReactFlowProvider } from "@xyflow/react";
import { ChevronRight } from "lucide-react";
import { FlowCanvas } from "../FlowCanvas";
import { CanvasContext } from "../store/useCanvas";
import type { InnerCanvas } from "./innerCanvas";

/**
 * An open subgraph over the canvas (issue 34, 3): the breadcrumb "Canvas › <name>" (Canvas goes back out)
 * and the inner graph on a canvas of its own, edited with the same cards and commands (innerCanvas.ts).
 */
export function SubgraphEditor({ inner, name, onClose }: { inner: InnerCanvas; name: string; onClose(): void }) {
  return (
    <div className="absolute inset-0 z-30 flex flex-col bg-bg" data-testid="subgraph-editor">
      <nav
        aria-label="Breadcrumb"
        className="flex h-10 shrink-0 items-center gap-1 border-b border-border bg-surface px-3 text-sm"
        data-canvas-panel
      >
        <button
          type="button"
          className="rounded px-1.5 py-0.5 text-text-muted hover:bg-surface-2 hover:text-text focus-visible:outline focus-visible:outline-2 focus-visible:outline-accent"
          onClick={onClose}
          data-testid="subgraph-breadcrumb-canvas"
        >
          Canvas
        </button>
        <ChevronRight className="size-4 text-text-subtle" aria-hidden />
        <span className="font-medium text-text" aria-current="page" data-testid="subgraph-breadcrumb-name">
          {name}
        </span>
        <span className="ml-3 text-xs text-text-subtle">Editing inside the subgraph · changes are saved and can be undone</span>
      </nav>
      <div className="relative min-h-0 flex-1">
        <CanvasContext.Provider value={inner}>
          <ReactFlowProvider>
            <FlowCanvas
              onInit={(rf) => {
                inner.setFlow(rf);
                void rf.fitView({ padding: 0.2, maxZoom: 1 });
              }}
              saveViewport={() => {}}
            />
          </ReactFlowProvider>
        </CanvasContext.Provider>
      </div>
    </div>
  );
}
