import type { GroupRecord } from "../canvas/group";
import type { CanvasEdge, NodeData, Position } from "../canvas/node";

/** Node data written (a person's edit, a run's result, the agent's plan); clients merge by revision. */
export interface NodesMessage {
  type: "nodes";
  clientId?: string;
  /**
   * Whose write this is when it is not a person's: 'generation' or 'tool' wrote a run's status or result
   * (clients take those fields over their unsaved edits), 'agent' the workflow agent. Absent: a person.
   */
  origin?: "generation" | "tool" | "agent";
  nodes: { id: string; rev: number; data: NodeData }[];
}

/** The graph's shape changed: nodes added, moved, restored or deleted; edges added or removed. */
export interface StructureMessage {
  type: "structure";
  clientId?: string;
  nodes: { id: string; type: string; position: Position }[];
  restoredNodeIds: string[];
  deletedNodeIds: string[];
  edgesAdded: CanvasEdge[];
  edgesRemoved: string[];
  /** Groups made or changed, and ungrouped; absent when none. */
  groupsSet?: GroupRecord[];
  groupsRemoved?: string[];
}

export type CanvasMessage = NodesMessage | StructureMessage;

const from = (clientId: string | undefined) => (clientId ? { clientId } : {});

export const canvasMessages = {
  nodes: (nodes: NodesMessage["nodes"], by: { clientId?: string; origin?: NodesMessage["origin"] } = {}): NodesMessage => ({
    type: "nodes",
    ...from(by.clientId),
    ...(by.origin ? { origin: by.origin } : {}),
    nodes,
  }),
  structure: (shape: Omit<StructureMessage, "type" | "clientId">, clientId?: string): StructureMessage => {
    const { groupsSet, groupsRemoved, ...rest } = shape;
    return {
      type: "structure",
      ...from(clientId),
      ...rest,
      ...(groupsSet?.length ? { groupsSet } : {}),
      ...(groupsRemoved?.length ? { groupsRemoved } : {}),
    };
  },
};
