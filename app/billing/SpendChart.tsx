import { memo } from "react";
import { formatCredits } from "../../domain/credits";
import { runName } from "../../domain/billing/runName";

const COLORS = ["#f5a524", "#7c8cff", "#3ecf8e", "#f06595", "#4dabf7", "#b197fc", "#ffd43b", "#ff8787"];

/**
 * Credits spent per day over the last 30 days, stacked by model or tool (the eight largest named, the rest
 * as 'Other'). Plain elements: a chart library would be most of this page's weight for one bar chart.
 */
export const SpendChart = memo(function SpendChart({ days }: { days: { day: string; byModel: Record<string, number> }[] }) {
  const totals = new Map<string, number>();
  for (const d of days) for (const [m, c] of Object.entries(d.byModel)) totals.set(m, (totals.get(m) ?? 0) + c);
  const named = [...totals]
    .sort((a, b) => b[1] - a[1])
    .slice(0, COLORS.length - 1)
    .map(([m]) => m);
  const colorOf = (m: string) => COLORS[named.includes(m) ? named.indexOf(m) : COLORS.length - 1]!;
  const max = Math.max(1, ...days.map((d) => Object.values(d.byModel).reduce((a, b) => a + b, 0)));
  const total = [...totals.values()].reduce((a, b) => a + b, 0);
  if (total === 0) return <p className="py-10 text-center text-sm text-text-muted">No credits spent in the last 30 days.</p>;
  return (
    <figure>
      <div
        className="flex h-40 items-end gap-1"
        role="img"
        aria-label={`Credits spent per day over the last 30 days: ${formatCredits(total)} in all`}
      >
        {days.map((d) => {
          const sum = Object.values(d.byModel).reduce((a, b) => a + b, 0);
          const label = `${d.day}: ${formatCredits(sum)}${
            sum
              ? ` (${Object.entries(d.byModel)
                  .map(([m, c]) => `${runName(m)} ${c}`)
                  .join(", ")})`
              : ""
          }`;
          return (
            <div key={d.day} className="flex h-full flex-1 flex-col justify-end rounded-sm bg-surface-2/50" title={label}>
              {Object.entries(d.byModel).map(([m, c]) => (
                <div key={m} style={{ height: `${(c / max) * 100}%`, background: colorOf(m) }} className="w-full first:rounded-t-sm" />
              ))}
            </div>
          );
        })}
      </div>
      <figcaption className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-xs text-text-muted">
        {[...named, ...(totals.size > named.length ? ["Other"] : [])].map((m) => (
          <span key={m} className="inline-flex items-center gap-1.5">
            <span className="size-2.5 rounded-sm" style={{ background: m === "Other" ? COLORS.at(-1) : colorOf(m) }} aria-hidden="true" />
            {m === "Other" ? "Other" : runName(m)}
          </span>
        ))}
      </figcaption>
    </figure>
  );
});
