import { describe, expect, it } from "vitest";
import type { JsonSchemaProperty, ResolvedProperty, ToolSchemaDocument } from "./jsonSchema";
import {
  FORCED_TOOL_PARAMETERS,
  TOOL_TEXT_DEBOUNCE_MS,
  cutToolDescription,
  defaultToolParameters,
  forcedToolKind,
  toolParameterDefault,
  toolParameterFields,
  unknownToolGroup,
  type ToolParameterField,
} from "./toolParamForm";

/** A fal-style tool schema document: the input schema sits in components.schemas. */
const toolDoc = (properties: Record<string, JsonSchemaProperty>, extra: Partial<JsonSchemaProperty> = {}): ToolSchemaDocument => ({
  components: {
    schemas: {
      ToolOutput: { type: "object", properties: { image: { type: "object" } } },
      ToolInput: { type: "object", properties, ...extra },
    },
  },
});
const fieldFor = (name: string, p: JsonSchemaProperty, required = false): ToolParameterField | undefined =>
  toolParameterFields(toolDoc({ [name]: p }, required ? { required: [name] } : {}))[0];

describe("toolParameterDefault (spec canvas 5 default precedence)", () => {
  it.each([
    [{ type: "number", minimum: 0, maximum: 1, default: 0.9 }, 0.9, "schema default first"],
    [{ type: "string", enum: ["a", "b"], default: "b" }, "b", "schema default over enum"],
    [{ type: "boolean" }, false, "boolean → false"],
    [{ type: "string", enum: ["jpeg", "png"] }, "jpeg", "first enum"],
    [{ type: "string", examples: ["4x", "2x"] }, "4x", "first example"],
    [{ type: "string", enum: ["e"], examples: ["x"] }, "e", "enum before examples"],
    [{ type: "string" }, "", "empty string"],
    [{ type: "string", default: null }, "", "a null default counts as none"],
    [{ type: "number", minimum: 0, maximum: 1 }, 0.5, "0..1 → 0.5"],
    [{ type: "number", minimum: 0, maximum: 10 }, 3, "0..10 → 3"],
    [{ type: "number", minimum: 0, maximum: 100 }, 10, "0..100 → 10"],
    [{ type: "number" }, 0, "number without bounds → 0"],
    [{ type: "number", minimum: 0.5 }, 0.5, "number with min only → min"],
    [{ type: "integer", minimum: 1, maximum: 10 }, 4, "1 + 30% of 9 = 3.7 → 4"],
    [{ type: "integer", minimum: 0, maximum: 100 }, 5, "0 + min(20, 5)"],
    [{ type: "integer", minimum: 1, maximum: 8 }, 3, "1 + 2.1 = 3.1 → 3"],
    [{ type: "integer" }, 1, "integer without bounds → 1"],
    [{ type: "integer", minimum: 5 }, 5, "integer with min only → min"],
  ] as [ResolvedProperty, unknown, string][])("%o → %j (%s)", (p, expected) => {
    expect(toolParameterDefault(p)).toBe(expected);
  });
});

