import { invertChanges } from "../../../domain/canvas/changeInverse";
import { isStructural, LOCAL_SOURCES, type CanvasChange, nodeData } from "../../../domain/canvas/changes";
import type { NodeData } from "../../../domain/canvas/node";
import { History } from "../../../domain/canvas/history";
import { withSubgraph, type SubgraphData } from "../../../domain/canvas/subgraph";
import type { SessionStore } from "../session/sessionStore";
import type { CanvasStore } from "../store/canvasStore";
import type { CanvasDocument } from "./canvasDocument";

/**
 * A tool's result replacing a node's picture, as an undo step: undo shows the version with media `from`
 * again, redo the one with `to`. Versions are named by their media, not their place in the list, because a
 * node keeps only its newest versions (domain/canvas/versions.ts) and the list shifts as new ones come.
 * Only in this browser's history: on the wire it is an ordinary node-data change.
 */
interface VersionStep {
  type: "version";
  id: string;
  from: string;
  to: string;
}
/**
 * An edit inside a subgraph that changed its shape (a node or edge added or removed inside it, issue 34):
 * undo puts the inner graph `from` back on the subgraph node, redo `to`. On the wire a node-data change.
 */
interface SubgraphStep {
  type: "subgraph-edit";
  id: string;
  from: SubgraphData;
  to: SubgraphData;
}
type UndoEntry = CanvasChange | VersionStep | SubgraphStep;
const isVersionStep = (e: UndoEntry): e is VersionStep => e.type === "version";
const isSubgraphStep = (e: UndoEntry): e is SubgraphStep => e.type === "subgraph-edit";

/** The fields a version brings back (as restoreVersion does, but keeping the node's prompt and model). */
function showVersion(data: NodeData, mediaUrl: string): Partial<NodeData> | null {
  const index = data.versionHistory?.findLastIndex((v) => v.mediaUrl === mediaUrl) ?? -1;
  const entry = data.versionHistory?.[index];
  if (!entry) return null; // gone from the node's kept versions: nothing to show
  return {
    mediaUrl: entry.mediaUrl,
    displayUrl: entry.mediaUrl,
    permanentMediaUrl: entry.permanentMediaUrl ?? entry.mediaUrl,
    ...(entry.contentType ? { contentType: entry.contentType } : {}),
    status: "completed",
    currentVersionIndex: index,
  };
}

/**
 * Undo and redo (spec: canvas 4, cap 50). It records the structural changes of this browser's own lists
 * (`user`, `agent`), never remote ones or loads; a `mark()` starts a new step, so a command that emits
 * several lists (a paste, inserted assets, an agent's plan) is one step. Undo applies the inverse of the
 * last step, derived from what was recorded (domain/canvas/changeInverse.ts), and saves it at once.
 */
