/**
 * Fixtures and measures for the Local AI tests. Photos of people come from @vladmandic/human's own assets/
 * (demo screenshots shipped in the installed package); they are read from node_modules at test time and never
 * copied into this repository. The package is MIT; the people in those screenshots are the author's demo
 * material, with no separate licence stated, which is fine for a local test and not for anything shipped.
 */
import path from "node:path";
import sharp from "sharp";
import { packageDir } from "./runtime";
import type { AiRunOptions } from "./types";

const asset = (name: string) => path.join(packageDir("@vladmandic/human"), "assets", name);

/** A head-and-shoulders portrait (one of samples.jpg's thumbnails), 512×512 JPEG; background at the top corners. */
export function portrait(): Promise<Buffer> {
  return sharp(asset("samples.jpg"))
    .extract({ left: 165, top: 0, width: 153, height: 158 })
    .resize(512, 512, { fit: "fill", kernel: "lanczos3" })
    .jpeg({ quality: 92 })
    .toBuffer();
}

/** Five face close-ups side by side (screenshot-facedetect.jpg's bottom row), 800×165 PNG, cells 160 px wide. */
export function faceStrip(): Promise<Buffer> {
  return sharp(asset("screenshot-facedetect.jpg")).extract({ left: 0, top: 340, width: 800, height: 165 }).png().toBuffer();
}

/** A native-resolution 256×256 crop of a real photo (the crowd in samples.jpg), PNG. */
export function photo(size = 256, left = 340, top = 560): Promise<Buffer> {
  return sharp(asset("samples.jpg")).extract({ left, top, width: size, height: size }).png().toBuffer();
}

/** Black text lines on white, DejaVu Sans (installed with the OS and in the dejavu-fonts-ttf package). */
export function textImage(lines: string[], format: "png" | "jpeg" | "webp" = "png"): Promise<Buffer> {
  const height = 60 + lines.length * 70;
  const text = lines.map((l, i) => `<text x="40" y="${90 + i * 70}" font-family="DejaVu Sans" font-size="44">${l}</text>`).join("");
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="900" height="${height}"><rect width="100%" height="100%" fill="#fff"/>${text}</svg>`;
  return sharp(Buffer.from(svg)).toFormat(format).toBuffer();
}

export async function raw(bytes: Buffer): Promise<{ data: Buffer; width: number; height: number; channels: number }> {
  const { data, info } = await sharp(bytes).raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels: info.channels };
}

/** Peak signal-to-noise ratio (dB) and mean absolute difference of two same-size 8-bit RGB images. */
export async function compare(a: Buffer, b: Buffer): Promise<{ psnr: number; mad: number }> {
  const [x, y] = await Promise.all([sharp(a).removeAlpha().raw().toBuffer(), sharp(b).removeAlpha().raw().toBuffer()]);
  if (x.length !== y.length) throw new Error(`different sizes: ${x.length} and ${y.length} bytes`);
  let se = 0;
  let ad = 0;
  for (let i = 0; i < x.length; i++) {
    const d = x[i]! - y[i]!;
    se += d * d;
    ad += Math.abs(d);
  }
  return { psnr: 10 * Math.log10((255 * 255) / (se / x.length)), mad: ad / x.length };
}

export const run = (extra: Partial<AiRunOptions> = {}): AiRunOptions => ({ signal: new AbortController().signal, ...extra });

/** Milliseconds of `work`, with its result. */
export async function timed<T>(work: () => Promise<T>): Promise<[T, number]> {
  const start = performance.now();
  const result = await work();
  return [result, Math.round(performance.now() - start)];
}
