/**
 * A generation's writes to canvas nodes: status, results, versions and the extra variation nodes, all
 * through canvasService.applyChanges as `generation` changes. Each write raises the node's rev (spec
 * canvas 4 revision rule) so clients take it over their older copy.
 */
import { and, eq, inArray, sql, type SQL } from "drizzle-orm";
import { type CanvasChange, type NodeRecord, nodeAdded, nodeData, edgeAdded } from "../../domain/canvas/changes";
import type { CanvasEdge, NodeData, Position } from "../../domain/canvas/node";
import { firstFreePosition } from "../../domain/canvas/placement";
import { SUBGRAPH_NODE_TYPE, subgraphOf, withSubgraph } from "../../domain/canvas/subgraph";
import { parseInnerAddress } from "../../domain/runs/expandSubgraphs";
import { rowsOf, type Db } from "../db/client";
import { generations, nodes } from "../db/schema";
import type { RealtimeHub } from "../realtime/hub";
import { applyChanges, applyExactAfter, applyExactWith, loadCanvas } from "../services/canvasService";

/** Vertical distance between a node and its variations below it. */
const VARIATION_GAP_Y = 460;
/** A tool's new node sits this far to the right of its source (spec canvas 2: new nodes 550 px right). */
const BESIDE_GAP_X = 550;

export interface StoredNode {
  id: string;
  rev: number;
  data: NodeData;
  position: Position;
}

async function readRow(db: Db, projectId: string, nodeId: string): Promise<(StoredNode & { type: string }) | null> {
  const [row] = await db
    .select()
    .from(nodes)
    .where(and(eq(nodes.projectId, projectId), eq(nodes.id, nodeId), eq(nodes.deleted, false)))
    .limit(1);
  return row ? { id: row.id, type: row.type, rev: row.rev, data: row.data as NodeData, position: { x: row.x, y: row.y } } : null;
}

/**
 * A node as stored; an address inside a subgraph (`<subgraph>~<inner>`, domain/runs/expandSubgraphs.ts) is
 * read from its subgraph's data, at the subgraph's revision, so a subgraph runs as its inner graph.
 */
export async function readNode(db: Db, projectId: string, nodeId: string): Promise<StoredNode | null> {
  const address = parseInnerAddress(nodeId);
  if (!address) {
    const row = await readRow(db, projectId, nodeId);
    return row && { id: row.id, rev: row.rev, data: row.data, position: row.position };
  }
  const host = await readRow(db, projectId, address.subgraphId);
  const inner = host && subgraphOf(host)?.nodes.find((n) => n.id === address.innerId);
  if (!host || !inner) return null;
  return {
    id: nodeId,
    rev: host.rev,
    data: inner.data,
    position: { x: host.position.x + inner.position.x, y: host.position.y + inner.position.y },
  };
}

/**
 * A node's inputs: the live nodes its edges come from, in connection order (generation/prepare.ts
 * `upstreamOf`), with their revisions when read for a run (knownNodes.ts).
 */
export type NodeInputs = { id: string; rev?: number; data: NodeData }[];

/**
 * A node as a run starts from it, whether a run of it is queued or running already, and its inputs: one
 * statement (`node_for_run`, drizzle/0014_run_fixed_cost.sql, planned once) instead of a read, a check and
 * the kind's own read of its inputs. `upstream` is absent when an input is a subgraph (the kind then reads
 * them with the subgraphs opened). Null when the node does not exist. An address inside a subgraph is read
 * as `readNode` reads it, inputs left to the kind.
 */
export async function readNodeForRun(db: Db, projectId: string, nodeId: string): Promise<NodeForRun | null> {
  if (parseInnerAddress(nodeId)) {
    const node = await readNode(db, projectId, nodeId);
    return node && { node, busy: await nodeRunsAlready(db, projectId, nodeId) };
  }
  const [row] = rowsOf<NodeForRunRow>(await db.execute(sql`select * from node_for_run(${projectId}, ${nodeId})`));
  return row ? nodeForRunOf(nodeId, row) : null;
}

/** A node as a run starts from it (readNodeForRun). */
export type NodeForRun = { node: StoredNode; busy: boolean; upstream?: NodeInputs };
/** A row of `node_for_run`, as the driver gives it or inside a jsonb answer (runRows.queueRunIfStands). */
export type NodeForRunRow = { rev: number | string; data: unknown; x: number; y: number; busy: boolean; upstream: unknown };

