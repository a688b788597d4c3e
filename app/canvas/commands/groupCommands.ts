import { type CanvasChange, groupAdded, groupUpdated, groupRemoved } from "../../../domain/canvas/changes";
import {
  GROUP_COLOURS,
  groupRecordSchema,
  newGroupId,
  nextGroupName,
  type GroupColour,
  type GroupRecord,
} from "../../../domain/canvas/group";
import type { Position } from "../../../domain/canvas/node";
import type { CanvasState } from "../store/canvasStore";

interface GroupCommandEnv {
  get(): CanvasState;
  /** Emits one list as its own undo step (or part of the open batch), sent at once. */
  emit(changes: CanvasChange[]): void;
  moveNodes(moves: { id: string; position: Position }[]): void;
  notify(kind: "info" | "error" | "success", message: string): void;
  now(): number;
}

/**
 * Groups (part 2) as change lists: making, renaming, recolouring, collapsing and ungrouping are
 * each one undo step through the one change path; moving a group moves its nodes (as a node drag does).
 * A node belongs to at most one group: grouping takes it out of the one it was in (a group left empty goes).
 */
export function createGroupCommands(env: GroupCommandEnv) {
  const { get, emit, notify } = env;
  const groupById = (id: string) => get().groups.find((g) => g.id === id);

  /** The changes that take `ids` out of every other group. */
  const leaveOtherGroups = (ids: ReadonlySet<string>, except?: string): CanvasChange[] =>
    get().groups.flatMap((g): CanvasChange[] => {
      if (g.id === except || !g.nodeIds.some((n) => ids.has(n))) return [];
      const nodeIds = g.nodeIds.filter((n) => !ids.has(n));
      return nodeIds.length ? [groupUpdated({ ...g, nodeIds }, g)] : [groupRemoved(g.id, g)];
    });

  const update = (id: string, patch: Partial<Omit<GroupRecord, "id">>): boolean => {
    const prev = groupById(id);
    if (!get().canEdit || !prev) return false;
    const group = { ...prev, ...patch };
    if (JSON.stringify(group) === JSON.stringify(prev)) return false;
    emit([groupUpdated(group, prev)]);
    return true;
  };

  return {
    /** Ctrl+G: the nodes become one group named "Group N"; returns its id. */
    groupNodes(ids: readonly string[], opts: { name?: string; colour?: GroupColour } = {}): string | null {
      const s = get();
      if (!s.canEdit) return null;
      const live = new Set(s.nodes.map((n) => n.id));
      const members = [...new Set(ids)].filter((id) => live.has(id));
      if (members.length === 0) {
        notify("info", "Select nodes to group");
        return null;
      }
      const group: GroupRecord = {
        id: newGroupId(env.now()),
        name: opts.name ?? nextGroupName(s.groups),
        colour: opts.colour ?? "blue",
        nodeIds: members,
        collapsed: false,
      };
      emit([...leaveOtherGroups(new Set(members)), groupAdded(group)]);
      return group.id;
    },

    groupSelected(): string | null {
      return this.groupNodes(
        get()
          .nodes.filter((n) => n.selected)
          .map((n) => n.id),
      );
    },

    /** A node's menu: this node and the selection become a group. */
    groupWith(id: string): string | null {
      return this.groupNodes([
        ...get()
          .nodes.filter((n) => n.selected)
          .map((n) => n.id),
        id,
      ]);
    },

    /** Ctrl+Shift+G: the groups the selected nodes are in go; their nodes stay. */
    ungroupSelected(): number {
      const selected = new Set(
        get()
          .nodes.filter((n) => n.selected)
          .map((n) => n.id),
      );
      const groups = get().groups.filter((g) => g.nodeIds.some((id) => selected.has(id)));
      if (get().canEdit && groups.length) emit(groups.map((g): CanvasChange => groupRemoved(g.id, g)));
      return groups.length;
    },

    ungroup(id: string) {
      const group = groupById(id);
      if (get().canEdit && group) emit([groupRemoved(id, group)]);
    },

    /** False (and a message) for an empty name. */
    renameGroup(id: string, name: string): boolean {
      const parsed = groupRecordSchema.shape.name.safeParse(name);
      if (!parsed.success) {
        notify("error", parsed.error.issues[0]?.message ?? "Invalid group name");
        return false;
      }
      update(id, { name: parsed.data });
      return true;
    },

    recolourGroup(id: string, colour: GroupColour) {
      if (GROUP_COLOURS.includes(colour)) update(id, { colour });
    },

    setGroupCollapsed(id: string, collapsed: boolean) {
      update(id, { collapsed });
    },

    /** Dragging a frame: every live member moves by `delta` from where it was when the drag began. */
    moveGroup(id: string, from: ReadonlyMap<string, Position>, delta: Position) {
      const group = groupById(id);
      if (!group) return;
      env.moveNodes(
        group.nodeIds.flatMap((n) => {
          const start = from.get(n);
          return start ? [{ id: n, position: { x: start.x + delta.x, y: start.y + delta.y } }] : [];
        }),
      );
    },

    /** The ids of a group's nodes that are on the canvas (Run group, zoom to group). */
    liveMembers(id: string): string[] {
      const live = new Set(get().nodes.map((n) => n.id));
      return groupById(id)?.nodeIds.filter((n) => live.has(n)) ?? [];
    },
  };
}
