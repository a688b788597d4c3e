// A query on the embedded database as PGlite's own query() runs it, minus two costs it pays on every call
// (docs/ARCHITECTURE.md, "Database"):
// - PGlite merges the caller's parsers into its map of every type (about 320 of them) on each query that
//   brings any, about 0.14 ms here, and drizzle brings four on every query (dates and intervals kept as
//   text). Here each set of text-kept types gets its merged map once.
// - PGlite makes six exchanges with Postgres per query (parse, describe the statement, bind, describe the
//   portal, execute, sync), each a call into WASM and a parse of its answer. Here a statement's parameter
//   types are asked once per text and kept, and the rest goes as one exchange.
// Everything else is PGlite's: its serializers (chosen by the parameter types Postgres infers, as query()
// chooses them), its result parser, its locks (a query outside a transaction waits for one that is open),
// its notifications and its file sync. Its locks are PGlite's underscored methods, which its own query()
// and transaction() use; every test of the studio's database goes through here, so a PGlite that renamed
// them would fail them all. Plain JavaScript: it runs on the database's thread.
import { parse, protocol } from "@electric-sql/pglite";

const { serialize } = protocol;
/** Statement texts whose parameter types are kept (the least recently used go first). */
const KEPT_TEXTS = 1000;
/**
 * Command tags after which kept parameter types still hold; after anything else (DDL, a rollback) they are
 * asked again. A transaction rolled back by PGlite itself (the worker's) forgets them too.
 */
const DATA_COMMANDS = new Set([
  "SELECT",
  "INSERT",
  "UPDATE",
  "DELETE",
  "MERGE",
  "COPY",
  "FETCH",
  "MOVE",
  "VALUES",
  "SHOW",
  "LISTEN",
  "UNLISTEN",
  "NOTIFY",
  // A transaction's steps, but not ROLLBACK: what it undoes may be a schema change whose types were kept.
  "BEGIN",
  "START",
  "COMMIT",
  "SAVEPOINT",
  "RELEASE",
  "SET",
  "RESET",
]);
const identity = (value) => value;

function joined(parts) {
  let length = 0;
  for (const part of parts) length += part.length;
  const out = new Uint8Array(length);
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

/**
 * The query runner for one PGlite. `options` as the other thread sends them: `rowMode` and `rawTypes` (type
 * ids whose values stay text). Anything more (a blob, parameter types) goes through PGlite's query() as it is.
 */
export function pgliteQueries(pg) {
  const paramTypes = new Map();
  const parserMaps = new Map();

  function parsersFor(rawTypes) {
    if (!rawTypes?.length) return pg.parsers;
    const key = rawTypes.join(",");
    let parsers = parserMaps.get(key);
    if (!parsers) {
      parsers = { ...pg.parsers };
      for (const type of rawTypes) parsers[type] = identity;
      parserMaps.set(key, parsers);
    }
    return parsers;
  }

  const exchange = (parts) => pg.execProtocolStream(joined(parts), { syncToFs: false });

  async function typesOf(text) {
    const kept = paramTypes.get(text);
    if (kept) {
      paramTypes.delete(text);
      paramTypes.set(text, kept);
      return kept;
    }
    const described = await exchange([serialize.parse({ text }), serialize.describe({ type: "S" }), serialize.sync()]);
    const types = parse.parseDescribeStatementResults(described);
    paramTypes.set(text, types);
    if (paramTypes.size > KEPT_TEXTS) paramTypes.delete(paramTypes.keys().next().value);
    return types;
  }

  async function run(text, params, options, inTransaction) {
    try {
      const types = await typesOf(text);
      const values = params.map((param, i) => {
        if (param === null || param === undefined) return null;
        const serializer = pg.serializers[types[i]];
        return serializer ? serializer(param) : param.toString();
      });
      const messages = await exchange([
        serialize.parse({ text }),
        serialize.bind({ values }),
        serialize.describe({ type: "P" }),
        serialize.execute({}),
        serialize.sync(),
      ]);
      if (!inTransaction) await pg.syncToFs();
      const [result] = parse.parseResults(
        messages,
        parsersFor(options?.rawTypes),
        options?.rowMode ? { rowMode: options.rowMode } : undefined,
      );
      if (result.command !== undefined && !DATA_COMMANDS.has(result.command)) paramTypes.clear();
      return result;
    } catch (err) {
      // As PGlite's query() marks its errors.
      if (err && typeof err === "object") Object.assign(err, { query: text, params, queryOptions: options });
      throw err;
    }
  }

  const plain = (options) => !options || Object.keys(options).every((key) => key === "rowMode" || key === "rawTypes");

  return {
    /** A query outside any transaction: it waits for an open one, as PGlite's query() does. */
    async query(text, params = [], options) {
      if (!plain(options)) return pg.query(text, params, withParsers(options));
      await pg._checkReady();
      return pg._runExclusiveTransaction(() => pg._runExclusiveQuery(() => run(text, params, options, false)));
    },
    /** A query inside the open transaction `tx` (which holds the transaction lock). */
    async queryIn(tx, text, params = [], options) {
      if (tx.closed) throw new Error("Transaction is closed");
      if (!plain(options)) return tx.query(text, params, withParsers(options));
      return pg._runExclusiveQuery(() => run(text, params, options, true));
    },
    /** After a script (exec) or a rolled-back transaction: either may have changed what a kept statement's parameters are. */
    forgetTypes() {
      paramTypes.clear();
    },
  };
}

/** Query options for PGlite's own query() and exec(): `rawTypes` as parsers that keep the text. */
export function withParsers(options) {
  if (!options) return undefined;
  const { rawTypes, ...rest } = options;
  return rawTypes ? { ...rest, parsers: Object.fromEntries(rawTypes.map((t) => [t, identity])) } : rest;
}
