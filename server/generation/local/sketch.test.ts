import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { ProviderError } from "../engine";
import { localEngine } from "./index";
import { meanColour, testRequest } from "./testKit";

async function sketch(prompt: string, options: Parameters<typeof testRequest>[1] = {}) {
  const result = await localEngine.run(testRequest("local/sketch", { prompt, ...options }));
  if (result.kind !== "media") throw new Error("expected media");
  return result;
}

/** A half-red, half-blue picture, so a test can tell where the context image landed. */
async function redBlue(): Promise<Buffer> {
  const half = { width: 32, height: 64, channels: 3 as const };
  return sharp({ create: { width: 64, height: 64, channels: 3, background: "#0000ff" } })
    .composite([
      {
        input: await sharp({ create: { ...half, background: "#ff0000" } })
          .png()
          .toBuffer(),
        left: 0,
        top: 0,
      },
    ])
    .png()
    .toBuffer();
}

describe("Local Sketch (procedural)", () => {
  it("draws a PNG at the aspect ratio's size", async () => {
    const wide = await sketch("a lighthouse on the ocean at night", { params: { aspect_ratio: "16:9" } });
    expect(wide.mediaType).toBe("image");
    expect(wide.files[0]?.contentType).toBe("image/png");
    const meta = await sharp(wide.files[0]?.bytes).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["png", 1344, 768]);
    const tall = await sketch("a lighthouse", { params: { aspect_ratio: "9:16" } });
    const tallMeta = await sharp(tall.files[0]?.bytes).metadata();
    expect([tallMeta.width, tallMeta.height]).toEqual([768, 1344]);
  });

  it("gives identical bytes for the same prompt and seed, and different ones otherwise", async () => {
    const a = (await sketch("neon city street in the rain", { seed: 7 })).files[0]?.bytes;
    const b = (await sketch("neon city street in the rain", { seed: 7 })).files[0]?.bytes;
    const otherPrompt = (await sketch("forest fire at sunset", { seed: 7 })).files[0]?.bytes;
    const otherSeed = (await sketch("neon city street in the rain", { seed: 8 })).files[0]?.bytes;
    expect(a?.equals(b as Buffer)).toBe(true);
    expect(a?.equals(otherPrompt as Buffer)).toBe(false);
    expect(a?.equals(otherSeed as Buffer)).toBe(false);
  });

  it("biases the palette by theme words: night is darker than snow", async () => {
    const night = await sharp((await sketch("midnight", { seed: 1 })).files[0]?.bytes)
      .resize(32, 32)
      .removeAlpha()
      .raw()
      .toBuffer();
    const snow = await sharp((await sketch("snow", { seed: 1 })).files[0]?.bytes)
      .resize(32, 32)
      .removeAlpha()
      .raw()
      .toBuffer();
    const brightness = (rgb: Buffer) => meanColour(rgb).reduce((s, c) => s + c, 0) / 3;
    expect(brightness(night)).toBeLessThan(brightness(snow) - 40);
  });

  it("makes num_images different pictures and reports progress for each", async () => {
    const request = testRequest("local/sketch", { prompt: "desert dunes", params: { num_images: 2 } });
    const result = await localEngine.run(request);
    if (result.kind !== "media") throw new Error("expected media");
    expect(result.files).toHaveLength(2);
    expect(result.files[0]?.bytes.equals(result.files[1]?.bytes as Buffer)).toBe(false);
    expect(request.progress.map((p) => p.percent)).toEqual([50, 100]);
  });

  it("restyles a connected image: its colours stay where they were", async () => {
    const media = { "/api/media/red-blue": { bytes: await redBlue(), contentType: "image/png" } };
    const context = [{ nodeId: "n1", type: "image" as const, url: "/api/media/red-blue" }];
    const withImage = (await sketch("a portrait", { context, media, params: { aspect_ratio: "1:1" } })).files[0]?.bytes as Buffer;
    const without = (await sketch("a portrait", { params: { aspect_ratio: "1:1" } })).files[0]?.bytes as Buffer;
    expect(withImage.equals(without)).toBe(false);
    const left = await sharp(withImage).extract({ left: 0, top: 0, width: 512, height: 1024 }).removeAlpha().raw().toBuffer();
    const right = await sharp(withImage).extract({ left: 512, top: 0, width: 512, height: 1024 }).removeAlpha().raw().toBuffer();
    const [lr, , lb] = meanColour(left);
    const [rr, , rb] = meanColour(right);
    expect(lr).toBeGreaterThan(lb);
    expect(rb).toBeGreaterThan(rr);
  });

  it("says so when a connected file is not an image", async () => {
    const media = { "/api/media/x": { bytes: Buffer.from("not an image"), contentType: "image/png" } };
    const run = sketch("anything", { context: [{ nodeId: "n1", type: "image", url: "/api/media/x" }], media });
    await expect(run).rejects.toThrow(ProviderError);
    await expect(run).rejects.toThrow("Local Sketch (procedural) could not read a context image");
  });

  it("treats markup in the prompt as words, never as SVG", async () => {
    const result = await sketch(`</svg><script>alert("x")</script><text>&amp; "quoted" 'single'`);
    const meta = await sharp(result.files[0]?.bytes).metadata();
    expect([meta.format, meta.width]).toEqual(["png", 1024]);
  });
});
