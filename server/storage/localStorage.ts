import { randomBytes } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, rename, stat, unlink } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { assertSafeKey, type ByteRange, type MediaStorage, type StoredObject } from "./storage";

const isMissing = (err: unknown) => (err as NodeJS.ErrnoException).code === "ENOENT";

/** Files in a folder on this machine (DATA_DIR/media): the single-server default. */
export class LocalStorage implements MediaStorage {
  private readonly root: string;

  constructor(root: string) {
    this.root = path.resolve(root);
  }

  /** The file for a key; checks the resolved path too, so nothing can ever land outside the root. */
  private fileFor(key: string): string {
    assertSafeKey(key);
    const file = path.resolve(this.root, key);
    if (!file.startsWith(this.root + path.sep)) throw new Error(`Refusing unsafe storage key: ${JSON.stringify(key)}`);
    return file;
  }

  async put(key: string, body: Buffer | Readable, _contentType: string): Promise<void> {
    const file = this.fileFor(key);
    await mkdir(path.dirname(file), { recursive: true });
    // Write beside the target, then rename: readers never see half a file, and a failed upload leaves none.
    const temp = `${file}.${randomBytes(6).toString("hex")}.tmp`;
    try {
      await pipeline(Buffer.isBuffer(body) ? Readable.from([body]) : body, createWriteStream(temp, { flags: "wx" }));
      await rename(temp, file);
    } catch (err) {
      await unlink(temp).catch(() => {});
      throw err;
    }
  }

  async get(key: string, range?: ByteRange): Promise<StoredObject | null> {
    const file = this.fileFor(key);
    try {
      const { size } = await stat(file);
      const body = createReadStream(file, range ? { start: range.start, end: range.end } : {});
      // Open before answering, so a file deleted in between is a null here and not a stream error later.
      await new Promise<void>((resolve, reject) => body.once("open", () => resolve()).once("error", reject));
      return { body, size };
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    try {
      await unlink(this.fileFor(key));
    } catch (err) {
      if (!isMissing(err)) throw err;
    }
  }
}
