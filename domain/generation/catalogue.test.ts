import { describe, expect, it } from "vitest";
import {
  CATALOGUE,
  DISPLAY_NAMES,
  displayNameFor,
  featureTags,
  findModel,
  modelsFor,
  searchModels,
  summary,
  visibleFeatureTags,
  withAvailability,
} from "./catalogue";
import { estimateCredits } from "./cost";
import { MEDIA_TYPES, modelSchema, toMediaType, type MediaType, type Model, type ModelInputProperty } from "./modelTypes";

const ids = (models: readonly Model[]) => models.map((m) => m.id);
const get = (id: string): Model => {
  const m = findModel(id);
  if (!m) throw new Error(`missing ${id}`);
  return m;
};
const has = (m: Model, ins: MediaType[], out: MediaType) =>
  m.capabilities.some(
    (c) =>
      c.outputTypes.some((o) => o.type === out) &&
      c.inputTypes.length === ins.length &&
      ins.every((t) => c.inputTypes.some((i) => i.type === t)),
  );

describe("catalogue entries", () => {
  it("every entry is a valid Model with a unique id", () => {
    for (const m of CATALOGUE) expect(modelSchema.safeParse(m).success, m.id).toBe(true);
    expect(new Set(ids(CATALOGUE)).size).toBe(CATALOGUE.length);
  });

  it("required props exist, defaults fit enums and ranges", () => {
    for (const m of CATALOGUE) {
      const props = m.inputSchema.properties;
      for (const r of m.inputSchema.required ?? []) expect(props, `${m.id} requires ${r}`).toHaveProperty(r);
      for (const [key, p] of Object.entries(props)) {
        const where = `${m.id}.${key}`;
        if (p.enum && p.default !== undefined) expect(p.enum, where).toContain(p.default);
        if (typeof p.default === "number") {
          if (p.minimum !== undefined) expect(p.default, where).toBeGreaterThanOrEqual(p.minimum);
          if (p.maximum !== undefined) expect(p.default, where).toBeLessThanOrEqual(p.maximum);
        }
        if (p.minimum !== undefined && p.maximum !== undefined) expect(p.minimum, where).toBeLessThanOrEqual(p.maximum);
      }
    }
  });

  it("every media input a capability needs has a property to carry it", () => {
    const mediaOf = (p: ModelInputProperty): string[] => [
      ...(p.contentMediaType ? [p.contentMediaType] : []),
      ...(p.items ? mediaOf(p.items) : []),
      ...(p.anyOf ?? []).flatMap(mediaOf),
    ];
    const MIME = { image: "image/*", video: "video/*", audio: "audio/*", "3d": "model/*" } as const;
    for (const m of CATALOGUE) {
      const carried = new Set(Object.values(m.inputSchema.properties).flatMap(mediaOf));
      for (const c of m.capabilities)
        for (const { type } of c.inputTypes) if (type !== "text") expect(carried.has(MIME[type]), `${m.id} ${type}`).toBe(true);
    }
  });

  it("features match the feature rule", () => {
    for (const m of CATALOGUE) expect(m.features, m.id).toEqual(featureTags(m));
  });

  it("covers the spec's families and every output type", () => {
    const families = new Set(CATALOGUE.map((m) => m.family));
    for (const f of [
      "GPT-4o",
      "Flux",
      "Imagen 4",
      "Ideogram",
      "Recraft",
      "Stable Diffusion",
      "Veo",
      "Kling",
      "Hailuo",
      "Luma",
      "Act Two",
      "Rodin",
      "Trellis",
      "Hunyuan 3D",
      "Tripo",
      "Virtual try-on",
      "OmniHuman",
      "ElevenLabs TTS",
    ])
      expect(families.has(f), f).toBe(true);
    for (const id of [
      "fal-ai/ideogram/v2",
      "fal-ai/ideogram/v3",
      "google/veo-2",
      "google/veo-3",
      "runway/gen4-turbo",
      "runway/act-two",
      "openai/gpt-image-1",
    ])
      expect(findModel(id), id).toBeDefined();
    for (const t of MEDIA_TYPES) expect(modelsFor(t).length, t).toBeGreaterThan(0);
    const providers = new Set(CATALOGUE.map((m) => m.provider));
    for (const p of ["fal", "openai", "google", "runway", "elevenlabs", "replicate", "comfyui", "ollama", "local"])
      expect(providers.has(p as Model["provider"]), p).toBe(true);
  });

  it("local models: provider local, a small compute charge, and the offline set", () => {
    const local = CATALOGUE.filter((m) => m.id.startsWith("local/"));
    expect(ids(local).sort()).toEqual([
      "local/llm",
      "local/mesh",
      "local/prompt-writer",
      "local/sketch",
      "local/tts-flite",
      "local/video-ffmpeg",
    ]);
    for (const m of local) {
      expect(m.provider).toBe("local");
      expect(m.costRule.unit).not.toBe("free");
      // A few credits at most, even at the largest settings: offline runs are compute, not a hosted bill.
      expect(estimateCredits(m, { num_images: 4, duration: 30 })).toBeGreaterThan(0);
      expect(estimateCredits(m, { num_images: 4, duration: 30 })).toBeLessThanOrEqual(60);
    }
    expect(CATALOGUE.filter((m) => m.provider === "local")).toHaveLength(local.length);
    expect(get("local/sketch").name).toBe("Local Sketch (procedural)");
    expect(has(get("local/mesh"), ["text"], "3d")).toBe(true);
    expect(has(get("local/video-ffmpeg"), ["image"], "video")).toBe(true);
    expect(has(get("local/video-ffmpeg"), ["text"], "video")).toBe(true);
  });
});

