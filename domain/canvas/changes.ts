import { z } from "zod";
import { groupIdSchema, groupRecordSchema, type GroupRecord } from "./group";
import {
  edgeSchema,
  nodeDataSchema,
  nodeIdSchema,
  positionSchema,
  viewportSchema,
  type CanvasEdge,
  type NodeData,
  type Position,
  type Viewport,
} from "./node";

/**
 * The one vocabulary for changing a canvas (docs/ARCHITECTURE.md "One way to change the canvas"), in the
 * style of xyflow's `NodeChange`/`EdgeChange` unions: the browser's commands emit change lists, the browser
 * store applies them, the outbox sends them, and the server's `canvasService.applyChanges` stores and
 * publishes them. Every list says where it came from.
 */
export const CHANGE_SOURCES = ["user", "remote", "generation", "tool", "agent"] as const;
export type ChangeSource = (typeof CHANGE_SOURCES)[number];

/** Sources that are this browser's own edits: sent to the server and (structure only) undoable. */
export const LOCAL_SOURCES: readonly ChangeSource[] = ["user", "agent"];
/** Sources whose node writes own the generation fields (status, media, versions): see nodeMerge. */
export const SERVER_RESULT_SOURCES: readonly ChangeSource[] = ["generation", "tool"];

/** A whole node: what is created, and what a removal keeps so that undo can bring it back. */
export const nodeRecordSchema = z.object({
  id: nodeIdSchema,
  type: z.string().max(40),
  position: positionSchema,
  data: nodeDataSchema,
});
export type NodeRecord = z.infer<typeof nodeRecordSchema>;

export const canvasChangeSchema = z.discriminatedUnion("type", [
  /** A new node with its data (data.rev is its first revision). For a node that exists it only moves it. */
  z.object({ type: z.literal("node-added"), node: nodeRecordSchema }),
  /** The node becomes a tombstone, its edges go with it. `node` is the last copy seen, for undo. */
  z.object({ type: z.literal("node-removed"), id: nodeIdSchema, node: nodeRecordSchema.optional() }),
  /** Undo of a removal: the remover's explicit wish clears the tombstone; the data follows the revision rule. */
  z.object({ type: z.literal("node-restored"), id: nodeIdSchema, node: nodeRecordSchema.optional() }),
  z.object({ type: z.literal("node-moved"), id: nodeIdSchema, position: positionSchema }),
  /**
   * The node's whole new data. `data.rev` is its revision (prevRev + 1 when absent); `prevRev` the revision
   * it was made from. It lands only over an older stored revision (spec: canvas 4 revision rule); with
   * `exact`, only over exactly `prevRev` (a server writer that computed it from that copy).
   */
  z.object({
    type: z.literal("node-data"),
    id: nodeIdSchema,
    data: nodeDataSchema,
    prevRev: z.number().int().nonnegative(),
    exact: z.boolean().optional(),
    /**
     * The fields this edit changed (a browser's own edits): what an unsent edit re-applies over a newer
     * server copy after a reload. Absent: the whole data is the edit.
     */
    fields: z.array(z.string().max(100)).max(200).optional(),
  }),
  z.object({ type: z.literal("edge-added"), edge: edgeSchema }),
  /** `edge` is the removed edge, for undo. */
  z.object({ type: z.literal("edge-removed"), id: z.string().min(1).max(300), edge: edgeSchema.optional() }),
  z.object({ type: z.literal("viewport"), viewport: viewportSchema }),
  /** A new group: for one that exists, it replaces it (last writer wins, like a placement). */
  z.object({ type: z.literal("group-added"), group: groupRecordSchema }),
  /** A group renamed, recoloured, collapsed or expanded, or given other members; `prev` is the copy it replaced, for undo. */
  z.object({ type: z.literal("group-updated"), group: groupRecordSchema, prev: groupRecordSchema.optional() }),
  /** Ungroup: the frame goes, its nodes stay. `group` is the last copy seen, for undo. */
  z.object({ type: z.literal("group-removed"), id: groupIdSchema, group: groupRecordSchema.optional() }),
]);
export type CanvasChange = z.infer<typeof canvasChangeSchema>;
export type CanvasChangeType = CanvasChange["type"];
export type ChangeOf<T extends CanvasChangeType> = Extract<CanvasChange, { type: T }>;

