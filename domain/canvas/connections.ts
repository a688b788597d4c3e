export interface EdgeEnds {
  source: string;
  target: string;
}

export type ConnectCheck = { ok: true } | { ok: false; reason: "self" | "duplicate" | "missing" };

/**
 * spec (canvas 5 "Connections"): both nodes must exist ("missing"), no self-connection ("self"), and a
 * source→target pair that already has an edge is refused ("duplicate"; direction matters, handles do not:
 * a→b and b→a are different pairs). Checked in that order. Edit rights are the caller's check.
 */
export function canConnect(nodeIds: ReadonlySet<string>, edges: readonly EdgeEnds[], source: string, target: string): ConnectCheck {
  if (!nodeIds.has(source) || !nodeIds.has(target)) return { ok: false, reason: "missing" };
  if (source === target) return { ok: false, reason: "self" };
  if (edges.some((e) => e.source === source && e.target === target)) return { ok: false, reason: "duplicate" };
  return { ok: true };
}

/**
 * spec (canvas 4 "Connections"): edges with a missing endpoint are pruned. Returns the SAME array when
 * nothing is pruned (so memoised consumers do not re-render), else a new array in the original order.
 */
export function pruneDanglingEdges<E extends EdgeEnds>(nodeIds: ReadonlySet<string>, edges: readonly E[]): readonly E[] {
  const kept = edges.filter((e) => nodeIds.has(e.source) && nodeIds.has(e.target));
  return kept.length === edges.length ? edges : kept;
}

const unique = (ids: string[]) => [...new Set(ids)];

/** Ids of the nodes with an edge INTO nodeId (its sources), in edge order, each once. */
export function incoming(nodeId: string, edges: readonly EdgeEnds[]): string[] {
  return unique(edges.filter((e) => e.target === nodeId).map((e) => e.source));
}

/** Ids of the nodes nodeId has an edge OUT to (its targets), in edge order, each once. */
export function outgoing(nodeId: string, edges: readonly EdgeEnds[]): string[] {
  return unique(edges.filter((e) => e.source === nodeId).map((e) => e.target));
}
