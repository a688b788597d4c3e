import { changedNodeId, type CanvasChange, type ChangeList, type ChangeSource, nodeData } from "../../../domain/canvas/changes";
import { contextItems } from "../../../domain/canvas/context";
import type { CanvasStore, StudioNode } from "../store/canvasStore";
import type { CanvasDocument } from "./canvasDocument";

/** Lists after which this client brings downstream context up to date: its own edits and run results. */
const REFRESHED_AFTER: readonly ChangeSource[] = ["user", "agent", "generation", "tool"];

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? []) === JSON.stringify(b ?? []);

/**
 * Keeps each node's `contextData` (what its upstream nodes pass in, spec: canvas 3) in step with the graph:
 * after a list that connects, disconnects, removes or changes an upstream node, the targets whose context
 * differs get a data change of their own (saved after the usual debounce). Remote lists are left alone:
 * the client that made the change refreshes and saves for everyone.
 */
export function installContextRefresh(env: { store: CanvasStore; document: CanvasDocument; now?: () => number }): () => void {
  const { store, document } = env;
  const now = env.now ?? Date.now;
  return document.subscribe((list: ChangeList) => {
    if (list.replayed || !REFRESHED_AFTER.includes(list.source) || !store.getState().canEdit) return;
    const { nodes, edges } = store.getState();
    const targets = new Set<string>();
    const touched = new Set<string>();
    for (const c of list.changes) {
      if (c.type === "edge-added") targets.add(c.edge.target);
      else if (c.type === "edge-removed" && c.edge) targets.add(c.edge.target);
      else if (c.type !== "node-moved" && c.type !== "node-removed") {
        const id = changedNodeId(c);
        if (id) touched.add(id);
      }
    }
    for (const e of edges) if (touched.has(e.source)) targets.add(e.target);
    if (targets.size === 0) return;
    const byId = new Map(nodes.map((n) => [n.id, n]));
    const refreshed: CanvasChange[] = [];
    for (const id of targets) {
      const node = byId.get(id);
      if (!node) continue;
      const sources = edges
        .filter((e) => e.target === id)
        .map((e) => byId.get(e.source))
        .filter((n): n is StudioNode => !!n);
      const context = contextItems(sources.map((n) => ({ id: n.id, data: n.data })));
      if (same(context, node.data.contextData)) continue;
      const prevRev = node.data.rev ?? 0;
      refreshed.push(
        nodeData(id, { ...node.data, contextData: context, rev: prevRev + 1, lastModified: now() }, prevRev, { fields: ["contextData"] }),
      );
    }
    document.apply({ source: "user", changes: refreshed });
  });
}
