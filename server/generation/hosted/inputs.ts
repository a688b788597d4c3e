/**
 * Turning an EngineRequest into a provider's input object, driven by the model's catalogue schema: only
 * the schema's properties are sent, the toolbar prompt goes into the model's prompt field, the variation's
 * seed fills an empty seed, and media parameters become URLs the provider can fetch (request.publicUrl).
 */
import type { MediaType, ModelInputProperty } from "../../../domain/generation/modelTypes";
import type { EngineModel, EngineRequest, MediaBytes } from "../engine";

export type OutputType = MediaType;

/** What the model makes (its first capability's first output). */
export function outputType(model: EngineModel): OutputType {
  return model.capabilities[0]?.outputTypes[0]?.type ?? "image";
}

const PROMPT_KEYS = ["prompt", "promptText", "text"] as const;

/** The schema property that carries the prompt, if the model takes one. */
export function promptKeyOf(model: EngineModel): string | undefined {
  return PROMPT_KEYS.find((key) => key in model.inputSchema.properties);
}

const isMediaProperty = (p: ModelInputProperty | undefined): boolean =>
  !!p && (typeof p.contentMediaType === "string" || (p.anyOf ?? []).some((a) => typeof a.contentMediaType === "string"));

/** 'single' for one media URL, 'list' for an array of them, undefined for anything else. */
export function mediaShape(p: ModelInputProperty | undefined): "single" | "list" | undefined {
  if (!p) return undefined;
  if (p.type === "array" && isMediaProperty(p.items)) return "list";
  return isMediaProperty(p) ? "single" : undefined;
}

const isEmpty = (v: unknown) => v === undefined || v === null || v === "" || (Array.isArray(v) && v.length === 0);

export interface InputOptions {
  /** Properties the engine builds itself (e.g. Google's inline image bytes). */
  omit?: readonly string[];
  /** Media parameters are left as the studio gave them (the engine reads the bytes itself). */
  keepMediaUrls?: boolean;
}

/** The provider's input object for this request. */
export async function buildInput(request: EngineRequest, options: InputOptions = {}): Promise<Record<string, unknown>> {
  const { properties } = request.model.inputSchema;
  const omit = new Set(options.omit ?? []);
  const input: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(request.params)) {
    if (!(key in properties) || omit.has(key) || isEmpty(value)) continue;
    input[key] = value;
  }
  const promptKey = promptKeyOf(request.model);
  if (promptKey && !omit.has(promptKey) && request.prompt.trim()) input[promptKey] = request.prompt;
  const seedProp = properties.seed;
  if (seedProp && !omit.has("seed") && isEmpty(input.seed)) input.seed = seedWithin(request.seed, seedProp);
  if (!options.keepMediaUrls) {
    for (const [key, value] of Object.entries(input)) {
      const shape = mediaShape(properties[key]);
      if (shape === "single" && typeof value === "string") input[key] = await request.publicUrl(value);
      else if (shape === "list") input[key] = await Promise.all(asStrings(value).map((url) => request.publicUrl(url)));
    }
  }
  return input;
}

/** The variation's seed folded into the property's range. */
export function seedWithin(seed: number, prop: ModelInputProperty): number {
  const min = prop.minimum ?? 0;
  const max = prop.maximum ?? 2_147_483_647;
  const span = max - min + 1;
  return min + (((Math.trunc(seed) % span) + span) % span);
}

export function asStrings(value: unknown): string[] {
  if (typeof value === "string") return value ? [value] : [];
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === "string" && v.length > 0) : [];
}

/** The prompt for a text model, followed by the text of connected nodes (spec canvas 3 context items). */
export function promptWithContext(request: EngineRequest): string {
  const texts = request.context.map((c) => c.text?.trim()).filter((t): t is string => !!t);
  if (texts.length === 0) return request.prompt;
  return `${request.prompt}\n\nContext from connected nodes:\n${texts.map((t) => `- ${t}`).join("\n")}`;
}

/** A studio media URL's bytes as base64 for providers that take inline data (Gemini, Imagen, Veo). */
export async function inlineMedia(request: EngineRequest, url: string): Promise<{ data: string; mimeType: string }> {
  const media: MediaBytes = await request.readMedia(url);
  return { data: media.bytes.toString("base64"), mimeType: media.contentType };
}

const EXTENSION_KIND: Record<string, Exclude<MediaType, "text">> = {
  png: "image",
  jpg: "image",
  jpeg: "image",
  webp: "image",
  gif: "image",
  mp4: "video",
  webm: "video",
  mov: "video",
  m4v: "video",
  mp3: "audio",
  wav: "audio",
  ogg: "audio",
  m4a: "audio",
  flac: "audio",
  aac: "audio",
  glb: "3d",
  gltf: "3d",
  obj: "3d",
  fbx: "3d",
  stl: "3d",
  usdz: "3d",
  ply: "3d",
};

/** image/video/audio/3d from a MIME type ('model/gltf-binary' is 3D). */
export function kindOfMime(mime: string | undefined): Exclude<MediaType, "text"> | undefined {
  const m = (mime ?? "").toLowerCase();
  if (m.startsWith("image/")) return "image";
  if (m.startsWith("video/")) return "video";
  if (m.startsWith("audio/")) return "audio";
  if (m.startsWith("model/")) return "3d";
  return undefined;
}

/** image/video/audio/3d from a URL: a data URI's type, else the path's extension. */
export function kindOfUrl(url: string): Exclude<MediaType, "text"> | undefined {
  if (url.startsWith("data:")) return kindOfMime(url.slice(5).split(/[;,]/)[0]);
  try {
    const ext = new URL(url, "http://x").pathname.split(".").pop()?.toLowerCase() ?? "";
    return EXTENSION_KIND[ext];
  } catch {
    return undefined;
  }
}
