import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { ToolInputError, upscaleImage } from "./index";
import { tfjs } from "./runtime";
import { compare, photo, raw, run, timed } from "./testFixtures";
import { upscaleModel, upscalePixels } from "./upscale";
import { bandRows, stopUpscaleHelpers, upscaleInBands } from "./upscaleBands";

/**
 * Thresholds, measured on the fixture (a native-resolution 256² crop of a crowd photo; ×4 uses its central
 * 128²): ESRGAN against a plain Lanczos-3 resize gives 31.2 dB / MAD 4.4 at ×2 and 34.0 dB / 3.3 at ×4
 * (two other crops of the same photo: 29.8 and 28.1 dB at ×2).
 * For scale: nearest-neighbour gives 28.3 / 29.5 dB, the ESRGAN output moved sideways by one input pixel (the
 * kind of error a tile offset bug makes) 23.4 / 20.8 dB, and a mirrored output 11–14 dB. So 30 dB and MAD 6
 * pass a real upscale with a margin and fail misplaced or wrong content; the test also asserts the shift
 * control stays below 25 dB and that the output beats nearest-neighbour, so the thresholds keep meaning.
 */
const MIN_PSNR = 30;
const MAX_MAD = 6;

async function lanczos(image: Buffer, width: number, height: number): Promise<Buffer> {
  return sharp(image).resize(width, height, { kernel: "lanczos3" }).png().toBuffer();
}

