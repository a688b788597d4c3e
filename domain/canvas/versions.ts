import type { z } from "zod";
import type { versionEntrySchema } from "./node";

export type VersionEntry = z.infer<typeof versionEntrySchema>;

/**
 * The versions a node keeps: its newest 50. A shot re-rolled more often keeps its latest takes, and the
 * older results stay in the project's assets (every result is a media row). Without a bound each run made
 * the node, and every later write, read and live message of it, a little bigger for good.
 */
export const NODE_VERSIONS_KEPT = 50;

/** The node's version fields after `added` (oldest first): appended, bounded, and the newest one shown. */
export function withNewVersions(
  history: readonly VersionEntry[] | undefined,
  ...added: VersionEntry[]
): { versionHistory: VersionEntry[]; currentVersionIndex: number } {
  const versionHistory = [...(history ?? []), ...added].slice(-NODE_VERSIONS_KEPT);
  return { versionHistory, currentVersionIndex: versionHistory.length - 1 };
}
