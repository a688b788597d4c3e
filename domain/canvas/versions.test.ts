import { describe, expect, it } from "vitest";
import { NODE_VERSIONS_KEPT, withNewVersions } from "./versions";

const take = (n: number) => ({ mediaUrl: `/api/media/${n}`, prompt: `take ${n}` });

describe("a node's versions", () => {
  it("appends a new version and shows it", () => {
    expect(withNewVersions([take(1)], take(2))).toEqual({ versionHistory: [take(1), take(2)], currentVersionIndex: 1 });
    expect(withNewVersions(undefined, take(1), take(2))).toEqual({ versionHistory: [take(1), take(2)], currentVersionIndex: 1 });
  });

  it("keeps only the newest ones once a node has been run more often than the bound", () => {
    const full = Array.from({ length: NODE_VERSIONS_KEPT }, (_, i) => take(i));
    const after = withNewVersions(full, take(NODE_VERSIONS_KEPT));
    expect(after.versionHistory).toHaveLength(NODE_VERSIONS_KEPT);
    expect(after.versionHistory[0]).toEqual(take(1));
    expect(after.versionHistory.at(-1)).toEqual(take(NODE_VERSIONS_KEPT));
    expect(after.currentVersionIndex).toBe(NODE_VERSIONS_KEPT - 1);
  });
});
