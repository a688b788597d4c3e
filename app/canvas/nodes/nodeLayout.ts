import { Position, type NodeHandle } from "@xyflow/react";
import { nodeSize } from "../../../domain/canvas/nodeSize";
import type { StudioNode } from "../store/canvasStore";
import { SUBGRAPH_NODE_TYPE } from "../../../domain/canvas/subgraph";
import { subgraphLayout } from "../subgraphs/subgraphLayout";

/** NodeCard's title row above the card: 20 px of text and menu button, then a 6 px margin (mb-1.5). */
export const NODE_TITLE_ROW = 26;
/** NodeCard's handles: 12 px squares centred on the card's left and right edges, `top` = this. */
export const HANDLE_SIZE = 12;
export const handleTop = (cardHeight: number) => 16 + cardHeight / 2;

/**
 * The box and handles React Flow would measure from a NodeCard, known before it is rendered. With them,
 * `onlyRenderVisibleElements` can leave off-screen nodes unmounted from the first render on; without
 * them React Flow mounts every node once just to measure it (xyflow#3883), which for 2,000 nodes cost
 * seconds of main-thread time before the canvas was usable (bench/canvas). The DOM measurement still
 * replaces these values once a node is on screen.
 */
export function nodeLayout(data: StudioNode["data"]): { initialWidth: number; initialHeight: number; handles: NodeHandle[] } {
  const size = nodeSize(data);
  const y = handleTop(size.height) - HANDLE_SIZE / 2;
  return {
    initialWidth: size.width,
    initialHeight: NODE_TITLE_ROW + size.height,
    handles: [
      { id: null, type: "target", position: Position.Left, x: -HANDLE_SIZE / 2, y, width: HANDLE_SIZE, height: HANDLE_SIZE },
      { id: null, type: "source", position: Position.Right, x: size.width - HANDLE_SIZE / 2, y, width: HANDLE_SIZE, height: HANDLE_SIZE },
    ],
  };
}

const laidOut = new WeakMap<StudioNode, StudioNode>();

/**
 * The node with its layout, made once per node object: an unchanged node keeps its identity, so React
 * Flow's store update skips it as before.
 */
export function withLayout(node: StudioNode): StudioNode {
  let out = laidOut.get(node);
  if (!out) {
    out = { ...node, ...(node.type === SUBGRAPH_NODE_TYPE ? subgraphLayout(node.data) : nodeLayout(node.data)) };
    laidOut.set(node, out);
  }
  return out;
}
