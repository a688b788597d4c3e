import { useLayoutEffect, useRef, useSyncExternalStore } from "react";
import { Check, CircleDot } from "lucide-react";
import { useNow } from "../../lib/useNow";
import { cn, Spinner } from "../../ui";
import { AUTOSAVE_DELAY_MS, type Saver } from "./saver";

/**
 * spec 2: last-saved time, in seconds under a minute and in minutes under an hour; past that the clock time
 * (today) or the date.
 */
export function formatLastSaved(at: number, now: number): string {
  const seconds = Math.max(0, Math.floor((now - at) / 1000));
  if (seconds < 60) return `Last saved ${seconds}s ago`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `Last saved ${minutes}m ago`;
  const date = new Date(at);
  const time = date.toLocaleTimeString(undefined, { hour: "2-digit", minute: "2-digit" });
  if (new Date(now).toDateString() === date.toDateString()) return `Last saved at ${time}`;
  return `Last saved ${date.toLocaleDateString(undefined, { month: "short", day: "numeric" })}, ${time}`;
}

/** 'Saving in Ns' in whole seconds (never 0 while the countdown runs). */
export const countdownLabel = (dueAt: number, now: number) => `Saving in ${Math.max(1, Math.ceil((dueAt - now) / 1000))}s`;

/** The top bar's save status (spec 2/4): Saving in Ns with a draining bar, Saving..., Unsaved changes, Saved. */
export function SaveStatusPanel({ saver }: { saver: Saver }) {
  const snap = useSyncExternalStore(saver.subscribe, saver.getSnapshot);
  const now = useNow(1000);
  const current = Math.max(now, Date.now());
  return (
    <div className="flex w-44 flex-col gap-0.5" data-testid="save-status-panel">
      <div
        role="status"
        aria-live="polite"
        data-testid="save-status"
        className={cn("flex items-center gap-1.5 text-xs font-medium", snap.state === "unsaved" ? "text-warning" : "text-text")}
      >
        {snap.state === "saving" && <Spinner size={12} label="Saving" />}
        {snap.state === "saved" && <Check className="size-3.5 text-success" aria-hidden />}
        {snap.state === "unsaved" && <CircleDot className="size-3.5" aria-hidden />}
        {snap.state === "countdown" && snap.dueAt !== null && <span className="size-1.5 rounded-full bg-accent" aria-hidden />}
        <span>
          {snap.state === "saving"
            ? "Saving..."
            : snap.state === "countdown" && snap.dueAt !== null
              ? countdownLabel(snap.dueAt, current)
              : snap.state === "unsaved"
                ? "Unsaved changes"
                : "Saved"}
        </span>
      </div>
      {snap.state === "countdown" && snap.dueAt !== null ? (
        <DrainBar dueAt={snap.dueAt} />
      ) : (
        <span className="text-2xs text-text-subtle" data-testid="last-saved">
          {snap.lastSavedAt !== null ? formatLastSaved(snap.lastSavedAt, current) : "Not saved yet"}
        </span>
      )}
    </div>
  );
}

/** A bar that empties until the autosave fires (restarted by every keystroke). */
function DrainBar({ dueAt }: { dueAt: number }) {
  const bar = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const el = bar.current;
    if (!el || typeof el.animate !== "function") return;
    const remaining = Math.max(0, dueAt - Date.now());
    const from = Math.min(1, remaining / AUTOSAVE_DELAY_MS);
    const animation = el.animate([{ transform: `scaleX(${from})` }, { transform: "scaleX(0)" }], {
      duration: remaining,
      easing: "linear",
      fill: "forwards",
    });
    return () => animation.cancel();
  }, [dueAt]);
  return (
    <div role="progressbar" aria-label="Time until autosave" className="my-[5px] h-1 w-full overflow-hidden rounded-full bg-surface-3">
      <div ref={bar} className="h-full w-full origin-left rounded-full bg-accent" />
    </div>
  );
}
