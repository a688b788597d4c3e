import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { isUniqueViolation, openDatabase, type Database } from "./client";
import { PGliteThread } from "./pgliteThread";

describe("PGlite on its own thread", () => {
  // One database for the file: starting PGlite takes seconds.
  let db: PGliteThread;
  beforeAll(async () => {
    db = await PGliteThread.open();
  });
  afterAll(async () => {
    await db.close();
  });
  beforeEach(async () => {
    await db.exec("drop table if exists t; create table t (id int primary key, body jsonb, at timestamptz default now())");
  });

  it("answers queries with their parameters and Postgres' types", async () => {
    await db.query("insert into t (id, body) values ($1, $2)", [1, { shot: "wide", take: 3 }]);
    const { rows } = await db.query<{ id: number; body: unknown; at: unknown }>("select id, body, at from t");
    expect(rows).toEqual([{ id: 1, body: { shot: "wide", take: 3 }, at: expect.any(Date) }]);
    // drizzle's parsers keep timestamps as text (it maps them itself); they reach the thread as type ids.
    const raw = await db.query<{ at: unknown }>("select at from t", [], { parsers: { 1184: (v: string) => v } });
    expect(typeof raw.rows[0]!.at).toBe("string");
  });

  it("refuses a parser that would have to run here", async () => {
    await expect(db.query("select 1", [], { parsers: { 23: (v: string) => Number(v) } })).rejects.toThrow(/parsers that keep the text/);
  });

  it("passes Postgres' error fields on", async () => {
    await db.query("insert into t (id) values (1)");
    const err = await db.query("insert into t (id) values (1)").catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Error);
    expect(isUniqueViolation(err)).toBe(true);
    expect((err as { constraint?: string }).constraint).toBe("t_pkey");
    // …also when the query carried drizzle's parsers (PGlite hangs the options, functions and all, on its
    // error), and the database answers on after it.
    const withParsers = await db
      .query("insert into t (id) values (1)", [], { parsers: { 1184: (v: string) => v } })
      .catch((e: unknown) => e);
    expect(isUniqueViolation(withParsers)).toBe(true);
    expect((await db.query<{ n: number }>("select count(*)::int as n from t")).rows[0]!.n).toBe(1);
  });

  it("commits a transaction that returns and rolls back one that throws", async () => {
    await db.transaction(async (tx) => {
      await tx.query("insert into t (id) values (1)");
      await tx.query("insert into t (id) values (2)");
    });
    await expect(
      db.transaction(async (tx) => {
        await tx.query("insert into t (id) values (3)");
        throw new Error("changed my mind");
      }),
    ).rejects.toThrow("changed my mind");
    expect((await db.query<{ id: number }>("select id from t order by id")).rows.map((r) => r.id)).toEqual([1, 2]);
  });

  it("holds other queries until an open transaction ends", async () => {
    let inside!: () => void;
    const held = new Promise<void>((resolve) => (inside = resolve));
    const tx = db.transaction(async (t) => {
      await t.query("insert into t (id) values (1)");
      await held;
      await t.query("insert into t (id) values (2)");
    });
    // Sent while the transaction is open: it must see both rows or neither, never one.
    await new Promise((r) => setTimeout(r, 20));
    const outside = db.query<{ n: number }>("select count(*)::int as n from t");
    inside();
    await tx;
    expect((await outside).rows[0]!.n).toBe(2);
  });

  it("delivers notifications to listeners until they stop listening", async () => {
    const heard: string[] = [];
    const unlisten = await db.listen("cues", (p) => heard.push(p));
    await db.query("select pg_notify('cues', 'action')");
    await expect.poll(() => heard).toEqual(["action"]);
    await unlisten();
    await db.query("select pg_notify('cues', 'cut')");
    await db.query("select 1");
    expect(heard).toEqual(["action"]);
  });

  it("says it is closed instead of waiting forever", async () => {
    const other = await PGliteThread.open();
    await other.close();
    await expect(other.query("select 1")).rejects.toThrow(/closed/);
  });
});

describe("the studio's database on the PGlite thread", () => {
  let database: Database;
  beforeAll(async () => {
    database = await openDatabase({});
  });
  afterAll(async () => {
    await database.close();
  });

  it("runs drizzle transactions, with savepoints, through the thread", async () => {
    await database.db.execute(sql`create table cues (id int primary key)`);
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into cues values (1)`);
      await tx
        .transaction(async (inner) => {
          await inner.execute(sql`insert into cues values (2)`);
          inner.rollback();
        })
        .catch(() => undefined);
    });
    const rows = (await database.executeSql("select id from cues")).rows;
    expect(rows).toEqual([{ id: 1 }]);
  });
});
