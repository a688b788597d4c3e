import { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { pgliteQueries, type SentQueryOptions, withParsers } from "./pgliteQuery.mjs";
import { PGliteThread } from "./pgliteThread";

/** The worker's query path against PGlite's own query(): the same answers, fewer exchanges. */
describe("queries on the embedded database (pgliteQuery.mjs)", () => {
  let pg: PGlite;
  let queries: ReturnType<typeof pgliteQueries>;
  let exchanges = 0;
  beforeAll(async () => {
    pg = await PGlite.create();
    const exchange = pg.execProtocolStream.bind(pg);
    pg.execProtocolStream = (message, options) => {
      exchanges++;
      return exchange(message, options);
    };
    queries = pgliteQueries(pg);
  });
  afterAll(async () => {
    await pg.close();
  });
  beforeEach(async () => {
    await pg.exec(`drop table if exists take;
      create table take (id int8 primary key, body jsonb, note text, ok bool, amount numeric, at timestamptz, bytes bytea, tags text[])`);
    queries.forgetTypes();
  });

  const cases: [string, unknown[], SentQueryOptions?][] = [
    [
      "insert into take (id, body, note, ok, amount, at, bytes, tags) values ($1, $2, $3, $4, $5, $6, $7, $8) returning *",
      [1n, { shot: "wide", take: 3 }, "first", true, 12.5, new Date("2026-11-29T10:00:00Z"), new Uint8Array([1, 2, 255]), ["a", "b c"]],
    ],
    [
      "insert into take (id, body, note, ok, at) values ($1, $2, $3, $4, $5) returning *",
      [2, '{"as":"text"}', null, "false", "2026-11-29 11:00:00+00"],
    ],
    ["insert into take (id, note) values ($1, $2) returning id, note", [3, undefined]],
    ["select $1::text as t, $2::int8 as n, $3::jsonb as j", [true, "9007199254740993", 7]],
    ["select * from take order by id", []],
    ["select id, at from take order by id", [], { rowMode: "array" }],
    ["select id, at from take order by id", [], { rowMode: "object", rawTypes: [1184, 1114, 1082, 1186] }],
    ["update take set note = $1 where id > $2", ["later", 1]],
    ["delete from take where id = $1", [3]],
  ];

  it("answers every statement as PGlite's own query() does", async () => {
    const ours = [];
    for (const [text, params, options] of cases) ours.push(await queries.query(text, params, options));
    await pg.exec("truncate take");
    const theirs = [];
    for (const [text, params, options] of cases) theirs.push(await pg.query(text, params, withParsers(options)));
    expect(ours).toEqual(theirs);
    // The answers carry what the cases are about: parsed values, text kept as text where asked.
    expect(ours[0]!.rows[0]).toMatchObject({ body: { shot: "wide", take: 3 }, ok: true, tags: ["a", "b c"], at: expect.any(Date) });
    expect(ours[3]!.rows[0]).toEqual({ t: "true", n: 9007199254740993n, j: 7 });
    expect(typeof (ours[6]!.rows[0] as { at: unknown }).at).toBe("string");
    expect(ours[7]!.affectedRows).toBe(2);
  });

  it("asks a statement's parameter types once, then makes one exchange a query", async () => {
    const text = "insert into take (id, note) values ($1, $2)";
    exchanges = 0;
    await queries.query(text, [1, "a"]);
    expect(exchanges).toBe(2);
    await queries.query(text, [2, "b"]);
    expect(exchanges).toBe(3);
    await queries.query("select count(*)::int as n from take", []);
    expect(exchanges).toBe(5);
  });

  it("asks again after a statement that changes what the parameters are", async () => {
    const text = "insert into take (id, note) values ($1, $2)";
    await queries.query(text, [1, "plain"]);
    // The column becomes jsonb through a query, not a script: the kept text-typed parameter would send an
    // object as "[object Object]".
    await queries.query("alter table take alter column note type jsonb using to_jsonb(note)", []);
    await queries.query(text, [2, { said: "cut" }]);
    const { rows } = await queries.query<{ note: unknown }>("select note from take order by id", []);
    expect(rows.map((r) => r.note)).toEqual(["plain", { said: "cut" }]);
  });

  it("keeps text where asked without changing PGlite's own parsers", async () => {
    await queries.query("insert into take (id, at) values (1, now())", []);
    const raw = await queries.query<{ at: unknown }>("select at from take", [], { rawTypes: [1184] });
    expect(typeof raw.rows[0]!.at).toBe("string");
    const parsed = await queries.query<{ at: unknown }>("select at from take", []);
    expect(parsed.rows[0]!.at).toBeInstanceOf(Date);
    expect((await pg.query<{ at: unknown }>("select at from take")).rows[0]!.at).toBeInstanceOf(Date);
  });

  it("marks a failed statement as PGlite does, and answers the next one", async () => {
    await queries.query("insert into take (id) values ($1)", [1]);
    const duplicate = await queries.query("insert into take (id) values ($1)", [1]).catch((e: unknown) => e);
    expect(duplicate).toMatchObject({ code: "23505", constraint: "take_pkey", query: "insert into take (id) values ($1)" });
    const misspelt = await queries.query("selec 1", []).catch((e: unknown) => e);
    expect(misspelt).toMatchObject({ code: "42601", query: "selec 1" });
    await expect(queries.query("selec 1", [])).rejects.toMatchObject({ code: "42601" });
    expect((await queries.query<{ n: number }>("select count(*)::int as n from take", [])).rows).toEqual([{ n: 1 }]);
  });

  it("runs inside a transaction, which a rollback undoes", async () => {
    await expect(
      pg.transaction(async (tx) => {
        await queries.queryIn(tx, "insert into take (id) values ($1)", [1]);
        expect((await queries.queryIn<{ n: number }>(tx, "select count(*)::int as n from take", [])).rows).toEqual([{ n: 1 }]);
        throw new Error("take it back");
      }),
    ).rejects.toThrow("take it back");
    expect((await queries.query<{ n: number }>("select count(*)::int as n from take", [])).rows).toEqual([{ n: 0 }]);
  });
});

describe("kept parameter types on the database thread", () => {
  it("are forgotten when a transaction that changed the schema rolls back", async () => {
    const db = await PGliteThread.open();
    try {
      await db.exec("create table cue (id int primary key, said text)");
      const insert = "insert into cue (id, said) values ($1, $2)";
      await expect(
        db.transaction(async (tx) => {
          await tx.query("alter table cue alter column said type boolean using said::boolean");
          await tx.query(insert, [1, true]); // its types kept while the column is boolean
          throw new Error("take it back");
        }),
      ).rejects.toThrow("take it back");
      // The column is text again: true goes as PGlite sends it to text ("true"), not as to boolean ("t").
      await db.query(insert, [2, true]);
      expect((await db.query<{ said: string }>("select said from cue")).rows).toEqual([{ said: "true" }]);
    } finally {
      await db.close();
    }
  });
});
