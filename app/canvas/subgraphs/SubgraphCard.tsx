import { memo } from "react";
import { Handle, Position, type NodeProps } from "@xyflow/react";
import { ArrowLeftToLine, ArrowRightFromLine, Boxes, MoreHorizontal } from "lucide-react";
import { SUBGRAPH_NODE_TYPE, subgraphOf } from "../../../domain/canvas/subgraph";
import { Button, Menu, MenuContent, MenuItem, MenuSeparator, MenuTrigger, cn, toast } from "../../ui";
import { useCanvas, useCommands, useSessionActions } from "../store/useCanvas";
import type { StudioNode } from "../store/canvasStore";
import { portTop, SUBGRAPH_CARD_WIDTH, SUBGRAPH_TITLE } from "./subgraphLayout";

const handleClass = "!size-3 !border-2 !border-bg";

/**
 * A subgraph node (issue 34, 3): its name, its inputs (left, one handle per port) and outputs (right),
 * how many nodes it holds and how many of them are done. Double-click, or Open, edits inside; Unpack turns
 * it back into plain nodes. Memoized; it reads only its own props and the constant edit right.
 */
export const SubgraphCard = memo(function SubgraphCard({ id, data, selected }: NodeProps<StudioNode>) {
  const canEdit = useCanvas((s) => s.canEdit);
  const commands = useCommands();
  const session = useSessionActions();
  const sub = subgraphOf({ type: SUBGRAPH_NODE_TYPE, data });
  if (!sub) return <div className="rounded-xl border border-border bg-surface p-3 text-sm text-text-muted">Broken subgraph</div>;
  const done = sub.nodes.filter((n) => n.data.status === "completed").length;
  const running = sub.nodes.some((n) => n.data.status === "generating");
  const rows = Math.max(1, sub.inputs.length, sub.outputs.length);
  const open = () => session.openSubgraph(id);
  const unpack = () => commands.unpackSubgraph(id).length > 0 && toast.success("Unpacked into plain nodes");
  return (
    <div
      className={cn(
        "rounded-xl border-2 bg-surface shadow-lg",
        selected ? "border-[#7c8cff] shadow-[0_0_0_2px_rgba(124,140,255,0.55)]" : "border-violet-400/60",
      )}
      style={{ width: SUBGRAPH_CARD_WIDTH }}
      data-testid="subgraph-card"
      data-subgraph-id={id}
    >
      <div className="flex items-center gap-2 rounded-t-[10px] bg-violet-500/20 px-3" style={{ height: SUBGRAPH_TITLE }}>
        <Boxes className="size-4 shrink-0 text-violet-300" aria-hidden />
        <span className="truncate text-sm font-semibold text-text" data-testid="subgraph-name">
          {sub.name}
        </span>
        <span className="ml-auto shrink-0 text-[11px] text-text-muted" data-testid="subgraph-progress">
          {running ? "Running… " : ""}
          {done}/{sub.nodes.length} done
        </span>
        <Menu>
          <MenuTrigger asChild>
            <button
              type="button"
              aria-label={`Actions for ${sub.name}`}
              className="nodrag shrink-0 rounded p-0.5 text-text-muted hover:bg-surface-2 hover:text-text focus-visible:outline focus-visible:outline-2 focus-visible:outline-accent"
              data-testid="subgraph-menu"
            >
              <MoreHorizontal className="size-4" />
            </button>
          </MenuTrigger>
          <MenuContent align="end">
            <MenuItem onSelect={open}>Open</MenuItem>
            {/* Viewers may not change the canvas; the library is kept by those who build on it. */}
            {canEdit && <MenuItem onSelect={() => session.startSaveToLibrary(id)}>Save to library…</MenuItem>}
            {canEdit && (
              <>
                <MenuSeparator />
                <MenuItem onSelect={unpack}>Unpack</MenuItem>
              </>
            )}
          </MenuContent>
        </Menu>
      </div>
      <div className="relative grid grid-cols-2 gap-3 px-3 py-2 text-xs text-text-muted" style={{ height: 16 + rows * 28 }}>
        <ul data-testid="subgraph-inputs" aria-label="Inputs">
          {sub.inputs.length === 0 && (
            <li className="flex h-7 items-center gap-1 text-text-subtle">
              <ArrowLeftToLine className="size-3.5" /> No inputs
            </li>
          )}
          {sub.inputs.map((p) => (
            <li key={p.id} className="flex h-7 items-center gap-1 truncate" title={p.label}>
              <ArrowLeftToLine className="size-3.5 shrink-0" /> {p.label}
            </li>
          ))}
        </ul>
        <ul data-testid="subgraph-outputs" aria-label="Outputs" className="text-right">
          {sub.outputs.length === 0 && (
            <li className="flex h-7 items-center justify-end gap-1 text-text-subtle">
              No outputs <ArrowRightFromLine className="size-3.5" />
            </li>
          )}
          {sub.outputs.map((p) => (
            <li key={p.id} className="flex h-7 items-center justify-end gap-1 truncate" title={p.label}>
              {p.label} <ArrowRightFromLine className="size-3.5 shrink-0" />
            </li>
          ))}
        </ul>
      </div>
      <div className="nodrag flex items-center gap-2 border-t border-border px-3 py-2">
        <span className="text-[11px] text-text-subtle">{sub.nodes.length === 1 ? "1 node" : `${sub.nodes.length} nodes`} inside</span>
        <Button size="sm" variant="ghost" className="ml-auto" onClick={open} data-testid="subgraph-open">
          Open
        </Button>
        <Button size="sm" variant="secondary" disabled={!canEdit} onClick={unpack} data-testid="subgraph-unpack">
          Unpack
        </Button>
      </div>
      <Handle type="target" position={Position.Left} className={cn(handleClass, "!bg-[#7c8cff]")} style={{ top: SUBGRAPH_TITLE / 2 }} />
      <Handle type="source" position={Position.Right} className={cn(handleClass, "!bg-accent")} style={{ top: SUBGRAPH_TITLE / 2 }} />
      {sub.inputs.map((p, i) => (
        <Handle
          key={p.id}
          id={p.id}
          type="target"
          position={Position.Left}
          className={cn(handleClass, "!bg-[#7c8cff]")}
          style={{ top: portTop(i) }}
        />
      ))}
      {sub.outputs.map((p, i) => (
        <Handle
          key={p.id}
          id={p.id}
          type="source"
          position={Position.Right}
          className={cn(handleClass, "!bg-accent")}
          style={{ top: portTop(i) }}
        />
      ))}
    </div>
  );
});
