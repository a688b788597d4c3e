import { memo, useEffect, useMemo, useRef } from "react";
import { Panel, useStore, useStoreApi, type ReactFlowState } from "@xyflow/react";
import { XYMinimap, type XYMinimapInstance } from "@xyflow/system";
import type { StudioEdge, StudioNode } from "../store/canvasStore";
import { KIND_COLOUR } from "../nodes/kindColour";
import { overviewNodes, viewRect, type OverviewNode } from "../overview/overviewScene";
import { minimapView, sceneBounds } from "./minimapView";

const SIZE = { width: 200, height: 150 };
const MASK_STROKE_PX = 2;

// The view box in flow coordinates, as a string: the minimap re-renders when the view moves, not on other store changes.
const viewKey = (s: ReactFlowState) => {
  const r = viewRect(s.transform, s.width, s.height);
  return `${r.x} ${r.y} ${r.width} ${r.height}`;
};

/**
 * The minimap (M): every node as a rectangle in its type's colour and the view box, at every zoom. React
 * Flow's own MiniMap draws only the nodes it has unhidden, and zoomed out the overview hides them all
 * (FlowCanvas), so it showed the view box alone: this draws from the overview's scene instead (its nodes,
 * made once per node object) and keeps React Flow's minimap classes, look and pan/zoom (XYMinimap).
 */
export function CanvasMinimap({ nodes }: { nodes: StudioNode[] }) {
  const rfStore = useStoreApi<StudioNode, StudioEdge>();
  const svg = useRef<SVGSVGElement>(null);
  const scene = useMemo(() => overviewNodes(nodes), [nodes]);
  const bounds = useMemo(() => sceneBounds(scene), [scene]);
  const [vx, vy, vw, vh] = useStore(viewKey).split(" ").map(Number) as [number, number, number, number];
  const panZoom = useStore((s) => s.panZoom);
  const flowWidth = useStore((s) => s.width);
  const flowHeight = useStore((s) => s.height);
  const translateExtent = useStore((s) => s.translateExtent);
  const view = minimapView(bounds, { x: vx, y: vy, width: vw, height: vh }, SIZE);
  const viewScale = useRef(view.viewScale);
  viewScale.current = view.viewScale;
  const minimap = useRef<XYMinimapInstance | null>(null);

  useEffect(() => {
    if (!svg.current || !panZoom) return;
    minimap.current = XYMinimap({
      domNode: svg.current,
      panZoom,
      getTransform: () => rfStore.getState().transform,
      getViewScale: () => viewScale.current,
    });
    return () => minimap.current?.destroy();
  }, [panZoom, rfStore]);

  useEffect(() => {
    minimap.current?.update({ translateExtent, width: flowWidth, height: flowHeight, pannable: true, zoomable: true, zoomStep: 1 });
  }, [panZoom, translateExtent, flowWidth, flowHeight]);

  const { x, y, width, height, offset } = view;
  return (
    <Panel
      position="top-right"
      className="react-flow__minimap !rounded-lg !border !border-border !shadow-lg"
      // Below the canvas toolbar, which spans the top of the pane.
      style={{ background: "#12141a", marginTop: 64 }}
      data-testid="minimap"
    >
      <svg
        ref={svg}
        width={SIZE.width}
        height={SIZE.height}
        viewBox={`${x} ${y} ${width} ${height}`}
        className="react-flow__minimap-svg"
        role="img"
        aria-label="Minimap"
      >
        <MinimapNodes nodes={scene} />
        <path
          className="react-flow__minimap-mask"
          d={`M${x - offset},${y - offset}h${width + offset * 2}v${height + offset * 2}h${-width - offset * 2}z M${vx},${vy}h${vw}v${vh}h${-vw}z`}
          fillRule="evenodd"
          pointerEvents="none"
          style={{ fill: "rgba(11, 12, 16, 0.65)", stroke: "#7c8cff", strokeWidth: MASK_STROKE_PX * view.viewScale }}
        />
      </svg>
    </Panel>
  );
}

/** The node rectangles: re-rendered when the nodes change, not when the view moves. */
const MinimapNodes = memo(function MinimapNodes({ nodes }: { nodes: OverviewNode[] }) {
  return (
    <>
      {nodes.map((n) => (
        <MinimapNode key={n.id} node={n} />
      ))}
    </>
  );
});

// The scene keeps a node's object while the node is unchanged, so a selection re-renders one rectangle.
const MinimapNode = memo(function MinimapNode({ node }: { node: OverviewNode }) {
  return (
    <rect
      className="react-flow__minimap-node"
      x={node.x}
      y={node.y}
      width={node.width}
      height={node.height}
      style={{ fill: KIND_COLOUR[node.kind] }}
      shapeRendering="crispEdges"
    />
  );
});
