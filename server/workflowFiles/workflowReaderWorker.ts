/**
 * The workflow reader's worker thread (workflowReaderHost.ts): reads one workflow file at a time, so its
 * inflating, CRC checks, JSON parsing and type sniffing never stall the thread that answers every request.
 */
import { parentPort } from "node:worker_threads";
import { HttpError } from "../errors";
import { ownedBytes, type ReaderReply, type ReaderRequest } from "./workflowReaderHost";
import { readWorkflowFile } from "./readWorkflowFile";

const port = parentPort!;

port.on("message", async (m: ReaderRequest) => {
  let reply: ReaderReply;
  let transfer: ArrayBuffer[] = [];
  try {
    const read = await readWorkflowFile(Buffer.from(m.zip.buffer, m.zip.byteOffset, m.zip.byteLength));
    const files = read.files.map((f) => ({ path: f.path, type: f.type, bytes: ownedBytes(f.bytes) }));
    transfer = [...new Set(files.map((f) => f.bytes.buffer as ArrayBuffer))];
    reply = { id: m.id, ok: true, document: read.document, files };
  } catch (err) {
    reply =
      err instanceof HttpError
        ? { id: m.id, ok: false, status: err.status, code: err.code, message: err.message }
        : { id: m.id, ok: false, status: 500, code: "internal", message: err instanceof Error ? err.message : String(err) };
  }
  port.postMessage(reply, transfer);
});
