import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { adjustColour, ASPECT_RATIOS, cropToAspect, ToolInputError, type MediaFile } from "./index";
import { cropBox } from "./image";

const options = () => ({ signal: new AbortController().signal });

/** Left half `left`, right half `right`; optionally stored sideways with an EXIF orientation. */
async function halves(width: number, height: number, left: string, right: string, format: "png" | "jpeg" = "png"): Promise<MediaFile> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="${width / 2}" height="${height}" fill="${left}"/><rect x="${width / 2}" width="${width / 2}" height="${height}" fill="${right}"/></svg>`;
  const image = sharp(Buffer.from(svg));
  return format === "png"
    ? { bytes: await image.png().toBuffer(), contentType: "image/png" }
    : { bytes: await image.jpeg().toBuffer(), contentType: "image/jpeg" };
}

async function meanRgb(
  bytes: Buffer,
  region?: { left: number; top: number; width: number; height: number },
): Promise<[number, number, number]> {
  // stats() reads the input, not the pipeline: extract into a buffer first
  const { channels } = await sharp(region ? await sharp(bytes).extract(region).png().toBuffer() : bytes).stats();
  return channels.slice(0, 3).map((c) => c.mean) as [number, number, number];
}

describe("cropToAspect", () => {
  it("crops every ratio exactly, centred", async () => {
    const image = await halves(320, 200, "#ff0000", "#0000ff");
    for (const ratio of ASPECT_RATIOS) {
      const out = await cropToAspect(image, { aspectRatio: ratio }, options());
      expect(out.contentType).toBe("image/png");
      const { width = 0, height = 0, format } = await sharp(out.bytes).metadata();
      expect(format).toBe("png");
      const [a, b] = ratio.split(":").map(Number) as [number, number];
      expect(width * b).toBe(height * a); // exact ratio
      expect(width === 320 || height === 200 || 320 - width < a || 200 - height < b).toBe(true); // as large as fits
      // centred: the red/blue edge stays in the middle
      const left = await meanRgb(out.bytes, { left: 0, top: 0, width: Math.floor(width / 2) - 1, height });
      const right = await meanRgb(out.bytes, { left: Math.ceil(width / 2) + 1, top: 0, width: Math.floor(width / 2) - 1, height });
      expect(left[0]).toBeGreaterThan(240);
      expect(right[2]).toBeGreaterThan(240);
    }
  });

  it("turns the picture upright from its EXIF orientation first", async () => {
    // stored 200×100, top red / bottom blue, EXIF 6 (rotate 90° clockwise to view): seen 100×200, left blue, right red
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="200" height="100"><rect width="200" height="50" fill="#f00"/><rect y="50" width="200" height="50" fill="#00f"/></svg>`;
    const bytes = await sharp(Buffer.from(svg)).jpeg().withMetadata({ orientation: 6 }).toBuffer();
    expect((await sharp(bytes).metadata()).orientation).toBe(6);
    const out = await cropToAspect({ bytes, contentType: "image/jpeg" }, { aspectRatio: "9:16" }, options());
    const meta = await sharp(out.bytes).metadata();
    expect([meta.width, meta.height]).toEqual([99, 176]);
    expect(meta.orientation).toBeUndefined();
    expect((await meanRgb(out.bytes, { left: 0, top: 0, width: 40, height: 176 }))[2]).toBeGreaterThan(200);
    expect((await meanRgb(out.bytes, { left: 59, top: 0, width: 40, height: 176 }))[0]).toBeGreaterThan(200);
  });

  it("refuses unknown ratios, unreadable input and SVG", async () => {
    const image = await halves(64, 64, "#fff", "#000");
    await expect(cropToAspect(image, { aspectRatio: "5:7" as never }, options())).rejects.toThrow(/^aspectRatio must be one of 1:1, 4:3/);
    await expect(cropToAspect({ bytes: Buffer.from("nope"), contentType: "image/png" }, { aspectRatio: "1:1" }, options())).rejects.toThrow(
      ToolInputError,
    );
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>');
    await expect(cropToAspect({ bytes: svg, contentType: "image/svg+xml" }, { aspectRatio: "1:1" }, options())).rejects.toThrow(
      "image must be a PNG, JPEG or WebP picture (got svg)",
    );
    expect(() => cropBox(6, 3, "21:9")).toThrow("image is too small for aspectRatio 21:9 (6×3)");
    expect(cropBox(1920, 1080, "21:9")).toEqual({ left: 1, top: 129, width: 1918, height: 822 });
  });
});

