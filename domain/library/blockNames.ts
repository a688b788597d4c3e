/**
 * Finding a library block by the name a person says ("use my character turnaround block"): case and spacing
 * do not matter, nor a trailing "block"; an exact name wins, then a name starting with the words, then one
 * holding them all. Used by the agent's planners and by the studio when it fills a plan's block in.
 */
const norm = (s: string) =>
  s
    .toLowerCase()
    .replace(/["'\u2018\u2019\u201c\u201d]/g, "")
    .replace(/\s+/g, " ")
    .trim()
    .replace(/^(?:the|my|a|an)\s+/, "")
    .replace(/\s+(?:block|subgraph)$/, "");

const words = (s: string) => s.split(/[^a-z0-9]+/).filter(Boolean);

/** The one name `phrase` means among `names`, or null (none, or several equally good). */
export function findBlockName(names: readonly string[], phrase: string): string | null {
  const p = norm(phrase);
  if (!p) return null;
  const tiers = [
    (n: string) => norm(n) === p,
    (n: string) => norm(n).startsWith(p),
    (n: string) => {
      const have = new Set(words(norm(n)));
      return words(p).every((w) => have.has(w));
    },
  ];
  for (const tier of tiers) {
    const found = names.filter(tier);
    if (found.length === 1) return found[0]!;
    if (found.length > 1) return found.find((n) => n === phrase.trim()) ?? null;
  }
  return null;
}

/** "a", "b" and "c" (at most `max`, then "and n more"), for a reply listing someone's blocks. */
export function listBlockNames(names: readonly string[], max = 10): string {
  const quoted = names.slice(0, max).map((n) => `"${n}"`);
  const more = names.length > max ? [`${names.length - max} more`] : [];
  const all = [...quoted, ...more];
  return all.length <= 1 ? (all[0] ?? "") : `${all.slice(0, -1).join(", ")} and ${all.at(-1)}`;
}
