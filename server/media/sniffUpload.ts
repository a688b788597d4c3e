import { fileTypeFromBuffer } from "file-type";
import { DOCX_MIME, TEXT_EXTENSIONS, bareMime, extensionOf, unsupportedFileType, type UploadKind } from "../../domain/upload";
import { unsupportedMediaType } from "../errors";

/**
 * What an upload really is, decided from its bytes (OWASP: allowlist + magic bytes). The browser's type
 * and the file name are claims; the stored Content-Type, the key's extension and the node kind come from
 * here. Anything that could run in a browser (SVG, HTML) is never stored as such.
 */

export interface StoredType {
  contentType: string;
  /** Extension for the storage key and the download name; derived from the type, never the user's name. */
  ext: string;
  kind: UploadKind;
}

/** Enough bytes for every signature we accept; docx needs its zip directory entries, hence more than 4 kB. */
export const SNIFF_BYTES = 64 * 1024;

const image = (contentType: string, ext: string): StoredType => ({ contentType, ext, kind: "image" });
const video = (contentType: string, ext: string): StoredType => ({ contentType, ext, kind: "video" });
const audio = (contentType: string, ext: string): StoredType => ({ contentType, ext, kind: "audio" });

/** file-type's extension → what we store. Only these binary formats are accepted. */
const BINARY_TYPES: Readonly<Record<string, StoredType>> = {
  jpg: image("image/jpeg", "jpg"),
  png: image("image/png", "png"),
  apng: image("image/png", "png"), // animated PNG is still a PNG to every browser
  webp: image("image/webp", "webp"),
  gif: image("image/gif", "gif"),
  mp4: video("video/mp4", "mp4"),
  m4v: video("video/mp4", "mp4"),
  mov: video("video/quicktime", "mov"),
  webm: video("video/webm", "webm"),
  mp3: audio("audio/mpeg", "mp3"),
  wav: audio("audio/wav", "wav"),
  ogg: audio("audio/ogg", "ogg"),
  oga: audio("audio/ogg", "ogg"),
  opus: audio("audio/ogg", "ogg"),
  aac: audio("audio/aac", "aac"),
  flac: audio("audio/flac", "flac"),
  m4a: audio("audio/mp4", "m4a"),
  m4b: audio("audio/mp4", "m4a"),
  glb: { contentType: "model/gltf-binary", ext: "glb", kind: "model3d" },
  docx: { contentType: DOCX_MIME, ext: "docx", kind: "text" },
};

/** Text files by name. HTML, JS and the rest are stored as text/plain so they can never render as a page. */
const TEXT_TYPES: Readonly<Record<string, StoredType>> = {
  md: { contentType: "text/markdown", ext: "md", kind: "text" },
  csv: { contentType: "text/csv", ext: "csv", kind: "text" },
  json: { contentType: "application/json", ext: "json", kind: "text" },
  gltf: { contentType: "model/gltf+json", ext: "gltf", kind: "model3d" },
};
const PLAIN_TEXT: StoredType = { contentType: "text/plain", ext: "txt", kind: "text" };

const refuse = (type: string) => unsupportedMediaType(unsupportedFileType(type));

const isSvg = (declaredMime: string, fileName: string) =>
  bareMime(declaredMime) === "image/svg+xml" || extensionOf(fileName) === "svg" || extensionOf(fileName) === "svgz";

const mayBeText = (fileName: string) => {
  const ext = extensionOf(fileName);
  return TEXT_EXTENSIONS.includes(ext) || ext === "gltf";
};

/**
 * From the first bytes: the binary type we accept, or "text" when the file may be a text file (confirmed
 * by readTextUpload once every byte is in). Throws 415 otherwise.
 */
export async function classifyHead(head: Uint8Array, fileName: string, declaredMime: string): Promise<StoredType | "text"> {
  // SVG is XML that can carry script; there is no safe way to show it inline, so it is not taken at all.
  if (isSvg(declaredMime, fileName)) throw refuse("image/svg+xml");
  const sniffed = await fileTypeFromBuffer(head);
  const known = sniffed && BINARY_TYPES[sniffed.ext];
  if (known) {
    // A WebM holds audio or video and its first bytes rarely tell which; the client's word picks only
    // between those two, which is harmless.
    if (known.ext === "webm" && bareMime(declaredMime).startsWith("audio/")) return audio("audio/webm", "webm");
    return known;
  }
  // Text has no signature. A text-named file whose bytes look like some other format (an XML prologue, a
  // stray MPEG-TS sync byte in a .ts file) is still judged as text: it must pass the UTF-8 check and is
  // served as plain text, so nothing else it might be can hurt.
  if (mayBeText(fileName) && looksLikeText(head, true)) return "text";
  throw refuse(sniffed?.mime ?? claimedType(fileName, declaredMime));
}

/** What the user said the file is, for the refusal message: the browser's type, else the extension. */
const claimedType = (fileName: string, declaredMime: string) =>
  bareMime(declaredMime) || (extensionOf(fileName) ? `.${extensionOf(fileName)}` : "unknown");

/** Valid UTF-8 without NUL bytes. `partial` allows a multi-byte character cut at the end of a prefix. */
export function looksLikeText(bytes: Uint8Array, partial = false): boolean {
  if (bytes.includes(0)) return false;
  try {
    new TextDecoder("utf-8", { fatal: true }).decode(bytes, { stream: partial });
    return true;
  } catch {
    return false;
  }
}

/** The whole file, once classifyHead said "text": its stored type and its text (for the text node). */
export function readTextUpload(bytes: Buffer, fileName: string, declaredMime: string): { type: StoredType; text: string } {
  const ext = extensionOf(fileName);
  if (!looksLikeText(bytes)) throw refuse(claimedType(fileName, declaredMime));
  const text = new TextDecoder("utf-8").decode(bytes);
  const type = TEXT_TYPES[ext] ?? PLAIN_TEXT;
  if (type.ext === "gltf" && !isGltfJson(text)) throw refuse("model/gltf+json");
  return { type, text };
}

/** A .gltf is JSON with an `asset` object (glTF 2.0 §5.1); anything else is not a model we can show. */
function isGltfJson(text: string): boolean {
  try {
    const doc: unknown = JSON.parse(text);
    return typeof doc === "object" && doc !== null && typeof (doc as { asset?: unknown }).asset === "object";
  } catch {
    return false;
  }
}
