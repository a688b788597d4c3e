import { z } from "zod";
import { edgeRemoved, edgeAdded, nodeAdded, nodeRemoved, type CanvasChange, type NodeRecord } from "./changes";
import { nodeIdSchema } from "./ids";
import { edgeSchema, nodeDataSchema, positionSchema, type CanvasEdge, type NodeData, type Position } from "./node";

/**
 * A subgraph (issue 34, part 3): one node standing for a piece of graph. Its data holds the inner graph
 * (nodes with positions relative to the subgraph node, and the edges among them) and its ports, made from
 * the edges that crossed the selection's border. It is an ordinary node to everything else (stored, synced,
 * undone and permitted as one), so it needs no change kind of its own: converting is nodes and edges
 * removed plus one node added, unpacking the reverse, and an edit inside is a node-data change of its `subgraph`.
 *
 * A canvas keeps one edge per source→target pair, so ports are made per outside node: an input port is one
 * outside node feeding some inner nodes (the port's `targets`), an output port one outside node fed by some
 * inner nodes (`sources`). The outside edge then runs to or from the subgraph node with the port's id as
 * its handle.
 */
export const SUBGRAPH_NODE_TYPE = "subgraph";
export const SUBGRAPH_NAME_MAX = 80;
export const SUBGRAPH_NODES_MAX = 200;

export const SUBGRAPH_MESSAGES = {
  empty: "Select at least one node to make a subgraph",
  nested: "A subgraph cannot contain another subgraph",
  tooMany: `A subgraph holds at most ${SUBGRAPH_NODES_MAX} nodes`,
  notSubgraph: "That node is not a subgraph",
} as const;

export const subgraphNameSchema = z
  .string()
  .trim()
  .min(1, "Subgraph name cannot be empty")
  .max(SUBGRAPH_NAME_MAX, `Subgraph name must be at most ${SUBGRAPH_NAME_MAX} characters`);

const portLabel = z.string().max(200);
export const subgraphInputSchema = z.object({
  id: z.string().min(1).max(60),
  label: portLabel,
  targets: z.array(nodeIdSchema).min(1).max(SUBGRAPH_NODES_MAX),
});
export const subgraphOutputSchema = z.object({
  id: z.string().min(1).max(60),
  label: portLabel,
  sources: z.array(nodeIdSchema).min(1).max(SUBGRAPH_NODES_MAX),
});
export type SubgraphInput = z.infer<typeof subgraphInputSchema>;
export type SubgraphOutput = z.infer<typeof subgraphOutputSchema>;

const innerNodeSchema = z.object({
  id: nodeIdSchema,
  type: z.string().max(40),
  position: positionSchema,
  data: nodeDataSchema,
});

export const subgraphDataSchema = z
  .object({
    name: subgraphNameSchema,
    nodes: z.array(innerNodeSchema).min(1).max(SUBGRAPH_NODES_MAX, SUBGRAPH_MESSAGES.tooMany),
    edges: z.array(edgeSchema).max(SUBGRAPH_NODES_MAX * 4),
    inputs: z.array(subgraphInputSchema).max(SUBGRAPH_NODES_MAX),
    outputs: z.array(subgraphOutputSchema).max(SUBGRAPH_NODES_MAX),
  })
  .superRefine((sub, ctx) => {
    const ids = new Set(sub.nodes.map((n) => n.id));
    if (ids.size !== sub.nodes.length) ctx.addIssue({ code: "custom", message: "A subgraph's nodes must have distinct ids" });
    if (sub.nodes.some((n) => n.type === SUBGRAPH_NODE_TYPE)) ctx.addIssue({ code: "custom", message: SUBGRAPH_MESSAGES.nested });
    const inner = (id: string) => ids.has(id);
    if (sub.edges.some((e) => !inner(e.source) || !inner(e.target)))
      ctx.addIssue({ code: "custom", message: "A subgraph's edges must join its own nodes" });
    if (sub.inputs.some((p) => !p.targets.every(inner)) || sub.outputs.some((p) => !p.sources.every(inner)))
      ctx.addIssue({ code: "custom", message: "A subgraph's ports must name its own nodes" });
  });
export type SubgraphData = z.infer<typeof subgraphDataSchema>;

