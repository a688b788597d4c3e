import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "./client";

describe("the embedded database's housekeeping (autovacuum's job, which single-user Postgres lacks)", () => {
  let database: Database;
  beforeAll(async () => {
    database = await openDatabase({});
  });
  afterAll(async () => {
    await database.close();
  });
  const stats = async () => {
    await database.executeSql("select pg_stat_force_next_flush()");
    return (
      await database.executeSql(
        "select n_dead_tup::int as dead, n_mod_since_analyze::int as changed, last_analyze is not null as analyzed from pg_stat_user_tables where relname = 'takes'",
      )
    ).rows[0] as { dead: number; changed: number; analyzed: boolean };
  };

  it("vacuums and analyzes a table past autovacuum's thresholds, and leaves a quiet one alone", async () => {
    await database.executeSql("create table takes (id int primary key, note text)");
    await database.executeSql("insert into takes select i, 'take ' || i from generate_series(1, 400) i");
    await database.executeSql("update takes set note = note || ' (circled)'");
    expect(await stats()).toMatchObject({ dead: 400, analyzed: false });

    expect(await database.housekeep!()).toContain("public.takes");
    expect(await stats()).toEqual({ dead: 0, changed: 0, analyzed: true });
    // The planner now knows the table's size.
    const { rows } = await database.executeSql("select reltuples::int as rows from pg_class where relname = 'takes'");
    expect(rows[0].rows).toBe(400);

    // Nothing changed since: nothing to do (a few changes stay under the threshold, 50 + 10 % of 400).
    await database.executeSql("update takes set note = 'printed' where id <= 20");
    expect(await database.housekeep!()).not.toContain("public.takes");
  });

  it("answers on PostgreSQL's terms: queries keep working while and after it runs", async () => {
    await database.executeSql("create table shots (id int primary key)");
    await database.executeSql("insert into shots select generate_series(1, 300)");
    const [treated, counted] = await Promise.all([database.housekeep!(), database.executeSql("select count(*)::int as n from shots")]);
    expect(treated).toContain("public.shots");
    expect(counted.rows[0].n).toBe(300);
  });
});
