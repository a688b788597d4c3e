// The embedded database's own thread (pgliteThread.ts is the other side). PGlite runs Postgres in WASM
// synchronously: on the server's thread, every query stopped HTTP and JSON work, and concurrent saves could
// not gather into one write. Here it runs beside them. Plain JavaScript: it needs no TypeScript.
import { parentPort, workerData } from "node:worker_threads";
import { PGlite } from "@electric-sql/pglite";
import { pgliteQueries, withParsers } from "./pgliteQuery.mjs";

const pg = new PGlite(workerData.dataDir ?? undefined);
const queries = pgliteQueries(pg);
/** Open transactions by the other side's id: the PGlite transaction and how to end it. */
const transactions = new Map();
const listeners = new Map();

/**
 * A Postgres error as plain data, with every field Postgres gave (code, constraint, detail...). Only plain
 * values: PGlite also hangs the query's options on it, whose parser functions cannot be posted.
 */
function errorData(err) {
  if (!(err instanceof Error)) return { message: String(err) };
  const plain = Object.entries(err).filter(([, v]) => v === null || ["string", "number", "boolean"].includes(typeof v));
  return { ...Object.fromEntries(plain), name: err.name, message: err.message };
}

const reply = (id, result) => parentPort.postMessage({ id, ok: true, result });
const fail = (id, err) => parentPort.postMessage({ id, ok: false, error: errorData(err) });
/** A result that cannot be posted (a value structured clone refuses) fails its query, not the thread. */
const replySafely = (id, result) => {
  try {
    reply(id, result);
  } catch (err) {
    fail(id, err);
  }
};
/** Thrown inside a PGlite transaction so that it rolls back; the other side already has its own error. */
const ROLLBACK = Symbol("rollback");

function begin(m) {
  pg.transaction(async (tx) => {
    const ending = new Promise((resolve) => transactions.set(m.txId, { tx, end: resolve }));
    reply(m.id, null);
    const { commit } = await ending;
    if (!commit) throw ROLLBACK;
  }).then(
    () => settle(m.txId, null),
    (err) => {
      queries.forgetTypes(); // what the transaction changed in the schema, and kept, is undone
      settle(m.txId, err === ROLLBACK ? null : err);
    },
  );
}

/** Answers the message that ended a transaction once PGlite has committed or rolled it back. */
function settle(txId, err) {
  const t = transactions.get(txId);
  transactions.delete(txId);
  if (!t?.endId) return;
  if (err) fail(t.endId, err);
  else reply(t.endId, null);
}

async function handle(m) {
  const tx = m.txId ? transactions.get(m.txId)?.tx : null;
  if (m.txId && !tx && (m.op === "query" || m.op === "exec")) throw new Error("Transaction is closed");
  switch (m.op) {
    case "query":
      // Options as sent: `rawTypes` are the type ids whose values stay text (drizzle maps them itself).
      return replySafely(m.id, await (tx ? queries.queryIn(tx, m.text, m.params, m.options) : queries.query(m.text, m.params, m.options)));
    case "exec":
      try {
        return replySafely(m.id, await (tx ?? pg).exec(m.text, withParsers(m.options)));
      } finally {
        queries.forgetTypes(); // a script may change what a kept statement's parameters are
      }
    case "begin":
      return begin(m);
    case "end": {
      const t = transactions.get(m.txId);
      t.endId = m.id;
      return t.end({ commit: m.commit });
    }
    case "listen": {
      const unlisten = await pg.listen(m.channel, (payload) => parentPort.postMessage({ notification: m.listenId, payload }));
      listeners.set(m.listenId, unlisten);
      return reply(m.id, null);
    }
    case "unlisten":
      await listeners.get(m.listenId)?.();
      listeners.delete(m.listenId);
      return reply(m.id, null);
    case "close":
      await pg.close();
      return reply(m.id, null);
    default:
      throw new Error(`Unknown database operation ${m.op}`);
  }
}

parentPort.on("message", (m) => handle(m).catch((err) => fail(m.id, err)));
pg.waitReady.then(
  () => parentPort.postMessage({ ready: true }),
  (err) => parentPort.postMessage({ ready: false, error: errorData(err) }),
);
