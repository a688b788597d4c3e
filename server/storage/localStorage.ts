import { randomBytes } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, rename, stat, unlink, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { assertSafeKey, type ByteRange, type MediaStorage, type StoredObject } from "./storage";

const isMissing = (err: unknown) => (err as NodeJS.ErrnoException).code === "ENOENT";

/** Files in a folder on this machine (DATA_DIR/media): the single-server default. */
export class LocalStorage implements MediaStorage {
  private readonly root: string;
  /** Folders this process made or found: a run's output is written without making its folder each time. */
  private readonly folders = new Set<string>();

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
    try {
      await this.write(file, body);
    } catch (err) {
      // A folder removed since this process made it (by hand, say) is made again, once.
      if (!isMissing(err) || !Buffer.isBuffer(body) || !this.folders.delete(path.dirname(file))) throw err;
      await this.write(file, body);
    }
  }

  private async write(file: string, body: Buffer | Readable): Promise<void> {
    const folder = path.dirname(file);
    // An upload's stream cannot be written twice, so its folder is always made; a buffer's once per process.
    if (!Buffer.isBuffer(body) || !this.folders.has(folder)) {
      await mkdir(folder, { recursive: true });
      this.folders.add(folder);
    }
    // Write beside the target, then rename: readers never see half a file, and a failed upload leaves none.
    const temp = `${file}.${randomBytes(6).toString("hex")}.tmp`;
    try {
      // A buffer (every run's output) is written in one call: a stream pipeline around it costs more than the write.
      if (Buffer.isBuffer(body)) await writeFile(temp, body, { flag: "wx" });
      else await pipeline(body, createWriteStream(temp, { flags: "wx" }));
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
