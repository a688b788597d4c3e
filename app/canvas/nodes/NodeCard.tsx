import { memo, useCallback, useRef, useState } from "react";
import { Handle, Position, type NodeProps } from "@xyflow/react";
import { AlertTriangle, Maximize2, MoreHorizontal, Upload, Wrench } from "lucide-react";
import { findTool } from "../../../domain/tools/catalogue";
import { nodeLook, mediaUrlOf, detectContentType } from "../../../domain/canvas/contentType";
import { nodeSize } from "../../../domain/canvas/nodeSize";
import { aspectRatioAfterMediaLoad } from "../../../domain/canvas/aspectRatio";
import { IconButton, Menu, MenuContent, MenuItem, MenuSeparator, MenuTrigger, cn, toast } from "../../ui";
import { useCanvas, useCommands, useGeneration, useSessionActions } from "../store/useCanvas";
import { NodeProgressBar } from "../generation/NodeProgressBar";
import { useNodeProgress } from "../generation/progressStore";
import { useNodeUpload } from "../useNodeUpload";
import type { StudioNode } from "../store/canvasStore";
import { MediaView } from "./MediaView";
import { ContextStrip } from "./ContextStrip";
import { NodeText } from "./NodeText";
import { handleTop } from "./nodeLayout";

const ACCEPT = "image/*,video/*,audio/*,.txt,.md,.json,.csv,.log,.glb,.gltf,.docx";

/**
 * One canvas node at a working zoom: title row and menu, content, media players, progress, hover tools,
 * handles. Memoized and fed only its own props by React Flow, so a change to one node never re-renders the
 * others (notes: perf-and-reliability §1). It hears nothing of the viewport: zoomed far out React Flow mounts
 * no card at all and the overview draws the graph (overview/OverviewLayer.tsx).
 */
