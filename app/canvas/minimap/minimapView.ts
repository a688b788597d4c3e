import type { OverviewNode } from "../overview/overviewScene";

type Rect = { x: number; y: number; width: number; height: number };

/** The box around every node of the scene (flow coordinates), or null for an empty canvas. */
export function sceneBounds(nodes: readonly OverviewNode[]): Rect | null {
  if (nodes.length === 0) return null;
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -Infinity;
  let y1 = -Infinity;
  for (const n of nodes) {
    x0 = Math.min(x0, n.x);
    y0 = Math.min(y0, n.y);
    x1 = Math.max(x1, n.x + n.width);
    y1 = Math.max(y1, n.y + n.height);
  }
  return { x: x0, y: y0, width: x1 - x0, height: y1 - y0 };
}

/**
 * What the minimap's `viewBox` shows: the nodes and the view together, scaled to fit an element of
 * `size` and centred, with a margin of `offsetScale` element px (React Flow's MiniMap does the same sums).
 * `viewScale` is flow px per minimap px (the pointer's pan speed and the mask's stroke width use it).
 */
export function minimapView(nodes: Rect | null, view: Rect, size: { width: number; height: number }, offsetScale = 5) {
  const box = nodes
    ? (() => {
        const x = Math.min(nodes.x, view.x);
        const y = Math.min(nodes.y, view.y);
        return {
          x,
          y,
          width: Math.max(nodes.x + nodes.width, view.x + view.width) - x,
          height: Math.max(nodes.y + nodes.height, view.y + view.height) - y,
        };
      })()
    : view;
  const viewScale = Math.max(box.width / size.width, box.height / size.height);
  const width = viewScale * size.width;
  const height = viewScale * size.height;
  const offset = offsetScale * viewScale;
  return {
    viewScale,
    offset,
    x: box.x - (width - box.width) / 2 - offset,
    y: box.y - (height - box.height) / 2 - offset,
    width: width + 2 * offset,
    height: height + 2 * offset,
  };
}
