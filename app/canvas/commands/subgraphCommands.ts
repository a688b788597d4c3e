import { type CanvasChange, type NodeRecord, nodeAdded, nodeData } from "../../../domain/canvas/changes";
import type { CanvasEdge, NodeData } from "../../../domain/canvas/node";
import { newNodeId } from "../../../domain/canvas/placement";
import {
  conversionChanges,
  convertToSubgraph,
  newSubgraphId,
  nextSubgraphName,
  SUBGRAPH_NODE_TYPE,
  subgraphNameSchema,
  subgraphOf,
  unpackChanges,
  unpackSubgraph,
  withSubgraph,
  type SubgraphData,
} from "../../../domain/canvas/subgraph";
import type { CanvasState, StudioEdge, StudioNode } from "../store/canvasStore";

interface SubgraphCommandEnv {
  get(): CanvasState;
  /** Emits one list as its own undo step (or part of the open batch), sent at once. */
  emit(changes: CanvasChange[]): void;
  /** New nodes moved into free room in view (the command layer's placement). */
  placed(records: NodeRecord[], anchor?: "center"): NodeRecord[];
  /** An edit inside a subgraph that changed its shape becomes an undo step of its own (undoHistory.ts). */
  subgraphEdited(id: string, before: SubgraphData, after: SubgraphData): void;
  selectOnly(ids: Set<string>): void;
  notify(kind: "info" | "error" | "success", message: string): void;
  now(): number;
}

const recordOf = (n: StudioNode): NodeRecord => ({ id: n.id, type: n.type ?? "generic_v2", position: n.position, data: n.data });
const wireEdge = (e: StudioEdge): CanvasEdge => ({
  id: e.id,
  source: e.source,
  target: e.target,
  sourceHandle: e.sourceHandle ?? null,
  targetHandle: e.targetHandle ?? null,
});
/** What changes a subgraph's shape (an undo step); a prompt typed inside is saved but, as outside, not a step. */
const shapeOf = (s: SubgraphData) =>
  JSON.stringify([s.name, s.nodes.map((n) => n.id), s.edges.map((e) => `${e.source}>${e.target}`), s.inputs, s.outputs]);

/**
 * Subgraphs (issue 34, part 3) as change lists of ordinary node and edge changes (domain/canvas/subgraph.ts):
 * Convert to subgraph and Unpack are each one undo step; an edit inside is a node-data change of the subgraph.
 */
export function createSubgraphCommands(env: SubgraphCommandEnv) {
  const { get, emit, notify } = env;
  const nodeById = (id: string) => get().nodes.find((n) => n.id === id);

  return {
    /** The nodes become one subgraph node; returns its id, or null (with the reason said) when they cannot. */
    convertToSubgraph(ids: readonly string[], name?: string): string | null {
      const s = get();
      if (!s.canEdit) return null;
      const id = newSubgraphId(env.now());
      const made = convertToSubgraph(
        ids,
        { nodes: s.nodes.map(recordOf), edges: s.edges.map(wireEdge) },
        id,
        name ?? nextSubgraphName(s.nodes),
      );
      if (!made.ok) {
        notify("info", made.error);
        return null;
      }
      emit(conversionChanges(made.conversion));
      env.selectOnly(new Set([id]));
      return id;
    },

    convertSelectedToSubgraph(): string | null {
      return this.convertToSubgraph(
        get()
          .nodes.filter((n) => n.selected)
          .map((n) => n.id),
      );
    },

    /** A node's menu: this node and the selection become a subgraph. */
    convertWithSelection(id: string): string | null {
      return this.convertToSubgraph([
        ...get()
          .nodes.filter((n) => n.selected && n.id !== id)
          .map((n) => n.id),
        id,
      ]);
    },

    /** The subgraph back into plain nodes (new ids) at its place, wired as it was; they are selected. */
    unpackSubgraph(id: string): string[] {
      const node = nodeById(id);
      if (!get().canEdit || !node) return [];
      const t = env.now();
      let i = 0;
      const unpacked = unpackSubgraph(recordOf(node), get().edges.map(wireEdge), () => newNodeId(t + i++));
      if (!unpacked) return [];
      emit(unpackChanges(recordOf(node), unpacked));
      const ids = unpacked.nodes.map((n) => n.id);
      env.selectOnly(new Set(ids));
      return ids;
    },

    /** An edit made inside: the subgraph node's data takes the new inner graph; a change of shape is an undo step. */
    editSubgraph(id: string, next: SubgraphData) {
      const node = nodeById(id);
      const before = node && subgraphOf(node);
      if (!get().canEdit || !node || !before) return;
      const prevRev = node.data.rev ?? 0;
      const data: NodeData = { ...withSubgraph(node.data, next), rev: prevRev + 1, lastModified: env.now() };
      emit([nodeData(id, data, prevRev, { fields: ["subgraph", "title"] })]);
      if (shapeOf(before) !== shapeOf(next)) env.subgraphEdited(id, before, next);
    },

    /** Renames a subgraph (its card title and its inner graph's name). False, with the reason said, for a bad name. */
    renameSubgraph(id: string, name: string): boolean {
      const parsed = subgraphNameSchema.safeParse(name);
      const sub = nodeById(id) && subgraphOf(nodeById(id)!);
      if (!parsed.success) {
        notify("error", parsed.error.issues[0]?.message ?? "Invalid subgraph name");
        return false;
      }
      if (sub) this.editSubgraph(id, { ...sub, name: parsed.data });
      return true;
    },

    /** A saved block (the library) as a new subgraph node in free room in view; returns its id. */
    insertSubgraph(sub: SubgraphData): string | null {
      if (!get().canEdit) return null;
      const t = env.now();
      const node: NodeRecord = {
        id: newSubgraphId(t),
        type: SUBGRAPH_NODE_TYPE,
        position: { x: 0, y: 0 },
        data: { ...withSubgraph({}, sub), rev: 1, lastModified: t },
      };
      const [placed] = env.placed([node], "center");
      emit([nodeAdded(placed!)]);
      env.selectOnly(new Set([node.id]));
      return node.id;
    },
  };
}