export const NodeCard = memo(function NodeCard({ id, data, selected }: NodeProps<StudioNode>) {
  const commands = useCommands();
  const session = useSessionActions();
  const upload = useNodeUpload();
  const fileInput = useRef<HTMLInputElement>(null);
  const look = nodeLook(data);
  const size = nodeSize(data);
  const title = data.title || "Untitled";
  // A primitive that never changes while the canvas is open: subscribing to it costs no re-renders.
  const canEdit = useCanvas((s) => s.canEdit);
  const pending = useNodeProgress(useGeneration().progress, id);
  // The server's node record says 'generating'; live progress (and a run this client just asked for) shows at once.
  // A live entry whose run the node record has already settled (a missed final message) shows nothing.
  const live = (pending?.status === "queued" || pending?.status === "running") && data.generationId !== pending.generationId;
  const generating = data.status === "generating" || live;
  // The menu and the hover tools (Radix menu and tooltips, their icons) cost more to mount than the rest of
  // the card, and zooming out mounts hundreds of cards at once (bench:canvas zoom profile). They are mounted
  // once the card is hovered, focused within or selected: before any of those nobody can reach them.
  const [armed, setArmed] = useState(false);
  const arm = useCallback(() => setArmed(true), []);
  const tools = armed || selected;

  return (
    <div
      className="group/node relative"
      style={{ width: size.width }}
      data-testid="canvas-node"
      data-node-id={id}
      onPointerEnter={arm}
      onFocus={arm}
    >
      <div className="mb-1.5 flex items-center justify-between px-1">
        {/* The title may grow as the canvas zooms out (canvas.css .node-title); its row keeps its place. */}
        <span className="relative h-5 min-w-0 flex-1">
          <span className="node-title absolute bottom-0 left-0 truncate text-sm font-semibold text-text/80" data-testid="node-title">
            {title}
          </span>
        </span>
        {typeof data.selectedTool === "string" && data.selectedTool && (
          <span
            className="ml-auto mr-1 flex shrink-0 items-center gap-1 truncate rounded-full border border-border bg-surface-2 px-2 py-px text-[11px] text-text-muted"
            data-testid="node-tool-chip"
            title="Selected tool"
          >
            <Wrench className="size-3" aria-hidden /> {findTool(data.selectedTool)?.name ?? data.selectedTool}
          </span>
        )}
        {!tools && <span className="size-5 shrink-0" aria-hidden />}
        {tools && (
          <Menu>
            <MenuTrigger asChild>
              <button
                type="button"
                aria-label={`Actions for ${title}`}
                className="nodrag rounded p-0.5 text-text-muted opacity-0 transition-opacity hover:bg-surface-2 hover:text-text focus-visible:opacity-100 group-hover/node:opacity-100"
              >
                <MoreHorizontal className="size-4" />
              </button>
            </MenuTrigger>
            <MenuContent align="end">
              <MenuItem disabled={!canEdit} onSelect={() => commands.toggleAgentContext(id)}>
                {data.agentContext ? "Remove from Agent Context" : "Add to Agent Context"}
              </MenuItem>
              <MenuItem disabled={!canEdit} onSelect={() => session.startRename(id)}>
                Rename
              </MenuItem>
              <MenuItem disabled={!canEdit} onSelect={() => commands.groupWith(id) && toast.success("Grouped")}>
                Group with selection <span className="ml-auto pl-4 text-text-subtle">Ctrl+G</span>
              </MenuItem>
              <MenuItem disabled={!canEdit} onSelect={() => commands.convertWithSelection(id) && toast.success("Converted to a subgraph")}>
                Convert to subgraph
              </MenuItem>
              <MenuSeparator />
              <MenuItem
                danger
                disabled={!canEdit}
                onSelect={() => {
                  commands.deleteNodes([id]);
                  toast.success("Node deleted");
                }}
              >
                Delete
              </MenuItem>
            </MenuContent>
          </Menu>
        )}
      </div>
      {/* No drop shadow on a card: a blurred shadow under every card is re-rastered for each tile a pan
          uncovers, and on the dark canvas it barely showed; the border sets the card off. */}
      <div
        className={cn(
          "relative overflow-hidden rounded-xl border bg-surface",
          selected ? "border-[#7c8cff] shadow-[0_0_0_2px_rgba(124,140,255,0.55),0_0_24px_rgba(124,140,255,0.35)]" : "border-border",
          data.agentContext && "outline outline-1 outline-offset-2 outline-accent/60",
        )}
        style={{ height: size.height }}
      >
        {look === "empty" && !canEdit && <div className="flex h-full items-center justify-center text-sm text-text-muted">Empty node</div>}
        {look === "empty" && canEdit && (
          <button
            type="button"
            className="nodrag flex h-full w-full flex-col items-center justify-center gap-2 border-2 border-dashed border-transparent text-sm text-text-muted hover:border-border hover:text-text"
            onClick={() => fileInput.current?.click()}
          >
            <Upload className="size-5" aria-hidden />
            Drop files or click to upload
          </button>
        )}
        {look === "text" && <NodeText id={id} content={data.content ?? ""} />}
        {look === "media" && (
          <MediaView
            url={mediaUrlOf(data)!}
            type={detectContentType(data)}
            title={title}
            onNaturalSize={(w, h) => {
              // spec canvas 4 "Loaded media": the node takes the nearest standard ratio of what it shows.
              const label = canEdit ? aspectRatioAfterMediaLoad(data.aspectRatio, w, h) : null;
              if (label) commands.updateNodeData(id, { aspectRatio: label });
            }}
          />
        )}
        {generating && (
          <NodeProgressBar nodeId={id} stored={data.generationProgress as { percent?: number; message?: string } | null | undefined} />
        )}
        {data.status === "error" && data.error && (
          <div role="alert" className="absolute inset-x-0 bottom-0 flex items-center gap-2 bg-danger/90 px-3 py-1.5 text-xs text-white">
            <AlertTriangle className="size-3.5 shrink-0" /> {data.error}
          </div>
        )}
        {tools && (
          <div className="absolute right-2 top-2 flex gap-1 opacity-0 transition-opacity focus-within:opacity-100 group-hover/node:opacity-100">
            {canEdit && (
              <IconButton label="Upload" size="sm" variant="secondary" className="nodrag" onClick={() => fileInput.current?.click()}>
                <Upload />
              </IconButton>
            )}
            <IconButton label="Open full screen" size="sm" variant="secondary" className="nodrag" onClick={() => session.focus(id)}>
              <Maximize2 />
            </IconButton>
          </div>
        )}
      </div>
      {data.contextData && data.contextData.length > 0 && <ContextStrip items={data.contextData} />}
      <input
        ref={fileInput}
        type="file"
        accept={ACCEPT}
        className="hidden"
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = "";
          if (file) void upload(id, file);
        }}
      />
      <Handle
        type="target"
        position={Position.Left}
        className="!size-3 !border-2 !border-bg !bg-[#7c8cff]"
        style={{ top: handleTop(size.height) }}
      />
      <Handle
        type="source"
        position={Position.Right}
        className="!size-3 !border-2 !border-bg !bg-accent"
        style={{ top: handleTop(size.height) }}
      />
    </div>
  );
});