/** The subgraph a node holds, or null for any other node (or one whose data does not hold a valid one). */
export function subgraphOf(node: { type?: string; data: NodeData }): SubgraphData | null {
  if (node.type !== SUBGRAPH_NODE_TYPE) return null;
  const parsed = subgraphDataSchema.safeParse((node.data as { subgraph?: unknown }).subgraph);
  return parsed.success ? parsed.data : null;
}

export const isSubgraphNode = (node: { type?: string }) => node.type === SUBGRAPH_NODE_TYPE;

export const newSubgraphId = (t: number, random: () => number = Math.random): string =>
  `subgraph-${t}-${Math.floor(random() * 1e9).toString(36)}`;

/** A new subgraph's name: "Subgraph N", the first N no subgraph of the canvas uses. */
export function nextSubgraphName(existing: readonly { type?: string; data: NodeData }[]): string {
  const used = new Set(existing.flatMap((n) => (isSubgraphNode(n) && n.data.title ? [n.data.title] : [])));
  for (let n = 1; ; n++) if (!used.has(`Subgraph ${n}`)) return `Subgraph ${n}`;
}

const titleOf = (n: { data: NodeData } | undefined) => (n?.data.title?.trim() ? n.data.title.trim() : "Untitled");
const edgeId = (source: string, target: string) => `edge-${source}-${target}`;

export interface CanvasGraph {
  nodes: readonly NodeRecord[];
  edges: readonly CanvasEdge[];
}

export interface Conversion {
  /** The subgraph node, placed where the selection's top-left node was. */
  node: NodeRecord;
  removedNodes: NodeRecord[];
  /** The inner edges and those that crossed the border (they are rewired to the subgraph node). */
  removedEdges: CanvasEdge[];
  addedEdges: CanvasEdge[];
}

/**
 * Pure: the selected nodes become one subgraph node `id` named `name`. Edges among them go inside; each
 * edge that crossed the border becomes an edge to or from the subgraph node on the port of its outside node.
 */
export function convertToSubgraph(
  selection: readonly string[],
  canvas: CanvasGraph,
  id: string,
  name: string,
): { ok: true; conversion: Conversion } | { ok: false; error: string } {
  const chosen = new Set(selection);
  const inner = canvas.nodes.filter((n) => chosen.has(n.id));
  if (inner.length === 0) return { ok: false, error: SUBGRAPH_MESSAGES.empty };
  if (inner.some(isSubgraphNode)) return { ok: false, error: SUBGRAPH_MESSAGES.nested };
  if (inner.length > SUBGRAPH_NODES_MAX) return { ok: false, error: SUBGRAPH_MESSAGES.tooMany };
  const origin: Position = {
    x: Math.min(...inner.map((n) => n.position.x)),
    y: Math.min(...inner.map((n) => n.position.y)),
  };
  const byId = new Map(canvas.nodes.map((n) => [n.id, n]));
  const innerEdges: CanvasEdge[] = [];
  const crossing: CanvasEdge[] = [];
  const inputs = new Map<string, string[]>();
  const outputs = new Map<string, string[]>();
  for (const e of canvas.edges) {
    const from = chosen.has(e.source);
    const to = chosen.has(e.target);
    if (from && to) innerEdges.push(e);
    else if (!from && to && byId.has(e.source)) {
      crossing.push(e);
      inputs.set(e.source, [...(inputs.get(e.source) ?? []), e.target]);
    } else if (from && !to && byId.has(e.target)) {
      crossing.push(e);
      outputs.set(e.target, [...(outputs.get(e.target) ?? []), e.source]);
    }
  }
  const label = (ids: string[]) => [...new Set(ids)].map((i) => titleOf(byId.get(i))).join(", ");
  const inputPorts: SubgraphInput[] = [...inputs].map(([, targets], i) => ({
    id: `in-${i + 1}`,
    label: label(targets),
    targets: [...new Set(targets)],
  }));
  const outputPorts: SubgraphOutput[] = [...outputs].map(([, sources], i) => ({
    id: `out-${i + 1}`,
    label: label(sources),
    sources: [...new Set(sources)],
  }));
  const subgraph: SubgraphData = {
    name,
    nodes: inner.map((n) => ({ ...n, position: { x: n.position.x - origin.x, y: n.position.y - origin.y } })),
    edges: innerEdges,
    inputs: inputPorts,
    outputs: outputPorts,
  };
  const addedEdges: CanvasEdge[] = [
    ...[...inputs.keys()].map((outside, i) => ({
      id: edgeId(outside, id),
      source: outside,
      target: id,
      sourceHandle: null,
      targetHandle: inputPorts[i]!.id,
    })),
    ...[...outputs.keys()].map((outside, i) => ({
      id: edgeId(id, outside),
      source: id,
      target: outside,
      sourceHandle: outputPorts[i]!.id,
      targetHandle: null,
    })),
  ];
  return {
    ok: true,
    conversion: {
      node: { id, type: SUBGRAPH_NODE_TYPE, position: origin, data: { title: name, subgraph, rev: 1 } as NodeData },
      removedNodes: inner,
      removedEdges: [...innerEdges, ...crossing],
      addedEdges,
    },
  };
}

