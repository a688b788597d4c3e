import type { Readable } from "node:stream";

/** Inclusive byte offsets, as in an HTTP `Range: bytes=start-end` header. */
export interface ByteRange {
  start: number;
  end: number;
}

export interface StoredObject {
  body: Readable;
  /** The whole object's size in bytes (not the range's), so callers can write `Content-Range`. */
  size: number;
}

/**
 * Where uploaded and generated files live. Named MediaStorage, not Storage, so that a missing import can
 * never fall back silently to the DOM's `Storage` type (tsconfig includes the DOM lib for the app).
 */
export interface MediaStorage {
  /** Writes the object; a partial write is never visible under `key` (on failure nothing is left). */
  put(key: string, body: Buffer | Readable, contentType: string): Promise<void>;
  /** The object, or the given slice of it; null when there is no such key. */
  get(key: string, range?: ByteRange): Promise<StoredObject | null>;
  /** Removes the object; removing a missing key is not an error. */
  delete(key: string): Promise<void>;
}

/**
 * Keys are names we generate ("ab/0f3c….png"), never user input; this is the second fence in case one
 * ever is: relative, forward slashes, no "..", no empty or dot segments, a plain character set.
 */
const KEY_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]*(\/[A-Za-z0-9][A-Za-z0-9._-]*)*$/;

export function assertSafeKey(key: string): void {
  if (key.length > 512 || !KEY_PATTERN.test(key) || key.split("/").some((part) => part === "." || part.includes(".."))) {
    throw new Error(`Refusing unsafe storage key: ${JSON.stringify(key)}`);
  }
}