describe("field kinds (spec canvas 5)", () => {
  it.each([
    ["creativity", { type: "number", minimum: 0, maximum: 1 }, { kind: "slider", step: 0.01, debounceMs: 0 }],
    ["upscale_factor", { type: "integer", minimum: 1, maximum: 4 }, { kind: "slider", step: 1, integer: true }],
    ["resemblance", { type: "number", minimum: 0, maximum: 1, multipleOf: 0.05 }, { kind: "slider", step: 0.05 }],
    ["fps", { type: "integer", minimum: 5 }, { kind: "number", min: 5, integer: true, default: 5 }],
    ["num_frames", { type: "integer", enum: [81, 121] }, { kind: "number" }],
    ["output_format", { type: "string", enum: ["jpeg", "png"] }, { kind: "select", options: ["jpeg", "png"], debounceMs: 0 }],
    ["resolution", { type: "string", examples: ["480p", "720p"] }, { kind: "select", options: ["480p", "720p"] }],
    ["prompt", { type: "string", examples: ["a cat"] }, { kind: "textarea", debounceMs: TOOL_TEXT_DEBOUNCE_MS }],
    ["scene_description", { type: "string" }, { kind: "textarea" }],
    ["object", { type: "string", title: "Object to Remove" }, { kind: "textarea" }],
    ["label", { type: "string" }, { kind: "text", debounceMs: 500 }],
    ["enable_safety_checker", { type: "boolean" }, { kind: "switch", default: false }],
    ["video_url", { type: "string", examples: ["https://x/sample.mp4"] }, { kind: "file", accepts: ["video"] }],
    ["audio_url", { type: "string" }, { kind: "file", accepts: ["audio"] }],
    ["mask_url", { type: "string" }, { kind: "file", accepts: ["image"] }],
    ["character", { type: "string" }, { kind: "file", accepts: ["image", "video"] }],
    ["reference", { type: "string" }, { kind: "file", accepts: ["video"] }],
    ["preset", { type: "object", enum: ["a"] }, { kind: "select", fixed: true }],
  ] as [string, JsonSchemaProperty, Partial<ToolParameterField>][])("%s %o → %o", (name, p, expected) => {
    expect(fieldFor(name, p)).toMatchObject(expected);
  });

  it("starts file inputs empty rather than at a sample example", () => {
    expect(fieldFor("video_url", { type: "string", examples: ["https://x/sample.mp4"] })?.default).toBeUndefined();
  });

  it.each([
    ["image_url", { type: "string" }],
    ["image_urls", { type: "array", items: { type: "string" } }],
    ["image_size", { type: "object", properties: { width: { type: "integer" } } }],
    ["loras", { type: "array", items: { type: "object" } }],
  ] as [string, JsonSchemaProperty][])("never shows %s", (name, p) => {
    expect(fieldFor(name, p)).toBeUndefined();
  });
});

describe("grouping for unknown tools (spec canvas 5)", () => {
  it.each([
    ["prompt", "basic"],
    ["negative_prompt", "basic"],
    ["text_input", "basic"],
    ["description", "basic"],
    ["style", "basic"],
    ["strength", "basic"],
    ["guidance_scale", "basic"],
    ["num_inference_steps", "basic"],
    ["seed", "basic"],
    ["width", "basic"],
    ["height", "basic"],
    ["aspect_ratio", "basic"],
    ["aspectRatio", "basic"],
    ["quality", "basic"],
    ["output_format", "basic"],
    ["model_name", "basic"],
    ["mode", "basic"],
    ["output_type", "basic"],
    ["creativity", "advanced"],
    ["resemblance", "advanced"],
    ["fps", "advanced"],
    ["tile_overlap", "advanced"],
  ])("%s → %s", (name, group) => {
    expect(unknownToolGroup(name, { type: "number" }, false)).toBe(group);
  });

  it("puts booleans, enums and required fields in basic", () => {
    expect(unknownToolGroup("fast", { type: "boolean" }, false)).toBe("basic");
    expect(unknownToolGroup("engine", { type: "string", enum: ["a", "b"] }, false)).toBe("basic");
    expect(unknownToolGroup("creativity", { type: "number" }, true)).toBe("basic");
    expect(fieldFor("creativity", { type: "number" }, true)?.group).toBe("basic");
  });

  it("uses a per-tool table when given, including omissions", () => {
    const doc = toolDoc({ creativity: { type: "number" }, seed: { type: "integer" }, sync_mode: { type: "boolean" } });
    const fields = toolParameterFields(doc, { groups: { creativity: "basic", seed: "advanced", sync_mode: "omit" } });
    expect(fields.map((f) => [f.name, f.group])).toEqual([
      ["creativity", "basic"],
      ["seed", "advanced"],
    ]);
  });
});

describe("descriptions (spec canvas 5: over 100 characters cut at the first sentence or 77 + '...')", () => {
  const long = "Controls the upscale. ".concat("x".repeat(100));
  it.each([
    ["short text stays", "Short.", "Short."],
    ["exactly 100 stays", "y".repeat(100), "y".repeat(100)],
    ["cut at the first sentence", long, "Controls the upscale."],
    ["no sentence → 77 + ...", "z".repeat(120), `${"z".repeat(77)}...`],
    ["first sentence too long → 77 + ...", `${"w".repeat(110)}. Then more.`, `${"w".repeat(77)}...`],
    [
      "a decimal point is not a sentence end",
      `Scale 1.5 is typical for most ${"v".repeat(80)}`,
      `Scale 1.5 is typical for most ${"v".repeat(47)}...`,
    ],
  ])("%s", (_, text, expected) => {
    expect(cutToolDescription(text)).toBe(expected);
  });
});

