/**
 * Canvas nodes as this process's runs last left them, so that running one again (a film maker re-rolling a
 * shot) starts without reading it: the node as its result was written, and the inputs that run was prepared
 * from with their revisions. Nothing here is trusted: the statement that records the run first asks
 * `known_node_stands` (drizzle/0019) whether the node is still at that revision and its inputs still those;
 * when either has moved on, nothing is recorded or held and the run starts over from the node as that
 * statement answers it (engine.ts), or from a read when preparing from the copy refused the run. A node's
 * position may be out of date here (a move does not raise its revision): where a run places new nodes, it
 * reads where the node is (nodeWriter.createVariationNodes).
 */
import type { NodeInputs, StoredNode } from "./nodeWriter";

/** Nodes remembered at most; the oldest is forgotten first. A node's data is ~15 kB with its 50 versions. */
const KNOWN_NODES_KEPT = 200;

export interface KnownNode {
  node: StoredNode;
  upstream: NodeInputs;
  /** The inputs as `known_node_stands` compares them: [[id, rev], ...] in edge order. */
  inputs: [string, number][];
}

export class KnownNodes {
  private readonly entries = new Map<string, KnownNode>();

  get(projectId: string, nodeId: string): KnownNode | undefined {
    return this.entries.get(keyOf(projectId, nodeId));
  }

  /**
   * The node as a run of it was just recorded, with the inputs it was prepared from. Nothing is remembered
   * for no node (none written), nor for inputs read without their revisions (one a subgraph).
   */
  started(projectId: string, node: StoredNode | null, upstream: NodeInputs | undefined): void {
    if (!node || !upstream || upstream.some((u) => typeof u.rev !== "number")) return;
    this.set(projectId, { node: frozen(node), upstream: deepFreeze(upstream), inputs: upstream.map((u) => [u.id, u.rev as number]) });
  }

  /**
   * A run's result was written over `from` (the node as the run started from it): kept, with the same inputs,
   * if `from` is the copy remembered. Null (the node was gone) forgets it.
   */
  written(projectId: string, from: StoredNode | null, to: StoredNode | null): void {
    if (!from) return;
    const key = keyOf(projectId, from.id);
    const known = this.entries.get(key);
    if (!known) return;
    if (!to || known.node.rev !== from.rev) this.entries.delete(key);
    else this.set(projectId, { ...known, node: frozen(to) });
  }

  forget(projectId: string, nodeId: string): void {
    this.entries.delete(keyOf(projectId, nodeId));
  }

  private set(projectId: string, known: KnownNode): void {
    const key = keyOf(projectId, known.node.id);
    this.entries.delete(key); // re-inserted as the newest
    this.entries.set(key, known);
    if (this.entries.size > KNOWN_NODES_KEPT) this.entries.delete(this.entries.keys().next().value!);
  }
}

const keyOf = (projectId: string, nodeId: string) => `${projectId}\n${nodeId}`;

/**
 * A remembered node is handed to every later run of it: frozen, so that code changing a node it was given
 * in place (instead of writing a copy) fails at once rather than changing what the next run starts from.
 */
function frozen(node: StoredNode): StoredNode {
  return deepFreeze({ ...node, position: { ...node.position } });
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}
