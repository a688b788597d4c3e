import { Position, type NodeHandle } from "@xyflow/react";
import { GROUP_TITLE_HEIGHT, groupPorts, type GroupRecord } from "../../../domain/canvas/group";
import { nodesById, type StudioEdge, type StudioNode } from "../store/canvasStore";
import { memberBounds } from "./memberBounds";

import { GROUP_CARD_PREFIX, GROUP_CARD_TYPE } from "./groupCard";

export { GROUP_CARD_PREFIX, GROUP_CARD_TYPE };

const CARD_WIDTH = 300;
const ROW = 22;
const HANDLE = 12;

/** What a collapsed group's card shows: its group, and the titles of the nodes wired into and out of it. */
export interface GroupCardData extends Record<string, unknown> {
  groupId: string;
  inputs: string[];
  outputs: string[];
}

const cardHeight = (rows: number) => GROUP_TITLE_HEIGHT + 48 + rows * ROW;

const hiddenCopies = new WeakMap<StudioNode, StudioNode>();
/** The node with React Flow's `hidden` set, made once per node object (an unchanged node keeps its identity). */
export const hidden = (n: StudioNode): StudioNode => {
  let out = hiddenCopies.get(n);
  if (!out) hiddenCopies.set(n, (out = { ...n, hidden: true }));
  return out;
};

/**
 * The nodes and edges React Flow draws when groups are collapsed: each collapsed group's members
 * are hidden and one card stands where they were, and an edge with an end inside such a group is drawn to
 * or from that card instead (an edge inside it is not drawn). Only the drawing changes: the canvas document
 * keeps every node and edge as it is, so expanding shows them again exactly. With nothing collapsed the
 * lists come back as they are.
 */
export function collapsedView(
  nodes: StudioNode[],
  edges: StudioEdge[],
  groups: readonly GroupRecord[],
): { nodes: StudioNode[]; edges: StudioEdge[] } {
  const collapsed = groups.filter((g) => g.collapsed);
  if (collapsed.length === 0) return { nodes, edges };
  const byId = nodesById(nodes);
  const cardOf = new Map<string, string>();
  const cards: StudioNode[] = [];
  for (const g of collapsed) {
    const live = g.nodeIds.filter((id) => byId.has(id) && !cardOf.has(id));
    const box = memberBounds({ nodes: live.map((id) => byId.get(id)!) }, live);
    if (!box) continue;
    const id = GROUP_CARD_PREFIX + g.id;
    for (const m of live) cardOf.set(m, id);
    const ports = groupPorts(new Set(live), edges);
    const title = (nodeId: string) => byId.get(nodeId)?.data.title || "Untitled";
    const height = cardHeight(Math.max(ports.inputs.length, ports.outputs.length, 1));
    const handleY = height / 2 - HANDLE / 2;
    const handles: NodeHandle[] = [
      { id: null, type: "target", position: Position.Left, x: -HANDLE / 2, y: handleY, width: HANDLE, height: HANDLE },
      { id: null, type: "source", position: Position.Right, x: CARD_WIDTH - HANDLE / 2, y: handleY, width: HANDLE, height: HANDLE },
    ];
    const data: GroupCardData = { groupId: g.id, inputs: ports.inputs.map(title), outputs: ports.outputs.map(title) };
    cards.push({
      id,
      type: GROUP_CARD_TYPE,
      position: { x: box.x, y: box.y },
      width: CARD_WIDTH,
      height,
      handles,
      draggable: false,
      selectable: false,
      connectable: false,
      data: data as StudioNode["data"],
    });
  }
  const shownNodes = [...nodes.map((n) => (cardOf.has(n.id) ? hidden(n) : n)), ...cards];
  const shownEdges = edges.flatMap((e) => {
    const source = cardOf.get(e.source);
    const target = cardOf.get(e.target);
    if (!source && !target) return [e];
    if (source && source === target) return [];
    return [
      {
        ...e,
        source: source ?? e.source,
        target: target ?? e.target,
        ...(source ? { sourceHandle: null } : {}),
        ...(target ? { targetHandle: null } : {}),
        deletable: false,
        selectable: false,
      },
    ];
  });
  return { nodes: shownNodes, edges: shownEdges };
}
