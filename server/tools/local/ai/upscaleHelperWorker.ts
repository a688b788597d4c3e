/**
 * One upscale helper thread (see ./upscaleBands.ts): its own tfjs on wasm and its own copy of the models,
 * upscaling the bands it is sent one at a time and answering with their RGB.
 */
import { parentPort } from "node:worker_threads";
import { tfjs } from "./runtime";
import { upscaleModel, upscalePixels } from "./upscaleTiles";
import type { BandJob, HelperAnswer } from "./upscaleBands";

const port = parentPort!;
const never = new AbortController().signal; // the caller stops waiting instead; a band is a second or two

port.on("message", async (m: BandJob | { id: 0; scale: BandJob["scale"]; warm: true }) => {
  if ("warm" in m) {
    await Promise.all([tfjs(), upscaleModel(m.scale)]).catch(() => {}); // a real job reports the failure
    return;
  }
  try {
    const [tf, model] = await Promise.all([tfjs(), upscaleModel(m.scale)]);
    const image = { ...m.image, data: Buffer.from(m.image.data.buffer, m.image.data.byteOffset, m.image.data.byteLength) };
    const rgb = await upscalePixels(tf, model, image, m.scale, m.tile, m.pad, never);
    port.postMessage({ id: m.id, rgb } satisfies HelperAnswer, [rgb.buffer as ArrayBuffer]);
  } catch (err) {
    port.postMessage({ id: m.id, error: err instanceof Error ? err.message : String(err) } satisfies HelperAnswer);
  }
});
