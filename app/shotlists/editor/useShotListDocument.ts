import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from "react";
import type { Scene } from "../../../domain/shotlists/schema";
import { SHOT_LIST_MESSAGES } from "../../../domain/shotlists/messages";
import { SHOT_LIST_SAVE_DEBOUNCE_MS } from "../../../domain/shotlists/constants";
import { loadShotList, saveShotList } from "../../api/shotLists";
import { mergeName, mergeShotLists } from "../../../domain/shotlists/merge";
import { toast } from "../../ui";
import { ShotListSaver, type SaverStatus } from "./shotListSaver";
import { hasCode } from "../../api/errorMessages";

/** Saves that meet a newer copy each time (another window saving at the same moment) before giving up. */
const MERGE_ATTEMPTS = 3;

export interface ShotListDoc {
  name: string;
  scenes: Scene[];
}

/**
 * The open shot list: the document on screen and its saver. Every edit applies at once and is saved after
 * a 1-second quiet period; a failed save says 'Failed to save changes' and keeps the edits for the next try.
 * Each save names the version it was made from; when another window saved first (409), the editor reads
 * that copy, merges it with its own unsaved edits (domain/shotlists/merge.ts), shows the result and saves it.
 */
export function useShotListDocument(id: string, initial: ShotListDoc, initialVersion: number) {
  const [doc, setDoc] = useState(initial);
  const latest = useRef(initial);
  /** The copy the server holds as far as this editor knows: what its unsaved edits are measured from. */
  const saved = useRef({ doc: initial, version: initialVersion });
  const [statusListeners] = useState(() => new Set<() => void>());
  const [saver] = useState(
    () =>
      new ShotListSaver<ShotListDoc>({
        delayMs: SHOT_LIST_SAVE_DEBOUNCE_MS,
        // Always the latest document (a merge may have replaced the one this save was scheduled with).
        save: async () => {
          for (let attempt = 1; ; attempt++) {
            const sent = latest.current;
            try {
              const result = await saveShotList(id, { name: sent.name, scenes: sent.scenes, baseVersion: saved.current.version });
              saved.current = { doc: sent, version: result.version };
              return;
            } catch (err) {
              if (!hasCode(err, "conflict") || attempt >= MERGE_ATTEMPTS) throw err;
              const theirs = await loadShotList(id);
              const base = saved.current.doc;
              const merged: ShotListDoc = {
                name: mergeName(base.name, latest.current.name, theirs.name),
                scenes: mergeShotLists(base.scenes, latest.current.scenes, theirs.scenes),
              };
              saved.current = { doc: { name: theirs.name, scenes: theirs.scenes }, version: theirs.version };
              latest.current = merged;
              setDoc(merged);
              toast.info(SHOT_LIST_MESSAGES.mergedFromElsewhere, { id: "shotlist-merged" });
            }
          }
        },
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