export function nodeForRunOf(nodeId: string, row: NodeForRunRow): NodeForRun {
  const json = (v: unknown) => (typeof v === "string" ? JSON.parse(v) : v);
  const upstream = json(row.upstream) as NodeInputs | null;
  return {
    node: { id: nodeId, rev: Number(row.rev), data: json(row.data) as NodeData, position: { x: Number(row.x), y: Number(row.y) } },
    busy: row.busy === true,
    ...(upstream ? { upstream } : {}),
  };
}

/** Whether a run of the node is queued or running (one run per node at a time). */
export async function nodeRunsAlready(db: Db, projectId: string, nodeId: string): Promise<boolean> {
  const [active] = await db
    .select({ id: generations.id })
    .from(generations)
    .where(and(eq(generations.projectId, projectId), eq(generations.nodeId, nodeId), inArray(generations.status, ["queued", "running"])))
    .limit(1);
  return Boolean(active);
}

/** The subgraph's data with one inner node's data replaced. */
function withInnerData(host: NodeData, innerId: string, data: NodeData): NodeData {
  const sub = subgraphOf({ type: SUBGRAPH_NODE_TYPE, data: host })!;
  return withSubgraph(host, { ...sub, nodes: sub.nodes.map((n) => (n.id === innerId ? { ...n, data } : n)) });
}

const MAX_ATTEMPTS = 8;
/**
 * Server writes raise rev by 2: a client write already in flight, made from the data before this one
 * (rev at most one above it), then loses and is answered as a conflict instead of overwriting a result.
 */
const SERVER_REV_STEP = 2;
/** A model run's writes (the default origin of a kind's node writes). */
export const GENERATION_ORIGIN = { source: "generation", actor: { system: "generation" } } as const;
/** A tool run's writes: the same path, told apart on the live channel (origin 'tool'). */
export const TOOL_ORIGIN = { source: "tool", actor: { system: "tool" } } as const;
export type ServerOrigin = typeof GENERATION_ORIGIN | typeof TOOL_ORIGIN;

/** A server write's next copy of a node: `patch` merged over its data, at the server's revision step. */
function patched(current: StoredNode, patch: (data: NodeData) => Partial<NodeData> & Record<string, unknown>) {
  const rev = current.rev + SERVER_REV_STEP;
  return { rev, data: { ...current.data, ...patch(current.data), rev, lastModified: Date.now() } as NodeData };
}

/**
 * Merges `patch(current data)` into the node through the canvas's one writer, as a compare-and-set on the
 * revision it read (retrying if a client wrote in between), published with origin 'generation'. Returns
 * null when the node is gone (deleted meanwhile).
 */
export async function patchNode(
  db: Db,
  hub: RealtimeHub,
  projectId: string,
  nodeId: string,
  patch: (data: NodeData) => Partial<NodeData> & Record<string, unknown>,
  origin: ServerOrigin = GENERATION_ORIGIN,
  /** The node as the caller just read it: the first attempt starts from it instead of reading it again. */
  known?: StoredNode,
): Promise<StoredNode | null> {
  const address = parseInnerAddress(nodeId);
  if (address) return patchInnerNode(db, hub, projectId, nodeId, address, patch, origin);
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const current = attempt === 0 && known ? known : await readNode(db, projectId, nodeId);
    if (!current) return null;
    const { rev, data } = patched(current, patch);
    const { applied } = await applyChanges(db, hub, projectId, [nodeData(nodeId, data, current.rev, { exact: true })], origin);
    if (applied.length) return { ...current, rev, data };
  }
  throw new Error(`Node ${nodeId} kept changing; the generation result could not be written`);
}

/**
 * patchNode's first attempt from the node as the caller knows it, with `alongside` evaluated in the same
 * statement (canvasService.applyExactWith): a run's result and its settle in one round trip. When that
 * attempt meets a newer copy, the patch is retried as patchNode retries it (`alongside` is not run again).
 * `ran` is false when `alongside` was not run at all (no node known, or one inside a subgraph): the caller
 * runs it itself.
 */
export async function patchNodeAlong(
  db: Db,
  hub: RealtimeHub,
  projectId: string,
  nodeId: string,
  patch: (data: NodeData) => Partial<NodeData> & Record<string, unknown>,
  origin: ServerOrigin,
  known: StoredNode | null,
  alongside: SQL,
): Promise<{ node: StoredNode | null; ran: boolean; alongside?: unknown }> {
  if (!known || parseInnerAddress(nodeId)) return { node: await patchNode(db, hub, projectId, nodeId, patch, origin), ran: false };
  const { rev, data } = patched(known, patch);
  const written = await applyExactWith(db, hub, projectId, nodeData(nodeId, data, known.rev, { exact: true }), origin, alongside);
  if (written.applied.length) return { node: { ...known, rev, data }, ran: true, alongside: written.alongside };
  const deleted = written.conflicts.every((c) => c.deleted);
  const node = deleted ? null : await patchNode(db, hub, projectId, nodeId, patch, origin);
  return { node, ran: true, alongside: written.alongside };
}

