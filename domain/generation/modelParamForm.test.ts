import { describe, expect, it } from "vitest";
import { findModel } from "./catalogue";
import type { JsonSchemaProperty } from "./jsonSchema";
import type { ModelInputSchema } from "./modelTypes";
import {
  IMMEDIATE_PARAMETERS,
  MODEL_SKIPPED_PARAMETERS,
  PARAMETER_DEBOUNCE_MS,
  autoFillMedia,
  cutDescription,
  defaultParameters,
  isImmediateParameter,
  modelParameterFields,
  parameterDebounceMs,
  type ContextMedia,
  type ModelParameterField,
} from "./modelParamForm";

const schemaOf = (properties: Record<string, JsonSchemaProperty>, required?: string[]) => ({ type: "object", properties, required });
const fieldFor = (name: string, p: JsonSchemaProperty): ModelParameterField | undefined => modelParameterFields(schemaOf({ [name]: p }))[0];

describe("skipped parameters (spec canvas 5)", () => {
  it("has the spec's list", () => {
    expect(MODEL_SKIPPED_PARAMETERS).toEqual(["text", "prompt", "image_url", "image_urls", "contextImageUrl", "contextImageUrls", "model"]);
  });

  it.each(MODEL_SKIPPED_PARAMETERS)("never shows %s", (name) => {
    expect(fieldFor(name, { type: "string" })).toBeUndefined();
  });

  it.each([
    ["an object", { type: "object", properties: { r: { type: "integer" } } }],
    ["an anyOf of objects", { anyOf: [{ type: "object" }, { type: "null" }] }],
    ["an array that is not a URL list", { type: "array", items: { type: "object" } }],
  ] as [string, JsonSchemaProperty][])("hides %s", (_, p) => {
    expect(fieldFor("loras", p)).toBeUndefined();
  });
});

describe("field kinds (spec canvas 5)", () => {
  it.each([
    [
      "aspect_ratio",
      { type: "string", enum: ["1:1", "16:9"] },
      { kind: "dropdown", options: ["1:1", "16:9"], fixed: false, default: "1:1" },
    ],
    ["num_images", { type: "integer", enum: [1, 2, 4] }, { kind: "dropdown", options: [1, 2, 4], default: 1 }],
    ["style", { type: "string", examples: ["photo", "anime"] }, { kind: "dropdown", options: ["photo", "anime"], default: "photo" }],
    ["resolution", { type: "string", enum: ["1080p"] }, { kind: "dropdown", options: ["1080p"], fixed: true }],
    ["voice", { type: "string", examples: ["Rachel"] }, { kind: "dropdown", fixed: true, default: "Rachel" }],
    ["enable_safety_checker", { type: "boolean" }, { kind: "toggle", default: false }],
    ["expand_prompt", { type: "boolean", default: true }, { kind: "toggle", default: true }],
    ["strength", { type: "number", minimum: 0, maximum: 1 }, { kind: "slider", min: 0, max: 1, step: 0.01, default: 0.5 }],
    ["num_inference_steps", { type: "integer", minimum: 1, maximum: 50 }, { kind: "slider", step: 1, integer: true, default: 6 }],
    [
      "guidance_scale",
      { type: "number", minimum: 0, maximum: 20, multipleOf: 0.5, default: 3.5 },
      { kind: "slider", step: 0.5, default: 3.5 },
    ],
    ["seed", { type: "integer" }, { kind: "number", integer: true }],
    ["duration", { type: "number", minimum: 2 }, { kind: "number", min: 2, default: 2 }],
    ["negative_prompt", { type: "string" }, { kind: "text", default: "" }],
    ["negative_prompt", { type: "string", description: "Do not paste a URL here" }, { kind: "text" }],
    ["video_url", { type: "string", examples: ["https://example.com/v.mp4"] }, { kind: "media", accepts: ["video"], multiple: false }],
    ["mask", { type: "string", description: "URL of the mask" }, { kind: "media", accepts: ["image"] }],
    ["character", { type: "string" }, { kind: "media", accepts: ["image", "video"] }],
    ["reference", { type: "string" }, { kind: "media", accepts: ["video"] }],
    ["reference_image_urls", { type: "array", items: { type: "string" } }, { kind: "media", accepts: ["image"], multiple: true }],
    [
      "frames",
      { type: "array", items: { type: "string", format: "uri", contentMediaType: "video/*" } },
      { kind: "media", accepts: ["video"], multiple: true },
    ],
  ] as [string, JsonSchemaProperty, Partial<ModelParameterField>][])("%s %o → %o", (name, p, expected) => {
    expect(fieldFor(name, p)).toMatchObject(expected);
  });

  it.each([
    ["promptImage", { type: "string", format: "uri", contentMediaType: "image/*" }, ["image"]],
    ["image_prompt", { type: "string", format: "uri" }, ["image"]],
    ["promptVideo", { type: "string", contentMediaType: "video/*" }, ["video"]],
  ] as [string, JsonSchemaProperty, string[]][])("a schema-marked URL wins over the prompt name rule: %s is media", (name, p, accepts) => {
    expect(fieldFor(name, p)).toMatchObject({ kind: "media", accepts, multiple: false });
  });

  it("shows the catalogue's Runway promptImage and Replicate image_prompt as image pickers", () => {
    const runway = findModel("runway/gen4-turbo");
    const replicate = findModel("replicate/black-forest-labs/flux-1.1-pro");
    expect(runway && modelParameterFields(runway.inputSchema).find((f) => f.name === "promptImage")).toMatchObject({
      kind: "media",
      accepts: ["image"],
    });
    expect(replicate && modelParameterFields(replicate.inputSchema).find((f) => f.name === "image_prompt")).toMatchObject({
      kind: "media",
      accepts: ["image"],
    });
  });

  it("keeps prompt-named strings without a URL format as text, whatever the description says", () => {
    expect(fieldFor("image_prompt", { type: "string", description: "URL of an image" })).toMatchObject({ kind: "text" });
  });

  it("gives media slots no empty default", () => {
    expect(fieldFor("video_url", { type: "string" })?.default).toBeUndefined();
    expect(fieldFor("video_url", { type: "string", default: "https://x/v.mp4" })?.default).toBe("https://x/v.mp4");
  });

  it("labels with the title, else the humanized name", () => {
    expect(fieldFor("num_images", { type: "integer", title: "Images" })?.label).toBe("Images");
    expect(fieldFor("num_images", { type: "integer" })?.label).toBe("Num images");
  });
});

