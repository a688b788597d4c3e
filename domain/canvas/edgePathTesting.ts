/**
 * For tests of layouts: which edges React Flow would draw behind a card that is neither end of the edge. An
 * edge is drawn as React Flow's default bezier (getBezierPath, curvature 0.25) from the source's right
 * middle to the target's left middle; it is sampled and each point tested against every other card.
 */
import type { Position } from "./node";

export interface Card {
  id: string;
  position: Position;
  size: { width: number; height: number };
}

const CURVATURE = 0.25;
const controlOffset = (distance: number) => (distance >= 0 ? 0.5 * distance : CURVATURE * 25 * Math.sqrt(-distance));

function bezierPoints(from: Position, to: Position, samples = 200): Position[] {
  const c1 = { x: from.x + controlOffset(to.x - from.x), y: from.y };
  const c2 = { x: to.x - controlOffset(to.x - from.x), y: to.y };
  return Array.from({ length: samples + 1 }, (_, i) => {
    const t = i / samples;
    const u = 1 - t;
    return {
      x: u ** 3 * from.x + 3 * u * u * t * c1.x + 3 * u * t * t * c2.x + t ** 3 * to.x,
      y: u ** 3 * from.y + 3 * u * u * t * c1.y + 3 * u * t * t * c2.y + t ** 3 * to.y,
    };
  });
}

/** "source → target behind card" for each edge that passes behind a card other than its own two ends. */
export function edgesBehindCards(cards: readonly Card[], edges: readonly { source: string; target: string }[]): string[] {
  const byId = new Map(cards.map((c) => [c.id, c]));
  const found: string[] = [];
  for (const e of edges) {
    const s = byId.get(e.source);
    const t = byId.get(e.target);
    if (!s || !t) continue;
    const from = { x: s.position.x + s.size.width, y: s.position.y + s.size.height / 2 };
    const to = { x: t.position.x, y: t.position.y + t.size.height / 2 };
    const points = bezierPoints(from, to);
    for (const card of cards) {
      if (card.id === e.source || card.id === e.target) continue;
      const { x, y } = card.position;
      const inside = points.some((p) => p.x > x && p.x < x + card.size.width && p.y > y && p.y < y + card.size.height);
      if (inside) found.push(`${e.source} → ${e.target} behind ${card.id}`);
    }
  }
  return found;
}
