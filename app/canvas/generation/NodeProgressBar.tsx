import { useEffect, useState } from "react";
import { displayedProgress, nextSimulatedProgress, PROGRESS_TICK_MS, progressBarWidth } from "../../../domain/canvas/progress";
import { GENERATION_MESSAGES } from "../../../domain/generation/api";
import { useGeneration } from "../store/useCanvas";
import { useNodeProgress } from "./progressStore";

/**
 * The card's progress while generating (spec canvas 2/4): the provider's percent when it gives one, else
 * the simulated curve (200 ms ticks, caps 30/60/85/98); the bar is at least 3% wide.
 */
export function NodeProgressBar({ nodeId, stored }: { nodeId: string; stored?: { percent?: number; message?: string } | null }) {
  const live = useNodeProgress(useGeneration().progress, nodeId);
  const [simulated, setSimulated] = useState(0);
  const serverPercent = live?.percent ?? (typeof stored?.percent === "number" && stored.percent > 0 ? stored.percent : undefined);
  useEffect(() => {
    if (serverPercent !== undefined) return;
    const timer = setInterval(() => setSimulated((p) => nextSimulatedProgress(p)), PROGRESS_TICK_MS);
    return () => clearInterval(timer);
  }, [serverPercent]);
  const percent = displayedProgress(serverPercent, simulated);
  const label =
    live?.status === "running"
      ? (live.message ?? GENERATION_MESSAGES.processing)
      : (live?.message ?? stored?.message ?? GENERATION_MESSAGES.preparing);
  return (
    <div
      className="absolute inset-x-0 bottom-0 bg-bg/85 px-3 py-2 backdrop-blur"
      role="status"
      aria-live="polite"
      data-testid="node-progress"
    >
      <div className="mb-1 flex items-center justify-between text-xs text-text">
        <span className="truncate">{label}</span>
        <span className="tabular-nums text-text-muted">{Math.round(percent)}%</span>
      </div>
      <div className="h-1.5 overflow-hidden rounded-full bg-surface-2">
        <div className="h-full rounded-full bg-accent transition-[width] duration-200" style={{ width: `${progressBarWidth(percent)}%` }} />
      </div>
    </div>
  );
}
