const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? "" : "s"} ago`;

/** Dashboard cards: 'Just now', minutes, hours, then the date (spec: shell 2). */
export function formatLastEdited(iso: string | null | undefined, now: number = Date.now()): string {
  if (!iso) return "Never edited";
  const t = Date.parse(iso);
  if (Number.isNaN(t)) return "Never edited";
  const diff = Math.max(0, now - t);
  if (diff < MINUTE) return "Just now";
  if (diff < HOUR) return plural(Math.floor(diff / MINUTE), "minute");
  if (diff < DAY) return plural(Math.floor(diff / HOUR), "hour");
  return new Date(t).toLocaleDateString("en-US", { year: "numeric", month: "short", day: "numeric" });
}

/** Write-mode cards: seconds, minutes, hours, then 'N day(s) ago' (spec: shell 2). */
export function formatWriteEdited(iso: string | null | undefined, now: number = Date.now()): string {
  if (!iso) return "Unknown";
  const t = Date.parse(iso);
  if (Number.isNaN(t)) return "Unknown";
  const diff = Math.max(0, now - t);
  if (diff < MINUTE) return plural(Math.floor(diff / 1000), "second");
  if (diff < HOUR) return plural(Math.floor(diff / MINUTE), "minute");
  if (diff < DAY) return plural(Math.floor(diff / HOUR), "hour");
  return plural(Math.floor(diff / DAY), "day");
}
