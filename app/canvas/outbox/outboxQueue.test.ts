import { describe, expect, it } from "vitest";
import { OutboxQueue } from "./outboxQueue";
import { MemoryOutboxStore } from "./outboxStore";

describe("an entry based on a stored write of its node", () => {
  it("claims the values it holds that differ, not the fields the stored copy has and it lacks", () => {
    const q = new OutboxQueue({ projectId: "p", clientId: "c", store: new MemoryOutboxStore(), debounceMs: 0, now: () => 0 });
    // A whole-node write (a new node's first data), made before another tab's prompt reached this one.
    q.add([{ type: "node-data", id: "n", data: { title: "Untitled", content: "mine", rev: 2 }, prevRev: 1 }], true);
    q.rebaseOnStored("n", 3, { title: "Untitled", prompt: "theirs", rev: 3 });
    const entry = q.entries[0]!;
    expect(entry).toMatchObject({ kind: "data", prevRev: 3, fields: ["content"] });
  });
});
