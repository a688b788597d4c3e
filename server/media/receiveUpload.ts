import { randomUUID } from "node:crypto";
import { Readable } from "node:stream";
import { UPLOAD_MESSAGES } from "../../domain/upload";
import { HttpError, badRequest, payloadTooLarge } from "../errors";
import type { MediaStorage } from "../storage/storage";
import { SNIFF_BYTES, classifyHead, readTextUpload, type StoredType } from "./sniffUpload";

export const fileTooLarge = () => payloadTooLarge(UPLOAD_MESSAGES.tooLarge);
export const emptyFile = () => badRequest(UPLOAD_MESSAGES.empty);

export interface ReceivedUpload extends StoredType {
  /** Also the media row's id: the key is derived from it and nothing the user sent. */
  id: string;
  key: string;
  size: number;
  /** The file's text, for text kinds the client shows in a text node (not for docx or glTF). */
  text?: string;
}

/** The user's file name is metadata only: no control characters, no path, bounded. */
export function cleanName(name: string): string | null {
  const base = name.split(/[\\/]/).pop() ?? "";
  return (
    base
      .replace(/[\u0000-\u001f\u007f]/g, "")
      .trim()
      .slice(0, 255) || null
  );
}

export interface UploadMeta {
  fileName: string;
  declaredMime: string;
  maxBytes: number;
}

/**
 * Sniffs and stores one file. Binary media is streamed to storage while counted (memory stays at one
 * sniffing window plus the storage's buffers); text is collected, since its bytes must all be checked and
 * its text goes back to the client — bounded by maxBytes either way. Throws 400 (empty)/413/415 HttpErrors; on any
 * failure nothing is left in storage. The caller owns the stored object afterwards.
 */
export async function receiveUpload(storage: MediaStorage, source: AsyncIterable<Buffer>, meta: UploadMeta): Promise<ReceivedUpload> {
  const chunks = source[Symbol.asyncIterator]();
  let size = 0;
  const next = async (): Promise<Buffer | null> => {
    const r = await chunks.next();
    if (r.done) return null;
    size += r.value.length;
    if (size > meta.maxBytes) throw fileTooLarge();
    return r.value;
  };

  // The sniffing window: read until SNIFF_BYTES are in or the file ends.
  const headChunks: Buffer[] = [];
  let headSize = 0;
  let ended = false;
  while (headSize < SNIFF_BYTES) {
    const chunk = await next();
    if (!chunk) {
      ended = true;
      break;
    }
    headChunks.push(chunk);
    headSize += chunk.length;
  }
  // An empty file is nothing to show (it would become an empty text node); refused before it is stored.
  if (ended && headSize === 0) throw emptyFile();
  const head = Buffer.concat(headChunks);
  const verdict = await classifyHead(head, meta.fileName, meta.declaredMime);
  const id = randomUUID();

  if (verdict === "text") {
    const parts: Buffer[] = [head];
    for (let chunk = ended ? null : await next(); chunk; chunk = await next()) parts.push(chunk);
    const bytes = Buffer.concat(parts);
    const { type, text } = readTextUpload(bytes, meta.fileName, meta.declaredMime);
    const key = keyFor(id, type.ext);
    await storage.put(key, bytes, type.contentType);
    return { ...type, id, key, size, ...(type.kind === "text" ? { text } : {}) };
  }

  const key = keyFor(id, verdict.ext);
  // Errors from the source (too large, client gone) surface through the storage's stream; remember ours
  // so the caller gets the 413 and not the storage library's wrapping of it.
  let sourceError: unknown;
  const body = Readable.from(
    (async function* () {
      yield head;
      if (ended) return;
      try {
        for (let chunk = await next(); chunk; chunk = await next()) yield chunk;
      } catch (err) {
        sourceError = err;
        throw err;
      }
    })(),
  );
  try {
    await storage.put(key, body, verdict.contentType);
  } catch (err) {
    await storage.delete(key).catch(() => {});
    throw sourceError ?? err;
  }
  return { ...verdict, id, key, size };
}

/** "3f/3f2a….png": two-character folders keep any one directory small on local disks. */
const keyFor = (id: string, ext: string) => `${id.slice(0, 2)}/${id}.${ext}`;
