/**
 * Presence across studio processes: two instances joined through LISTEN/NOTIFY know each other's
 * tabs, relay their states, cursors and leaves, and forget the tabs of an instance that stopped announcing.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { PresenceMessage, PresencePeer } from "../../domain/presence/presence";
import type { Database } from "../db/client";
import { openTestDatabase } from "../test/testDatabase";
import { RealtimeHub } from "./hub";
import { LatestThrottle } from "../../domain/presence/latestThrottle";
import { PgNotifyRelay } from "./pgRelay";
import { Presence } from "./presence";

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

const peer = (connectionId: string, userId = `u-${connectionId}`): PresencePeer => ({
  connectionId,
  userId,
  name: userId,
  color: "#fff",
  canEdit: true,
  mode: "canvas",
  scriptId: null,
  scriptElementId: null,
  viewport: null,
  selection: [],
});

/** A browser tab on an instance, in presence. */
function listen(hub: RealtimeHub, projectId: string, connectionId: string) {
  const heard: PresenceMessage[] = [];
  hub.join(projectId, { presenceConnectionId: connectionId, send: (t) => heard.push(JSON.parse(t)) });
  return heard;
}

describe("presence on several instances", () => {
  it("a tab on one instance is known, followed and let go on the other", async () => {
    const hubA = new RealtimeHub(await PgNotifyRelay.start(database.notifier));
    const hubB = new RealtimeHub(await PgNotifyRelay.start(database.notifier));
    const a = new Presence(hubA);
    const b = new Presence(hubB);
    const onB = listen(hubB, "p1", "tab-b");

    a.join("p1", peer("tab-a"));
    await expect.poll(() => b.peersOf("p1").map((p) => p.connectionId), { timeout: 3000 }).toEqual(["tab-a"]);
    // A tab joining on B is answered with the tab on A.
    expect(b.join("p1", peer("tab-b")).map((p) => p.connectionId)).toEqual(["tab-a"]);

    a.frame("tab-a", { type: "presence", mode: "scripts", scriptId: "s1" });
    a.frame("tab-a", { type: "cursor", x: 5, y: 6 });
    await expect
      .poll(() => onB.filter((m) => m.type === "cursor"), { timeout: 3000 })
      .toEqual([{ type: "cursor", connectionId: "tab-a", x: 5, y: 6 }]);
    await expect.poll(() => b.peersOf("p1").find((p) => p.connectionId === "tab-a")?.scriptId, { timeout: 3000 }).toBe("s1");

    a.leave("tab-a");
    await expect.poll(() => onB.some((m) => m.type === "presence-leave" && m.connectionId === "tab-a"), { timeout: 3000 }).toBe(true);
    expect(b.peersOf("p1").map((p) => p.connectionId)).toEqual(["tab-b"]);
    for (const x of [a, b]) x.close();
    await hubA.close();
    await hubB.close();
  });

  it("the tabs of an instance that stops announcing leave the others within the stale time", async () => {
    const hubA = new RealtimeHub(await PgNotifyRelay.start(database.notifier));
    const hubB = new RealtimeHub(await PgNotifyRelay.start(database.notifier));
    let now = Date.now();
    const a = new Presence(hubA);
    const b = new Presence(hubB, { now: () => now, refreshMs: 40 });
    const onB = listen(hubB, "p2", "tab-b");
    a.join("p2", peer("tab-a"));
    await expect.poll(() => b.peersOf("p2").length, { timeout: 3000 }).toBe(1);
    // Instance A dies: it says nothing more. B's clock passes the stale time.
    a.close();
    await hubA.close();
    now += 26_000;
    await expect.poll(() => b.peersOf("p2").length, { timeout: 3000 }).toBe(0);
    expect(onB.some((m) => m.type === "presence-leave" && m.connectionId === "tab-a")).toBe(true);
    b.close();
    await hubB.close();
  });
});

describe("LatestThrottle", () => {
  it("sends the first at once, then one per interval, always the latest", () => {
    vi.useFakeTimers();
    try {
      const sent: number[] = [];
      const throttle = new LatestThrottle<number>(
        30,
        (v) => sent.push(v),
        () => Date.now(),
      );
      for (let i = 1; i <= 10; i++) throttle.push(i);
      expect(sent).toEqual([1]);
      vi.advanceTimersByTime(29);
      expect(sent).toEqual([1]);
      vi.advanceTimersByTime(1);
      expect(sent).toEqual([1, 10]);
      // A full interval later the next goes at once; one right behind it waits, and a cancel drops it.
      vi.advanceTimersByTime(30);
      throttle.push(11);
      throttle.push(12);
      expect(sent).toEqual([1, 10, 11]);
      throttle.cancel();
      vi.advanceTimersByTime(100);
      expect(sent).toEqual([1, 10, 11]);
    } finally {
      vi.useRealTimers();
    }
  });
});
