import { invertChanges } from "../../../domain/canvas/changeInverse";
import { isStructural, LOCAL_SOURCES, type CanvasChange } from "../../../domain/canvas/changes";
import { History } from "../../../domain/canvas/history";
import type { SessionStore } from "../session/sessionStore";
import type { CanvasStore } from "../store/canvasStore";
import type { CanvasDocument } from "./canvasDocument";

/**
 * Undo and redo (spec: canvas 4, cap 50). It records the structural changes of this browser's own lists
 * (`user`, `agent`), never remote ones or loads; a `mark()` starts a new step, so a command that emits
 * several lists (a paste, inserted assets, an agent's plan) is one step. Undo applies the inverse of the
 * last step, derived from what was recorded (domain/canvas/changeInverse.ts), and saves it at once.
 */
export function createUndoHistory(env: { store: CanvasStore; session: SessionStore; document: CanvasDocument }) {
  const { store, session, document } = env;
  const history = new History<CanvasChange>();
  let stepping = false;

  const publish = () => {
    const { canUndo, canRedo } = history;
    const s = session.getState();
    if (s.canUndo !== canUndo || s.canRedo !== canRedo) session.setState({ canUndo, canRedo });
  };

  document.subscribe((list) => {
    if (stepping || list.replayed || !LOCAL_SOURCES.includes(list.source)) return;
    history.record(list.changes.filter(isStructural));
    publish();
  });

  const view = {
    node: (id: string) => {
      const n = store.getState().nodes.find((x) => x.id === id);
      return n ? { id: n.id, type: n.type ?? "generic_v2", position: n.position, data: n.data } : undefined;
    },
    edge: (id: string) => {
      const e = store.getState().edges.find((x) => x.id === id);
      return e ? { id: e.id, source: e.source, target: e.target, sourceHandle: e.sourceHandle ?? null, targetHandle: e.targetHandle ?? null } : undefined;
    },
  };

  const step = (direction: "undo" | "redo") => {
    if (!store.getState().canEdit) return;
    const changes = history[direction]((recorded) => invertChanges(recorded, view));
    publish();
    if (!changes) return;
    stepping = true;
    try {
      document.apply({ source: "user", changes, urgent: true });
    } finally {
      stepping = false;
    }
  };

  return {
    /** The next recorded change starts a new undo step. */
    mark: () => history.mark(),
    undo: () => step("undo"),
    redo: () => step("redo"),
  };
}

export type UndoHistory = ReturnType<typeof createUndoHistory>;
