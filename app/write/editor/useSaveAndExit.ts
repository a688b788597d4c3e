/**
 * Saving on demand and leaving the editor (spec 4): Save and Ctrl/Cmd+S, Exit (saves first; asks before
 * leaving when that fails), the browser's leave warning while edits are unsaved, and a last save when the
 * editor closes some other way.
 */
import { useCallback, useEffect, useState } from "react";
import { useQueryClient } from "@tanstack/react-query";
import type { Saver } from "./saver";

export interface SaveAndExit {
  /** Saves now; resolves to whether everything is saved (always true when read-only). */
  save(): Promise<boolean>;
  /** Exit: saves, then leaves, or opens the leave-without-saving dialog. */
  exit(): Promise<void>;
  /** Leaves without saving. */
  leave(): void;
  exiting: boolean;
  confirmLeave: boolean;
  setConfirmLeave(open: boolean): void;
}

export function useSaveAndExit({ readOnly, saver, onExit }: { readOnly: boolean; saver: Saver; onExit(): void }): SaveAndExit {
  const queryClient = useQueryClient();
  const [exiting, setExiting] = useState(false);
  const [confirmLeave, setConfirmLeave] = useState(false);

  const save = useCallback(() => (readOnly ? Promise.resolve(true) : saver.saveNow()), [readOnly, saver]);

  const leave = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: ["scripts"] });
    onExit();
  }, [queryClient, onExit]);

  const exit = async () => {
    if (readOnly) return leave();
    setExiting(true);
    const ok = await saver.saveNow();
    setExiting(false);
    if (ok) leave();
    else setConfirmLeave(true);
  };

  useEffect(() => {
    const onKey = (e: globalThis.KeyboardEvent) => {
      if ((e.metaKey || e.ctrlKey) && !e.altKey && e.key.toLowerCase() === "s") {
        e.preventDefault();
        void save();
      }
    };
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      if (saver.isDirty()) e.preventDefault();
    };
    window.addEventListener("keydown", onKey);
    window.addEventListener("beforeunload", onBeforeUnload);
    return () => {
      window.removeEventListener("keydown", onKey);
      window.removeEventListener("beforeunload", onBeforeUnload);
      // Leaving some other way than Exit (project switch...): send what is pending.
      if (saver.isDirty()) void saver.saveNow();
    };
  }, [save, saver]);

  return { save, exit, leave, exiting, confirmLeave, setConfirmLeave };
}