export interface ChangeList {
  source: ChangeSource;
  changes: CanvasChange[];
  /**
   * Changes an earlier page made but could not save, shown again from the outbox after a reload: they are
   * already queued, so nothing sends or records them a second time.
   */
  replayed?: boolean;
  /** Save at once rather than after the 500 ms debounce (a rename, a created node's data, a merge). */
  urgent?: boolean;
  /**
   * Node data merged onto the server's copy at its prevRev: that copy is now what the unsent edits are
   * based on, so it replaces the older base of edits still waiting to be sent.
   */
  rebased?: boolean;
}

const GROUP_CHANGES: readonly CanvasChangeType[] = ["group-added", "group-updated", "group-removed"];
export const isGroupChange = (c: CanvasChange): c is ChangeOf<"group-added" | "group-updated" | "group-removed"> =>
  GROUP_CHANGES.includes(c.type);

/**
 * The changes that alter the graph's shape: what undo steps are made of (spec: canvas 4 "Undo/redo"). A
 * group's changes count too: making, renaming, collapsing and ungrouping are each a step.
 */
export const isStructural = (c: CanvasChange): boolean =>
  c.type === "node-added" ||
  c.type === "node-removed" ||
  c.type === "node-restored" ||
  c.type === "edge-added" ||
  c.type === "edge-removed" ||
  isGroupChange(c);

/** The group a change concerns, if any. */
export const changedGroupId = (c: CanvasChange): string | null =>
  c.type === "group-added" || c.type === "group-updated" ? c.group.id : c.type === "group-removed" ? c.id : null;

/** The node a change concerns, if any. */
export function changedNodeId(c: CanvasChange): string | null {
  switch (c.type) {
    case "node-added":
      return c.node.id;
    case "node-removed":
    case "node-restored":
    case "node-moved":
    case "node-data":
      return c.id;
    default:
      return null;
  }
}

/** A node-data change's revision: the one it carries, else one above the revision it was made from. */
export const revisionOf = (c: { data: NodeData; prevRev: number }): number => c.data.rev ?? c.prevRev + 1;

// The constructors every writer uses: a change is never written as an object literal outside this file.
export const nodeAdded = (node: NodeRecord): ChangeOf<"node-added"> => ({ type: "node-added", node });
export const nodeRemoved = (id: string, node?: NodeRecord): ChangeOf<"node-removed"> =>
  node ? { type: "node-removed", id, node } : { type: "node-removed", id };
export const nodeRestored = (id: string, node?: NodeRecord): ChangeOf<"node-restored"> =>
  node ? { type: "node-restored", id, node } : { type: "node-restored", id };
export const nodeMoved = (id: string, position: Position): ChangeOf<"node-moved"> => ({ type: "node-moved", id, position });
/** `fields`: what a person's edit changed; `exact`: lands only over exactly `prevRev` (see the schema). */
export const nodeData = (
  id: string,
  data: NodeData,
  prevRev: number,
  more: { fields?: string[]; exact?: boolean } = {},
): ChangeOf<"node-data"> => ({
  type: "node-data",
  id,
  data,
  prevRev,
  ...(more.fields ? { fields: more.fields } : {}),
  ...(more.exact ? { exact: true } : {}),
});
export const edgeAdded = (edge: CanvasEdge): ChangeOf<"edge-added"> => ({ type: "edge-added", edge });
export const edgeRemoved = (id: string, edge?: CanvasEdge): ChangeOf<"edge-removed"> =>
  edge ? { type: "edge-removed", id, edge } : { type: "edge-removed", id };
export const viewportChanged = (viewport: Viewport): ChangeOf<"viewport"> => ({ type: "viewport", viewport });
export const groupAdded = (group: GroupRecord): ChangeOf<"group-added"> => ({ type: "group-added", group });
export const groupUpdated = (group: GroupRecord, prev?: GroupRecord): ChangeOf<"group-updated"> =>
  prev ? { type: "group-updated", group, prev } : { type: "group-updated", group };
export const groupRemoved = (id: string, group?: GroupRecord): ChangeOf<"group-removed"> =>
  group ? { type: "group-removed", id, group } : { type: "group-removed", id };