export interface Unpacked {
  nodes: NodeRecord[];
  /** The inner edges and the outside edges rewired to the inner nodes their ports named. */
  addedEdges: CanvasEdge[];
  /** The subgraph node's own edges (they go with it). */
  removedEdges: CanvasEdge[];
}

/**
 * Pure: the subgraph node back into plain nodes at its place, each inner node under a new id (`newId`:
 * ids of removed nodes stay tombstones, and a block may be unpacked twice in one project), edges rewired
 * through the ports. Null when `node` holds no subgraph.
 */
export function unpackSubgraph(node: NodeRecord, canvasEdges: readonly CanvasEdge[], newId: (innerId: string) => string): Unpacked | null {
  const sub = subgraphOf(node);
  if (!sub) return null;
  const ids = new Map(sub.nodes.map((n) => [n.id, newId(n.id)]));
  const to = (innerId: string) => ids.get(innerId)!;
  const nodes = sub.nodes.map((n) => ({
    ...n,
    id: to(n.id),
    position: { x: node.position.x + n.position.x, y: node.position.y + n.position.y },
    data: { ...n.data, rev: 1 },
  }));
  const own = canvasEdges.filter((e) => e.source === node.id || e.target === node.id);
  const inputs = new Map(sub.inputs.map((p) => [p.id, p]));
  const outputs = new Map(sub.outputs.map((p) => [p.id, p]));
  const rewired: CanvasEdge[] = own.flatMap((e): CanvasEdge[] => {
    if (e.target === node.id) {
      // An edge drawn to the node itself rather than a port (after insertion, say) feeds every input target.
      const targets = inputs.get(e.targetHandle ?? "")?.targets ?? sub.inputs.flatMap((p) => p.targets);
      return targets.map((t) => ({
        id: edgeId(e.source, to(t)),
        source: e.source,
        target: to(t),
        sourceHandle: e.sourceHandle ?? null,
        targetHandle: null,
      }));
    }
    const sources = outputs.get(e.sourceHandle ?? "")?.sources ?? sub.outputs.flatMap((p) => p.sources);
    return sources.map((s) => ({
      id: edgeId(to(s), e.target),
      source: to(s),
      target: e.target,
      sourceHandle: null,
      targetHandle: e.targetHandle ?? null,
    }));
  });
  const inner = sub.edges.map((e) => ({ ...e, id: edgeId(to(e.source), to(e.target)), source: to(e.source), target: to(e.target) }));
  const seen = new Set<string>();
  const addedEdges = [...inner, ...rewired].filter((e) => {
    const pair = `${e.source}\u0000${e.target}`;
    if (seen.has(pair)) return false;
    seen.add(pair);
    return true;
  });
  return { nodes, addedEdges, removedEdges: own };
}

/** The change list of a conversion, in the order the server applies it: edges out, nodes out, the node in, its edges. */
export const conversionChanges = (c: Conversion): CanvasChange[] => [
  ...c.removedEdges.map((e) => edgeRemoved(e.id, e)),
  ...c.removedNodes.map((n) => nodeRemoved(n.id, n)),
  nodeAdded(c.node),
  ...c.addedEdges.map((e) => edgeAdded(e)),
];

/** The change list of an unpacking of `node`. */
export const unpackChanges = (node: NodeRecord, u: Unpacked): CanvasChange[] => [
  ...u.removedEdges.map((e) => edgeRemoved(e.id, e)),
  nodeRemoved(node.id, node),
  ...u.nodes.map((n) => nodeAdded(n)),
  ...u.addedEdges.map((e) => edgeAdded(e)),
];

/** A subgraph node's data with its inner graph replaced (an edit made inside it). */
export const withSubgraph = (data: NodeData, sub: SubgraphData): NodeData => ({ ...data, title: sub.name, subgraph: sub }) as NodeData;
