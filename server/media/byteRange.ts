import type { ByteRange } from "../storage/storage";

/**
 * Reads an HTTP `Range` header against a file of `size` bytes (RFC 9110 §14). Video players seek with it.
 * Only one range is served; several ranges, a malformed header or an empty file mean "send it all" (null),
 * which RFC 9110 allows. A well-formed range that starts past the end is "unsatisfiable" (416).
 */
export function parseByteRange(header: string | undefined, size: number): ByteRange | null | "unsatisfiable" {
  if (!header || size === 0) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return null;
  const [, first = "", last = ""] = match;
  if (first === "" && last === "") return null;
  if (first === "") {
    // "bytes=-500": the last 500 bytes.
    const length = Number(last);
    if (length === 0) return "unsatisfiable";
    return { start: Math.max(0, size - length), end: size - 1 };
  }
  const start = Number(first);
  const end = last === "" ? size - 1 : Math.min(Number(last), size - 1);
  if (start >= size) return "unsatisfiable";
  if (end < start) return null;
  return { start, end };
}
