/**
 * TEST SUPPORT: zip files written by hand, so a test can declare sizes that lie (a zip bomb), which no zip
 * library will write.
 */
import { createDeflateRaw } from "node:zlib";

export interface RawZipEntry {
  name: string;
  /** The entry's bytes as stored: raw deflate (method 8) or plain (method 0). */
  data: Buffer;
  method: 0 | 8;
  /** The uncompressed size the headers claim. */
  declaredSize: number;
}

/** A zip of the given entries (CRCs are left 0: readers that matter must not get as far as checking them). */
export function rawZip(entries: RawZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(e.method, 8);
    local.writeUInt32LE(e.data.length, 18);
    local.writeUInt32LE(e.declaredSize, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(e.method, 10);
    central.writeUInt32LE(e.data.length, 20);
    central.writeUInt32LE(e.declaredSize, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, e.data);
    centrals.push(central, name);
    offset += 30 + name.length + e.data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** Raw deflate of `unit` repeated until `totalBytes`, streamed (the inflated text never sits in memory). */
export async function deflatedRepeat(unit: string, totalBytes: number): Promise<Buffer> {
  const deflate = createDeflateRaw({ level: 9 });
  const out: Buffer[] = [];
  deflate.on("data", (c: Buffer) => out.push(c));
  const done = new Promise((resolve) => deflate.on("end", resolve));
  const chunk = Buffer.from(unit.repeat(Math.max(1, Math.floor((1 << 20) / unit.length))));
  for (let written = 0; written < totalBytes; written += chunk.length) deflate.write(chunk);
  deflate.end();
  await done;
  return Buffer.concat(out);
}