export function createUndoHistory(env: { store: CanvasStore; session: SessionStore; document: CanvasDocument }) {
  const { store, session, document } = env;
  const history = new History<UndoEntry>();
  let stepping = false;
  /** Nodes a tool run of this browser is working on, with the media they showed when it started. */
  const toolRuns = new Map<string, string | undefined>();

  const publish = () => {
    const { canUndo, canRedo } = history;
    const s = session.getState();
    if (s.canUndo !== canUndo || s.canRedo !== canRedo) session.setState({ canUndo, canRedo });
  };

  document.subscribe((list) => {
    if (list.source === "tool") return recordToolResults(list.changes);
    if (stepping || list.replayed || !LOCAL_SOURCES.includes(list.source)) return;
    history.record(list.changes.filter(isStructural));
    publish();
  });

  /** A tool result of this browser's run that put a new version on its node becomes its own undo step. */
  const recordToolResults = (changes: readonly CanvasChange[]) => {
    for (const c of changes) {
      if (c.type !== "node-data" || !toolRuns.has(c.id)) continue;
      const versions = c.data.versionHistory ?? [];
      const to = c.data.currentVersionIndex ?? versions.length - 1;
      const before = toolRuns.get(c.id);
      if (c.data.status !== "completed" || to < 0 || versions[to]?.mediaUrl === before) continue;
      toolRuns.delete(c.id);
      const shown = versions[to]?.mediaUrl;
      if (!before || !shown || !versions.some((v, i) => i !== to && v.mediaUrl === before)) continue;
      history.mark();
      history.record([{ type: "version", id: c.id, from: before, to: shown }]);
      history.mark();
      publish();
    }
  };

  /** Applies a version step (undo or redo of a tool's result) as a node-data change. */
  const versionChange = (step: VersionStep): CanvasChange | null => {
    const node = store.getState().nodes.find((n) => n.id === step.id);
    const patch = node && showVersion(node.data, step.to);
    if (!node || !patch) return null;
    const prevRev = node.data.rev ?? 0;
    return nodeData(step.id, { ...node.data, ...patch, rev: prevRev + 1, lastModified: Date.now() }, prevRev, {
      fields: Object.keys(patch),
    });
  };
  /** Applies a subgraph step as a node-data change putting `to` on the subgraph node (gone: nothing). */
  const subgraphChange = (step: SubgraphStep): CanvasChange | null => {
    const node = store.getState().nodes.find((n) => n.id === step.id);
    if (!node) return null;
    const prevRev = node.data.rev ?? 0;
    return nodeData(step.id, { ...withSubgraph(node.data, step.to), rev: prevRev + 1, lastModified: Date.now() }, prevRev, {
      fields: ["subgraph", "title"],
    });
  };
  const invert = (recorded: readonly UndoEntry[]): UndoEntry[] => [
    ...recorded.filter(isVersionStep).map((v): VersionStep => ({ ...v, from: v.to, to: v.from })),
    ...recorded
      .filter(isSubgraphStep)
      .reverse()
      .map((v): SubgraphStep => ({ ...v, from: v.to, to: v.from })),
    ...invertChanges(
      recorded.filter((e): e is CanvasChange => !isVersionStep(e) && !isSubgraphStep(e)),
      view,
    ),
  ];

  const view = {
    group: (id: string) => store.getState().groups.find((g) => g.id === id),
    node: (id: string) => {
      const n = store.getState().nodes.find((x) => x.id === id);
      return n ? { id: n.id, type: n.type ?? "generic_v2", position: n.position, data: n.data } : undefined;
    },
    edge: (id: string) => {
      const e = store.getState().edges.find((x) => x.id === id);
      return e
        ? { id: e.id, source: e.source, target: e.target, sourceHandle: e.sourceHandle ?? null, targetHandle: e.targetHandle ?? null }
        : undefined;
    },
  };

  const step = (direction: "undo" | "redo") => {
    if (!store.getState().canEdit) return;
    const entries = history[direction](invert);
    publish();
    if (!entries) return;
    const changes = entries.flatMap((e) =>
      isVersionStep(e) ? (versionChange(e) ?? []) : isSubgraphStep(e) ? (subgraphChange(e) ?? []) : [e],
    );
    if (!changes.length) return;
    stepping = true;
    try {
      document.apply({ source: "user", changes, urgent: true });
    } finally {
      stepping = false;
    }
  };

  return {
    /** A tool run of this browser starts on `nodeId`: the version its result makes becomes an undo step. */
    toolRunStarted(nodeId: string) {
      const data = store.getState().nodes.find((n) => n.id === nodeId)?.data;
      toolRuns.set(nodeId, data?.mediaUrl ?? data?.displayUrl);
    },
    /**
     * Changes the server made for this browser's own request (For every shot's lanes), arriving
     * as remote lists: recorded as one undo step of their own, so Ctrl+Z takes them away like a paste.
     */
    adopt(changes: readonly CanvasChange[]) {
      const structural = changes.filter(isStructural);
      if (!structural.length) return;
      history.mark();
      history.record(structural);
      history.mark();
      publish();
    },
    /** An edit inside subgraph `id` changed its shape: one undo step (or part of the open one). */
    subgraphEdited(id: string, from: SubgraphData, to: SubgraphData) {
      if (stepping) return;
      history.record([{ type: "subgraph-edit", id, from, to }]);
      publish();
    },
    /** The next recorded change starts a new undo step. */
    mark: () => history.mark(),
    undo: () => step("undo"),
    /** The step undo takes next, as a token (an agent plan's Undo in the chat). */
    lastStep: (): unknown => history.lastStep,
    /** Undoes `token`'s step only when it is still the last one; false when other steps came after it. */
    undoStep(token: unknown): boolean {
      if (!token || history.lastStep !== token) return false;
      step("undo");
      return true;
    },
    redo: () => step("redo"),
  };
}

export type UndoHistory = ReturnType<typeof createUndoHistory>;
