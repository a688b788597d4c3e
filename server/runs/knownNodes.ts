/**
 * Canvas nodes as this process's runs last left them, so that running one again (a film maker re-rolling a
 * shot, or running it after editing its prompt) starts without reading it: the node as its result was
 * written, and the inputs that run was prepared from with their revisions. Every copy here is exactly what
 * was committed at its revision: written by this process's runs, read by a start, or heard in a `nodes`
 * message of the project (a person's edit, the agent's, another instance's run), which carries a node's
 * whole data as committed. A copy only ever gives way to a newer revision. Nothing here is trusted: the
 * statement that records the run first asks `known_node_stands` (drizzle/0019) whether the node is still
 * at that revision and its inputs still those; when either has moved on (a message not heard, an edge
 * added), nothing is recorded or held and the run starts over from the node as that statement answers it
 * (engine.ts), or from a read when preparing from the copy refused the run. A node's position may be out of
 * date here (a move does not raise its revision): where a run places new nodes, it reads where the node is
 * (nodeWriter.createVariationNodes).
 */
import type { NodeData } from "../../domain/canvas/node";
import type { RealtimeMessage } from "../../domain/realtime";
import type { NodeInputs, StoredNode } from "./nodeWriter";

/** Nodes remembered at most; the oldest is forgotten first. A node's data is ~15 kB with its 50 versions. */
const KNOWN_NODES_KEPT = 200;

export interface KnownNode {
  node: StoredNode;
  upstream: NodeInputs;
  /** The inputs as `known_node_stands` compares them: [[id, rev], ...] in edge order. */
  inputs: [string, number][];
}

/** Hears a project's messages until the answered function is called (RealtimeHub.listen). */
export type ListenToProject = (projectId: string, listener: (message: RealtimeMessage) => void) => () => void;

export class KnownNodes {
  private readonly entries = new Map<string, KnownNode>();
  /** The projects with a node here: which nodes, and how to stop hearing the project's messages. */
  private readonly projects = new Map<string, { nodeIds: Set<string>; leave: () => void }>();

  /** Without `listen`, copies are kept only as this process's runs leave them (an edit makes one stale). */
  constructor(private readonly listen?: ListenToProject) {}

  get(projectId: string, nodeId: string): KnownNode | undefined {
    return this.entries.get(keyOf(projectId, nodeId));
  }

  /**
   * The node as a run of it was just recorded, with the inputs it was prepared from. Nothing is remembered
   * for no node (none written), nor for inputs read without their revisions (one a subgraph).
   */
  started(projectId: string, node: StoredNode | null, upstream: NodeInputs | undefined): void {
    if (!node || !upstream || upstream.some((u) => typeof u.rev !== "number")) return;
    const kept = this.entries.get(keyOf(projectId, node.id))?.node;
    this.set(projectId, {
      // An edit heard while the run was being recorded is newer than the node as recorded.
      node: kept && kept.rev > node.rev ? kept : frozen(node),
      upstream: deepFreeze(upstream),
      inputs: upstream.map((u) => [u.id, u.rev as number]),
    });
  }

  /**
   * A run's result was written over `from` (the node as the run started from it): kept, with the inputs kept,
   * unless a newer revision is here already (its own message, heard as it was published, or a later edit).
   * Null (the node was gone) forgets it.
   */
  written(projectId: string, from: StoredNode | null, to: StoredNode | null): void {
    if (!from) return;
    const known = this.entries.get(keyOf(projectId, from.id));
    if (!known) return;
    if (!to) this.forget(projectId, from.id);
    else if (to.rev > known.node.rev) this.set(projectId, { ...known, node: frozen(to) });
  }

  forget(projectId: string, nodeId: string): void {
    if (!this.entries.delete(keyOf(projectId, nodeId))) return;
    const project = this.projects.get(projectId);
    project?.nodeIds.delete(nodeId);
    if (project?.nodeIds.size === 0) {
      this.projects.delete(projectId);
      project.leave();
    }
  }

  private set(projectId: string, known: KnownNode): void {
    const key = keyOf(projectId, known.node.id);
    this.entries.delete(key); // re-inserted as the newest
    this.entries.set(key, known);
    let project = this.projects.get(projectId);
    if (!project) {
      const leave = this.listen?.(projectId, (message) => this.heard(projectId, message)) ?? (() => {});
      this.projects.set(projectId, (project = { nodeIds: new Set(), leave }));
    }
    project.nodeIds.add(known.node.id);
    if (this.entries.size > KNOWN_NODES_KEPT) {
      const oldest = this.entries.keys().next().value!;
      const cut = oldest.indexOf("\n"); // a project id (a uuid) holds no line break; a node id might
      this.forget(oldest.slice(0, cut), oldest.slice(cut + 1));
    }
  }

  /**
   * Nodes written in a project with nodes here (a `nodes` message carries each node's whole data as
   * committed at its revision): a newer revision replaces the copy, of a node kept or of an input of one.
   * Where a copy stands in the list of nodes to forget first is left as it was: a message is not a run.
   */
  private heard(projectId: string, message: RealtimeMessage): void {
    if (message.type !== "nodes") return;
    const project = this.projects.get(projectId);
    if (!project) return;
    for (const written of message.nodes) {
      let data: NodeData | undefined; // copied once, only if a copy here is older
      const dataOf = () => (data ??= frozenCopy(written.data));
      const key = keyOf(projectId, written.id);
      const own = this.entries.get(key);
      if (own && written.rev > own.node.rev)
        this.entries.set(key, { ...own, node: deepFreeze({ ...own.node, rev: written.rev, data: dataOf() }) });
      for (const nodeId of project.nodeIds) {
        const dependent = this.entries.get(keyOf(projectId, nodeId))!;
        const older = ([id, rev]: [string, number]) => id === written.id && written.rev > rev;
        if (!dependent.inputs.some(older)) continue;
        this.entries.set(keyOf(projectId, nodeId), {
          ...dependent,
          upstream: deepFreeze(
            dependent.upstream.map((u, i) => (older(dependent.inputs[i]!) ? { ...u, rev: written.rev, data: dataOf() } : u)),
          ),
          inputs: dependent.inputs.map((input) => (older(input) ? [written.id, written.rev] : input)),
        });
      }
    }
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

/**
 * A frozen copy of `value` (the publisher's objects are left as they were) that shares what is frozen already,
 * as nothing can change it (frozen here is frozen through: deepFreeze): a run's mark or result carries the
 * copy's own frozen versions, 50 of them, and copying those again on every run cost about 0.1 ms of the
 * server's thread.
 */
function frozenCopy<T>(value: T): T {
  if (!value || typeof value !== "object" || Object.isFrozen(value)) return value;
  if (Array.isArray(value)) return Object.freeze(value.map(frozenCopy)) as T;
  if (Object.getPrototypeOf(value) !== Object.prototype) return deepFreeze(structuredClone(value)); // a Date, say
  return Object.freeze(Object.fromEntries(Object.entries(value).map(([k, v]) => [k, frozenCopy(v)]))) as T;
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}
