import { mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import S3rver from "s3rver";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createStorage } from "./createStorage";
import { LocalStorage } from "./localStorage";
import { S3Storage } from "./s3Storage";
import type { MediaStorage } from "./storage";

const tempDirs: string[] = [];
const tempDir = (prefix: string) => {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  tempDirs.push(dir);
  return dir;
};
afterAll(() => tempDirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

/** The contract both implementations must keep. */
function contract(name: string, make: () => MediaStorage) {
  describe(`${name}: the storage contract`, () => {
    it("round-trips a buffer and a stream, reads a byte range, and deletes", async () => {
      const s = make();
      await s.put("ab/abcdef.txt", Buffer.from("hello world"), "text/plain");
      const got = await s.get("ab/abcdef.txt");
      expect(got?.size).toBe(11);
      expect(await text(got!.body)).toBe("hello world");

      const slice = await s.get("ab/abcdef.txt", { start: 6, end: 10 });
      expect(slice?.size).toBe(11);
      expect(await text(slice!.body)).toBe("world");

      await s.put("cd/streamed.bin", Readable.from([Buffer.from("one "), Buffer.from("two")]), "application/octet-stream");
      expect(await text((await s.get("cd/streamed.bin"))!.body)).toBe("one two");

      await s.delete("ab/abcdef.txt");
      expect(await s.get("ab/abcdef.txt")).toBeNull();
      await s.delete("ab/abcdef.txt"); // a second delete is not an error
    });

    it("answers null for a key that was never written", async () => {
      expect(await make().get("zz/never-written.png")).toBeNull();
    });

    it("leaves nothing behind when the body stream fails", async () => {
      const s = make();
      const failing = Readable.from(
        (async function* () {
          yield Buffer.from("partial");
          throw new Error("client went away");
        })(),
      );
      await expect(s.put("ef/failed.bin", failing, "application/octet-stream")).rejects.toThrow();
      expect(await s.get("ef/failed.bin")).toBeNull();
    });

    it.each(["../escape.txt", "ab/../../etc/passwd", "/etc/passwd", "ab//c", "ab\\c", "", ".hidden", "a/./b"])(
      "refuses the unsafe key %j",
      async (key) => {
        const s = make();
        await expect(s.put(key, Buffer.from("x"), "text/plain")).rejects.toThrow(/unsafe storage key/);
        await expect(s.get(key)).rejects.toThrow(/unsafe storage key/);
        await expect(s.delete(key)).rejects.toThrow(/unsafe storage key/);
      },
    );
  });
}

describe("LocalStorage", () => {
  const root = tempDir("reelgraph-local-");
  contract("local", () => new LocalStorage(root));

  it("writes under the root only, with no temp files left over", async () => {
    const s = new LocalStorage(root);
    await s.put("xy/xyz.png", Buffer.from("png"), "image/png");
    expect(readdirSync(path.join(root, "xy"))).toEqual(["xyz.png"]);
    expect(readdirSync(path.dirname(root)).filter((f) => f === "escape.txt")).toEqual([]);
  });

  it("writes into a folder removed by hand since the last write to it, buffer and stream alike", async () => {
    const s = new LocalStorage(root);
    await s.put("gone/a.png", Buffer.from("a"), "image/png");
    rmSync(path.join(root, "gone"), { recursive: true });
    await s.put("gone/b.png", Buffer.from("b"), "image/png");
    expect(readFileSync(path.join(root, "gone", "b.png"), "utf8")).toBe("b");
    rmSync(path.join(root, "gone"), { recursive: true });
    await s.put("gone/c.png", Readable.from([Buffer.from("c")]), "image/png");
    expect(readdirSync(path.join(root, "gone")).sort()).toEqual(["c.png"]);
    expect(readFileSync(path.join(root, "gone", "c.png"), "utf8")).toBe("c");
  });
});

describe("S3Storage against s3rver", () => {
  let server: S3rver;
  let storage: S3Storage;
  beforeAll(async () => {
    server = new S3rver({
      address: "127.0.0.1",
      port: 0,
      silent: true,
      directory: tempDir("reelgraph-s3rver-"),
      configureBuckets: [{ name: "media" }],
    });
    const { port } = await server.run();
    storage = new S3Storage({
      bucket: "media",
      endpoint: `http://127.0.0.1:${port}`,
      region: "us-east-1",
      accessKeyId: "S3RVER",
      secretAccessKey: "S3RVER",
      forcePathStyle: true,
    });
  });
  afterAll(async () => {
    storage?.close();
    await server?.close();
  });
  contract("s3", () => storage);

  it("streams a body larger than one part (multipart upload) intact", async () => {
    const part = Buffer.alloc(1024 * 1024, 7);
    const chunks = Array.from({ length: 9 }, (_, i) => Buffer.concat([Buffer.from([i]), part]));
    await storage.put("mp/large.bin", Readable.from(chunks), "application/octet-stream");
    const got = await storage.get("mp/large.bin");
    expect(got?.size).toBe(9 * (part.length + 1));
    expect(Buffer.concat(await got!.body.toArray()).equals(Buffer.concat(chunks))).toBe(true);
  });
});

describe("createStorage", () => {
  it("picks S3 when S3_BUCKET is set, else a media folder in the data dir", () => {
    expect(createStorage({ S3_BUCKET: "b", S3_ENDPOINT: "http://127.0.0.1:1" }, "/tmp/x")).toBeInstanceOf(S3Storage);
    expect(createStorage({}, tempDir("reelgraph-data-"))).toBeInstanceOf(LocalStorage);
    expect(createStorage({}, undefined)).toBeInstanceOf(LocalStorage);
  });
});
