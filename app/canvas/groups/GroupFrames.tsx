import { memo } from "react";
import { ViewportPortal } from "@xyflow/react";
import { GROUP_TITLE_HEIGHT, type GroupRecord } from "../../../domain/canvas/group";
import { useCanvas } from "../store/useCanvas";
import { GroupActions } from "./GroupActions";
import { GROUP_COLOUR } from "./groupColours";
import { GroupTitle } from "./GroupTitle";
import { boxKey, memberBounds, parseBoxKey } from "./memberBounds";
import { useGroupDrag } from "./useGroupDrag";

/**
 * The canvas's expanded groups as frames behind their nodes. They live in React Flow's viewport
 * (its transform), under the nodes and edges (z-index -1 in the viewport's stacking context), and are not
 * React Flow nodes: node cards neither know about them nor re-render for them. Each frame hears only its
 * own bounds, as a string, so a change elsewhere on the canvas re-renders no frame.
 */
export function GroupFrames() {
  const groups = useCanvas((s) => s.groups);
  const canEdit = useCanvas((s) => s.canEdit);
  if (groups.length === 0) return null;
  return (
    <ViewportPortal>
      <div className="pointer-events-none absolute left-0 top-0" style={{ zIndex: -1 }} data-testid="group-frames">
        {groups.map((g) => (g.collapsed ? null : <GroupFrame key={g.id} group={g} canEdit={canEdit} />))}
      </div>
    </ViewportPortal>
  );
}

const GroupFrame = memo(function GroupFrame({ group, canEdit }: { group: GroupRecord; canEdit: boolean }) {
  const box = parseBoxKey(useCanvas((s) => boxKey(memberBounds(s, group.nodeIds))));
  const onPointerDown = useGroupDrag(group.id, canEdit);
  if (!box) return null;
  const colour = GROUP_COLOUR[group.colour];
  return (
    <div
      className="absolute rounded-xl border-2"
      style={{ left: box.x, top: box.y, width: box.width, height: box.height, borderColor: `${colour}99`, background: `${colour}14` }}
      data-testid="group-frame"
      data-group-id={group.id}
    >
      <div
        className="pointer-events-auto flex items-center gap-1 rounded-t-[10px] px-3"
        style={{ height: GROUP_TITLE_HEIGHT, background: `${colour}33`, cursor: canEdit ? "grab" : "default" }}
        onPointerDown={onPointerDown}
        data-testid="group-title-bar"
      >
        <span className="h-2.5 w-2.5 shrink-0 rounded-full" style={{ background: colour }} aria-hidden />
        <GroupTitle id={group.id} name={group.name} canEdit={canEdit} />
        {canEdit && <GroupActions group={group} />}
      </div>
    </div>
  );
});