describe("displayNameFor", () => {
  it("maps known ids to a friendly name and description", () => {
    expect(displayNameFor("fal-ai/flux-pro/v1.1-ultra")).toEqual({ name: "Flux 1.1 Pro Ultra", description: expect.any(String) });
    expect(displayNameFor("google/veo-3").name).toBe("Veo 3");
    for (const m of CATALOGUE) expect(DISPLAY_NAMES[m.id]?.name).toBe(m.name);
  });
  it("shows an unknown id and 'AI model'", () => {
    expect(displayNameFor("acme/mystery-9000")).toEqual({ name: "acme/mystery-9000", description: "AI model" });
  });
});

describe("modelsFor", () => {
  it("image node with a connected image: image→image and text→image, no video", () => {
    const found = modelsFor("image", ["image"]);
    expect(ids(found)).toContain("fal-ai/flux/dev/image-to-image");
    expect(ids(found)).toContain("fal-ai/flux/schnell");
    expect(ids(found)).toContain("local/sketch");
    for (const m of found) expect(m.capabilities.some((c) => c.outputTypes.some((o) => o.type === "image"))).toBe(true);
    // models that use the connected image come first
    const firstTextOnly = found.findIndex((m) => m.capabilities.every((c) => c.inputTypes.every((i) => i.type === "text")));
    const lastImageUser = found.map((m) => m.capabilities.some((c) => c.inputTypes.some((i) => i.type === "image"))).lastIndexOf(true);
    expect(lastImageUser).toBeLessThan(firstTextOnly);
  });

  it("image node with nothing connected: no model that needs an image", () => {
    const found = ids(modelsFor("image", []));
    expect(found).toContain("fal-ai/flux-pro/v1.1-ultra");
    expect(found).not.toContain("fal-ai/flux/dev/image-to-image");
    expect(found).not.toContain("fal-ai/kling/v1-5/kolors-virtual-try-on");
  });

  it("video node with a connected image offers image→video; without one it does not", () => {
    const withImage = ids(modelsFor("video", ["image"]));
    expect(withImage).toContain("runway/gen4-turbo");
    expect(withImage).toContain("fal-ai/kling-video/v2.1/standard/image-to-video");
    expect(withImage).not.toContain("fal-ai/bytedance/omnihuman");
    const bare = ids(modelsFor("video", []));
    expect(bare).not.toContain("runway/gen4-turbo");
    expect(bare).toContain("google/veo-3");
    expect(bare).toContain("local/video-ffmpeg");
    expect(ids(modelsFor("video", ["image", "audio"]))).toContain("fal-ai/bytedance/omnihuman");
  });

  it("accepts content-type words and 'none'", () => {
    expect(ids(modelsFor("model3d", ["image"]))).toContain("fal-ai/trellis");
    expect(ids(modelsFor("3D", []))).toContain("local/mesh");
    expect(modelsFor("none", []).length).toBeGreaterThan(modelsFor("image", []).length);
    expect(toMediaType("Model3D")).toBe("3d");
  });
});

describe("summary, feature tags, search", () => {
  it("summarises inputs → outputs", () => {
    expect(summary(get("runway/gen4-turbo"))).toBe("image, text → video");
    expect(summary(get("fal-ai/flux/schnell"))).toBe("text → image");
    expect(summary(get("fal-ai/flux-pro/v1.1-ultra"))).toBe("text, image → image");
  });

  it("tags Batch Processing, Streaming, Premium, New in order", () => {
    expect(featureTags(get("fal-ai/flux-pro/kontext"))).toEqual(["Batch Processing", "Premium", "New"]);
    expect(featureTags(get("openai/gpt-4o"))).toEqual(["Streaming"]);
    expect(featureTags(get("fal-ai/trellis"))).toEqual([]);
    expect(visibleFeatureTags(get("fal-ai/flux-pro/kontext"))).toEqual({ tags: ["Batch Processing", "Premium"], more: 1 });
  });

  it("searches name or provider, case-insensitively", () => {
    expect(ids(searchModels(CATALOGUE, "KLING")).every((id) => id.includes("kling"))).toBe(true);
    expect(searchModels(CATALOGUE, "runway").map((m) => m.provider)).toEqual(["runway", "runway"]);
    expect(searchModels(CATALOGUE, "elevenlabs").length).toBeGreaterThanOrEqual(2);
    expect(searchModels(CATALOGUE, "  ")).toHaveLength(CATALOGUE.length);
    expect(searchModels(CATALOGUE, "zzz-nothing")).toEqual([]);
  });

  it("marks availability: local always, others when configured", () => {
    const marked = withAvailability(CATALOGUE, ["fal"]);
    for (const m of marked) {
      const expected = m.provider === "local" || m.provider === "fal";
      expect(m.usable, m.id).toBe(expected);
      expect(m.lockedReason === undefined, m.id).toBe(expected);
      expect(modelSchema.safeParse(m).success).toBe(true);
    }
  });
});
