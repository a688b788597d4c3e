/**
 * Workflow files are read in a worker thread (./workflowReaderWorker.ts): a 200 MB zip
 * means up to 300 MB inflated and CRC-checked, a 32 MB workflow.json parsed and validated, and every media
 * file typed from its bytes — seconds of work that on the server's own thread held every other request
 * (a 20 MB zip once kept /api/health waiting over a minute). The zip's bytes are handed over, not copied,
 * and the checked media come back the same way. A file that takes past the time limit, or needs more
 * memory than the worker's heap, is refused alone.
 */
import type { ErrorCode } from "../../domain/errors";
import { WORKFLOW_FILE_MESSAGES } from "../../domain/workflowFile/format";
import { badRequest, relayedError } from "../errors";
import { createWorkerHost } from "../workers/workerHost";
import type { CheckedMedia, ReadWorkflow } from "./readWorkflowFile";

type Task = { zip: Uint8Array };
export type ReaderRequest = Task & { id: number };
type SentMedia = Omit<CheckedMedia, "bytes"> & { bytes: Uint8Array };
export type ReaderReply =
  | { id: number; ok: true; document: ReadWorkflow["document"]; files: SentMedia[] }
  | { id: number; ok: false; status: number; code: ErrorCode; message: string };

export const WORKFLOW_READ_TIME_LIMIT_MS = 60_000;

/** The bytes over an ArrayBuffer of their own (transferable without taking anything else along). */
export function ownedBytes(bytes: Uint8Array): Uint8Array {
  return bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength && bytes.buffer instanceof ArrayBuffer
    ? bytes
    : new Uint8Array(bytes);
}

const run = createWorkerHost<Task, ReaderReply, ReadWorkflow>({
  url: new URL("./workflowReaderWorker.mjs", import.meta.url),
  timeLimitMs: WORKFLOW_READ_TIME_LIMIT_MS,
  // workflow.json is at most 32 MB; media bytes live outside the heap.
  heapMb: 1024,
  transfer: ({ zip }) => [zip.buffer as ArrayBuffer],
  settle(reply) {
    if (!reply.ok) {
      if (reply.status >= 500) throw new Error(`workflow file reader failed: ${reply.message}`);
      throw relayedError(reply.status, reply.code, reply.message);
    }
    return {
      document: reply.document,
      files: reply.files.map((f) => ({ ...f, bytes: Buffer.from(f.bytes.buffer, f.bytes.byteOffset, f.bytes.byteLength) })),
    };
  },
  failure: () => badRequest(WORKFLOW_FILE_MESSAGES.unreadable),
});

/** readWorkflowFile, off the server's thread. `zip` is handed to the worker: do not use it afterwards. */
export function readWorkflowFileOffThread(zip: Buffer): Promise<ReadWorkflow> {
  return run({ zip: ownedBytes(zip) });
}
