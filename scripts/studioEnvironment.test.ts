import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
// @ts-expect-error -- a plain .mjs script (run with node), no type declarations
import { ENVIRONMENT_FILE, HEIGHT, WIDTH, radiance, studioEnvironment } from "./make-studio-environment.mjs";

/** Decodes flat RGBE scanlines (what the script writes) into linear grey values, row by row. */
function decode(file: Buffer): { width: number; height: number; grey: (x: number, y: number) => number } {
  const headerEnd = file.indexOf("\n\n");
  const sizeLineEnd = file.indexOf("\n", headerEnd + 2);
  const size = /^-Y (\d+) \+X (\d+)$/.exec(file.subarray(headerEnd + 2, sizeLineEnd).toString("ascii"));
  if (!size) throw new Error("no size line");
  const [height, width] = [Number(size[1]), Number(size[2])];
  const pixels = file.subarray(sizeLineEnd + 1);
  return {
    width,
    height,
    grey: (x, y) => {
      const i = (y * width + x) * 4;
      return pixels[i + 3] === 0 ? 0 : (pixels[i]! + 0.5) * 2 ** (pixels[i + 3]! - 136);
    },
  };
}

describe("the 3D viewers' studio lighting", () => {
  it("the committed .hdr is what the script makes (run `node scripts/make-studio-environment.mjs` after a change)", () => {
    expect(readFileSync(ENVIRONMENT_FILE).equals(studioEnvironment())).toBe(true);
  });

  it("is a Radiance RGBE image of the declared size whose pixels carry the radiance they were made from", () => {
    const file = readFileSync(ENVIRONMENT_FILE);
    expect(file.subarray(0, 11).toString("ascii")).toBe("#?RADIANCE\n");
    expect(file.toString("ascii", 0, 64)).toContain("FORMAT=32-bit_rle_rgbe");
    const image = decode(file);
    expect([image.width, image.height]).toEqual([WIDTH, HEIGHT]);
    expect(file.length).toBe(file.indexOf(`+X ${WIDTH}\n`) + `+X ${WIDTH}\n`.length + WIDTH * HEIGHT * 4);
    // The key softbox (azimuth −50°, elevation 35°) is the brightest place; the floor is darker than the dome.
    const at = (azimuth: number, elevation: number) =>
      image.grey(Math.floor(((azimuth + 180) / 360) * WIDTH), Math.floor(((90 - elevation) / 180) * HEIGHT));
    expect(at(-50, 35)).toBeCloseTo(radiance(-50, 35), 0);
    expect(at(-50, 35)).toBeGreaterThan(5);
    expect(at(0, -60)).toBeLessThan(at(0, 60));
    expect(at(0, -60)).toBeGreaterThan(0);
  });
});
