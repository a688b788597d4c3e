/**
 * The model catalogue (spec canvas 3 "Model", 7 models/available, 9 model features) and the picker's
 * helpers: display names, compatibility with a node, summaries, feature tags and search.
 */
import { PROVIDER_LABELS, type Provider } from "../providers/registry";
import { featureTags } from "./catalogueBuild";
import { FAL_IMAGE_MODELS } from "./catalogueFal";
import { FAL_3D_MODELS, FAL_VIDEO_MODELS } from "./catalogueFalVideo";
import { ELEVENLABS_MODELS, GOOGLE_MODELS, OPENAI_MODELS, RUNWAY_MODELS } from "./catalogueHosted";
import { LOCAL_MODELS } from "./catalogueLocal";
import { REPLICATE_MODELS, SELF_HOSTED_MODELS } from "./catalogueSelfHosted";
import { toMediaType, type MediaType, type Model } from "./modelTypes";

export { featureTags } from "./catalogueBuild";
export { FLITE_VOICES, LOCAL_CAMERA_MOVES } from "./catalogueLocal";

/** Every model, local ones first (always usable), then hosted, then self-hosted. */
export const CATALOGUE: readonly Model[] = [
  ...LOCAL_MODELS,
  ...FAL_IMAGE_MODELS,
  ...OPENAI_MODELS,
  ...GOOGLE_MODELS,
  ...REPLICATE_MODELS,
  ...FAL_VIDEO_MODELS,
  ...RUNWAY_MODELS,
  ...ELEVENLABS_MODELS,
  ...FAL_3D_MODELS,
  ...SELF_HOSTED_MODELS,
];

const BY_ID: ReadonlyMap<string, Model> = new Map(CATALOGUE.map((m) => [m.id, m]));

export function findModel(id: string): Model | undefined {
  return BY_ID.get(id);
}

export interface DisplayName {
  name: string;
  description: string;
}

/** The display-name table: model id → friendly name and a short description. */
export const DISPLAY_NAMES: Readonly<Record<string, DisplayName>> = Object.fromEntries(
  CATALOGUE.map((m) => [m.id, { name: m.name, description: m.description ?? "AI model" }]),
);

/** spec canvas 3: a known id's friendly name and description; an unknown id shows the id and 'AI model'. */
export function displayNameFor(id: string): DisplayName {
  return DISPLAY_NAMES[id] ?? { name: id, description: "AI model" };
}

/**
 * Models that can fill a node: some capability outputs `outputType` and needs only inputs that are there —
 * the prompt (text) is always there, media inputs must come from connected nodes. So an image node with a
 * connected image offers image → image and text → image; a video node with a connected image adds
 * image → video. `outputType` null/'none' means any output. Content-type words are accepted ('model3d').
 * Models whose capability uses more of the connected media come first; otherwise catalogue order.
 */
export function modelsFor(
  outputType: MediaType | string | null | undefined,
  inputTypes: readonly (MediaType | string)[] = [],
  models: readonly Model[] = CATALOGUE,
): Model[] {
  const out = toMediaType(outputType);
  const available = new Set<MediaType>(["text"]);
  for (const t of inputTypes) {
    const m = toMediaType(t);
    if (m) available.add(m);
  }
  const scored: { model: Model; score: number; index: number }[] = [];
  models.forEach((model, index) => {
    let best = -1;
    for (const cap of model.capabilities) {
      if (out && !cap.outputTypes.some((o) => o.type === out)) continue;
      const needs = cap.inputTypes.map((i) => i.type);
      if (!needs.every((t) => available.has(t))) continue;
      best = Math.max(best, new Set(needs.filter((t) => t !== "text")).size);
    }
    if (best >= 0) scored.push({ model, score: best, index });
  });
  return scored.sort((a, b) => b.score - a.score || a.index - b.index).map((s) => s.model);
}

function uniqueTypes(lists: readonly { type: MediaType }[][]): MediaType[] {
  const seen: MediaType[] = [];
  for (const list of lists) for (const { type } of list) if (!seen.includes(type)) seen.push(type);
  return seen;
}

/** The picker card's 'image, text → video': every input type, then every output type, in first-seen order. */
export function summary(model: Pick<Model, "capabilities">): string {
  const inputs = uniqueTypes(model.capabilities.map((c) => c.inputTypes));
  const outputs = uniqueTypes(model.capabilities.map((c) => c.outputTypes));
  return `${inputs.join(", ")} → ${outputs.join(", ")}`;
}

/** The picker card's first feature tags (spec: up to 2) and the '+N more' count. */
export function visibleFeatureTags(model: Pick<Model, "capabilities" | "isPremium" | "isNew">, max = 2) {
  const tags = featureTags(model);
  return { tags: tags.slice(0, max), more: Math.max(0, tags.length - max) };
}

/** spec canvas 2 model picker: filter by model name or provider (id or label), case-insensitive; blank → all. */
export function searchModels<M extends Pick<Model, "name" | "provider">>(models: readonly M[], query: string): M[] {
  const q = query.trim().toLowerCase();
  if (!q) return [...models];
  return models.filter(
    (m) =>
      m.name.toLowerCase().includes(q) || m.provider.toLowerCase().includes(q) || PROVIDER_LABELS[m.provider].toLowerCase().includes(q),
  );
}

/**
 * Marks which models can run: local models always; others when their provider is configured, else
 * usable: false with a lockedReason naming the provider.
 */
export function withAvailability(models: readonly Model[], configured: Iterable<Provider>): Model[] {
  const ok = new Set<Provider>(configured);
  return models.map((m) =>
    m.provider === "local" || ok.has(m.provider)
      ? withoutLock(m)
      : { ...m, usable: false, lockedReason: `Set up ${PROVIDER_LABELS[m.provider]} to use this model` },
  );
}

function withoutLock(model: Model): Model {
  const { lockedReason: _unused, ...rest } = model;
  return { ...rest, usable: true };
}
