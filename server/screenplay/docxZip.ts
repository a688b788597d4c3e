/**
 * Reads word/document.xml out of a .docx without trusting the zip (a 1 MB upload that
 * inflated to 300 MB held the server for a minute at 4 GB). The central directory is read first and the
 * file is refused when it lists too many entries or declares a document larger than the cap; the entry is
 * then inflated with a hard output limit, because declared sizes can lie.
 */
import { inflateRawSync } from "node:zlib";
import { PARSE_MESSAGES, ScreenplayParseError } from "../../domain/screenplay/parseError";

/** A 120-page screenplay's document.xml is 1–3 MB; this leaves room for heavy formatting. */
export const DOCX_DOCUMENT_MAX_BYTES = 16 * 1024 * 1024;
/** A Word file has a few dozen parts, a few hundred with many images. */
export const DOCX_MAX_ENTRIES = 2000;

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const DEFLATE = 8;
const STORED = 0;

interface ZipEntry {
  name: string;
  method: number;
  compressedSize: number;
  declaredSize: number;
  localHeaderOffset: number;
}

const corrupted = () => new ScreenplayParseError(PARSE_MESSAGES.docxCorrupted);

/** The central directory's entries (names and declared sizes), without inflating anything. */
function centralDirectory(zip: Buffer): ZipEntry[] {
  // The end record is in the last 22 + 65,535 (comment) bytes.
  let eocd = -1;
  for (let i = zip.length - 22; i >= Math.max(0, zip.length - 22 - 0xffff); i--) {
    if (zip.readUInt32LE(i) === EOCD) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw corrupted();
  const count = zip.readUInt16LE(eocd + 10);
  let offset = zip.readUInt32LE(eocd + 16);
  if (count > DOCX_MAX_ENTRIES) throw corrupted();
  const entries: ZipEntry[] = [];
  for (let i = 0; i < count; i++) {
    if (offset + 46 > zip.length || zip.readUInt32LE(offset) !== CENTRAL) throw corrupted();
    const nameLength = zip.readUInt16LE(offset + 28);
    const extraLength = zip.readUInt16LE(offset + 30);
    const commentLength = zip.readUInt16LE(offset + 32);
    entries.push({
      method: zip.readUInt16LE(offset + 10),
      compressedSize: zip.readUInt32LE(offset + 20),
      declaredSize: zip.readUInt32LE(offset + 24),
      localHeaderOffset: zip.readUInt32LE(offset + 42),
      name: zip.toString("utf8", offset + 46, offset + 46 + nameLength),
    });
    offset += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/** word/document.xml as text; ScreenplayParseError with the spec's DOCX messages for a bad or oversized file. */
export function readDocxDocumentXml(zip: Buffer): string {
  const entry = centralDirectory(zip).find((e) => e.name === "word/document.xml");
  if (!entry) throw corrupted();
  if (entry.declaredSize > DOCX_DOCUMENT_MAX_BYTES) throw new ScreenplayParseError(PARSE_MESSAGES.docxUnparseable);
  const local = entry.localHeaderOffset;
  if (local + 30 > zip.length || zip.readUInt32LE(local) !== LOCAL) throw corrupted();
  const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
  const data = zip.subarray(start, start + entry.compressedSize);
  if (entry.method === STORED) {
    if (data.length > DOCX_DOCUMENT_MAX_BYTES) throw new ScreenplayParseError(PARSE_MESSAGES.docxUnparseable);
    return data.toString("utf8");
  }
  if (entry.method !== DEFLATE) throw corrupted();
  try {
    // maxOutputLength stops inflating as soon as the output passes the cap, whatever the header said.
    return inflateRawSync(data, { maxOutputLength: DOCX_DOCUMENT_MAX_BYTES }).toString("utf8");
  } catch (err) {
    if ((err as { code?: string }).code === "ERR_BUFFER_TOO_LARGE") throw new ScreenplayParseError(PARSE_MESSAGES.docxUnparseable);
    throw corrupted();
  }
}
