import { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { startEmbeddedHousekeeping } from "./embeddedHousekeeping";
import { PGliteThread } from "./pgliteThread";
import * as schema from "./schema";

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type DbKind = "pglite" | "postgres";

/** Postgres LISTEN/NOTIFY, for joining server instances (server/realtime/pgRelay.ts). */
export interface Notifier {
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  notify(channel: string, payload: string): Promise<void>;
}

/** Raw SQL with $n parameters, for libraries that bring their own SQL (pg-boss). */
export type ExecuteSql = (text: string, values?: unknown[]) => Promise<{ rows: any[] }>;

export interface Database {
  db: Db;
  kind: DbKind;
  notifier: Notifier;
  executeSql: ExecuteSql;
  /**
   * The embedded database's housekeeping pass (vacuum and analyze where due; embeddedHousekeeping.ts),
   * which also runs on a timer. Absent on PostgreSQL, whose autovacuum does it.
   */
  housekeep?: () => Promise<string[]>;
  close(): Promise<void>;
}

const MIGRATIONS = fileURLToPath(new URL("../../drizzle", import.meta.url));

/**
 * PostgreSQL when a URL is given, else PGlite (embedded Postgres) in `dataDir`, or in memory when
 * `dataDir` is undefined (tests). Migrations run before the handle is returned, on either engine.
 */
export async function openDatabase(opts: { url?: string; dataDir?: string; pgliteInProcess?: boolean }): Promise<Database> {
  if (opts.url) {
    const pool = new pg.Pool({ connectionString: opts.url, max: 10 });
    let closing = false;
    // An idle connection the server drops (a restart, a failover, the end of a test database) emits 'error'
    // on the pool; unhandled, that would end the process. The pool replaces it on the next query.
    const onLost = (err: Error) => {
      if (!closing) console.warn(`[db] a PostgreSQL connection was lost: ${err.message}`);
    };
    pool.on("error", onLost);
    // …and a client being closed reports its own errors, not the pool's.
    pool.on("connect", (client) => client.on("error", onLost));
    const db = drizzlePg({ client: pool, schema });
    await migratePg(db, { migrationsFolder: MIGRATIONS });
    const listeners: pg.Client[] = [];
    const notifier: Notifier = {
      async listen(channel, onPayload) {
        // LISTEN needs one connection held open; pooled connections come and go.
        const client = new pg.Client({ connectionString: opts.url });
        client.on("error", onLost);
        await client.connect();
        client.on("notification", (n) => n.channel === channel && n.payload !== undefined && onPayload(n.payload));
        await client.query(`LISTEN ${pgIdent(channel)}`);
        listeners.push(client);
        return async () => {
          listeners.splice(listeners.indexOf(client), 1);
          await client.end();
        };
      },
      async notify(channel, payload) {
        await pool.query("SELECT pg_notify($1, $2)", [channel, payload]);
      },
    };
    return {
      db: db as unknown as Db,
      kind: "postgres",
      notifier,
      executeSql: (text, values = []) => pool.query(text, values),
      close: async () => {
        closing = true;
        await Promise.all(listeners.map((c) => c.end()));
        await pool.end();
      },
    };
  }
  // On its own thread unless asked not to (bench/autosave measures both in one run).
  const client = opts.pgliteInProcess ? await PGlite.create(opts.dataDir) : await PGliteThread.open(opts.dataDir);
  const db = drizzlePglite({ client: client as PGlite, schema });
  await migratePglite(db, { migrationsFolder: MIGRATIONS });
  const notifier: Notifier = {
    listen: async (channel, onPayload) => {
      const unlisten = await client.listen(channel, onPayload);
      return async () => unlisten();
    },
    notify: async (channel, payload) => {
      await client.query("SELECT pg_notify($1, $2)", [channel, payload]);
    },
  };
  // PGlite's query() takes one statement; parameterless scripts (pg-boss's migrations) need exec().
  const executeSql: ExecuteSql = async (text, values = []) => {
    if (values.length > 0) return client.query<any>(text, values);
    const results = await client.exec(text);
    return { rows: results.at(-1)?.rows ?? [] };
  };
  const housekeeping = startEmbeddedHousekeeping(executeSql);
  return {
    db: db as unknown as Db,
    kind: "pglite",
    notifier,
    executeSql,
    housekeep: housekeeping.pass,
    // close() checkpoints PGlite's files: without it the data dir may lose recent writes.
    close: async () => {
      await housekeeping.stop();
      await client.close();
    },
  };
}

/** The rows of a raw `db.execute` result: node-postgres answers `{ rows }`, PGlite's drizzle may answer the array. */
export function rowsOf<T = Record<string, unknown>>(result: unknown): T[] {
  const r = result as { rows?: T[] } | T[];
  return Array.isArray(r) ? r : (r.rows ?? []);
}

/** Whether `err` is Postgres' error `code` (SQLSTATE), on the driver's error or on the error drizzle wraps it in. */
export function hasSqlState(err: unknown, code: string): boolean {
  for (let e: unknown = err; e && typeof e === "object"; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === code) return true;
  }
  return false;
}

/** Postgres' unique violation. */
export function isUniqueViolation(err: unknown): boolean {
  return hasSqlState(err, "23505");
}

const pgIdent = (name: string) => {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`Bad channel name ${name}`);
  return name;
};
