/**
 * A worker thread that unzips and parses imported scripts (importHost.ts), so a large or hostile file never
 * stalls the thread that answers every other request.
 */
import { parentPort } from "node:worker_threads";
import { pageCount } from "../../domain/screenplay/paginate";
import { ScreenplayParseError } from "../../domain/screenplay/parseError";
import { importScript } from "./importScript";
import type { ImportReply, ImportRequest } from "./importHost";

const port = parentPort!;

port.on("message", (m: ImportRequest) => {
  let reply: ImportReply;
  try {
    const parsed = importScript(m.kind, Buffer.from(m.bytes.buffer, m.bytes.byteOffset, m.bytes.byteLength));
    // Paginating is the slowest part of an import (seconds for thousands of headings): here, not on the server's thread.
    reply = { id: m.id, ok: true, imported: { parsed, pageCount: pageCount(parsed.elements, undefined, parsed.format) } };
  } catch (err) {
    reply = {
      id: m.id,
      ok: false,
      refused: err instanceof ScreenplayParseError,
      message: err instanceof Error ? err.message : String(err),
    };
  }
  port.postMessage(reply);
});
