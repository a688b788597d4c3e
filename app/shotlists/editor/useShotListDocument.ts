import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from "react";
import type { Scene } from "../../../domain/shotlists/schema";
import { SHOT_LIST_MESSAGES } from "../../../domain/shotlists/messages";
import { SHOT_LIST_SAVE_DEBOUNCE_MS } from "../../../domain/shotlists/constants";
import { saveShotList } from "../../api/shotLists";
import { toast } from "../../ui";
import { ShotListSaver, type SaverStatus } from "./shotListSaver";

export interface ShotListDoc {
  name: string;
  scenes: Scene[];
}

/**
 * The open shot list: the document on screen and its saver. Every edit applies at once and is saved after
 * a 1-second quiet period; a failed save says 'Failed to save changes' and keeps the edits for the next try.
 */
export function useShotListDocument(id: string, initial: ShotListDoc) {
  const [doc, setDoc] = useState(initial);
  const latest = useRef(initial);
  const [statusListeners] = useState(() => new Set<() => void>());
  const [saver] = useState(
    () =>
      new ShotListSaver<ShotListDoc>({
        delayMs: SHOT_LIST_SAVE_DEBOUNCE_MS,
        save: async (d) => void (await saveShotList(id, { name: d.name, scenes: d.scenes })),
        // The editor shows its own save state (as the screenplay editor does), next to the list's name.
        onStatus: () => statusListeners.forEach((l) => l()),
        onError: () => toast.error(SHOT_LIST_MESSAGES.saveFailed, { id: "shotlist-save-failed" }),
      }),
  );
  const status = useSyncExternalStore(
    (l) => {
      statusListeners.add(l);
      return () => statusListeners.delete(l);
    },
    () => saver.status,
  );

  /** Applies an edit to the document on screen and schedules its save. */
  const apply = useCallback(
    (edit: (d: ShotListDoc) => ShotListDoc) => {
      const next = edit(latest.current);
      if (next === latest.current) return;
      latest.current = next;
      setDoc(next);
      saver.change(next);
    },
    [saver],
  );
  const editScenes = useCallback((edit: (scenes: Scene[]) => Scene[]) => apply((d) => ({ ...d, scenes: edit(d.scenes) })), [apply]);
  const flush = useCallback(() => saver.flush(), [saver]);

  // Leaving the page with unsaved edits asks first; leaving the editor in the app saves them.
  useEffect(() => {
    const beforeUnload = (e: BeforeUnloadEvent) => {
      if (!saver.hasPending()) return;
      e.preventDefault();
      e.returnValue = "";
    };
    const online = () => saver.hasPending() && void saver.flush();
    window.addEventListener("beforeunload", beforeUnload);
    window.addEventListener("online", online);
    return () => {
      window.removeEventListener("beforeunload", beforeUnload);
      window.removeEventListener("online", online);
      if (saver.hasPending()) void saver.flush();
      saver.dispose();
    };
  }, [saver]);

  return { doc, apply, editScenes, flush, status: status as SaverStatus, hasPending: () => saver.hasPending() };
}
