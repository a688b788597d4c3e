import { Position, type NodeHandle } from "@xyflow/react";
import type { NodeData } from "../../../domain/canvas/node";
import { SUBGRAPH_NODE_TYPE, subgraphOf } from "../../../domain/canvas/subgraph";
import { HANDLE_SIZE } from "../nodes/nodeLayout";

/** The subgraph card's box: a title bar, one row per port (inputs left, outputs right), a footer of actions. */
export const SUBGRAPH_CARD_WIDTH = 300;
export const SUBGRAPH_TITLE = 44;
export const SUBGRAPH_ROW = 28;
export const SUBGRAPH_FOOTER = 44;

export const portTop = (i: number) => SUBGRAPH_TITLE + 8 + i * SUBGRAPH_ROW + SUBGRAPH_ROW / 2;

/**
 * Known before the card renders, like nodeLayout's (React Flow culls with it): a handle per port, with
 * the port's id, and an unnamed pair on the title bar for edges drawn to the card itself.
 */
export function subgraphLayout(data: NodeData): { initialWidth: number; initialHeight: number; handles: NodeHandle[] } {
  const sub = subgraphOf({ type: SUBGRAPH_NODE_TYPE, data });
  const inputs = sub?.inputs ?? [];
  const outputs = sub?.outputs ?? [];
  const rows = Math.max(1, inputs.length, outputs.length);
  const half = HANDLE_SIZE / 2;
  const handle = (id: string | null, type: "source" | "target", y: number): NodeHandle => ({
    id,
    type,
    position: type === "target" ? Position.Left : Position.Right,
    x: type === "target" ? -half : SUBGRAPH_CARD_WIDTH - half,
    y: y - half,
    width: HANDLE_SIZE,
    height: HANDLE_SIZE,
  });
  return {
    initialWidth: SUBGRAPH_CARD_WIDTH,
    initialHeight: SUBGRAPH_TITLE + 16 + rows * SUBGRAPH_ROW + SUBGRAPH_FOOTER,
    handles: [
      handle(null, "target", SUBGRAPH_TITLE / 2),
      handle(null, "source", SUBGRAPH_TITLE / 2),
      ...inputs.map((p, i) => handle(p.id, "target", portTop(i))),
      ...outputs.map((p, i) => handle(p.id, "source", portTop(i))),
    ],
  };
}
