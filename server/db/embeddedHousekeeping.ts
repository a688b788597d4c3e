import type { ExecuteSql } from "./client";

/**
 * Autovacuum's job for the embedded database. PGlite runs Postgres in single-user mode, which has no
 * autovacuum: left alone, no table is ever analyzed (the planner keeps guessing each one's size, and plans
 * a hot path's statements from those guesses) and dead rows are never reclaimed (`generations` carries one
 * dead row for every live one after a burst of runs). Measured on the run engine's statements: a no-op
 * run's database time fell by about a quarter after one `ANALYZE` (bench/queue.mjs).
 *
 * Every pass asks the statistics Postgres keeps anyway which tables crossed autovacuum's own default
 * thresholds (vacuum: 50 + 20 % of the table's rows dead; analyze: 50 + 10 % changed since the last
 * analyze) and treats those, one statement each, so queries waiting on the one connection get in between.
 */
export interface Housekeeping {
  /** One pass now (also what the timer runs); answers the tables it treated. */
  pass(): Promise<string[]>;
  /** Stops the timer and waits for a pass under way. */
  stop(): Promise<void>;
}

const DUE_TABLES = `
  select format('%I.%I', s.schemaname, s.relname) as name,
         s.n_dead_tup > 50 + 0.2 * greatest(c.reltuples, 0) as vacuum
  from pg_stat_user_tables s join pg_class c on c.oid = s.relid
  where s.n_dead_tup > 50 + 0.2 * greatest(c.reltuples, 0)
     or s.n_mod_since_analyze > 50 + 0.1 * greatest(c.reltuples, 0)
  order by s.n_dead_tup + s.n_mod_since_analyze desc`;

/** How often the thresholds are checked: the check is one small statement. Autovacuum's own nap is 60 s. */
export const HOUSEKEEPING_INTERVAL_MS = 30_000;

export function startEmbeddedHousekeeping(executeSql: ExecuteSql, intervalMs = HOUSEKEEPING_INTERVAL_MS): Housekeeping {
  let running: Promise<string[]> | null = null;
  let stopped = false;
  const once = async (): Promise<string[]> => {
    // Postgres hands a session's counts to the statistics at most once a second; this statement's end
    // hands them over now, so the check below counts every write so far.
    await executeSql("select pg_stat_force_next_flush()");
    const { rows } = await executeSql(DUE_TABLES);
    const treated: string[] = [];
    for (const row of rows as { name: string; vacuum: boolean }[]) {
      if (stopped) break;
      await executeSql(`${row.vacuum ? "VACUUM (ANALYZE)" : "ANALYZE"} ${row.name}`);
      treated.push(row.name);
    }
    return treated;
  };
  const pass = () => {
    running ??= once().finally(() => {
      running = null;
    });
    return running;
  };
  const timer = setInterval(() => {
    pass().catch((err: unknown) => console.warn(`[db] housekeeping of the embedded database failed: ${(err as Error).message}`));
  }, intervalMs);
  // Housekeeping never keeps the process alive on its own.
  timer.unref();
  return {
    pass,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running?.catch(() => {});
    },
  };
}