describe("the catalogue's seeds", () => {
  it("are number boxes that can be left empty, not 2-billion-step sliders", () => {
    const field = modelParameterFields(findModel("local/sketch")!.inputSchema).find((f) => f.name === "seed");
    expect(field?.kind).toBe("number");
    expect(field?.description).toMatch(/leave empty for random/);
    expect(field?.default).toBeUndefined(); // not "0"
  });
});

describe("anyOf resolution", () => {
  it("picks the enum branch of fal's image_size (object | preset enum)", () => {
    const field = fieldFor("image_size", {
      anyOf: [
        { type: "object", properties: { width: { type: "integer" } } },
        { type: "string", enum: ["square_hd", "landscape_4_3"] },
      ],
      default: "landscape_4_3",
    });
    expect(field).toMatchObject({ kind: "dropdown", options: ["square_hd", "landscape_4_3"], default: "landscape_4_3" });
  });

  it("drops the null branch of an optional number and keeps the outer title and default", () => {
    const field = fieldFor("guidance", {
      anyOf: [{ type: "number", minimum: 1, maximum: 3 }, { type: "null" }],
      title: "Guidance",
      default: null,
    });
    expect(field).toMatchObject({ kind: "slider", min: 1, max: 3, label: "Guidance", default: 1.6 });
  });

  it("reads a type list such as ['integer', 'null']", () => {
    expect(fieldFor("seed", { type: ["integer", "null"] })).toMatchObject({ kind: "number", integer: true });
  });
});

describe("descriptions (spec canvas 5: cut to 100 characters)", () => {
  it.each([
    ["a".repeat(99), "a".repeat(99)],
    ["a".repeat(100), "a".repeat(100)],
    ["a".repeat(101), `${"a".repeat(100)}...`],
    ["b".repeat(250), `${"b".repeat(100)}...`],
  ])("cuts %j", (text, expected) => {
    expect(cutDescription(text)).toBe(expected);
  });

  it("applies to field descriptions", () => {
    expect(fieldFor("seed", { type: "integer", description: "x".repeat(120) })?.description).toBe(`${"x".repeat(100)}...`);
  });
});

describe("immediate parameters (spec canvas 9)", () => {
  it("debounces other parameters by 300 ms", () => {
    expect(PARAMETER_DEBOUNCE_MS).toBe(300);
    expect(IMMEDIATE_PARAMETERS).toHaveLength(11);
  });

  it.each([
    "aspect_ratio",
    "num_images",
    "output_format",
    "sync_mode",
    "safety_tolerance",
    "guidance_scale",
    "seed",
    "enable_safety_checker",
    "num_inference_steps",
    "acceleration",
    "strength",
  ])("%s is immediate", (name) => {
    expect(isImmediateParameter(name)).toBe(true);
    expect(parameterDebounceMs(name)).toBe(0);
    expect(fieldFor(name, { type: "string" })?.immediate).toBe(true);
  });

  it.each(["negative_prompt", "duration", "style", "Seed", "aspectRatio"])("%s is debounced", (name) => {
    expect(isImmediateParameter(name)).toBe(false);
    expect(parameterDebounceMs(name)).toBe(300);
  });
});

