/**
 * Run from here (Generation issue): the node, then every node downstream of it, in dependency order, so
 * each runs after all of its upstream nodes in the chain. Cycles cannot be ordered: their nodes are left out.
 */
export interface EdgeLike {
  source: string;
  target: string;
}

export function downstreamOrder(startId: string, edges: readonly EdgeLike[]): string[] {
  const out = new Map<string, string[]>();
  for (const e of edges) out.set(e.source, [...(out.get(e.source) ?? []), e.target]);
  // Everything reachable from the start.
  const reach = new Set<string>([startId]);
  const stack = [startId];
  while (stack.length) {
    for (const next of out.get(stack.pop()!) ?? []) {
      if (!reach.has(next)) {
        reach.add(next);
        stack.push(next);
      }
    }
  }
  // Kahn's algorithm over the reachable subgraph; ties keep edge order, so the result is stable.
  const indegree = new Map<string, number>([...reach].map((id) => [id, 0]));
  for (const e of edges) if (reach.has(e.source) && reach.has(e.target) && e.target !== startId) indegree.set(e.target, indegree.get(e.target)! + 1);
  const order: string[] = [];
  const ready = [startId];
  while (ready.length) {
    const id = ready.shift()!;
    order.push(id);
    for (const next of out.get(id) ?? []) {
      if (!reach.has(next) || next === startId) continue;
      const left = indegree.get(next)! - 1;
      indegree.set(next, left);
      if (left === 0) ready.push(next);
    }
  }
  return order;
}
