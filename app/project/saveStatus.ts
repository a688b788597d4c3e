import { useSyncExternalStore } from "react";

/** What the top bar's save indicator shows. Modes report into it; the last report wins. */
export type SaveStatus = "idle" | "saving" | "saved" | "failed";

let status: SaveStatus = "idle";
let resetTimer: number | undefined;
const listeners = new Set<() => void>();

// spec (canvas 9): 'Saved' resets after 1 s, 'Save Failed' after 2 s.
const RESET_AFTER: Partial<Record<SaveStatus, number>> = { saved: 1000, failed: 2000 };

export function reportSaveStatus(next: SaveStatus) {
  status = next;
  window.clearTimeout(resetTimer);
  const after = RESET_AFTER[next];
  if (after) resetTimer = window.setTimeout(() => reportSaveStatus("idle"), after);
  listeners.forEach((l) => l());
}

export function useSaveStatus(): SaveStatus {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => status,
  );
}
