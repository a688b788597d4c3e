import { useCallback, useMemo, useRef, useState } from "react";
import { Background, BackgroundVariant, ReactFlow, useReactFlow, useStore, type ReactFlowInstance, type Viewport } from "@xyflow/react";
import "@xyflow/react/dist/style.css";
import "./canvas.css";
import {
  CANVAS_TRANSLATE_EXTENT,
  CONNECTION_RADIUS,
  DEFAULT_ZOOM,
  MAX_ZOOM,
  MIN_ZOOM,
  PAN_ON_SCROLL_SPEED,
} from "../../domain/canvas/zoom";
import { useCanvas, useCommands, useSession, useSessionActions } from "./store/useCanvas";
import type { StudioEdge, StudioNode } from "./store/canvasStore";
import { NodeCard } from "./nodes/NodeCard";
import { withLayout } from "./nodes/nodeLayout";
import { CanvasControls } from "./CanvasControls";
import { EmptyCanvas } from "./EmptyCanvas";
import { DropZone } from "./DropZone";
import { CanvasPresence } from "./presence/CanvasPresence";
import { reportCursor } from "../presence/presenceChannel";
import { usePresence } from "../presence/presenceStore";
import { NodeSearch } from "./NodeSearch";
import { TitleScale } from "./nodes/TitleScale";
import { GroupFrames } from "./groups/GroupFrames";
import { SubgraphCard } from "./subgraphs/SubgraphCard";
import { SUBGRAPH_NODE_TYPE } from "../../domain/canvas/subgraph";
import { CollapsedGroupCard } from "./groups/CollapsedGroupCard";
import { collapsedView, GROUP_CARD_TYPE, hidden } from "./groups/collapsedView";
import { useZoomedOut } from "./nodes/useZoomedOut";
import { OverviewLayer } from "./overview/OverviewLayer";
import { CanvasMinimap } from "./minimap/CanvasMinimap";
import { flowWindow, windowedView, windowKey, windowOfKey } from "./flowWindow";
import { useNoSelectionListener } from "./useNoSelectionListener";
import { createPanLayer } from "./panLayer";

// Stable across renders, as React Flow requires. The document's node types, then what is only drawn.
const nodeTypes = { generic_v2: NodeCard, generic: NodeCard, default: NodeCard, subgraph: SubgraphCard };
const flowNodeTypes = { ...nodeTypes, [GROUP_CARD_TYPE]: CollapsedGroupCard };
const DOUBLE_CLICK_DEBOUNCE_MS = 1000;
const DOUBLE_TAP_MS = 500;
const SNAP_GRID: [number, number] = [20, 20];
const NO_EDGES: StudioEdge[] = [];
const DEFAULT_VIEWPORT = { x: 0, y: 0, zoom: DEFAULT_ZOOM };
/** A viewport as React Flow's transform; until React Flow has set up pan and zoom its store holds [0, 0, 1]. */
const viewportTransform = (v: Viewport): [number, number, number] => [v.x, v.y, v.zoom];
/** Zoomed out, React Flow keeps every node (fit view, getNodes) but mounts none: the overview draws them. */
const hiddenForOverview = (n: StudioNode) => (n.type === GROUP_CARD_TYPE ? n : hidden(n));

