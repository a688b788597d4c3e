import { memo } from "react";
import { Handle, Position, type NodeProps } from "@xyflow/react";
import { ArrowLeftToLine, ArrowRightFromLine } from "lucide-react";
import { GROUP_TITLE_HEIGHT } from "../../../domain/canvas/group";
import { useCanvas } from "../store/useCanvas";
import type { StudioNode } from "../store/canvasStore";
import { GroupActions } from "./GroupActions";
import { GROUP_COLOUR } from "./groupColours";
import { GroupTitle } from "./GroupTitle";
import type { GroupCardData } from "./collapsedView";
import { useGroupDrag } from "./useGroupDrag";

/**
 * A collapsed group: one card with the group's name, the nodes whose edges enter it (inputs) and
 * those its edges leave for (outputs). Edges to and from its members are drawn to its two handles.
 * Memoized; it reads only its own group from the store. React Flow gives a node that cannot be selected or
 * dragged no pointer events, so the card takes them itself (its title bar drags the group, as a frame's does).
 */
export const CollapsedGroupCard = memo(function CollapsedGroupCard({ data, width, height }: NodeProps<StudioNode>) {
  const { groupId, inputs, outputs } = data as unknown as GroupCardData;
  const group = useCanvas((s) => s.groups.find((g) => g.id === groupId));
  const canEdit = useCanvas((s) => s.canEdit);
  const onPointerDown = useGroupDrag(groupId, canEdit);
  if (!group) return null;
  const colour = GROUP_COLOUR[group.colour];
  const list = (names: string[], empty: string) =>
    names.length ? (
      names.map((n, i) => (
        <li key={i} className="truncate">
          {n}
        </li>
      ))
    ) : (
      <li className="text-text-subtle">{empty}</li>
    );
  return (
    <div
      className="rounded-xl border-2 bg-surface shadow-lg"
      style={{ width, height, borderColor: colour, pointerEvents: "all" }}
      data-testid="group-card"
      data-group-id={groupId}
    >
      <div
        className="nodrag flex items-center gap-1 rounded-t-[10px] px-3"
        style={{ height: GROUP_TITLE_HEIGHT, background: `${colour}33`, cursor: canEdit ? "grab" : "default" }}
        onPointerDown={onPointerDown}
      >
        <span className="h-2.5 w-2.5 shrink-0 rounded-full" style={{ background: colour }} aria-hidden />
        <GroupTitle id={groupId} name={group.name} canEdit={canEdit} />
        {canEdit && <GroupActions group={group} />}
      </div>
      <div className="grid grid-cols-2 gap-3 px-3 py-2 text-xs text-text-muted">
        <div data-testid="group-card-inputs">
          <div className="mb-1 flex items-center gap-1 font-medium text-text">
            <ArrowLeftToLine className="h-3.5 w-3.5" /> Inputs
          </div>
          <ul className="space-y-0.5">{list(inputs, "None")}</ul>
        </div>
        <div data-testid="group-card-outputs">
          <div className="mb-1 flex items-center gap-1 font-medium text-text">
            <ArrowRightFromLine className="h-3.5 w-3.5" /> Outputs
          </div>
          <ul className="space-y-0.5">{list(outputs, "None")}</ul>
        </div>
      </div>
      <Handle
        type="target"
        position={Position.Left}
        isConnectable={false}
        className="!h-3 !w-3 !border-2 !bg-surface"
        style={{ borderColor: colour }}
      />
      <Handle
        type="source"
        position={Position.Right}
        isConnectable={false}
        className="!h-3 !w-3 !border-2 !bg-surface"
        style={{ borderColor: colour }}
      />
    </div>
  );
});
