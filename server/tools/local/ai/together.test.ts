import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { cutOutPeople, detectFaces, readText, stopTextReader, upscaleImage } from "./index";
import { tfjs } from "./runtime";
import { faceStrip, photo, portrait, run, textImage } from "./testFixtures";

afterAll(() => stopTextReader());

describe("all Local AI tools in one process", () => {
  it("share one tfjs-wasm runtime, run side by side, and leave the process's error handlers alone", async () => {
    const handlers = () => [process.listenerCount("uncaughtException"), process.listenerCount("unhandledRejection")];
    const before = handlers();
    const [up, text, cut, faces] = await Promise.all([
      upscaleImage(await photo(96), { scale: 2 }, run()),
      readText(await textImage(["Side by side"]), run()),
      cutOutPeople(await portrait(), { background: { kind: "colour", colour: "#ffffff" } }, run()),
      detectFaces(await faceStrip(), run()),
    ]);
    expect((await sharp(up).metadata()).width).toBe(192);
    expect(text).toBe("Side by side");
    expect((await sharp(cut).metadata()).width).toBe(512);
    expect(faces).toHaveLength(5);
    const tf = await tfjs();
    expect(tf.getBackend()).toBe("wasm");
    // Emscripten's glue adds handlers that rethrow every uncaught error; the runtime removes them again.
    expect(handlers()).toEqual(before);
    const again = async () => Promise.all([upscaleImage(await photo(64), { scale: 4 }, run()), detectFaces(await faceStrip(), run())]);
    await again(); // loads the ×4 model
    const tensors = tf.memory().numTensors;
    await again();
    expect(tf.memory().numTensors).toBe(tensors);
  });
});
