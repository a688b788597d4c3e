/**
 * A file name safe for Content-Disposition: the user's name for the thing, ASCII-folded, with the studio's
 * prefix and an optional suffix of ours ("reelgraph-Harbor-breakdown-scenes.csv"); `fallback` when nothing
 * of the name survives the folding.
 */
export function downloadName(name: string, ext: string, { fallback, suffix }: { fallback: string; suffix?: string }): string {
  const base =
    name
      .normalize("NFKD")
      .replace(/[^\w\- ]+/g, "")
      .trim()
      .replace(/\s+/g, "-")
      .slice(0, 80) || fallback;
  return `reelgraph-${base}${suffix ? `-${suffix}` : ""}.${ext}`;
}
