/**
 * Cost estimates (spec canvas 7 model-cost, 9 "Credit cost display"). Costs are money units (USD); credits
 * shown = cost × 1000, rounded. Estimates assume a 1024×1024 image, a 5-second video and 100 input / 100
 * output text tokens, unless the params say otherwise (count, size, duration). Speech is priced by exactly the
 * text the engine will speak (spokenText.ts): the run's prompt and context are given for that.
 */
import { CREDITS_PER_MONEY_UNIT } from "../credits";
import type { CostRule, Model } from "./modelTypes";
import { spokenText, type SpeechSource } from "./spokenText";
import { runsFreeHere } from "./localRunPricing";

export const ESTIMATE_IMAGE_WIDTH = 1024;
export const ESTIMATE_IMAGE_HEIGHT = 1024;
export const ESTIMATE_VIDEO_SECONDS = 5;
export const ESTIMATE_INPUT_TOKENS = 100;
export const ESTIMATE_OUTPUT_TOKENS = 100;
/** Speech estimates with no text yet (a model picker's price) assume 100 characters. */
export const ESTIMATE_SPEECH_CHARS = 100;

export type ModelParams = Readonly<Record<string, unknown>>;

/** Param keys that set how many images a run makes, across providers. */
const COUNT_KEYS = ["num_images", "n", "sampleCount", "num_outputs", "num_samples", "batch_size", "variations"] as const;
const DURATION_KEYS = ["duration", "durationSeconds", "duration_seconds"] as const;

/** fal image_size presets → pixels. */
export const FAL_IMAGE_SIZE_PIXELS: Readonly<Record<string, readonly [number, number]>> = {
  square_hd: [1024, 1024],
  square: [512, 512],
  portrait_4_3: [768, 1024],
  portrait_16_9: [576, 1024],
  landscape_4_3: [1024, 768],
  landscape_16_9: [1024, 576],
};

const positive = (v: unknown): number | undefined => {
  const n = typeof v === "number" ? v : typeof v === "string" ? Number.parseFloat(v) : Number.NaN;
  return Number.isFinite(n) && n > 0 ? n : undefined;
};

const firstPositive = (params: ModelParams, keys: readonly string[]) => {
  for (const k of keys) {
    const n = positive(params[k]);
    if (n !== undefined) return n;
  }
  return undefined;
};

function imageCount(params: ModelParams): number {
  return Math.max(1, Math.floor(firstPositive(params, COUNT_KEYS) ?? 1));
}

/** '5', '5s', 5 → 5; else the fixed clip length; else 5 s. */
export function videoSeconds(rule: Extract<CostRule, { unit: "second" }>, params: ModelParams): number {
  return rule.fixedSeconds ?? firstPositive(params, DURATION_KEYS) ?? ESTIMATE_VIDEO_SECONDS;
}

/** Output megapixels per image: width/height, a fal image_size preset or {width,height}, a 'WxH' size; else 1024×1024. */
export function megapixels(params: ModelParams): number {
  const pixels = (w: unknown, h: unknown) => {
    const pw = positive(w);
    const ph = positive(h);
    return pw && ph ? (pw * ph) / 1_000_000 : undefined;
  };
  const direct = pixels(params.width, params.height);
  if (direct) return direct;
  const size = params.image_size ?? params.size;
  if (typeof size === "string") {
    const preset = FAL_IMAGE_SIZE_PIXELS[size];
    if (preset) return (preset[0] * preset[1]) / 1_000_000;
    const m = /^(\d+)x(\d+)$/.exec(size);
    if (m) return pixels(m[1], m[2]) ?? 0;
  } else if (size && typeof size === "object") {
    const s = size as Record<string, unknown>;
    const fromObject = pixels(s.width, s.height);
    if (fromObject) return fromObject;
  }
  return (ESTIMATE_IMAGE_WIDTH * ESTIMATE_IMAGE_HEIGHT) / 1_000_000;
}

/** The unit price, picked by a param's value (or its schema default) when the rule prices by param. */
function unitPrice(model: Model, rule: { usd: number; byParam?: { param: string; prices: Record<string, number> } }, params: ModelParams) {
  if (!rule.byParam) return rule.usd;
  const { param, prices } = rule.byParam;
  const value = params[param] ?? model.inputSchema.properties[param]?.default;
  return value === undefined ? rule.usd : (prices[String(value)] ?? rule.usd);
}

const roundMoney = (n: number) => Math.round(n * 1e6) / 1e6;

/** What a run says and reads besides its parameters: the prompt the engine gets and the connected nodes. */
export type RunText = Omit<SpeechSource, "params">;

/**
 * Estimated money cost of one run of `model` with `params` (and, for speech, the run's prompt and context).
 * Free and self-hosted models cost 0, and so do local ones where this studio does not price them.
 */
export function estimateCost(model: Model, params: ModelParams = {}, run: RunText = { prompt: "" }): number {
  if (runsFreeHere(model.provider)) return 0;
  const rule = model.costRule;
  switch (rule.unit) {
    case "free":
      return 0;
    case "image":
      return roundMoney(unitPrice(model, rule, params) * imageCount(params));
    case "megapixel":
      return roundMoney(rule.usd * megapixels(params) * imageCount(params));
    case "second":
      return roundMoney(unitPrice(model, rule, params) * videoSeconds(rule, params));
    case "kchars": {
      const text = spokenText(model, { ...run, params });
      return roundMoney((rule.usd * (text.length || ESTIMATE_SPEECH_CHARS)) / 1000);
    }
    case "tokens":
      return roundMoney((rule.inputUsd * ESTIMATE_INPUT_TOKENS + rule.outputUsd * ESTIMATE_OUTPUT_TOKENS) / 1_000_000);
    case "call":
      return roundMoney(unitPrice(model, rule, params));
  }
}

/** spec canvas 7: displayed credits = cost × 1000, rounded. */
export function costToCredits(cost: number): number {
  return Math.round(cost * CREDITS_PER_MONEY_UNIT);
}

/** The credits the picker and cost badge show for a model (and its current params). */
export function estimateCredits(model: Model, params: ModelParams = {}, run?: RunText): number {
  return costToCredits(estimateCost(model, params, run));
}