describe("order and defaults", () => {
  const schema = {
    type: "object",
    properties: {
      prompt: { type: "string" },
      seed: { type: "integer" },
      num_images: { type: "integer", minimum: 1, maximum: 4 },
      output_format: { type: "string", enum: ["jpeg", "png"] },
      sync_mode: { type: "boolean" },
      negative_prompt: { type: "string" },
      mask_url: { type: "string" },
      settings: { type: "object" },
    },
    required: ["negative_prompt"],
    "x-fal-order-properties": ["prompt", "output_format", "num_images"],
  };

  it("orders by the vendor list, then required, then the rest", () => {
    expect(modelParameterFields(schema).map((f) => f.name)).toEqual([
      "output_format",
      "num_images",
      "negative_prompt",
      "seed",
      "sync_mode",
      "mask_url",
    ]);
  });

  it("builds the empty defaults of every shown field except unfilled media", () => {
    expect(defaultParameters(schema)).toEqual({ output_format: "jpeg", num_images: 2, negative_prompt: "", sync_mode: false });
  });

  it("accepts the model catalogue's inputSchema type", () => {
    const input: ModelInputSchema = { type: "object", properties: { steps: { type: "integer", minimum: 0, maximum: 10 } } };
    expect(defaultParameters(input)).toEqual({ steps: 3 });
  });
});

describe("autoFillMedia (spec canvas 5: media slots from connected context)", () => {
  const img = (n: number): ContextMedia => ({ type: "image", url: `https://x/i${n}.png` });
  const vid = (n: number): ContextMedia => ({ type: "video", url: `https://x/v${n}.mp4` });
  const aud = (n: number): ContextMedia => ({ type: "audio", url: `https://x/a${n}.mp3` });
  const slot = (name: string, accepts: ("image" | "video" | "audio")[], multiple = false) => ({ name, accepts, multiple });

  it.each([
    ["character takes an image", [slot("character", ["image", "video"])], [img(1)], { character: "https://x/i1.png" }],
    ["character takes a video", [slot("character", ["image", "video"])], [vid(1)], { character: "https://x/v1.mp4" }],
    ["reference takes a video", [slot("reference", ["video"])], [img(1), vid(1)], { reference: "https://x/v1.mp4" }],
    ["reference ignores images", [slot("reference", ["video"])], [img(1)], {}],
    [
      "reference chooses before character",
      [slot("character", ["image", "video"]), slot("reference", ["video"])],
      [vid(1), img(1)],
      { reference: "https://x/v1.mp4", character: "https://x/i1.png" },
    ],
    [
      "by kind",
      [slot("mask_url", ["image"]), slot("video_url", ["video"]), slot("audio_url", ["audio"])],
      [aud(1), vid(1), img(1)],
      { mask_url: "https://x/i1.png", video_url: "https://x/v1.mp4", audio_url: "https://x/a1.mp3" },
    ],
    [
      "one item per slot",
      [slot("start_image_url", ["image"]), slot("end_image_url", ["image"])],
      [img(1), img(2)],
      { start_image_url: "https://x/i1.png", end_image_url: "https://x/i2.png" },
    ],
    [
      "lists take the rest",
      [slot("refs", ["image"], true), slot("first", ["image"])],
      [img(1), img(2), img(3)],
      { first: "https://x/i1.png", refs: ["https://x/i2.png", "https://x/i3.png"] },
    ],
    [
      "text and URL-less items never fill",
      [slot("mask_url", ["image"])],
      [{ type: "text" as const, url: "https://x/t" }, { type: "image" as const }],
      {},
    ],
  ])("%s", (_, fields, context, expected) => {
    expect(autoFillMedia(fields, context)).toEqual(expected);
  });

  it("leaves slots that already hold a value", () => {
    expect(autoFillMedia([slot("video_url", ["video"])], [vid(1)], { video_url: "https://mine" })).toEqual({});
  });

  it("sets contextValue on the form's media fields", () => {
    const fields = modelParameterFields(schemaOf({ video_url: { type: "string" }, seed: { type: "integer" } }), {
      contextMedia: [img(1), vid(2)],
    });
    expect(fields[0]).toMatchObject({ kind: "media", contextValue: "https://x/v2.mp4" });
  });
});

describe("fields made once per schema", () => {
  it("answers a schema's plain fields from the first time it was asked, frozen", () => {
    const schema = schemaOf({ video_url: { type: "string" }, seed: { type: "integer" } });
    const first = modelParameterFields(schema);
    expect(modelParameterFields(schema)).toBe(first);
    expect(Object.isFrozen(first) && first.every((f) => Object.isFrozen(f))).toBe(true);
  });

  it("makes fields with context media afresh, and leaves the plain ones without a context value", () => {
    const schema = schemaOf({ video_url: { type: "string" } });
    const plain = modelParameterFields(schema);
    const withContext = modelParameterFields(schema, { contextMedia: [{ type: "video", url: "https://x/v2.mp4" }] });
    expect(withContext).not.toBe(plain);
    expect(withContext[0]).toMatchObject({ contextValue: "https://x/v2.mp4" });
    expect(modelParameterFields(schema)[0]).not.toHaveProperty("contextValue");
  });
});
