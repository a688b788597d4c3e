import { memo, useCallback, useDeferredValue, useEffect, useRef, useState } from "react";
import { useCanvas } from "../store/useCanvas";
import { singleSelectedId } from "../store/canvasStore";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../ui";
import { NodeProperties } from "./NodeProperties";
import { ToolsPanel } from "./tools/ToolsPanel";

const DEFAULT_WIDTH = 320;
const clampWidth = (w: number) => Math.min(window.innerWidth * 0.25, Math.max(window.innerWidth * 0.1, w));

/** The right sidebar: resizable by its left edge within 10%–25% of the window (spec: canvas 2). */
export function PropertiesSidebar({ fixedWidth }: { fixedWidth?: number }) {
  const selectedId = useCanvas(singleSelectedId);
  // The click paints its selection first; the panel follows in a transition React may interrupt (mounting a
  // node's properties is the heaviest part of a click, and it held the selection's frame back).
  const shownId = useDeferredValue(selectedId);
  const [width, setWidth] = useState(() => clampWidth(DEFAULT_WIDTH));
  const dragging = useRef(false);

  useEffect(() => {
    const onResize = () => setWidth((w) => clampWidth(w));
    window.addEventListener("resize", onResize);
    return () => window.removeEventListener("resize", onResize);
  }, []);

  const startDrag = useCallback((e: React.PointerEvent) => {
    dragging.current = true;
    (e.target as HTMLElement).setPointerCapture(e.pointerId);
  }, []);

  return (
    <aside
      aria-label="Properties"
      className="relative flex shrink-0 flex-col border-l border-border bg-surface"
      style={{ width: fixedWidth ?? width }}
      data-testid="properties-sidebar"
    >
      {!fixedWidth && (
        <div
          role="separator"
          aria-orientation="vertical"
          aria-label="Resize sidebar"
          tabIndex={0}
          className="absolute -left-1 top-0 z-10 h-full w-2 cursor-col-resize hover:bg-accent/30 focus-visible:bg-accent/40"
          onPointerDown={startDrag}
          onPointerMove={(e) => dragging.current && setWidth(clampWidth(window.innerWidth - e.clientX))}
          onPointerUp={() => (dragging.current = false)}
          onKeyDown={(e) => {
            if (e.key === "ArrowLeft") setWidth((w) => clampWidth(w + 16));
            if (e.key === "ArrowRight") setWidth((w) => clampWidth(w - 16));
          }}
        />
      )}
      {/* until it has caught up, its fields are the previous node's: disabled, so nothing typed lands there */}
      <fieldset disabled={shownId !== selectedId} className="contents">
        <SidebarTabs nodeId={shownId} />
      </fieldset>
    </aside>
  );
}

/** The sidebar's tabs for one node (or none); memoized, so a render of the sidebar alone skips them. */
const SidebarTabs = memo(function SidebarTabs({ nodeId }: { nodeId: string | null }) {
  const [tab, setTab] = useState<"properties" | "tools">("properties");
  return (
    <Tabs value={tab} onValueChange={(v) => setTab(v as "properties" | "tools")} className="min-h-0 flex-1 gap-0">
      <div className="border-b border-border px-3 py-2">
        <TabsList aria-label="Sidebar">
          <TabsTrigger value="properties">Properties</TabsTrigger>
          <TabsTrigger value="tools">Tools</TabsTrigger>
        </TabsList>
      </div>
      <TabsContent value="properties" className="min-h-0 flex-1 overflow-y-auto">
        {nodeId ? (
          <NodeProperties key={nodeId} nodeId={nodeId} />
        ) : (
          <p className="p-4 text-sm text-text-muted">Select a node to see and edit its properties.</p>
        )}
      </TabsContent>
      <TabsContent value="tools" className="min-h-0 flex-1 overflow-y-auto">
        <ToolsPanel nodeId={nodeId} />
      </TabsContent>
    </Tabs>
  );
});
