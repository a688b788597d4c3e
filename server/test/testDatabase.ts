import pg from "pg";
import { randomBytes } from "node:crypto";
import { openDatabase, type Database } from "../db/client";

/**
 * A fresh database for one test file: in-memory PGlite by default; with TEST_DB=postgres a new database
 * on the server at TEST_DATABASE_URL, dropped again on close. Same migrations either way.
 */
export async function openTestDatabase(): Promise<Database> {
  if (process.env.TEST_DB !== "postgres") return openDatabase({});
  const fresh = await freshPostgresDatabase("TEST_DB=postgres needs TEST_DATABASE_URL");
  const database = await openDatabase({ url: fresh.url });
  return dropOnClose(database, fresh.drop);
}

/**
 * Two handles on one fresh PostgreSQL database (TEST_DB=postgres), as two studio processes have: each its
 * own pool and LISTEN connection. Closing the first drops the database; close the second before it.
 */
export async function openSharedPostgres(): Promise<[Database, Database]> {
  const message = "Two handles on one database need TEST_DB=postgres and TEST_DATABASE_URL";
  if (process.env.TEST_DB !== "postgres") throw new Error(message);
  const fresh = await freshPostgresDatabase(message);
  const first = await openDatabase({ url: fresh.url });
  const second = await openDatabase({ url: fresh.url });
  return [dropOnClose(first, fresh.drop), second];
}

/** Creates a uniquely named database on the server at TEST_DATABASE_URL; `drop` removes it again. */
async function freshPostgresDatabase(missingUrlMessage: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error(missingUrlMessage);
  const name = `reelgraph_test_${randomBytes(6).toString("hex")}`;
  await asAdmin(adminUrl, `CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => asAdmin(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

async function asAdmin(adminUrl: string, statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

function dropOnClose(database: Database, drop: () => Promise<void>): Database {
  return {
    ...database,
    async close() {
      await database.close();
      await drop();
    },
  };
}