export function FlowCanvas({
  onInit,
  saveViewport,
}: {
  onInit(rf: ReactFlowInstance<StudioNode, StudioEdge>): void;
  saveViewport(v: Viewport): void;
}) {
  const storeNodes = useCanvas((s) => s.nodes);
  // Each node with the box and handles React Flow needs to cull it before ever rendering it (nodeLayout.ts).
  const laidOut = useMemo(() => storeNodes.map(withLayout), [storeNodes]);
  const storeEdges = useCanvas((s) => s.edges);
  const groups = useCanvas((s) => s.groups);
  // Collapsed groups draw as one card each, their edges re-routed to it (groups/collapsedView.ts).
  const { nodes, edges } = useMemo(() => collapsedView(laidOut, storeEdges, groups), [laidOut, storeEdges, groups]);
  // Below the light-card zoom one <canvas> draws the graph (overview/OverviewLayer.tsx): thousands of cards
  // and SVG edges cost React Flow too much to move on every frame. Collapsed groups' cards stay its nodes.
  const initialViewport = useCanvas((s) => s.initialViewport);
  const startViewport = initialViewport ?? DEFAULT_VIEWPORT;
  const zoomedOut = useZoomedOut(startViewport.zoom);
  // Zoomed in, React Flow is handed the window around the view (flowWindow.ts): the nodes outside it hidden,
  // the edges between shown nodes. Its per-frame culling and its re-index on a selection then cost what is
  // near the view. The window's key changes only when a pan or zoom moves it a step.
  const windowAt = useStore(
    useCallback(
      (s) =>
        windowKey(flowWindow(s.panZoom ? s.transform : viewportTransform(startViewport), s.width || innerWidth, s.height || innerHeight)),
      [startViewport],
    ),
  );
  const previous = useRef<{ nodes: StudioNode[]; edges: StudioEdge[] }>(undefined);
  const { nodes: flowNodes, edges: flowEdges } = useMemo(() => {
    if (zoomedOut) return { nodes: nodes.map(hiddenForOverview), edges: NO_EDGES };
    return (previous.current = windowedView(nodes, edges, windowOfKey(windowAt), previous.current));
  }, [zoomedOut, nodes, edges, windowAt]);
  const canEdit = useCanvas((s) => s.canEdit);
  const tool = useSession((s) => s.tool);
  const spaceHeld = useSession((s) => s.spaceHeld);
  const session = useSessionActions();
  const commands = useCommands();
  const rf = useReactFlow<StudioNode, StudioEdge>();
  const lastCreate = useRef(0);
  const lastTap = useRef(0);
  const hand = tool === "hand" || spaceHeld;
  const minimap = useSession((s) => s.minimap);
  useNoSelectionListener();

  // Double-click (or double-tap) on empty canvas creates a node there, at most once a second (spec: canvas 9).
  const createAt = useCallback(
    (clientX: number, clientY: number) => {
      if (!canEdit || Date.now() - lastCreate.current < DOUBLE_CLICK_DEBOUNCE_MS) return;
      lastCreate.current = Date.now();
      commands.createNode({ position: rf.screenToFlowPosition({ x: clientX, y: clientY }) });
    },
    [canEdit, commands, rf],
  );

  // A native dblclick on the pane itself: React Flow's pane click is swallowed while it clears a selection.
  const onDoubleClick = useCallback(
    (e: React.MouseEvent) => {
      if ((e.target as Element).classList?.contains("react-flow__pane")) createAt(e.clientX, e.clientY);
    },
    [createAt],
  );

  // The pointer, for the others' view of this tab's cursor: once a frame at most (the position is read
  // against the pane's box, which a move in the middle of a frame would lay out early), and sent at most
  // 20 times a second (presenceChannel).
  const pointer = useRef<{ x: number; y: number; frame: number }>({ x: 0, y: 0, frame: 0 });
  const [panLayer] = useState(createPanLayer);
  const onPointerMove = useCallback(
    (e: React.PointerEvent) => {
      const p = pointer.current;
      p.x = e.clientX;
      p.y = e.clientY;
      p.frame ||= requestAnimationFrame(() => {
        p.frame = 0;
        reportCursor(rf.screenToFlowPosition({ x: p.x, y: p.y }));
      });
    },
    [rf],
  );
  const onPointerLeave = useCallback(() => {
    cancelAnimationFrame(pointer.current.frame);
    pointer.current.frame = 0;
    reportCursor(null);
  }, []);

  const onPaneClick = useCallback(
    (e: React.MouseEvent) => {
      // Touch screens: two taps within 500 ms.
      if ((e.nativeEvent as PointerEvent).pointerType === "touch") {
        if (Date.now() - lastTap.current < DOUBLE_TAP_MS) createAt(e.clientX, e.clientY);
        lastTap.current = Date.now();
      }
    },
    [createAt],
  );

  return (
    <DropZone>
      <ReactFlow<StudioNode, StudioEdge>
        nodes={flowNodes}
        edges={flowEdges}
        nodeTypes={flowNodeTypes}
        onInit={onInit}
        onNodesChange={commands.applyFlowNodeChanges}
        onEdgesChange={commands.applyFlowEdgeChanges}
        onConnect={commands.connect}
        onNodeDragStop={(_e, _n, dragged) => commands.nodesMoved(dragged.map((d) => d.id))}
        onNodeDoubleClick={(_e, node) => (node.type === SUBGRAPH_NODE_TYPE ? session.openSubgraph(node.id) : session.focus(node.id))}
        onPaneClick={onPaneClick}
        onDoubleClick={onDoubleClick}
        onMoveEnd={(_e, viewport) => {
          panLayer.moveEnded();
          if (canEdit) saveViewport(viewport);
        }}
        onMoveStart={(e) => {
          // A move of this person's own (it has an event; a followed view's has none) stops following.
          if (e) usePresence.getState().follow(null);
          panLayer.moveStarted(e);
        }}
        onPointerMove={onPointerMove}
        onPointerLeave={onPointerLeave}
        defaultViewport={startViewport}
        minZoom={MIN_ZOOM}
        maxZoom={MAX_ZOOM}
        translateExtent={CANVAS_TRANSLATE_EXTENT as [[number, number], [number, number]]}
        nodeExtent={CANVAS_TRANSLATE_EXTENT as [[number, number], [number, number]]}
        connectionRadius={CONNECTION_RADIUS}
        snapToGrid
        snapGrid={SNAP_GRID}
        panOnScrollSpeed={PAN_ON_SCROLL_SPEED}
        zoomOnDoubleClick={false}
        nodesDraggable={canEdit && !hand}
        nodesConnectable={canEdit}
        elementsSelectable={!hand}
        panOnDrag={hand ? true : [1, 2]}
        selectionOnDrag={!hand}
        deleteKeyCode={null}
        // 2,000-node projects: only what is on screen is rendered (notes: perf-and-reliability §1).
        onlyRenderVisibleElements
        proOptions={{ hideAttribution: true }}
        colorMode="dark"
        className={hand ? "cursor-grab" : undefined}
      >
        <Background variant={BackgroundVariant.Dots} gap={20} size={1.2} color="rgba(230,232,238,0.22)" />
        <GroupFrames />
        {zoomedOut && <OverviewLayer nodes={nodes} edges={edges} />}
        <CanvasPresence />
        <TitleScale />
        {minimap && <CanvasMinimap nodes={nodes} />}
      </ReactFlow>
      <CanvasControls />
      <NodeSearch />
      {nodes.length === 0 && <EmptyCanvas />}
    </DropZone>
  );
}
