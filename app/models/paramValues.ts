import {
  autoFillMedia,
  defaultParameters,
  modelParameterFields,
  type ContextMedia,
  type ModelParameterField,
} from "../../domain/generation/modelParamForm";
import type { Model } from "../../domain/generation/modelTypes";

/** A node's modelParameters (spec canvas 3): plain values, and URLs or URL lists for media inputs. */
export type ParamRecord = Readonly<Record<string, unknown>>;

/** One connected upstream item, as the canvas hands it over (spec canvas 7 "Streaming context item"). */
export interface ContextMediaItem {
  nodeId: string;
  type: string;
  url?: string;
  text?: string;
}

const CONTEXT_KINDS = ["image", "video", "audio", "text"] as const;
type ContextKind = (typeof CONTEXT_KINDS)[number];
const isContextKind = (t: string): t is ContextKind => (CONTEXT_KINDS as readonly string[]).includes(t);

/** The connected items auto-fill can use: known kinds, media with a URL. */
export function toContextMedia(items: readonly ContextMediaItem[]): ContextMedia[] {
  return items.flatMap((item) => (isContextKind(item.type) ? [{ type: item.type, ...(item.url ? { url: item.url } : {}) }] : []));
}

const hasValue = (v: unknown) => v !== undefined && v !== null && v !== "" && !(Array.isArray(v) && v.length === 0);

export interface ShownValue {
  value: unknown;
  /** A media input showing what the connected context fills in (nothing chosen by hand). */
  autoFilled: boolean;
}

/**
 * What a field shows: the node's own value; for an empty media input, the auto-fill from connected
 * context (spec canvas 5); else the field's empty default.
 */
export function shownValue(field: ModelParameterField, values: ParamRecord, fill: Readonly<Record<string, unknown>>): ShownValue {
  const own = values[field.name];
  if (field.kind === "media") {
    if (hasValue(own)) return { value: own, autoFilled: false };
    const auto = fill[field.name];
    return hasValue(auto) ? { value: auto, autoFilled: true } : { value: own ?? field.default, autoFilled: false };
  }
  return { value: own === undefined ? field.default : own, autoFilled: false };
}

/**
 * The parameters a run would use: the model's defaults, the node's values over them, and media inputs
 * left empty filled from connected context — the same values the Model Parameters form shows.
 */
export function effectiveModelParameters(model: Model, values: ParamRecord, context: readonly ContextMediaItem[]): Record<string, unknown> {
  const fields = modelParameterFields(model.inputSchema);
  const out: Record<string, unknown> = { ...defaultParameters(model.inputSchema), ...values };
  return { ...out, ...autoFillMedia(fields, toContextMedia(context), out) };
}
