/**
 * 'Local Sketch (procedural)': a picture drawn from the prompt's words, not by an AI model. The palette and
 * the forms come from the prompt and seed (same prompt and seed → the same PNG bytes); upstream images are
 * restyled (tinted, posterised) and the generated forms are laid over them.
 */
import sharp from "sharp";
import { ASPECT_RATIOS } from "../../../domain/canvas/node";
import type { EngineRequest, EngineResult } from "../engine";
import { ProviderError } from "../engine";
import { hexToRgb, paletteFor, type Palette } from "./palette";
import { enumParam, numberParam, sizeForAspectRatio, throwIfAborted, upstreamImageUrls } from "./params";
import { extraSeed, hashString, randomFor } from "./random";
import { sketchSvg } from "./sketchScene";

const NAME = "Local Sketch (procedural)";
/** Upstream images beyond this many are ignored (each takes a band of the picture). */
const MAX_CONTEXT_IMAGES = 4;
/** Colour levels per channel of a restyled context image. */
const POSTER_LEVELS = 6;

export interface SketchInput {
  prompt: string;
  seed: number;
  width: number;
  height: number;
  /** Encoded upstream images (any format sharp reads), composited in order. */
  images?: Buffer[];
}

/** One PNG. Exported for the benchmark and tests; the engine entry point is runSketch. */
export async function renderSketch(input: SketchInput): Promise<Buffer> {
  const { prompt, seed, width, height } = input;
  const palette = paletteFor(prompt, seed);
  const abstract = hashString(prompt) % 2 === 1;
  const random = randomFor(prompt, seed, "sketch");
  const images = input.images ?? [];
  if (images.length === 0) {
    const svg = sketchSvg({ width, height, palette, random, background: true, abstract });
    return sharp(Buffer.from(svg)).png({ compressionLevel: 6 }).toBuffer();
  }
  const base = await restyledCollage(images, width, height, palette);
  const overlay = Buffer.from(sketchSvg({ width, height, palette, random, background: false, abstract }));
  return sharp(base, { raw: { width, height, channels: 3 } })
    .composite([{ input: overlay, blend: "soft-light" }])
    .png({ compressionLevel: 6 })
    .toBuffer();
}

/** The images side by side along the picture's long side, tinted with the palette and posterised (raw RGB). */
async function restyledCollage(images: Buffer[], width: number, height: number, palette: Palette): Promise<Buffer> {
  const horizontal = width >= height;
  const n = images.length;
  const parts = await Promise.all(
    images.map(async (bytes, i) => {
      const start = Math.round(((horizontal ? width : height) * i) / n);
      const end = Math.round(((horizontal ? width : height) * (i + 1)) / n);
      const w = horizontal ? end - start : width;
      const h = horizontal ? height : end - start;
      try {
        const input = await sharp(bytes).rotate().resize(w, h, { fit: "cover" }).removeAlpha().png({ compressionLevel: 0 }).toBuffer();
        return { input, left: horizontal ? start : 0, top: horizontal ? 0 : start };
      } catch {
        throw new ProviderError(`${NAME} could not read a context image`);
      }
    }),
  );
  const { data, info } = await sharp({ create: { width, height, channels: 3, background: { r: 0, g: 0, b: 0 } } })
    .composite(parts)
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  if (info.channels !== 3) throw new Error(`collage has ${info.channels} channels`);
  restyle(data, hexToRgb(palette.sky[1]));
  return data;
}

/**
 * In place, on raw RGB: half the original colour, half its luminance in the palette's colour (a duotone
 * wash), then posterised to a few levels per channel, so the picture reads as the sketch's style.
 */
function restyle(data: Buffer, [tr, tg, tb]: [number, number, number]): void {
  const step = 255 / (POSTER_LEVELS - 1);
  const poster = (v: number) => Math.round(Math.round(Math.min(255, v) / step) * step);
  for (let i = 0; i + 2 < data.length; i += 3) {
    const r = data[i] as number;
    const g = data[i + 1] as number;
    const b = data[i + 2] as number;
    const lum = (0.299 * r + 0.587 * g + 0.114 * b) / 255;
    data[i] = poster(0.55 * r + 0.45 * Math.min(255, lum * tr * 1.6));
    data[i + 1] = poster(0.55 * g + 0.45 * Math.min(255, lum * tg * 1.6));
    data[i + 2] = poster(0.55 * b + 0.45 * Math.min(255, lum * tb * 1.6));
  }
}

export async function runSketch(request: EngineRequest): Promise<EngineResult> {
  const { params, signal } = request;
  const ratio = enumParam(params, "aspect_ratio", ASPECT_RATIOS, "1:1");
  const { width, height } = sizeForAspectRatio(ratio);
  const count = Math.round(numberParam(params, "num_images", 1, 1, 4));
  const urls = upstreamImageUrls(request).slice(0, MAX_CONTEXT_IMAGES);
  const images: Buffer[] = [];
  for (const url of urls) {
    throwIfAborted(signal);
    images.push((await request.readMedia(url)).bytes);
  }
  const files = [];
  for (let i = 0; i < count; i++) {
    throwIfAborted(signal);
    const bytes = await renderSketch({ prompt: request.prompt, seed: extraSeed(request.seed, i), width, height, images });
    files.push({ bytes, contentType: "image/png" });
    request.onProgress({ percent: Math.round((100 * (i + 1)) / count), message: `Drew ${i + 1} of ${count}` });
  }
  return { kind: "media", mediaType: "image", files };
}
