/**
 * Script imports run in a worker thread (./importWorker.ts): unzipping and parsing a 50 MB upload can take
 * seconds, and on the server's own thread that would hold every other request; so can
 * paginating what it read (an 840 KB Fountain file of 60,000 headings held it for seconds),
 * which is why the page count is worked out there too, after the editor's caps are checked. An import
 * that runs past its time limit, or a worker that dies (its heap is capped), fails that import alone.
 */
import type { ParsedScript } from "../../domain/screenplay/elements";
import { PARSE_MESSAGES, ScreenplayParseError } from "../../domain/screenplay/parseError";
import { createWorkerHost } from "../workers/workerHost";
import type { ImportKind } from "./importScript";

type Task = { kind: ImportKind; bytes: Uint8Array };
export type ImportRequest = Task & { id: number };
/** A script read from a file, with its page count (letter paper), both worked out in the worker. */
export interface ImportedScript {
  parsed: ParsedScript;
  pageCount: number;
}
export type ImportReply = { id: number; ok: true; imported: ImportedScript } | { id: number; ok: false; refused: boolean; message: string };

export const IMPORT_TIME_LIMIT_MS = 20_000;

const run = createWorkerHost<Task, ImportReply, ImportedScript>({
  url: new URL("./importWorker.mjs", import.meta.url),
  timeLimitMs: IMPORT_TIME_LIMIT_MS,
  // Far above what a capped document needs to parse; a file that needs more fails alone, not the server.
  heapMb: 1024,
  settle(reply) {
    if (reply.ok) return reply.imported;
    throw reply.refused ? new ScreenplayParseError(reply.message) : new Error(reply.message);
  },
  failure: ({ kind }) =>
    new ScreenplayParseError(
      kind === "docx" ? PARSE_MESSAGES.docxUnparseable : "Failed to process uploaded file. Please check the file format and try again.",
    ),
});

/** importScript and its page count, off the server's thread; bad files reject with ScreenplayParseError. */
export function importScriptOffThread(kind: ImportKind, bytes: Buffer): Promise<ImportedScript> {
  return run({ kind, bytes });
}