describe("order (spec canvas 5: vendor order, then required, then the rest)", () => {
  it("follows x-fal-order-properties, then required, then schema order", () => {
    const doc = toolDoc(
      {
        tile: { type: "integer" },
        seed: { type: "integer" },
        prompt: { type: "string" },
        creativity: { type: "number" },
        scale: { type: "number" },
      },
      { required: ["creativity"], "x-fal-order-properties": ["prompt", "scale"] },
    );
    expect(toolParameterFields(doc).map((f) => f.name)).toEqual(["prompt", "scale", "creativity", "tile", "seed"]);
  });

  it("resolves $ref and anyOf against components.schemas", () => {
    const doc: ToolSchemaDocument = {
      components: {
        schemas: {
          Format: { type: "string", enum: ["jpeg", "png"] },
          UpscaleInput: { type: "object", properties: { output_format: { $ref: "#/components/schemas/Format", default: "png" } } },
        },
      },
    };
    expect(toolParameterFields(doc)[0]).toMatchObject({ kind: "select", options: ["jpeg", "png"], default: "png" });
  });
});

describe("forced-context tools (spec canvas 5)", () => {
  it.each([
    ["fal-ai/sync-lipsync", "lipSync"],
    ["lip-sync", "lipSync"],
    ["creatify/lipsync", "lipSync"],
    ["runway/act-two", "characterControl"],
    ["character_control", "characterControl"],
    ["clarity-upscaler", undefined],
  ])("%s → %s", (id, kind) => {
    expect(forcedToolKind(id)).toBe(kind);
  });

  it("lip sync forces video_url and audio_url, filled from context", () => {
    const context = [
      { type: "audio" as const, url: "https://x/a.mp3" },
      { type: "video" as const, url: "https://x/v.mp4" },
    ];
    const fields = toolParameterFields(toolDoc({ sync_mode: { type: "boolean" } }), { toolId: "fal-ai/sync-lipsync", context });
    expect(fields.map((f) => [f.name, f.kind, f.forced, f.group])).toEqual([
      ["video_url", "file", true, "basic"],
      ["audio_url", "file", true, "basic"],
      ["sync_mode", "switch", false, "basic"],
    ]);
    expect(fields[0]).toMatchObject({ contextValue: "https://x/v.mp4" });
    expect(fields[1]).toMatchObject({ contextValue: "https://x/a.mp3" });
  });

  it("character control forces its six parameters with the spec's defaults", () => {
    expect(Object.keys(FORCED_TOOL_PARAMETERS.characterControl)).toEqual([
      "character",
      "reference",
      "model",
      "ratio",
      "bodyControl",
      "expressionIntensity",
    ]);
    const doc = toolDoc({ ratio: { type: "string", enum: ["1280:720", "720:1280"], default: "720:1280" }, seed: { type: "integer" } });
    const context = [
      { type: "video" as const, url: "https://x/ref.mp4" },
      { type: "image" as const, url: "https://x/face.png" },
    ];
    const fields = toolParameterFields(doc, { forced: "characterControl", context });
    expect(fields.map((f) => f.name)).toEqual(["character", "reference", "model", "ratio", "bodyControl", "expressionIntensity", "seed"]);
    expect(fields.find((f) => f.name === "character")).toMatchObject({
      kind: "file",
      accepts: ["image", "video"],
      contextValue: "https://x/face.png",
    });
    expect(fields.find((f) => f.name === "reference")).toMatchObject({
      kind: "file",
      accepts: ["video"],
      contextValue: "https://x/ref.mp4",
    });
    expect(fields.find((f) => f.name === "ratio")).toMatchObject({ kind: "select", options: ["1280:720", "720:1280"] });
    expect(defaultToolParameters(doc, { forced: "characterControl" })).toEqual({
      model: "act_two",
      ratio: "1280:720",
      bodyControl: false,
      expressionIntensity: 3,
      seed: 1,
    });
  });

  it("does not fill unforced file inputs from context", () => {
    const fields = toolParameterFields(toolDoc({ video_url: { type: "string" } }), {
      context: [{ type: "video", url: "https://x/v.mp4" }],
    });
    expect(fields[0]).not.toHaveProperty("contextValue");
  });
});
