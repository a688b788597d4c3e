import type { Db } from "../db/client";

/** The SQL text of a query given to `db.execute`, as drizzle renders it for the driver (tests that count statements). */
export const sqlTextOf = (db: Db, query: unknown): string =>
  (db as unknown as { dialect: { sqlToQuery(q: unknown): { sql: string } } }).dialect.sqlToQuery(query).sql;
