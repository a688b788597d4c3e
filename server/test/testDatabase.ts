import pg from "pg";
import { randomBytes } from "node:crypto";
import { openDatabase, type Database } from "../db/client";

/**
 * A fresh database for one test file: in-memory PGlite by default; with TEST_DB=postgres a new database
 * on the server at TEST_DATABASE_URL, dropped again on close. Same migrations either way.
 */
export async function openTestDatabase(): Promise<Database> {
  if (process.env.TEST_DB !== "postgres") return openDatabase({});

  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error("TEST_DB=postgres needs TEST_DATABASE_URL");
  const name = `reelgraph_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();

  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString() });
  return {
    ...database,
    async close() {
      await database.close();
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}

/**
 * Two handles on one fresh PostgreSQL database (TEST_DB=postgres), as two studio processes have: each its
 * own pool and LISTEN connection. Closing the first drops the database; close the second before it.
 */
export async function openSharedPostgres(): Promise<[Database, Database]> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (process.env.TEST_DB !== "postgres" || !adminUrl)
    throw new Error("Two handles on one database need TEST_DB=postgres and TEST_DATABASE_URL");
  const name = `reelgraph_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const first = await openDatabase({ url: url.toString() });
  const second = await openDatabase({ url: url.toString() });
  return [
    {
      ...first,
      async close() {
        await first.close();
        const cleanup = new pg.Client({ connectionString: adminUrl });
        await cleanup.connect();
        await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await cleanup.end();
      },
    },
    second,
  ];
}
