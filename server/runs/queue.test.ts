import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/client";
import { openTestDatabase } from "../test/testDatabase";
import { GenerationQueue } from "./queue";

/**
 * The queue wakes its workers itself (queue.ts): at once for a job queued now, and when it is due for one
 * queued to start later, so neither waits for the polling interval (10 s on PGlite).
 */
let database: Database;
let queue: GenerationQueue;
const ran = new Map<string, number>();

beforeAll(async () => {
  database = await openTestDatabase();
  queue = await GenerationQueue.open(database);
  await queue.work(1, async (job) => void ran.set(job.generationId, performance.now()));
});
afterAll(async () => {
  await queue.close();
  await database.close();
});

/** Waits until `done()` holds or `ms` pass, looking every 20 ms. */
const waitUntil = async (done: () => boolean, ms: number) => {
  const until = performance.now() + ms;
  while (!done() && performance.now() < until) await new Promise((r) => setTimeout(r, 20));
};
const ranWithin = async (id: string, ms: number) => {
  await waitUntil(() => ran.has(id), ms);
  return ran.get(id);
};

describe("GenerationQueue", () => {
  it("runs a job queued now at once, and one queued for later when it is due, not at the next poll", async () => {
    const sent = performance.now();
    await queue.send({ generationId: "now" });
    expect(await ranWithin("now", 1_000)).toBeDefined();
    expect(ran.get("now")! - sent).toBeLessThan(1_000);

    const later = performance.now();
    await queue.send({ generationId: "later" }, { startAfterSeconds: 1 });
    const at = await ranWithin("later", 4_000);
    expect(at).toBeDefined();
    expect(at! - later).toBeGreaterThanOrEqual(900); // not before it is due
    expect(at! - later).toBeLessThan(2_500); // well before a 10 s poll (or 2 s on PostgreSQL)
  }, 15_000);
});

describe("GenerationQueue, a burst", () => {
  it("runs every job of a burst whose wakes arrive together, not one per worker and the rest at the next poll", async () => {
    // Its own database: the queue above would take these jobs too.
    const burstDatabase = await openTestDatabase();
    const burstQueue = await GenerationQueue.open(burstDatabase);
    const done = new Set<string>();
    try {
      await burstQueue.work(4, async (job) => void done.add(job.generationId));
      const ids = Array.from({ length: 12 }, (_, i) => `burst-${i}`);
      await burstDatabase.db.transaction(async (tx) => {
        for (const generationId of ids) await burstQueue.sendInTransaction(tx, { generationId });
      });
      // As runs recorded at once wake the workers (engine.start): twelve wakes together, the four workers idle.
      // pg-boss keeps one "notified" flag per worker, so eight of these land on a worker already woken.
      await Promise.all(ids.map(() => burstQueue.wake()));
      await waitUntil(() => done.size === ids.length, 4_000);
      expect([...done].sort()).toEqual([...ids].sort()); // well before the 10 s poll
    } finally {
      await burstQueue.close();
      await burstDatabase.close();
    }
  }, 20_000);
});
