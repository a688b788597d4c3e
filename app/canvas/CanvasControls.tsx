import {
  Bot,
  CircleStop,
  Clapperboard,
  Focus,
  Group,
  Hand,
  ListChecks,
  Map as MapIcon,
  Maximize,
  Minus,
  MousePointer2,
  Play,
  Plus,
  Redo2,
  Search,
  SquarePlus,
  Undo2,
  Boxes,
} from "lucide-react";
import { memo, useDeferredValue } from "react";
import { useReactFlow, useStore as useFlowStore } from "@xyflow/react";
import { zoomIn, zoomOut, zoomPercent, ZOOM_MENU_PERCENTS } from "../../domain/canvas/zoom";
import { IconButton, Menu, MenuContent, MenuItem, MenuSeparator, MenuTrigger, cn, toast } from "../ui";
import { useStore } from "zustand";
import { useAgent, useCanvas, useCanvasView, useCommands, useGeneration, useSession, useSessionActions } from "./store/useCanvas";
import { selectedNodes } from "./store/canvasStore";
import { AssetsButton } from "./assetPicker/AssetsButton";
import { WorkflowFileMenu } from "./workflowFile/WorkflowFileMenu";
import { laneTagOf } from "./generation/perShotRuns";

/** Pointer and hand tools, undo and redo, zoom (spec: canvas 2 top bar / canvas page). */
export function CanvasControls() {
  const selectedIds = useCanvas((s) =>
    selectedNodes(s.nodes)
      .map((n) => n.id)
      .join("\n"),
  );
  // A string, so the bar re-renders only when the selection changes, not on every node change; and the shot
  // lane of the first selected node made by For every shot, as a string for the same reason.
  const laneKey = useCanvas((s) => {
    const tag = selectedNodes(s.nodes)
      .map((n) => laneTagOf(n.data))
      .find(Boolean);
    return tag ? JSON.stringify(tag) : "";
  });
  // Deferred: a click paints its selection first, and the bar follows it in a render React may interrupt.
  return <ControlsBar selectedIds={useDeferredValue(selectedIds)} laneKey={useDeferredValue(laneKey)} />;
}

