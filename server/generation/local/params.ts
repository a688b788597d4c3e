/**
 * Reading an EngineRequest for the local engines. Parameters arrive after defaults and context auto-fill,
 * but they are still user data: every reader checks the type and falls back to the catalogue default.
 */
import { parseAspectRatio } from "../../../domain/canvas/aspectRatio";
import type { EngineRequest } from "../engine";
import { upstreamTextsOf } from "../../../domain/generation/spokenText";

export function stringParam(params: Record<string, unknown>, key: string): string | undefined {
  const v = params[key];
  return typeof v === "string" && v.trim() !== "" ? v : undefined;
}

export function numberParam(params: Record<string, unknown>, key: string, fallback: number, min: number, max: number): number {
  const raw = params[key];
  const v = typeof raw === "string" && raw.trim() !== "" ? Number(raw) : raw;
  if (typeof v !== "number" || !Number.isFinite(v)) return fallback;
  return Math.min(max, Math.max(min, v));
}

export function enumParam<T extends string | number>(params: Record<string, unknown>, key: string, values: readonly T[], fallback: T): T {
  const v = params[key];
  const found = values.find((x) => x === v || String(x) === String(v));
  return found ?? fallback;
}

/** Media URLs of one parameter (a single URL or a list). */
export function urlListParam(params: Record<string, unknown>, key: string): string[] {
  const v = params[key];
  const list = Array.isArray(v) ? v : [v];
  return list.filter((x): x is string => typeof x === "string" && x.trim() !== "");
}

/** Upstream text (text context items), in edge order, blank ones dropped. */
export function upstreamTexts(request: Pick<EngineRequest, "context">): string[] {
  return upstreamTextsOf(request.context);
}

/** URLs of the upstream images, in edge order. */
export function upstreamImageUrls(request: Pick<EngineRequest, "context">): string[] {
  return request.context.flatMap((c) => (c.type === "image" && c.url ? [c.url] : []));
}

/** Standard sizes (multiples of 32, about one megapixel) for the studio's aspect ratio labels. */
const IMAGE_SIZES: Readonly<Record<string, readonly [number, number]>> = {
  "1:1": [1024, 1024],
  "16:9": [1344, 768],
  "9:16": [768, 1344],
  "4:3": [1152, 896],
  "3:4": [896, 1152],
  "21:9": [1536, 640],
  "3:2": [1216, 832],
  "2:3": [832, 1216],
  "4:5": [896, 1120],
};

/** Pixel size for an aspect ratio label; a label not in the table ("2.39:1") gets about a megapixel in steps of 32. */
export function sizeForAspectRatio(label: string | undefined): { width: number; height: number } {
  const known = label ? IMAGE_SIZES[label] : undefined;
  if (known) return { width: known[0], height: known[1] };
  const ratio = parseAspectRatio(label) ?? 1;
  const step = (x: number) => Math.max(32, Math.round(x / 32) * 32);
  return { width: step(Math.sqrt(1024 * 1024 * ratio)), height: step(Math.sqrt((1024 * 1024) / ratio)) };
}

/** Rejects with the signal's reason when the job was cancelled (the runner tells cancel from failure by `signal.aborted`). */
export function throwIfAborted(signal: AbortSignal): void {
  if (signal.aborted) throw signal.reason ?? new DOMException("The generation was cancelled", "AbortError");
}