/**
 * A patch of a node as the caller knows it, written only if `gate` (evaluated first, in the same statement:
 * canvasService.applyExactAfter) answers `write: true`. `gate` is null when the node had moved on: nothing
 * of the statement stands, the gate's effects included, and the caller starts again.
 */
export async function patchNodeAfter(
  db: Db,
  hub: RealtimeHub,
  projectId: string,
  known: StoredNode,
  patch: (data: NodeData) => Partial<NodeData> & Record<string, unknown>,
  origin: ServerOrigin,
  gate: SQL,
): Promise<{ node: StoredNode | null; gate: Record<string, unknown> | null }> {
  const { rev, data } = patched(known, patch);
  const written = await applyExactAfter(db, hub, projectId, nodeData(known.id, data, known.rev, { exact: true }), origin, known.data, gate);
  return { node: written.applied.length ? { ...known, rev, data } : null, gate: written.gate };
}

/**
 * patchNode for a node inside a subgraph: the patch lands on the inner node's data within the subgraph
 * node, written through the same compare-and-set on the subgraph's revision (two inner nodes finishing at
 * once retry, as two writers of one node do).
 */
async function patchInnerNode(
  db: Db,
  hub: RealtimeHub,
  projectId: string,
  nodeId: string,
  address: { subgraphId: string; innerId: string },
  patch: (data: NodeData) => Partial<NodeData> & Record<string, unknown>,
  origin: ServerOrigin,
): Promise<StoredNode | null> {
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const [host, current] = [await readRow(db, projectId, address.subgraphId), await readNode(db, projectId, nodeId)];
    if (!host || !current) return null;
    const rev = host.rev + SERVER_REV_STEP;
    const inner: NodeData = { ...current.data, ...patch(current.data), lastModified: Date.now() };
    const data: NodeData = { ...withInnerData(host.data, address.innerId, inner), rev, lastModified: Date.now() };
    const { applied } = await applyChanges(db, hub, projectId, [nodeData(host.id, data, host.rev, { exact: true })], origin);
    if (applied.length) return { ...current, rev, data: inner };
  }
  throw new Error(`Node ${nodeId} kept changing; the generation result could not be written`);
}

/**
 * Extra variations become new nodes beside the source (stacked below it), connected to the same inputs
 * (Generation issue). Returns the new node ids.
 */
export async function createVariationNodes(
  db: Db,
  hub: RealtimeHub,
  projectId: string,
  source: StoredNode,
  inputNodeIds: string[],
  datas: NodeData[],
  origin: ServerOrigin = GENERATION_ORIGIN,
  /** Beside the source (a tool's new node, 550 px to the right) instead of below it. */
  beside = false,
): Promise<string[]> {
  // Inside a subgraph a run keeps to its node: new nodes beside it would land outside the subgraph.
  if (!datas.length || parseInnerAddress(source.id)) return [];
  const stamp = Date.now();
  // Below the source, each under the last, skipping places taken (by an earlier run's variations, say).
  const canvas = (await loadCanvas(db, projectId)).nodes;
  const occupied = canvas.map((n) => n.position);
  // Where the source is now: it may have been moved while the run ran (a move keeps its revision).
  const at = canvas.find((n) => n.id === source.id)?.position ?? source.position;
  const step = { x: 0, y: VARIATION_GAP_Y };
  let below = beside ? { x: at.x + BESIDE_GAP_X, y: at.y - VARIATION_GAP_Y } : at;
  const made = datas.map((data, i): NodeRecord => {
    const position = firstFreePosition({ x: below.x, y: below.y + VARIATION_GAP_Y }, occupied, step);
    occupied.push(position);
    below = position;
    return {
      id: `generic-${stamp}-v${i + 1}-${Math.random().toString(36).slice(2, 8)}`,
      type: "generic_v2",
      position,
      data: { ...data, rev: 1 },
    };
  });
  const edgesAdded: CanvasEdge[] = made.flatMap((n) =>
    inputNodeIds.map((from) => ({
      id: `edge-${from}-${n.id}-${stamp}`,
      source: from,
      target: n.id,
      sourceHandle: null,
      targetHandle: null,
    })),
  );
  await applyChanges(
    db,
    hub,
    projectId,
    [...made.map((node): CanvasChange => nodeAdded(node)), ...edgesAdded.map((edge): CanvasChange => edgeAdded(edge))],
    origin,
  );
  return made.map((n) => n.id);
}
