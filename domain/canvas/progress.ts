/** spec (canvas 4/9): simulated progress ticks every 200 ms. */
export const PROGRESS_TICK_MS = 200;
/** spec (canvas 2): the progress bar is at least 3% wide. */
export const MIN_PROGRESS_BAR_PERCENT = 3;

/** spec (canvas 4 "Progress display"): [below this, add this] — +2 up to 30, +1 up to 60, +0.5 up to 85, +0.2 up to 98. */
export const SIMULATED_PROGRESS_STAGES: ReadonlyArray<{ upTo: number; step: number }> = [
  { upTo: 30, step: 2 },
  { upTo: 60, step: 1 },
  { upTo: 85, step: 0.5 },
  { upTo: 98, step: 0.2 },
];

/**
 * One 200 ms tick of simulated progress. Each stage stops exactly at its cap (29 → 30, not 31), values are
 * rounded to one decimal (no 85.60000000000001), and from 98 on the value no longer moves (never pushed
 * above 98, never lowered). A non-finite or negative value starts from 0.
 */
export function nextSimulatedProgress(progress: number): number {
  const p = Number.isFinite(progress) && progress > 0 ? progress : 0;
  const stage = SIMULATED_PROGRESS_STAGES.find((s) => p < s.upTo);
  if (!stage) return p;
  return Math.round(Math.min(stage.upTo, p + stage.step) * 10) / 10;
}

/** spec (canvas 4): a server percent is shown when given (a finite number), otherwise the simulated one. */
export function displayedProgress(serverPercent: number | null | undefined, simulated: number): number {
  return typeof serverPercent === "number" && Number.isFinite(serverPercent) ? serverPercent : simulated;
}

/** spec (canvas 2): the bar width in percent: the progress clamped to 3–100 (non-finite → 3). */
export function progressBarWidth(progress: number): number {
  if (!Number.isFinite(progress)) return MIN_PROGRESS_BAR_PERCENT;
  return Math.min(100, Math.max(MIN_PROGRESS_BAR_PERCENT, progress));
}