const ControlsBar = memo(function ControlsBar({ selectedIds, laneKey }: { selectedIds: string; laneKey: string }) {
  const generation = useGeneration();
  const commands = useCommands();
  const session = useSessionActions();
  const tool = useSession((s) => s.tool);
  const canUndo = useSession((s) => s.canUndo);
  const canRedo = useSession((s) => s.canRedo);
  const canEdit = useCanvas((s) => s.canEdit);
  const lane = laneKey ? (JSON.parse(laneKey) as NonNullable<ReturnType<typeof laneTagOf>>) : null;
  const minimap = useSession((s) => s.minimap);
  const rf = useReactFlow();
  const agent = useAgent();
  const view = useCanvasView();
  const agentOn = useStore(agent.state, (s) => s.panel !== "closed");
  const setZoom = (z: number) => void rf.zoomTo(z, { duration: 150 });
  const toolClass = (active: boolean) => cn(active && "bg-surface-3 text-text");
  return (
    <div
      className="absolute left-3 top-3 z-10 flex items-center gap-1 rounded-lg border border-border bg-surface/95 p-1 shadow-lg"
      role="toolbar"
      aria-label="Canvas tools"
      data-tour="canvas-tools"
      data-canvas-panel
    >
      <IconButton
        label="Pointer tool (V)"
        size="sm"
        aria-pressed={tool === "pointer"}
        className={toolClass(tool === "pointer")}
        onClick={() => session.setTool("pointer")}
      >
        <MousePointer2 />
      </IconButton>
      <IconButton
        label="Hand tool (H, or hold Space)"
        size="sm"
        aria-pressed={tool === "hand"}
        className={toolClass(tool === "hand")}
        onClick={() => session.setTool("hand")}
      >
        <Hand />
      </IconButton>
      {canEdit && (
        <>
          <span className="mx-1 h-5 w-px bg-border" aria-hidden />
          <IconButton label="New node (Ctrl+N)" size="sm" onClick={() => commands.createNodeAtCenter()}>
            <SquarePlus />
          </IconButton>
          <IconButton label="Undo (Ctrl+Z)" size="sm" disabled={!canUndo} onClick={commands.undo}>
            <Undo2 />
          </IconButton>
          <IconButton label="Redo (Ctrl+Shift+Z)" size="sm" disabled={!canRedo} onClick={commands.redo}>
            <Redo2 />
          </IconButton>
          <span className="mx-1 h-5 w-px bg-border" aria-hidden />
          <IconButton label="Run all" size="sm" onClick={() => generation.graph.ask("all")} data-testid="run-all">
            <Play />
          </IconButton>
          {selectedIds && (
            <IconButton
              label="Run selected (and what it needs upstream)"
              size="sm"
              onClick={() => generation.graph.ask("selected", selectedIds.split("\n"))}
              data-testid="run-selected"
            >
              <ListChecks />
            </IconButton>
          )}
          {selectedIds && (
            <IconButton
              label="Run for every shot…"
              size="sm"
              onClick={() => generation.perShot.ask(selectedIds.split("\n"))}
              data-testid="run-per-shot"
            >
              <Clapperboard />
            </IconButton>
          )}
          {lane && (
            <IconButton
              label={`Cancel this shot's run (Shot ${lane.shotNumber})`}
              size="sm"
              onClick={() => void generation.perShot.cancelLane(lane)}
              data-testid="cancel-shot-run"
            >
              <CircleStop />
            </IconButton>
          )}
          {selectedIds && (
            <IconButton label="Group selection (Ctrl+G)" size="sm" onClick={() => commands.groupSelected()} data-testid="group-selection">
              <Group />
            </IconButton>
          )}
          {selectedIds && (
            <IconButton
              label="Convert to subgraph"
              size="sm"
              onClick={() => commands.convertSelectedToSubgraph() && toast.success("Converted to a subgraph")}
              data-testid="convert-to-subgraph"
            >
              <Boxes />
            </IconButton>
          )}
        </>
      )}
      <span className="mx-1 h-5 w-px bg-border" aria-hidden />
      <IconButton label="Zoom out" size="sm" onClick={() => setZoom(zoomOut(rf.getZoom()))}>
        <Minus />
      </IconButton>
      <Menu>
        <MenuTrigger asChild>
          <button
            type="button"
            className="h-8 min-w-14 rounded-md px-2 text-xs tabular-nums text-text-muted hover:bg-surface-2 hover:text-text"
            aria-label="Zoom level"
            data-testid="zoom-level"
          >
            <ZoomPercent />%
          </button>
        </MenuTrigger>
        <MenuContent>
          {ZOOM_MENU_PERCENTS.map((p) => (
            <MenuItem key={p} onSelect={() => setZoom(p / 100)}>
              {p}%
            </MenuItem>
          ))}
          <MenuSeparator />
          <MenuItem onSelect={view.fitAll}>
            Fit view <span className="ml-auto pl-4 text-text-subtle">Shift+1</span>
          </MenuItem>
          <MenuItem onSelect={view.zoomToSelection}>
            Zoom to selection <span className="ml-auto pl-4 text-text-subtle">Shift+2</span>
          </MenuItem>
        </MenuContent>
      </Menu>
      <IconButton label="Zoom in" size="sm" onClick={() => setZoom(zoomIn(rf.getZoom()))}>
        <Plus />
      </IconButton>
      <IconButton label="Fit view (Shift+1)" size="sm" onClick={view.fitAll}>
        <Maximize />
      </IconButton>
      <IconButton label="Zoom to selection (Shift+2)" size="sm" onClick={view.zoomToSelection}>
        <Focus />
      </IconButton>
      <span className="mx-1 h-5 w-px bg-border" aria-hidden />
      <IconButton label="Find a node (Ctrl+F)" size="sm" onClick={() => session.setSearching(true)} data-testid="find-node">
        <Search />
      </IconButton>
      <IconButton
        label={minimap ? "Hide minimap (M)" : "Show minimap (M)"}
        size="sm"
        aria-pressed={minimap}
        className={toolClass(minimap)}
        onClick={session.toggleMinimap}
        data-testid="minimap-toggle"
      >
        <MapIcon />
      </IconButton>
      <span className="mx-1 h-5 w-px bg-border" aria-hidden />
      <AssetsButton />
      <WorkflowFileMenu />
      <IconButton
        label={agentOn ? "Agent mode on (A)" : "Agent mode off (A)"}
        size="sm"
        aria-pressed={agentOn}
        className={toolClass(agentOn)}
        onClick={agent.togglePanel}
        data-testid="agent-mode"
        data-tour="agent"
      >
        <Bot />
      </IconButton>
    </div>
  );
});

/**
 * The zoom level as the bar shows it: the one reader of the view's zoom in the bar, and of its rounded
 * percent, so a zoom gesture re-renders this text once per percent, not the bar's twenty buttons (with
 * their tooltips and icons) on every frame (bench:canvas zoom profile).
 */
function ZoomPercent() {
  return <>{useFlowStore((s) => zoomPercent(s.transform[2]))}</>;
}