describe("adjustColour", () => {
  const scene = () => halves(96, 64, "#c06040", "#4080b0", "jpeg");
  const luma = ([r, g, b]: number[]) => 0.299 * (r as number) + 0.587 * (g as number) + 0.114 * (b as number);

  it("brightness moves mean brightness the right way; neutral defaults change nothing", async () => {
    const image = await scene();
    const base = luma(await meanRgb(image.bytes));
    const brighter = luma(await meanRgb((await adjustColour(image, { brightness: 1.4 }, options())).bytes));
    const darker = luma(await meanRgb((await adjustColour(image, { brightness: 0.6 }, options())).bytes));
    expect(brighter).toBeGreaterThan(base + 15);
    expect(darker).toBeLessThan(base - 15);
    const neutral = await adjustColour(image, {}, options());
    expect(neutral.contentType).toBe("image/png");
    expect(Math.abs(luma(await meanRgb(neutral.bytes)) - base)).toBeLessThan(1);
  });

  it("saturation 0 is grey, contrast spreads values, hue 180 turns red to cyan", async () => {
    const image = await scene();
    const [r, g, b] = await meanRgb((await adjustColour(image, { saturation: 0 }, options())).bytes);
    expect(Math.max(Math.abs(r - g), Math.abs(g - b))).toBeLessThan(3);
    const spread = async (bytes: Buffer) => (await sharp(bytes).stats()).channels[0]?.stdev ?? 0;
    expect(await spread((await adjustColour(image, { contrast: 1.5 }, options())).bytes)).toBeGreaterThan(
      (await spread(image.bytes)) * 1.3,
    );
    expect(await spread((await adjustColour(image, { contrast: 0.5 }, options())).bytes)).toBeLessThan((await spread(image.bytes)) * 0.7);
    const red = {
      bytes: await sharp({ create: { width: 8, height: 8, channels: 3, background: "#d02020" } })
        .png()
        .toBuffer(),
      contentType: "image/png",
    };
    const [hr, hg, hb] = await meanRgb((await adjustColour(red, { hue: 180 }, options())).bytes);
    expect(hg).toBeGreaterThan(hr);
    expect(hb).toBeGreaterThan(hr);
  });

  it("pivots contrast on mid-grey for 16-bit pictures too", async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"><rect width="8" height="8" fill="#c06040"/></svg>',
    );
    const deep = await sharp(svg).toColourspace("rgb16").png().toBuffer();
    expect((await sharp(deep).metadata()).depth).toBe("ushort");
    const [r, g, b] = await meanRgb((await adjustColour({ bytes: deep, contentType: "image/png" }, { contrast: 0.5 }, options())).bytes);
    const scale = r > 255 ? 257 : 1; // whether the output kept 16 bits
    expect(r / scale).toBeCloseTo(128 + (192 - 128) / 2, -1);
    expect(g / scale).toBeCloseTo(128 + (96 - 128) / 2, -1);
    expect(b / scale).toBeCloseTo(128 + (64 - 128) / 2, -1);
  });

  it("keeps transparency and names a parameter out of range", async () => {
    const translucent = await sharp({ create: { width: 8, height: 8, channels: 4, background: { r: 200, g: 100, b: 50, alpha: 0.5 } } })
      .png()
      .toBuffer();
    const out = await adjustColour({ bytes: translucent, contentType: "image/png" }, { contrast: 1.8, brightness: 1.2 }, options());
    const { channels } = await sharp(out.bytes).stats();
    expect(channels).toHaveLength(4);
    expect(channels[3]?.mean).toBeCloseTo(128, -1);
    await expect(adjustColour({ bytes: translucent, contentType: "image/png" }, { brightness: 3 }, options())).rejects.toThrow(
      "brightness must be between 0 and 2 (got 3)",
    );
    await expect(adjustColour({ bytes: translucent, contentType: "image/png" }, { hue: 270 }, options())).rejects.toThrow(
      "hue must be between -180 and 180 degrees (got 270)",
    );
  });
});
