/**
 * Reads a workflow zip without trusting it (like screenplay/docxZip.ts). The central directory is read
 * first, bounds-checked: too many entries, a name that would land outside the zip's folder, or declared
 * sizes past the unpacked cap refuse the file before anything is inflated. Entries are then inflated one
 * at a time with a hard output limit (declared sizes can lie) and checked against their CRC, so a damaged
 * file is refused whole. fflate's unzipSync trusts the entry count and the declared sizes, hence this.
 */
import { crc32, inflateRawSync } from "node:zlib";
import { isSafeEntryName, WORKFLOW_FILE_MESSAGES, WORKFLOW_LIMITS } from "../../domain/workflowFile/format";
import { badRequest, payloadTooLarge } from "../errors";

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const STORED = 0;
const DEFLATE = 8;
/** workflow.json, its media and a folder entry or two. */
const MAX_ENTRIES = WORKFLOW_LIMITS.media + 8;

interface Entry {
  name: string;
  method: number;
  crc: number;
  compressedSize: number;
  size: number;
  localHeaderOffset: number;
}

const damaged = () => badRequest(WORKFLOW_FILE_MESSAGES.damaged);
export const unpackedTooLarge = () => payloadTooLarge(WORKFLOW_FILE_MESSAGES.unpackedTooLarge);

export interface WorkflowZip {
  /** The names of its files (folders left out). */
  names(): string[];
  /** A file's bytes, inflated and checked; null when there is no such file. */
  read(name: string): Buffer | null;
}

function endRecord(zip: Buffer): number {
  // The end record is in the last 22 + 65,535 (comment) bytes.
  for (let i = zip.length - 22; i >= Math.max(0, zip.length - 22 - 0xffff); i--) if (zip.readUInt32LE(i) === EOCD) return i;
  return -1;
}

function centralDirectory(zip: Buffer): Map<string, Entry> {
  const eocd = endRecord(zip);
  if (eocd < 0) throw damaged();
  const count = zip.readUInt16LE(eocd + 10);
  const size = zip.readUInt32LE(eocd + 12);
  let offset = zip.readUInt32LE(eocd + 16);
  // Split archives and ZIP64 (never written by the studio: a workflow file is far below 4 GB) are not read.
  if (zip.readUInt16LE(eocd + 4) !== 0 || count === 0xffff || offset === 0xffffffff || offset + size > eocd) throw damaged();
  if (count > MAX_ENTRIES) throw badRequest(WORKFLOW_FILE_MESSAGES.tooManyMedia);
  const entries = new Map<string, Entry>();
  let declared = 0;
  for (let i = 0; i < count; i++) {
    if (offset + 46 > eocd || zip.readUInt32LE(offset) !== CENTRAL) throw damaged();
    const flags = zip.readUInt16LE(offset + 8);
    const nameLength = zip.readUInt16LE(offset + 28);
    const end = offset + 46 + nameLength + zip.readUInt16LE(offset + 30) + zip.readUInt16LE(offset + 32);
    if (end > eocd) throw damaged();
    const entry: Entry = {
      name: zip.toString("utf8", offset + 46, offset + 46 + nameLength),
      method: zip.readUInt16LE(offset + 10),
      crc: zip.readUInt32LE(offset + 16),
      compressedSize: zip.readUInt32LE(offset + 20),
      size: zip.readUInt32LE(offset + 24),
      localHeaderOffset: zip.readUInt32LE(offset + 42),
    };
    if (!isSafeEntryName(entry.name)) throw badRequest(WORKFLOW_FILE_MESSAGES.outsideFolder(entry.name));
    // Encrypted entries (bit 0) cannot be read; two entries of one name would make "the file" ambiguous.
    if (flags & 1 || entries.has(entry.name)) throw damaged();
    declared += entry.size;
    if (declared > WORKFLOW_LIMITS.unpackedBytes) throw unpackedTooLarge();
    entries.set(entry.name, entry);
    offset = end;
  }
  return entries;
}

/** Opens the zip's directory; throws the workflow messages (400, 413) for a file that cannot be read safely. */
export function openWorkflowZip(zip: Buffer): WorkflowZip {
  // Every zip starts with a local file header, or with the end record when it is empty.
  if (zip.length < 22 || (zip.readUInt32LE(0) !== LOCAL && zip.readUInt32LE(0) !== EOCD))
    throw badRequest(WORKFLOW_FILE_MESSAGES.notWorkflow);
  const entries = centralDirectory(zip);
  let inflated = 0;
  return {
    names: () => [...entries.keys()].filter((name) => !name.endsWith("/")),
    read(name) {
      const entry = entries.get(name);
      if (!entry || name.endsWith("/")) return null;
      const local = entry.localHeaderOffset;
      if (local + 30 > zip.length || zip.readUInt32LE(local) !== LOCAL) throw damaged();
      const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
      if (start + entry.compressedSize > zip.length) throw damaged();
      const data = zip.subarray(start, start + entry.compressedSize);
      const budget = WORKFLOW_LIMITS.unpackedBytes - inflated;
      let bytes: Buffer;
      if (entry.method === STORED) bytes = Buffer.from(data);
      else if (entry.method === DEFLATE) {
        try {
          // Stops as soon as the output passes what the entry declared (or what is left of the cap).
          bytes = inflateRawSync(data, { maxOutputLength: Math.max(1, Math.min(entry.size, budget)) });
        } catch (err) {
          if ((err as { code?: string }).code === "ERR_BUFFER_TOO_LARGE") throw entry.size > budget ? unpackedTooLarge() : damaged();
          throw damaged();
        }
      } else throw damaged();
      if (bytes.length !== entry.size || crc32(bytes) !== entry.crc) throw damaged();
      inflated += bytes.length;
      if (inflated > WORKFLOW_LIMITS.unpackedBytes) throw unpackedTooLarge();
      return bytes;
    },
  };
}
