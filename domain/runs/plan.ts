/**
 * The graph planner: which nodes a run takes, and in which order. Pure: it sees the canvas as
 * node ids (each runnable or an input) and edges, never the database.
 *
 * - "all": every node; "selected": the chosen nodes and everything upstream they need; "downstream": the
 *   chosen nodes and everything that depends on them (Run from here).
 * - Inputs (text, uploads: nodes with nothing to run) are part of the graph but not of the plan; a node
 *   waits for the runnable nodes behind them as if they were connected directly.
 * - Layers: every node of a layer needs only nodes of earlier layers, so a layer's nodes (independent
 *   branches) can run side by side. A loop cannot be ordered: the plan is refused, naming its nodes.
 */
import type { RunScope } from "./api";

export interface PlanNode {
  id: string;
  /** False for inputs: nodes with no model or tool (text, uploaded media). */
  runnable: boolean;
}
export interface PlanEdge {
  source: string;
  target: string;
}
export interface GraphPlanInput {
  nodes: readonly PlanNode[];
  edges: readonly PlanEdge[];
  scope: RunScope;
  nodeIds?: readonly string[];
}

export type GraphPlan =
  | {
      ok: true;
      /** Runnable nodes in dependency order, layer by layer. */
      order: string[];
      layers: string[][];
      /** For each planned node, the planned nodes it waits for (its nearest runnable upstream in the plan). */
      needs: Record<string, string[]>;
    }
  | { ok: false; cycle: string[] };

export function planGraph({ nodes, edges, scope, nodeIds = [] }: GraphPlanInput): GraphPlan {
  const known = new Map(nodes.map((n) => [n.id, n]));
  const live = edges.filter((e) => known.has(e.source) && known.has(e.target) && e.source !== e.target);
  const into = groupBy(
    live,
    (e) => e.target,
    (e) => e.source,
  );
  const outOf = groupBy(
    live,
    (e) => e.source,
    (e) => e.target,
  );
  const chosen = nodeIds.filter((id) => known.has(id));

  const scopeIds = scope === "all" ? nodes.map((n) => n.id) : scope === "selected" ? reach(chosen, into) : reach(chosen, outOf);
  const inScope = new Set(scopeIds);

  // Kahn's algorithm over the scope; what never becomes ready sits on (or behind) a loop.
  const indegree = new Map(scopeIds.map((id) => [id, (into.get(id) ?? []).filter((s) => inScope.has(s)).length]));
  const depth = new Map<string, number>();
  const ready = scopeIds.filter((id) => indegree.get(id) === 0);
  const sorted: string[] = [];
  while (ready.length) {
    const id = ready.shift()!;
    sorted.push(id);
    for (const next of outOf.get(id) ?? []) {
      if (!inScope.has(next)) continue;
      const left = indegree.get(next)! - 1;
      indegree.set(next, left);
      if (left === 0) ready.push(next);
    }
  }
  if (sorted.length < scopeIds.length)
    return {
      ok: false,
      cycle: findCycle(
        scopeIds.filter((id) => !sorted.includes(id)),
        into,
      ),
    };

  // Each node's nearest runnable upstream nodes in scope, looking through inputs.
  const runnableUp = new Map<string, string[]>();
  for (const id of sorted) {
    const up = new Set<string>();
    for (const s of into.get(id) ?? []) {
      if (!inScope.has(s)) continue;
      if (known.get(s)!.runnable) up.add(s);
      else for (const behind of runnableUp.get(s) ?? []) up.add(behind);
    }
    runnableUp.set(id, [...up]);
  }
  const order = sorted.filter((id) => known.get(id)!.runnable);
  const needs: Record<string, string[]> = {};
  const layers: string[][] = [];
  for (const id of order) {
    needs[id] = runnableUp.get(id)!;
    const layer = Math.max(-1, ...needs[id].map((n) => depth.get(n)!)) + 1;
    depth.set(id, layer);
    (layers[layer] ??= []).push(id);
  }
  // Within a layer, canvas order, so the plan reads the same every time.
  const rank = new Map(nodes.map((node, i) => [node.id, i]));
  for (const layer of layers) layer.sort((a, b) => rank.get(a)! - rank.get(b)!);
  return { ok: true, order: layers.flat(), layers, needs };
}

/** Every node a plan node depends on, directly or not (for stopping a failed node's downstream). */
export function dependentsOf(failed: string, needs: Readonly<Record<string, readonly string[]>>): string[] {
  const out: string[] = [];
  const seen = new Set([failed]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const [id, up] of Object.entries(needs)) {
      if (!seen.has(id) && up.some((u) => seen.has(u))) {
        seen.add(id);
        out.push(id);
        grew = true;
      }
    }
  }
  return out;
}

function groupBy<T>(items: readonly T[], key: (t: T) => string, value: (t: T) => string): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const item of items) map.set(key(item), [...(map.get(key(item)) ?? []), value(item)]);
  return map;
}

/** The starting nodes and everything reachable from them along `next`. */
function reach(start: readonly string[], next: Map<string, string[]>): string[] {
  const seen = new Set(start);
  const stack = [...start];
  while (stack.length) {
    for (const n of next.get(stack.pop()!) ?? []) {
      if (!seen.has(n)) {
        seen.add(n);
        stack.push(n);
      }
    }
  }
  return [...seen];
}

/**
 * One loop among the nodes Kahn's algorithm could not sort, in edge order, its first node repeated at the
 * end. Each of them has an unsorted predecessor, so walking predecessors must come back to a node: a loop.
 */
function findCycle(stuck: readonly string[], into: Map<string, string[]>): string[] {
  const inStuck = new Set(stuck);
  const path: string[] = [];
  const at = new Map<string, number>();
  let current = stuck[0]!;
  while (!at.has(current)) {
    at.set(current, path.length);
    path.push(current);
    current = (into.get(current) ?? []).find((n) => inStuck.has(n))!;
  }
  const loop = path.slice(at.get(current)).reverse();
  // Named from its node that comes first on the canvas, so the message is the same every time.
  const first = loop.indexOf(stuck.find((id) => loop.includes(id))!);
  const rotated = [...loop.slice(first), ...loop.slice(0, first)];
  return [...rotated, rotated[0]!];
}
