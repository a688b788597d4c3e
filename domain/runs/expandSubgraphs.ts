/**
 * A subgraph runs as its inner graph (issue 34, 3): before a graph run is planned, each subgraph node is
 * replaced by its inner nodes, addressed `<subgraph id>~<inner id>` ('~' is in no node id, so an address is
 * never mistaken for one), and each edge to or from it is rewired through its ports to the inner nodes they
 * name. Pure: the server reads and writes an addressed node inside its subgraph's data (runs/nodeWriter.ts).
 */
import type { NodeData, Position } from "../canvas/node";
import { subgraphOf } from "../canvas/subgraph";

export const INNER_SEPARATOR = "~";

export const innerAddress = (subgraphId: string, innerId: string) => `${subgraphId}${INNER_SEPARATOR}${innerId}`;

/** The subgraph and inner node an address names, or null for a plain node id. */
export function parseInnerAddress(id: string): { subgraphId: string; innerId: string } | null {
  const at = id.indexOf(INNER_SEPARATOR);
  return at > 0 && at < id.length - 1 ? { subgraphId: id.slice(0, at), innerId: id.slice(at + 1) } : null;
}

export interface ExpandableNode {
  id: string;
  type?: string;
  data: NodeData;
  position: Position;
  rev: number;
}
export interface ExpandableEdge {
  source: string;
  target: string;
  sourceHandle?: string | null;
  targetHandle?: string | null;
}

export interface Expanded<N> {
  nodes: N[];
  edges: { source: string; target: string }[];
  /** Each subgraph's inner addresses (a run of 'selected' on a subgraph runs all of it). */
  innerOf: Map<string, string[]>;
}

/**
 * The canvas with its subgraphs opened: inner nodes in the subgraph's place in canvas order (at the
 * subgraph's position plus their own, with its revision), edges inside it and through its ports.
 */
export function expandSubgraphs<N extends ExpandableNode>(nodes: readonly N[], edges: readonly ExpandableEdge[]): Expanded<N> {
  const subs = new Map(
    nodes.flatMap((n) => {
      const sub = subgraphOf(n);
      return sub ? [[n.id, sub] as const] : [];
    }),
  );
  const innerOf = new Map<string, string[]>();
  const out: N[] = [];
  for (const n of nodes) {
    const sub = subs.get(n.id);
    if (!sub) {
      out.push(n);
      continue;
    }
    innerOf.set(
      n.id,
      sub.nodes.map((i) => innerAddress(n.id, i.id)),
    );
    for (const inner of sub.nodes)
      out.push({
        ...n,
        id: innerAddress(n.id, inner.id),
        type: inner.type,
        data: inner.data,
        position: { x: n.position.x + inner.position.x, y: n.position.y + inner.position.y },
      });
  }
  // What an edge's end stands for once its subgraph is opened: the inner nodes its port names.
  const sources = (e: ExpandableEdge): string[] => {
    const sub = subs.get(e.source);
    if (!sub) return [e.source];
    const port = sub.outputs.find((p) => p.id === e.sourceHandle);
    return (port ? port.sources : sub.outputs.flatMap((p) => p.sources)).map((id) => innerAddress(e.source, id));
  };
  const targets = (e: ExpandableEdge): string[] => {
    const sub = subs.get(e.target);
    if (!sub) return [e.target];
    const port = sub.inputs.find((p) => p.id === e.targetHandle);
    return (port ? port.targets : sub.inputs.flatMap((p) => p.targets)).map((id) => innerAddress(e.target, id));
  };
  const seen = new Set<string>();
  const outEdges: { source: string; target: string }[] = [];
  const add = (source: string, target: string) => {
    const key = `${source}\u0000${target}`;
    if (seen.has(key)) return;
    seen.add(key);
    outEdges.push({ source, target });
  };
  for (const e of edges) for (const s of sources(e)) for (const t of targets(e)) add(s, t);
  for (const [id, sub] of subs) for (const e of sub.edges) add(innerAddress(id, e.source), innerAddress(id, e.target));
  return { nodes: out, edges: outEdges, innerOf };
}
