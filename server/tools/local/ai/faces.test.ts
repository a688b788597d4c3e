import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { blurFaces, cropToFace, detectFaces, tagObjects, ToolInputError } from "./index";
import { faceStrip, portrait, raw, run, timed } from "./testFixtures";

/** The strip is five face close-ups in 160 px cells; the portrait has one face at about (145..282, 88..225). */
let strip: Buffer;
let face: Buffer;
let blank: Buffer;
beforeAll(async () => {
  [strip, face] = await Promise.all([faceStrip(), portrait()]);
  blank = await sharp({ create: { width: 320, height: 240, channels: 3, background: "#8090a0" } })
    .png()
    .toBuffer();
});

describe("detectFaces (BlazeFace via Human)", () => {
  it("finds each of five faces in its own cell", async () => {
    const [boxes, cold] = await timed(() => detectFaces(strip, run()));
    const [, warm] = await timed(() => detectFaces(strip, run()));
    console.info(`detectFaces 800×165: cold ${cold} ms (tfjs, Human and model load included), warm ${warm} ms`);
    expect(boxes).toHaveLength(5);
    const cells = boxes.map((b) => Math.floor((b.x + b.width / 2) / 160)).sort();
    expect(cells).toEqual([0, 1, 2, 3, 4]);
    for (const b of boxes) {
      expect(b.score).toBeGreaterThanOrEqual(0.5);
      expect(b.width).toBeGreaterThan(60);
      expect(b.width).toBeLessThan(160);
      expect(b.y + b.height).toBeLessThanOrEqual(165);
    }
    expect(boxes.map((b) => b.score)).toEqual([...boxes.map((b) => b.score)].sort((a, b) => b - a));
  });

  it("maps boxes back through resizing and EXIF orientation", async () => {
    const [box] = await detectFaces(face, run());
    expect(box).toBeDefined();
    const centre = [box!.x + box!.width / 2, box!.y + box!.height / 2];
    expect(Math.abs(centre[0]! - 213)).toBeLessThan(20);
    expect(Math.abs(centre[1]! - 156)).toBeLessThan(20);
    // The same picture stored sideways with an EXIF "rotate 90° clockwise" tag, and at twice the size.
    const sideways = await sharp(face).resize(1024, 1024).rotate(-90).jpeg().withMetadata({ orientation: 6 }).toBuffer();
    const [big] = await detectFaces(sideways, run());
    expect(Math.abs(big!.x + big!.width / 2 - 2 * centre[0]!)).toBeLessThan(30);
    expect(Math.abs(big!.y + big!.height / 2 - 2 * centre[1]!)).toBeLessThan(30);
  });

  it("finds nothing in an image without faces", async () => {
    expect(await detectFaces(blank, run())).toEqual([]);
  });
});

describe("blurFaces", () => {
  it("blurs the faces and leaves the rest alone", async () => {
    const boxes = await detectFaces(strip, run());
    const out = await raw(await blurFaces(strip, {}, run()));
    const original = await raw(strip);
    expect([out.width, out.height]).toEqual([800, 165]);
    const detail = (r: typeof out, b: (typeof boxes)[number]) => {
      let sum = 0;
      let n = 0;
      for (let y = b.y + b.height * 0.3; y < b.y + b.height * 0.7; y++) {
        for (let x = Math.round(b.x + b.width * 0.3); x < b.x + b.width * 0.7; x++) {
          const i = (Math.round(y) * r.width + x) * r.channels;
          sum += Math.abs(r.data[i]! - r.data[i + r.channels]!);
          n++;
        }
      }
      return sum / n;
    };
    for (const b of boxes) expect(detail(out, b)).toBeLessThan(detail(original, b) / 2);
    const corner = (r: typeof out) => [...r.data.subarray(0, 3 * 5)];
    expect(corner(out)).toEqual(corner(original)); // outside every face
  });

  it("returns the image unchanged (as PNG) when there is no face, and checks its parameter", async () => {
    expect((await raw(await blurFaces(blank, {}, run()))).data.equals((await raw(blank)).data)).toBe(true);
    await expect(blurFaces(blank, { strength: 7 }, run())).rejects.toThrow(/^strength: /);
  });
});

describe("cropToFace", () => {
  it("crops around the face at the asked aspect ratio", async () => {
    const square = await raw(await cropToFace(face, {}, run()));
    expect(square.width).toBe(square.height);
    expect(square.width).toBeLessThan(512);
    expect(square.width).toBeGreaterThan(137); // bigger than the face box itself
    const wide = await sharp(await cropToFace(face, { aspect: 16 / 9, margin: 0.3 }, run())).metadata();
    expect(Math.abs(wide.width! / wide.height! - 16 / 9)).toBeLessThan(0.02);
    // The crop shows the face: detecting again finds it in the middle.
    const [again] = await detectFaces(await cropToFace(face, { margin: 0.5 }, run()), run());
    expect(again).toBeDefined();
  });

  it("names the field when there is no face or a parameter is wrong", async () => {
    await expect(cropToFace(blank, {}, run())).rejects.toThrow(ToolInputError);
    await expect(cropToFace(blank, {}, run())).rejects.toThrow(/^image: no face/);
    await expect(cropToFace(face, { aspect: 0 }, run())).rejects.toThrow(/^aspect: /);
    await expect(cropToFace(face, { margin: -1 }, run())).rejects.toThrow(/^margin: /);
  });
});

describe("tagObjects (CenterNet via Human)", () => {
  it("tags a person in a portrait as 'label (score)' lines", async () => {
    const [tags, ms] = await timed(() => tagObjects(face, run()));
    console.info(`tagObjects 512×512: ${ms} ms (first call loads CenterNet) → ${JSON.stringify(tags)}`);
    const lines = tags.split("\n");
    expect(lines[0]).toMatch(/^person \(0\.\d\d\)$/);
    for (const line of lines) expect(line).toMatch(/^[a-z ]+ \((0|1)\.\d\d\)$/);
    expect(await tagObjects(blank, run())).toBe("");
  });
});

describe("aborting", () => {
  it("rejects every face and tag tool when the signal is aborted", async () => {
    const aborted = new AbortController();
    aborted.abort();
    const opts = { signal: aborted.signal };
    for (const call of [detectFaces(strip, opts), blurFaces(strip, {}, opts), cropToFace(face, {}, opts), tagObjects(face, opts)]) {
      await expect(call).rejects.toMatchObject({ name: "AbortError" });
    }
  });
});
