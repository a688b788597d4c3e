import { ASPECT_RATIOS, type AspectRatio } from "./node";

/** spec (canvas 3): the default aspect ratio of a node. */
export const DEFAULT_ASPECT_RATIO: AspectRatio = "1:1";

/** spec (canvas 4 "Loaded media"): how close media must be to a standard label to take it. */
export const ASPECT_RATIO_TOLERANCE = 0.01;

/**
 * "16:9" → 1.777…  Accepts "W:H" or "W/H" with positive finite numbers (spaces allowed, decimals allowed:
 * "2.39:1"). Anything else (undefined, "", "wide", "0:1", "16:0") → null.
 */
export function parseAspectRatio(label: string | null | undefined): number | null {
  if (typeof label !== "string") return null;
  const m = /^\s*(\d+(?:\.\d+)?)\s*[:/]\s*(\d+(?:\.\d+)?)\s*$/.exec(label);
  if (!m) return null;
  const w = Number(m[1]);
  const h = Number(m[2]);
  if (!(w > 0) || !(h > 0) || !Number.isFinite(w / h)) return null;
  return w / h;
}

const RATIOS: ReadonlyArray<{ label: AspectRatio; ratio: number }> = ASPECT_RATIOS.map((label) => ({
  label,
  ratio: parseAspectRatio(label) ?? 1,
}));

/** Nearest standard label by |w/h − label ratio|; ties go to the earlier label in ASPECT_RATIOS. */
function nearest(width: number, height: number): { label: AspectRatio; distance: number } | null {
  if (!Number.isFinite(width) || !Number.isFinite(height) || width <= 0 || height <= 0) return null;
  const ratio = width / height;
  let best: { label: AspectRatio; distance: number } | null = null;
  for (const r of RATIOS) {
    const distance = Math.abs(ratio - r.ratio);
    if (!best || distance < best.distance) best = { label: r.label, distance };
  }
  return best;
}

/**
 * spec (canvas 4 "Loaded media"): the nearest standard label, or null when none is within `tolerance`.
 *
 * The tolerance is ABSOLUTE on the width/height ratio and inclusive: a label matches when
 * |width/height − labelRatio| ≤ tolerance. So 1920×1080 → "16:9", 854×480 (1.779) → "16:9",
 * 2560×1080 (2.370, "64:27") → null (21:9 is 2.333). Non-positive or non-finite sizes → null.
 */
export function nearestAspectRatio(width: number, height: number, tolerance: number = ASPECT_RATIO_TOLERANCE): AspectRatio | null {
  const best = nearest(width, height);
  if (!best) return null;
  // A hair of slack so that exactly-at-tolerance ratios are not lost to floating point.
  return best.distance <= tolerance + 1e-12 ? best.label : null;
}

/**
 * The nearest standard label even outside the tolerance (for display, e.g. "≈ 21:9"). Same metric as
 * nearestAspectRatio, so it agrees with it whenever that returns a label. Invalid sizes → "1:1".
 */
export function snapAspectRatio(width: number, height: number): AspectRatio {
  return nearest(width, height)?.label ?? DEFAULT_ASPECT_RATIO;
}

/**
 * spec (canvas 4 "Loaded media"): after media loads with its natural size, the label the node should be
 * updated to, or null when nothing changes (no standard label within tolerance, or it equals `current`).
 */
export function aspectRatioAfterMediaLoad(
  current: string | null | undefined,
  naturalWidth: number,
  naturalHeight: number,
): AspectRatio | null {
  const label = nearestAspectRatio(naturalWidth, naturalHeight);
  if (!label || label === current) return null;
  return label;
}
