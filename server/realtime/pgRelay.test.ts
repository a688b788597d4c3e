import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/client";
import { openTestDatabase } from "../test/testDatabase";
import { RealtimeHub, type LiveClient } from "./hub";
import { MAX_PAYLOAD_BYTES, PgNotifyRelay, splitToFit } from "./pgRelay";
import type { RealtimeMessage } from "../../domain/realtime";

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

const nodesMessage = (count: number, size = 10): RealtimeMessage => ({
  type: "nodes",
  nodes: Array.from({ length: count }, (_, i) => ({ id: `n-${i}`, rev: 1, data: { content: "x".repeat(size) } })),
});

describe("two server instances joined through LISTEN/NOTIFY", () => {
  it("delivers one instance's changes to the other instance's clients, not back to itself", async () => {
    const a = new RealtimeHub(await PgNotifyRelay.start(database.notifier));
    const b = new RealtimeHub(await PgNotifyRelay.start(database.notifier));
    const seenByA: string[] = [];
    const seenByB: string[] = [];
    a.join("p1", { send: (t) => seenByA.push(t) });
    b.join("p1", { send: (t) => seenByB.push(t) });
    b.join("p2", { send: () => seenByB.push("wrong project") });

    await a.publish("p1", nodesMessage(1));
    await expect.poll(() => seenByB.length, { timeout: 3000 }).toBe(1);
    expect(JSON.parse(seenByB[0]!)).toEqual(nodesMessage(1));
    // A's own client got it once, directly; the notification that came back was skipped.
    await new Promise((r) => setTimeout(r, 200));
    expect(seenByA).toHaveLength(1);
    await a.close();
    await b.close();
  });

  it("an in-process listener hears its project's messages as objects, from this instance and another, until it leaves", async () => {
    const a = new RealtimeHub(await PgNotifyRelay.start(database.notifier));
    const b = new RealtimeHub(await PgNotifyRelay.start(database.notifier));
    const heard: RealtimeMessage[] = [];
    const leave = b.listen("p1", (m) => heard.push(m));
    b.listen("p2", () => heard.push(nodesMessage(0)));
    await b.publish("p1", nodesMessage(1));
    await a.publish("p1", nodesMessage(2));
    await expect.poll(() => heard.length, { timeout: 3000 }).toBe(2);
    expect(heard).toEqual([nodesMessage(1), nodesMessage(2)]);
    expect(b.subscriberCount("p1")).toBe(0); // not a socket of the room
    leave();
    await b.publish("p1", nodesMessage(3));
    await new Promise((r) => setTimeout(r, 200));
    expect(heard).toHaveLength(2);
    await a.close();
    await b.close();
  });

  it("a member removed on one instance loses their sockets on the others; a sign-out re-checks them there", async () => {
    const a = new RealtimeHub(await PgNotifyRelay.start(database.notifier));
    const b = new RealtimeHub(await PgNotifyRelay.start(database.notifier));
    const closed: string[] = [];
    let rechecks = 0;
    const client = (name: string, userId: string): LiveClient => ({
      userId,
      send: () => {},
      close: (code) => closed.push(`${name}:${code}`),
      recheck: async () => void rechecks++,
    });
    b.join("p1", client("removed", "u1"));
    b.join("p1", client("other member", "u2"));
    b.join("p2", client("removed, other project", "u1"));

    await a.revokeAccess("p1", "u1");
    await expect.poll(() => closed, { timeout: 3000 }).toEqual(["removed:4403"]);
    await a.recheckUser("u2");
    await expect.poll(() => rechecks, { timeout: 3000 }).toBe(1);
    await a.close();
    await b.close();
  });

  it("splits messages too large for one notification and delivers every node", async () => {
    const a = new RealtimeHub(await PgNotifyRelay.start(database.notifier));
    const b = new RealtimeHub(await PgNotifyRelay.start(database.notifier));
    const ids = new Set<string>();
    b.join("p1", { send: (t) => (JSON.parse(t) as { nodes: { id: string }[] }).nodes.forEach((n) => ids.add(n.id)) });
    await a.publish("p1", nodesMessage(40, 1000));
    await expect.poll(() => ids.size, { timeout: 3000 }).toBe(40);
    await a.close();
    await b.close();
  });
});

describe("splitToFit", () => {
  it("keeps every part under the NOTIFY limit", () => {
    const parts = splitToFit(nodesMessage(100, 500), (m) => JSON.stringify(m));
    expect(parts.length).toBeGreaterThan(1);
    for (const p of parts) expect(Buffer.byteLength(p)).toBeLessThanOrEqual(MAX_PAYLOAD_BYTES);
    expect(parts.flatMap((p) => (JSON.parse(p) as { nodes: unknown[] }).nodes)).toHaveLength(100);
  });
});
