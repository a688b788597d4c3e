/**
 * "Tag objects": Human's CenterNet object detector (MobileNet-v3 backbone, the 80 COCO labels) lists what it
 * sees as "label (score)" lines. These are tags, not a caption: it knows nothing outside the COCO classes.
 */
import { imageTensor, only, withHuman } from "./human";
import { inspectImage, rawPixels, upright } from "./image";
import { progress } from "./runtime";
import type { AiRunOptions } from "./types";

export const MAX_TAG_PIXELS = 40_000_000;
const DETECT_SIDE = 1024;

/** One "label (score)" line per label seen (its best score, two decimals), best first; "" when none. */
export async function tagObjects(image: Buffer, opts: AiRunOptions): Promise<string> {
  const report = progress(opts);
  opts.signal.throwIfAborted();
  const info = await inspectImage(image, "image", MAX_TAG_PIXELS);
  const k = Math.min(1, DETECT_SIDE / Math.max(info.width, info.height));
  const small = await rawPixels(
    upright(image)
      .flatten({ background: "#ffffff" })
      .resize(Math.max(1, Math.round(info.width * k)), Math.max(1, Math.round(info.height * k)), { fit: "fill" }),
    "image",
  );
  const objects = await withHuman(async (h, tf) => {
    opts.signal.throwIfAborted();
    const input = imageTensor(tf, small);
    try {
      return (await h.detect(input, only({ object: true }))).object;
    } finally {
      tf.dispose(input as never);
    }
  });
  opts.signal.throwIfAborted();
  const best = new Map<string, number>();
  for (const o of objects) best.set(o.label, Math.max(o.score, best.get(o.label) ?? 0));
  report(1);
  return [...best]
    .sort((a, b) => b[1] - a[1])
    .map(([label, score]) => `${label} (${score.toFixed(2)})`)
    .join("\n");
}
