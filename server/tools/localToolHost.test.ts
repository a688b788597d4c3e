import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { runOfflineTool, stopOfflineToolWorker } from "./localToolHost";
import { isToolInputError } from "./runLocalTool";

afterAll(() => stopOfflineToolWorker());

const picture = (size: number) =>
  sharp({ create: { width: size, height: size, channels: 3, background: "#4477aa" } })
    .png()
    .toBuffer();
const inputs = (bytes: Buffer) => ({ node: { bytes, contentType: "image/png" }, nodeText: "", connected: [] });

describe("Local AI tools in the worker thread", () => {
  it("runs an upscale there and brings the picture back with progress", async () => {
    const seen: number[] = [];
    const out = await runOfflineTool(
      "local/upscale",
      inputs(await picture(32)),
      { scale: 2 },
      { signal: new AbortController().signal, onProgress: (f) => seen.push(f) },
    );
    expect(out.kind).toBe("media");
    if (out.kind !== "media") return;
    expect(Buffer.isBuffer(out.file.bytes)).toBe(true);
    const meta = await sharp(out.file.bytes).metadata();
    expect([meta.width, meta.height]).toEqual([64, 64]);
    expect(seen.at(-1)).toBe(1);
  }, 60_000);

  it("a mistake in the input comes back as the user's to fix, naming the field", async () => {
    const err = await runOfflineTool(
      "local/upscale",
      inputs(Buffer.from("not a picture")),
      { scale: 2 },
      { signal: new AbortController().signal, onProgress: () => {} },
    ).catch((e: Error) => e);
    expect(isToolInputError(err)).toBe(true);
    expect((err as Error).message).toMatch(/^image/);
  }, 60_000);

  it("a cancel stops the run", async () => {
    const controller = new AbortController();
    const run = runOfflineTool(
      "local/upscale",
      inputs(await picture(256)),
      { scale: 4 },
      { signal: controller.signal, onProgress: () => controller.abort() },
    );
    await expect(run).rejects.toMatchObject({ name: "AbortError" });
    // The worker is still usable afterwards.
    const again = await runOfflineTool(
      "local/upscale",
      inputs(await picture(16)),
      { scale: 2 },
      { signal: new AbortController().signal, onProgress: () => {} },
    );
    expect(again.kind).toBe("media");
  }, 60_000);
});
