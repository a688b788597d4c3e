import { afterEach, describe, expect, it } from "vitest";
import type { PresencePeer } from "../../domain/presence/presence";
import { membersOf, usePresence } from "./presenceStore";

const peer = (connectionId: string, userId: string, extra: Partial<PresencePeer> = {}): PresencePeer => ({
  connectionId,
  userId,
  name: userId,
  color: "#22c55e",
  canEdit: true,
  mode: "canvas",
  scriptId: null,
  scriptElementId: null,
  viewport: null,
  selection: [],
  ...extra,
});

afterEach(() => usePresence.getState().reset());

describe("presence store", () => {
  it("takes the snapshot, then peers' changes, cursors and leaves; a leave ends following that tab", () => {
    const { receive, follow } = usePresence.getState();
    receive({ type: "presence-snapshot", connectionId: "me", peers: [peer("t1", "ann")] });
    receive({ type: "presence-peer", peer: peer("t2", "bo", { mode: "scripts", scriptId: "s1" }) });
    receive({ type: "cursor", connectionId: "t1", x: 10, y: 20 });
    follow("t1");
    expect(usePresence.getState()).toMatchObject({ self: "me", following: "t1", cursors: { t1: { x: 10, y: 20 } } });
    expect(Object.keys(usePresence.getState().peers)).toEqual(["t1", "t2"]);

    receive({ type: "cursor", connectionId: "t1", x: null, y: null });
    expect(usePresence.getState().cursors).toEqual({});
    receive({ type: "presence-leave", connectionId: "t1" });
    expect(usePresence.getState()).toMatchObject({ following: null });
    expect(Object.keys(usePresence.getState().peers)).toEqual(["t2"]);
  });

  it("a new snapshot (after a reconnect) replaces everyone and forgets old cursors", () => {
    const { receive } = usePresence.getState();
    receive({ type: "presence-snapshot", connectionId: "me", peers: [peer("t1", "ann")] });
    receive({ type: "cursor", connectionId: "t1", x: 1, y: 1 });
    receive({ type: "presence-snapshot", connectionId: "me2", peers: [peer("t3", "cy")] });
    expect(usePresence.getState()).toMatchObject({ self: "me2", cursors: {} });
    expect(Object.keys(usePresence.getState().peers)).toEqual(["t3"]);
  });

  it("lists one entry per member, with all their tabs, leaving out this tab's own user", () => {
    const peers = { t1: peer("t1", "ann"), t2: peer("t2", "ann", { mode: "assets" }), t3: peer("t3", "me") };
    expect(membersOf(peers, "me")).toEqual([expect.objectContaining({ userId: "ann", mode: "assets", connectionIds: ["t1", "t2"] })]);
    expect(membersOf(peers).map((m) => m.userId)).toEqual(["ann", "me"]);
  });
});