describe("upscaleImage (ESRGAN slim on tfjs-wasm)", () => {
  it("doubles a 256 px photo to exactly 512 px, close to a Lanczos resize (its time is printed; the 2 s goal is bench:tools')", async () => {
    const image = await photo();
    const [out, cold] = await timed(() => upscaleImage(image, { scale: 2 }, run()));
    const [again, warm] = await timed(() => upscaleImage(image, { scale: 2 }, run()));
    console.info(`upscale ×2 256→512: cold ${cold} ms (model load included), warm ${warm} ms`);
    const meta = await sharp(out).metadata();
    expect([meta.format, meta.width, meta.height, meta.channels]).toEqual(["png", 512, 512, 3]);
    expect(again.equals(out)).toBe(true);

    const reference = await lanczos(image, 512, 512);
    const { psnr, mad } = await compare(out, reference);
    console.info(`upscale ×2 vs Lanczos-3: PSNR ${psnr.toFixed(2)} dB, MAD ${mad.toFixed(2)}`);
    expect(psnr).toBeGreaterThan(MIN_PSNR);
    expect(mad).toBeLessThan(MAX_MAD);

    const nearest = await sharp(image).resize(512, 512, { kernel: "nearest" }).png().toBuffer();
    expect(psnr).toBeGreaterThan((await compare(nearest, reference)).psnr);
    const shifted = await sharp(await sharp(out).extend({ left: 2, background: "#000" }).png().toBuffer())
      .extract({ left: 0, top: 0, width: 512, height: 512 })
      .png()
      .toBuffer();
    expect((await compare(shifted, reference)).psnr).toBeLessThan(25);
    expect(warm).toBeLessThan(10_000); // the goal is 2 s on 2 cores; this only catches a gross regression
  });

  it("quadruples to exactly 4× and stays close to Lanczos", async () => {
    const image = await sharp(await photo())
      .extract({ left: 64, top: 64, width: 128, height: 128 })
      .png()
      .toBuffer();
    const [out, cold] = await timed(() => upscaleImage(image, { scale: 4 }, run()));
    const [, warm] = await timed(() => upscaleImage(image, { scale: 4 }, run()));
    console.info(`upscale ×4 128→512: cold ${cold} ms, warm ${warm} ms`);
    const meta = await sharp(out).metadata();
    expect([meta.width, meta.height]).toEqual([512, 512]);
    const { psnr, mad } = await compare(out, await lanczos(image, 512, 512));
    console.info(`upscale ×4 vs Lanczos-3: PSNR ${psnr.toFixed(2)} dB, MAD ${mad.toFixed(2)}`);
    expect(psnr).toBeGreaterThan(MIN_PSNR);
    expect(mad).toBeLessThan(MAX_MAD);
  });

  it("stitches tiles without seams: small tiles give the whole-image result", async () => {
    const tf = await tfjs();
    const model = await upscaleModel(2);
    const image = await raw(
      await sharp(await photo())
        .extract({ left: 10, top: 20, width: 100, height: 70 })
        .png()
        .toBuffer(),
    );
    const signal = new AbortController().signal;
    const whole = await upscalePixels(tf, model, image, 2, 1000, 10, signal);
    const tiled = await upscalePixels(tf, model, image, 2, 32, 10, signal);
    let maxDiff = 0;
    for (let i = 0; i < whole.length; i++) maxDiff = Math.max(maxDiff, Math.abs(whole[i]! - tiled[i]!));
    expect(maxDiff).toBeLessThanOrEqual(1); // float summation order only
    const noContext = await upscalePixels(tf, model, image, 2, 32, 0, signal);
    let seams = 0;
    for (let i = 0; i < whole.length; i++) seams = Math.max(seams, Math.abs(whole[i]! - noContext[i]!));
    expect(seams).toBeGreaterThan(10); // without the padding the tile edges do differ
  });

  it("shares the rows out between threads and joins them without seams, even when a helper dies", async () => {
    expect(bandRows(200, 3)).toEqual([
      [0, 67],
      [67, 133],
      [133, 200],
    ]);
    const tf = await tfjs();
    const model = await upscaleModel(2);
    const image = await raw(
      await sharp(await photo())
        .extract({ left: 0, top: 0, width: 120, height: 200 })
        .png()
        .toBuffer(),
    );
    const signal = new AbortController().signal;
    const whole = await upscalePixels(tf, model, image, 2, 1000, 10, signal);
    const maxDiff = (other: Uint8ClampedArray) => other.reduce((worst, v, i) => Math.max(worst, Math.abs(v - whole[i]!)), 0);
    const seen: number[] = [];
    const banded = await upscaleInBands(tf, model, image, 2, 1000, 10, signal, (f) => seen.push(f), 2);
    expect(banded.length).toBe(whole.length);
    expect(maxDiff(banded)).toBeLessThanOrEqual(1); // float summation order only
    expect(seen.at(-1)).toBe(1);
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
    const noContext = await upscaleInBands(tf, model, image, 2, 1000, 0, signal, undefined, 2);
    expect(maxDiff(noContext)).toBeGreaterThan(10); // without the context rows the band edges do differ

    const running = upscaleInBands(tf, model, image, 2, 1000, 10, signal, undefined, 2);
    await stopUpscaleHelpers(); // both helpers die with a band each: this thread does them
    expect(maxDiff(await running)).toBeLessThanOrEqual(1);
  }, 60_000);

  it("keeps transparency: clear corners, opaque centre, edges without a dark fringe", async () => {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96"><circle cx="48" cy="48" r="30" fill="#e02020"/></svg>`;
    const image = await sharp(Buffer.from(svg)).png().toBuffer();
    const out = await raw(await upscaleImage(image, { scale: 2 }, run()));
    expect([out.width, out.height, out.channels]).toEqual([192, 192, 4]);
    const px = (x: number, y: number) => [...out.data.subarray((y * 192 + x) * 4, (y * 192 + x) * 4 + 4)];
    expect(px(2, 2)[3]).toBe(0);
    expect(px(189, 189)[3]).toBe(0);
    const centre = px(96, 96);
    expect(centre[3]).toBe(255);
    expect(Math.abs(centre[0]! - 0xe0) + Math.abs(centre[1]! - 0x20) + Math.abs(centre[2]! - 0x20)).toBeLessThan(30);
    const edges = [];
    for (let x = 0; x < 192; x++) {
      const p = px(x, 96);
      if (p[3]! > 40 && p[3]! < 215) edges.push(p);
    }
    expect(edges.length).toBeGreaterThan(0);
    for (const p of edges) expect(p[0]! - Math.max(p[1]!, p[2]!)).toBeGreaterThan(150); // still red, not darkened towards black
  });

  it("reads JPEG and WebP, honours EXIF orientation, and handles odd sizes", async () => {
    const base = sharp({ create: { width: 37, height: 23, channels: 3, background: "#4080c0" } });
    const rotated = await base.clone().jpeg().withMetadata({ orientation: 6 }).toBuffer(); // shown 23×37
    const meta = await sharp(await upscaleImage(rotated, { scale: 2 }, run())).metadata();
    expect([meta.width, meta.height]).toEqual([46, 74]);
    const webp = await base.clone().webp({ lossless: true }).toBuffer();
    const out = await raw(await upscaleImage(webp, { scale: 4 }, run()));
    expect([out.width, out.height]).toEqual([148, 92]);
    const middle = [...out.data.subarray(out.data.length / 2, out.data.length / 2 + 3)];
    for (const [i, v] of [0x40, 0x80, 0xc0].entries()) expect(Math.abs(middle[i]! - v)).toBeLessThan(12); // the slim model is not an exact identity on flat colour
  });

  it("gives no dark frame at the image's edges (the model's zero padding is kept away from them)", async () => {
    const white = await sharp({ create: { width: 40, height: 30, channels: 3, background: "#ffffff" } })
      .png()
      .toBuffer();
    for (const scale of [2, 4] as const) {
      const out = await raw(await upscaleImage(white, { scale }, run()));
      expect(Math.min(...out.data)).toBeGreaterThanOrEqual(250);
    }
  });

  it("reports rising progress ending at 1, and leaves no tensors behind", async () => {
    const tf = await tfjs();
    await upscaleModel(2);
    const image = await photo(260); // 2×2 tiles at ×2, the last row and column 4 px
    const tensors = tf.memory().numTensors;
    const seen: number[] = [];
    await upscaleImage(image, { scale: 2 }, run({ onProgress: (f) => seen.push(f) }));
    expect(seen.length).toBeGreaterThan(4); // the start, 4 tiles and the end
    expect(seen.at(-1)).toBe(1);
    for (let i = 1; i < seen.length; i++) expect(seen[i]!).toBeGreaterThan(seen[i - 1]!);
    expect(tf.memory().numTensors).toBe(tensors);
  });

  it("rejects when the signal is aborted, before or during the run", async () => {
    const image = await photo(300);
    const aborted = new AbortController();
    aborted.abort();
    await expect(upscaleImage(image, { scale: 2 }, { signal: aborted.signal })).rejects.toMatchObject({ name: "AbortError" });
    const midway = new AbortController();
    const tiles: number[] = [];
    const onProgress = (f: number) => {
      tiles.push(f);
      if (f > 0.2) midway.abort();
    };
    await expect(upscaleImage(image, { scale: 2 }, { signal: midway.signal, onProgress })).rejects.toMatchObject({ name: "AbortError" });
    expect(tiles.at(-1)).toBeLessThan(0.5); // it stopped at the next tile
    const meta = await sharp(await upscaleImage(await photo(64), { scale: 2 }, run())).metadata();
    expect(meta.width).toBe(128); // and the runtime still works
  });

  it("names the field when the input is wrong", async () => {
    const image = await photo(64);
    await expect(upscaleImage(image, { scale: 3 as 2 }, run())).rejects.toThrow(ToolInputError);
    await expect(upscaleImage(image, { scale: 3 as 2 }, run())).rejects.toThrow(/^scale: /);
    await expect(upscaleImage(Buffer.from("not an image"), { scale: 2 }, run())).rejects.toThrow(/^image: /);
    const gif = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#000" } })
      .gif()
      .toBuffer();
    await expect(upscaleImage(gif, { scale: 2 }, run())).rejects.toThrow(/^image: must be a PNG, JPEG or WebP/);
    const huge = await sharp({ create: { width: 1100, height: 1100, channels: 3, background: "#000" } })
      .png()
      .toBuffer();
    await expect(upscaleImage(huge, { scale: 4 }, run())).rejects.toThrow(/^image: 1100×1100 is too large/);
  });
});
