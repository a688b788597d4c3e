import { useEffect, useMemo, useRef } from "react";
import { useStoreApi } from "@xyflow/react";
import type { StudioEdge, StudioNode } from "../store/canvasStore";
import { drawOverview } from "./drawOverview";
import { overviewEdges, overviewLabel, overviewNodes, type OverviewEdge, type OverviewNode } from "./overviewScene";
import { createThumbnailBitmaps } from "./thumbnailBitmaps";
import { useOverviewPointer } from "./useOverviewPointer";

/**
 * The canvas zoomed out ("Everything on screen"): below the light-card zoom React Flow mounts no node card
 * and no edge (FlowCanvas hides them), and this one <canvas> draws the whole graph instead, under React
 * Flow's own transform, so the two line up and crossing the threshold moves nothing. It redraws in a
 * frame only when the view or the graph changed. Pan and zoom stay React Flow's; a press on a card selects
 * it and a double-click zooms to it (useOverviewPointer).
 */
export function OverviewLayer({ nodes, edges }: { nodes: StudioNode[]; edges: StudioEdge[] }) {
  const rfStore = useStoreApi<StudioNode, StudioEdge>();
  const canvas = useRef<HTMLCanvasElement>(null);
  const sceneNodes = useMemo(() => overviewNodes(nodes), [nodes]);
  const sceneEdges = useMemo(() => overviewEdges(nodes, edges), [nodes, edges]);
  const scene = useRef<{ nodes: OverviewNode[]; edges: OverviewEdge[] }>({ nodes: sceneNodes, edges: sceneEdges });
  const requestDraw = useRef<() => void>(() => {});

  useEffect(() => {
    const el = canvas.current;
    const ctx = el?.getContext("2d");
    if (!el || !ctx) return;
    let frame = 0;
    let label = "";
    const bitmaps = createThumbnailBitmaps(() => request());
    const draw = () => {
      frame = 0;
      const { transform, width, height } = rfStore.getState();
      const dpr = window.devicePixelRatio || 1;
      if (el.width !== Math.round(width * dpr) || el.height !== Math.round(height * dpr)) {
        el.width = Math.round(width * dpr);
        el.height = Math.round(height * dpr);
      }
      const counts = drawOverview(ctx, { width, height, dpr, transform }, scene.current.nodes, scene.current.edges, bitmaps);
      // What was drawn, for tests and bench/canvas (a canvas has no elements to count).
      el.dataset.drawnNodes = String(counts.nodes);
      el.dataset.drawnEdges = String(counts.edges);
      el.dataset.drawnThumbnails = String(counts.thumbnails);
      const next = overviewLabel(scene.current.nodes);
      if (next !== label) el.setAttribute("aria-label", (label = next));
    };
    const request = () => {
      if (!frame) frame = requestAnimationFrame(draw);
    };
    requestDraw.current = request;
    // React Flow's store changes on every pan and zoom step: redraw only when what we draw from changed.
    const unsubscribe = rfStore.subscribe((s, prev) => {
      if (s.transform !== prev.transform || s.width !== prev.width || s.height !== prev.height) request();
    });
    draw(); // at once: the first frame after the swap must not show an empty canvas
    return () => {
      unsubscribe();
      cancelAnimationFrame(frame);
      bitmaps.dispose();
    };
  }, [rfStore]);

  useEffect(() => {
    scene.current = { nodes: sceneNodes, edges: sceneEdges };
    requestDraw.current();
  }, [sceneNodes, sceneEdges]);

  useOverviewPointer(scene);

  return (
    <canvas
      ref={canvas}
      className="pointer-events-none absolute left-0 top-0 h-full w-full"
      // Over React Flow's renderer (z-index 4), under its panels (5): the pane below still takes the pointer.
      style={{ zIndex: 4 }}
      role="img"
      data-testid="canvas-overview"
    />
  );
}
