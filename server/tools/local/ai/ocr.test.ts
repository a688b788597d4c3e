import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { readText, stopTextReader, ToolInputError } from "./index";
import { run, textImage, timed } from "./testFixtures";

afterAll(() => stopTextReader());

const words = (text: string) => text.toLowerCase().match(/[a-z0-9]+/g) ?? [];

describe("readText (tesseract.js, English)", () => {
  it("reads back the words drawn into an image, within 1 s once warm", async () => {
    const image = await textImage(["Harbour lights at dawn", "Scene 42, take 7"]);
    const [text, cold] = await timed(() => readText(image, run()));
    const [again, warm] = await timed(() => readText(image, run()));
    console.info(`readText 900×200: cold ${cold} ms (worker, wasm and eng model load included), warm ${warm} ms`);
    expect(text).toBe("Harbour lights at dawn\nScene 42, take 7");
    expect(again).toBe(text);
    expect(warm).toBeLessThan(5_000); // the goal is 1 s; this only catches a gross regression
  });

  it("reads JPEG and WebP, and text on a transparent background", async () => {
    const jpeg = await textImage(["The quick brown fox", "jumps over the lazy dog"], "jpeg");
    expect(words(await readText(jpeg, run()))).toEqual(["the", "quick", "brown", "fox", "jumps", "over", "the", "lazy", "dog"]);
    const webp = await textImage(["Continuity report"], "webp");
    expect(words(await readText(webp, run()))).toEqual(["continuity", "report"]);
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="700" height="120"><text x="30" y="80" font-family="DejaVu Sans" font-size="44">Clapperboard</text></svg>`;
    const transparent = await sharp(Buffer.from(svg)).png().toBuffer();
    expect(words(await readText(transparent, run()))).toEqual(["clapperboard"]);
  });

  it("returns an empty string for an image without text", async () => {
    const blank = await sharp({ create: { width: 300, height: 200, channels: 3, background: "#ffffff" } })
      .png()
      .toBuffer();
    expect(await readText(blank, run())).toBe("");
  });

  it("reports rising progress ending at 1", async () => {
    const seen: number[] = [];
    await readText(await textImage(["Progress"]), run({ onProgress: (f) => seen.push(f) }));
    expect(seen.at(-1)).toBe(1);
    for (let i = 1; i < seen.length; i++) expect(seen[i]!).toBeGreaterThan(seen[i - 1]!);
  });

  it("rejects when the signal is aborted, before or during recognition, and recovers", async () => {
    const image = await textImage(["A page to abort"]);
    const aborted = new AbortController();
    aborted.abort();
    await expect(readText(image, { signal: aborted.signal })).rejects.toMatchObject({ name: "AbortError" });
    const midway = new AbortController();
    const page = readText(image, { signal: midway.signal, onProgress: (f) => f >= 0.1 && midway.abort() });
    await expect(page).rejects.toMatchObject({ name: "AbortError" });
    expect(words(await readText(image, run()))).toEqual(["a", "page", "to", "abort"]); // a fresh worker
  });

  it("lets a queued job be aborted without disturbing the running one", async () => {
    const first = readText(await textImage(["First in line"]), run());
    const queued = new AbortController();
    const second = readText(await textImage(["Second in line"]), { signal: queued.signal });
    queued.abort();
    await expect(second).rejects.toMatchObject({ name: "AbortError" });
    expect(await first).toBe("First in line");
  });

  it("names the field when the input is wrong", async () => {
    await expect(readText(Buffer.alloc(0), run())).rejects.toThrow(ToolInputError);
    await expect(readText(Buffer.from("%PDF-1.4"), run())).rejects.toThrow(/^image: /);
  });
});
