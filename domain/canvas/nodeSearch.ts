/** A node as the find box sees it. */
export interface Findable {
  id: string;
  title: string;
}

/** How many matches the find box lists. */
export const FIND_LIMIT = 8;

/**
 * Nodes whose title holds the query (case- and accent-insensitive, spaces trimmed), best first: the whole
 * title, then titles starting with it, then the rest; ties keep canvas order. A blank query finds nothing.
 */
export function findNodesByTitle<T extends Findable>(nodes: readonly T[], query: string, limit = FIND_LIMIT): T[] {
  const q = fold(query.trim());
  if (!q) return [];
  const ranked: { node: T; rank: number; index: number }[] = [];
  nodes.forEach((node, index) => {
    const title = fold(node.title);
    const at = title.indexOf(q);
    if (at < 0) return;
    ranked.push({ node, rank: title === q ? 0 : at === 0 ? 1 : 2, index });
  });
  return ranked
    .sort((a, b) => a.rank - b.rank || a.index - b.index)
    .slice(0, limit)
    .map((r) => r.node);
}

const fold = (s: string) => s.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
