import { describe, expect, it } from "vitest";
import {
  resolveProperty,
  toolInputSchema,
  toolSchemaDocumentSchema,
  VENDOR_ORDER_KEY,
  type JsonSchemaProperty,
  type ResolvedProperty,
} from "../generation/jsonSchema";
import { defaultToolParameters, forcedToolKind, toolParameterFields, type ToolParameterField } from "../generation/toolParamForm";
import { toolSummarySchema } from "./api";
import {
  checkToolParameters,
  findTool,
  groupTools,
  missingStandIn,
  nodeMediaOf,
  TOOL_CATEGORIES,
  toolIdOfRun,
  toolListHint,
  ToolParameterError,
  toolRunModelId,
  TOOLS,
  toolsForNode,
  type NodeMedia,
  type ToolDefinition,
} from "./catalogue";
import {
  BACKGROUND_REPLACE,
  CHARACTER_CONTROL,
  FACE_SWAP,
  ids,
  LIP_SYNC,
  LORA_TRAINER,
  tool,
  UPSCALER,
  WATERMARK,
} from "./catalogueTesting";

/** The `...Input` entry of components.schemas (the spec's tool schema shape). */
const inputEntries = (t: ToolDefinition) => Object.entries(t.schema.components?.schemas ?? {}).filter(([name]) => /Input$/.test(name));
const propertiesOf = (t: ToolDefinition): Record<string, JsonSchemaProperty> => ({ ...(toolInputSchema(t.schema).properties ?? {}) });
const resolved = (t: ToolDefinition, name: string): ResolvedProperty => resolveProperty(propertiesOf(t)[name]!);
const isMediaSlot = (t: ToolDefinition, name: string) => Boolean(resolved(t, name).contentMediaType);
const mediaSlots = (t: ToolDefinition) => Object.keys(propertiesOf(t)).filter((name) => isMediaSlot(t, name));

/** The form exactly as the Tools tab builds it. */
const formOf = (t: ToolDefinition): ToolParameterField[] => toolParameterFields(t.schema, { toolId: t.id, groups: t.groups });
const fieldNames = (t: ToolDefinition) => formOf(t).map((f) => f.name);
const groupsOfFields = (t: ToolDefinition) => Object.fromEntries(formOf(t).map((f) => [f.name, f.group]));

/** The error checkToolParameters throws (the test fails when it throws nothing or something else). */
function refusal(t: ToolDefinition, given: Record<string, unknown>): ToolParameterError {
  try {
    checkToolParameters(t, given);
  } catch (err) {
    expect(err).toBeInstanceOf(ToolParameterError);
    return err as ToolParameterError;
  }
  throw new Error(`checkToolParameters(${t.id}, ${JSON.stringify(given)}) accepted what it should refuse`);
}

/** A trainer's training set: a zip the server makes from the node's and the connected nodes' pictures. */
const TRAINING_SET = "application/zip";

/** Properties of a tool schema may carry the spec's keys, plus format/contentMediaType on media slots. */
const SPEC_PROPERTY_KEYS = ["type", "title", "description", "default", "enum", "examples", "minimum", "maximum", "multipleOf"];
const MEDIA_PROPERTY_KEYS = ["format", "contentMediaType"];

describe("the catalogue (spec canvas 3 Tool)", () => {
  it("has tools, each with a unique id that findTool returns", () => {
    expect(TOOLS.length).toBeGreaterThan(0);
    expect(new Set(ids(TOOLS)).size).toBe(TOOLS.length);
    for (const t of TOOLS) expect(findTool(t.id)).toBe(t);
    expect(findTool("fal-ai/no-such-tool")).toBeUndefined();
  });

  it("offers the local tools first, then the hosted ones", () => {
    const firstHosted = TOOLS.findIndex((t) => t.provider !== "local");
    expect(firstHosted).toBeGreaterThan(0);
    expect(TOOLS.slice(firstHosted).every((t) => t.provider !== "local")).toBe(true);
  });

  it.each(TOOLS.map((t) => [t.id, t] as const))("%s: a category among the spec's six, a name, a description and credits", (_, t) => {
    expect(["Trainer", "Video", "Image", "Text", "Audio", "Other"]).toContain(t.category);
    expect(t.name.trim()).not.toBe("");
    expect(t.description.trim()).not.toBe("");
    expect(t.credits).toBeGreaterThan(0);
    expect(Number.isInteger(t.credits)).toBe(true);
  });

  it.each(TOOLS.map((t) => [t.id, t] as const))("%s: local tools carry a Local label, hosted ones none", (_, t) => {
    if (t.provider === "local") expect(["Local AI", "Local"]).toContain(t.label);
    else expect(t.label).toBeUndefined();
  });

  it.each(TOOLS.map((t) => [t.id, t] as const))("%s: passes the /api/tools/available row contract", (_, t) => {
    const { schema: _schema, groups: _groups, connected: _connected, standIn: _standIn, ...row } = t;
    expect(toolSummarySchema.safeParse({ ...row, usable: true }).success).toBe(true);
  });
});

describe("tool schemas (spec canvas 3 Tool schema)", () => {
  it.each(TOOLS.map((t) => [t.id, t] as const))(
    "%s: components.schemas with one ...Input entry, its order list and required list",
    (_, t) => {
      expect(toolSchemaDocumentSchema.safeParse(t.schema).success).toBe(true);
      // No top-level properties: the input schema is the components entry.
      expect(t.schema.properties).toBeUndefined();
      const inputs = inputEntries(t);
      expect(inputs).toHaveLength(1);
      const [, input] = inputs[0]!;
      expect(toolInputSchema(t.schema)).toBe(input);
      expect(input.type).toBe("object");
      const names = Object.keys(input.properties ?? {});
      const order = input[VENDOR_ORDER_KEY];
      expect(order).toBeDefined();
      expect(new Set(order).size).toBe(order!.length);
      expect([...order!].sort()).toEqual([...names].sort());
      expect(Array.isArray(input.required)).toBe(true);
      for (const name of input.required ?? []) expect(names).toContain(name);
    },
  );

  it.each(TOOLS.map((t) => [t.id, t] as const))(
    "%s: properties carry only the spec's keys (format/contentMediaType on media slots)",
    (_, t) => {
      for (const [name, p] of Object.entries(propertiesOf(t))) {
        const allowed = isMediaSlot(t, name) ? [...SPEC_PROPERTY_KEYS, ...MEDIA_PROPERTY_KEYS] : SPEC_PROPERTY_KEYS;
        for (const key of Object.keys(p)) expect(allowed, `${t.id} ${name}.${key}`).toContain(key);
        expect(typeof p.title, `${t.id} ${name} title`).toBe("string");
      }
    },
  );

  it.each(TOOLS.map((t) => [t.id, t] as const))("%s: every default passes checkToolParameters(tool, {})", (_, t) => {
    const params = checkToolParameters(t, {});
    const expected = Object.fromEntries(
      Object.entries(propertiesOf(t))
        .filter(([name]) => !isMediaSlot(t, name))
        .map(([name, p]) => [name, p.default]),
    );
    // Every non-media parameter has a default, and the run starts with exactly those.
    for (const [name, value] of Object.entries(expected)) expect(value, `${t.id} ${name} default`).not.toBeUndefined();
    expect(params).toEqual(expected);
  });

  it.each(TOOLS.map((t) => [t.id, t] as const))("%s: numeric defaults sit on their slider's step", (_, t) => {
    for (const [name, p] of Object.entries(propertiesOf(t))) {
      if (typeof p.default !== "number" || p.multipleOf === undefined) continue;
      const steps = (p.default - (p.minimum ?? 0)) / p.multipleOf;
      expect(Math.abs(steps - Math.round(steps)), `${t.id} ${name}`).toBeLessThan(1e-9);
    }
  });

  it.each(TOOLS.map((t) => [t.id, t] as const))("%s: media slots are uri strings of image, video or audio", (_, t) => {
    for (const name of mediaSlots(t)) {
      const p = resolved(t, name);
      expect(p.type).toBe("string");
      expect(p.format).toBe("uri");
      if (t.training && p.contentMediaType === TRAINING_SET) continue;
      // One kind, or a list of kinds (Voice Dubbing takes the node's video or audio).
      for (const type of p.contentMediaType!.split(",")) expect(["image/*", "video/*", "audio/*"]).toContain(type);
    }
  });

  it.each(TOOLS.filter((t) => t.provider !== "local").map((t) => [t.id, t] as const))(
    "%s: every required media slot can be filled from the node and its required connected inputs",
    (_, t) => {
      // The server fills media slots in schema order: the node's own media first, then connected media.
      const pool: NodeMedia[] = [...t.accepts.slice(0, 1), ...(t.connected ?? []).filter((c) => c.required).map((c) => c.type)];
      const required = new Set(toolInputSchema(t.schema).required ?? []);
      for (const name of mediaSlots(t)) {
        if (resolved(t, name).contentMediaType === TRAINING_SET) continue; // made from all the pictures
        const kind = resolved(t, name).contentMediaType!.split("/")[0] as NodeMedia;
        const at = pool.indexOf(kind);
        if (required.has(name)) expect(at, `${t.id} ${name} (${kind})`).toBeGreaterThanOrEqual(0);
        if (at >= 0) pool.splice(at, 1);
      }
    },
  );

  it("names hosted connected inputs after the media slot they fill", () => {
    for (const t of TOOLS.filter((x) => x.provider !== "local")) {
      for (const input of t.connected ?? []) {
        expect(mediaSlots(t), `${t.id} ${input.name}`).toContain(input.name);
        expect(resolved(t, input.name).contentMediaType).toBe(t.training ? TRAINING_SET : `${input.type}/*`);
      }
    }
  });
});

describe("tool forms (spec canvas 5 Tool parameter form)", () => {
  it.each(TOOLS.map((t) => [t.id, t] as const))("%s: the form builds, with known kinds and groups", (_, t) => {
    const fields = formOf(t);
    expect(new Set(fields.map((f) => f.name)).size).toBe(fields.length);
    for (const f of fields) {
      expect(["slider", "number", "select", "textarea", "text", "switch", "file"]).toContain(f.kind);
      expect(["basic", "advanced"]).toContain(f.group);
    }
  });

  it.each(TOOLS.map((t) => [t.id, t] as const))("%s: the form's starting parameters pass checkToolParameters", (_, t) => {
    const defaults = defaultToolParameters(t.schema, { toolId: t.id, groups: t.groups });
    expect(checkToolParameters(t, defaults)).toEqual(checkToolParameters(t, {}));
  });

  it.each(TOOLS.filter((t) => t.groups).map((t) => [t.id, t] as const))(
    "%s: its group table names every parameter and nothing else",
    (_, t) => {
      expect(Object.keys(t.groups!).sort()).toEqual(Object.keys(propertiesOf(t)).sort());
    },
  );

  it.each(TOOLS.filter((t) => t.groups).map((t) => [t.id, t] as const))("%s: the form follows its group table", (_, t) => {
    const expected = Object.fromEntries(Object.entries(t.groups!).filter(([, g]) => g !== "omit"));
    expect(groupsOfFields(t)).toEqual(expected);
  });

  it.each(TOOLS.filter((t) => t.groups).map((t) => [t.id, t] as const))("%s: media slots its table omits never show as fields", (_, t) => {
    const omitted = mediaSlots(t).filter((name) => t.groups![name] === "omit");
    const shown = fieldNames(t);
    for (const name of omitted) expect(shown).not.toContain(name);
  });

  it.each(TOOLS.map((t) => [t.id, t] as const))("%s: a media slot shown in the form is a file input of its kind", (_, t) => {
    for (const f of formOf(t)) {
      if (!propertiesOf(t)[f.name] || !isMediaSlot(t, f.name)) continue;
      expect(f.kind).toBe("file");
      const kind = resolved(t, f.name).contentMediaType!.split("/")[0];
      expect((f as Extract<ToolParameterField, { kind: "file" }>).accepts).toContain(kind);
    }
  });

  it("upscaler: upscale_factor, prompt and creativity basic, the rest advanced, image_url hidden", () => {
    const t = tool(UPSCALER);
    expect(groupsOfFields(t)).toEqual({
      prompt: "basic",
      upscale_factor: "basic",
      creativity: "basic",
      resemblance: "advanced",
      guidance_scale: "advanced",
      num_inference_steps: "advanced",
      seed: "advanced",
    });
    expect(fieldNames(t)).not.toContain("image_url");
    // Without its table, creativity would be advanced (an unknown tool's rule).
    expect(toolParameterFields(t.schema).find((f) => f.name === "creativity")?.group).toBe("advanced");
    expect(formOf(t).find((f) => f.name === "upscale_factor")).toMatchObject({ kind: "slider", min: 1, max: 4, step: 1, default: 2 });
    expect(formOf(t).find((f) => f.name === "prompt")).toMatchObject({ kind: "textarea", debounceMs: 500 });
  });

  it("face swap: base_image_url hidden, swap_image_url a basic image input", () => {
    const t = tool(FACE_SWAP);
    expect(fieldNames(t)).toEqual(["swap_image_url"]);
    expect(formOf(t)[0]).toMatchObject({
      name: "swap_image_url",
      kind: "file",
      accepts: ["image"],
      group: "basic",
      required: true,
      forced: false,
    });
    // Without the table the base image would show.
    expect(toolParameterFields(t.schema).map((f) => f.name)).toContain("base_image_url");
  });

  it("background replace: prompt and num_images basic, negative prompt and seed advanced, image_url hidden", () => {
    const t = tool(BACKGROUND_REPLACE);
    expect(groupsOfFields(t)).toEqual({ prompt: "basic", num_images: "basic", negative_prompt: "advanced", seed: "advanced" });
    // spec canvas 9: background variations 1-8.
    expect(formOf(t).find((f) => f.name === "num_images")).toMatchObject({ kind: "slider", min: 1, max: 8, integer: true, default: 1 });
  });

  it("lip sync: the tool is a forced lipSync tool with video_url and audio_url as forced basic fields", () => {
    const t = tool(LIP_SYNC);
    expect(t.id).toContain("sync-lipsync");
    expect(forcedToolKind(t.id)).toBe("lipSync");
    const fields = formOf(t);
    expect(fields.slice(0, 2).map((f) => [f.name, f.kind, f.forced, f.group])).toEqual([
      ["video_url", "file", true, "basic"],
      ["audio_url", "file", true, "basic"],
    ]);
    expect(fields.find((f) => f.name === "video_url")).toMatchObject({ accepts: ["video"] });
    expect(fields.find((f) => f.name === "audio_url")).toMatchObject({ accepts: ["audio"] });
    expect(fields.find((f) => f.name === "sync_mode")).toMatchObject({ kind: "select", forced: false, default: "cut_off" });
    // Context fills the forced slots.
    const context = [
      { type: "audio" as const, url: "https://x/a.wav" },
      { type: "video" as const, url: "https://x/v.mp4" },
    ];
    const filled = toolParameterFields(t.schema, { toolId: t.id, context });
    expect(filled.find((f) => f.name === "video_url")).toMatchObject({ contextValue: "https://x/v.mp4" });
    expect(filled.find((f) => f.name === "audio_url")).toMatchObject({ contextValue: "https://x/a.wav" });
  });

  it("character control: its six forced fields first, with the spec's defaults", () => {
    const t = tool(CHARACTER_CONTROL);
    expect(forcedToolKind(t.id)).toBe("characterControl");
    const fields = formOf(t);
    expect(fields.map((f) => [f.name, f.forced, f.group])).toEqual([
      ["character", true, "basic"],
      ["reference", true, "basic"],
      ["model", true, "basic"],
      ["ratio", true, "basic"],
      ["bodyControl", true, "basic"],
      ["expressionIntensity", true, "basic"],
    ]);
    expect(defaultToolParameters(t.schema, { toolId: t.id })).toMatchObject({
      model: "act_two",
      ratio: "1280:720",
      expressionIntensity: 3,
    });
  });

  it("no other tool is a forced-context tool", () => {
    const forced = TOOLS.filter((t) => forcedToolKind(t.id) !== undefined).map((t) => t.id);
    expect(forced.sort()).toEqual([LIP_SYNC, CHARACTER_CONTROL].sort());
    for (const t of TOOLS)
      if (!forced.includes(t.id))
        expect(
          formOf(t).every((f) => !f.forced),
          t.id,
        ).toBe(true);
  });

  it("watermark: text, position, opacity and size basic, margin advanced, in the schema's order", () => {
    const t = tool(WATERMARK);
    expect(formOf(t).map((f) => [f.name, f.group, f.kind])).toEqual([
      ["text", "basic", "text"],
      ["position", "basic", "select"],
      ["opacity", "basic", "slider"],
      ["scale", "basic", "slider"],
      ["margin", "advanced", "slider"],
    ]);
    expect(toolInputSchema(t.schema)[VENDOR_ORDER_KEY]).toEqual(["text", "position", "opacity", "scale", "margin"]);
    expect(resolved(t, "position").enum).toEqual(["top-left", "top-right", "bottom-left", "bottom-right", "centre"]);
    expect(checkToolParameters(t, {})).toEqual({ text: "", position: "bottom-right", opacity: 0.6, scale: 0.15, margin: 24 });
    // Without the table, the unknown-tool rule would put opacity in Advanced Settings.
    expect(toolParameterFields(t.schema, { toolId: "x" }).find((f) => f.name === "opacity")?.group).toBe("advanced");
  });
});

describe("watermark: one tool for pictures and videos", () => {
  const t = () => tool(WATERMARK);

  it("is listed for image and video nodes, under Other, with a connected image as an optional logo", () => {
    expect(t()).toMatchObject({
      category: "Other",
      label: "Local",
      accepts: ["image", "video"],
      output: { kind: "replace" },
      connected: [{ name: "logo", type: "image", required: false }],
    });
    expect(ids(toolsForNode(TOOLS, "image", true))).toContain(WATERMARK);
    expect(ids(toolsForNode(TOOLS, "video", true))).toContain(WATERMARK);
    for (const media of ["audio", "model3d", "text"] as const) expect(ids(toolsForNode(TOOLS, media, true))).not.toContain(WATERMARK);
    expect(groupTools(toolsForNode(TOOLS, "video", true)).map((g) => g.category)).toEqual(["Video", "Audio", "Other"]);
  });

  it("needs its text or a connected image: missingStandIn names the text field", () => {
    const params = checkToolParameters(t(), {});
    const message = "text: type the watermark or connect an image node to use as the logo";
    expect(missingStandIn(t(), params, [])).toBe(message);
    expect(missingStandIn(t(), { ...params, text: "   " }, [])).toBe(message);
    // a connected text or video node is no logo, nor is an image node without media
    expect(missingStandIn(t(), params, [{ type: "text", text: "hello" }, { type: "video", url: "/api/media/v" }, { type: "image" }])).toBe(
      message,
    );
    expect(missingStandIn(t(), params, [{ type: "image", url: "/api/media/logo" }])).toBeNull();
    expect(missingStandIn(t(), { ...params, text: "© Studio" }, [])).toBeNull();
  });

  it("tools without a stand-in never miss one", () => {
    for (const other of TOOLS.filter((x) => !x.standIn))
      expect(missingStandIn(other, checkToolParameters(other, {}), []), other.id).toBeNull();
    expect(TOOLS.filter((x) => x.standIn).map((x) => x.id)).toEqual([WATERMARK]);
  });

  it("a stand-in names a text parameter of the tool and one of its connected inputs", () => {
    for (const x of TOOLS.filter((y) => y.standIn)) {
      expect(resolved(x, x.standIn!.parameter).type).toBe("string");
      expect(x.connected?.map((c) => c.name)).toContain(x.standIn!.input);
      expect(x.standIn!.message.startsWith(`${x.standIn!.parameter}: `)).toBe(true);
    }
  });
});

describe("checkToolParameters", () => {
  it("fills defaults for what is not given and keeps what is", () => {
    expect(checkToolParameters(tool("local/adjust-colour"), { hue: 30 })).toEqual({ brightness: 1, saturation: 1, contrast: 1, hue: 30 });
    expect(checkToolParameters(tool(UPSCALER), {})).toEqual({
      prompt: "masterpiece, best quality, highres",
      upscale_factor: 2,
      creativity: 0.35,
      resemblance: 0.6,
      guidance_scale: 4,
      num_inference_steps: 18,
      seed: 0,
    });
  });

  it("a null value takes the default", () => {
    expect(checkToolParameters(tool("local/loop-video"), { times: null })).toEqual({ times: 2 });
  });

  it("accepts enum values as numbers or numeric strings, returning the enum's own value", () => {
    const upscale = tool("local/upscale");
    expect(checkToolParameters(upscale, { scale: 4 })).toEqual({ scale: 4 });
    expect(checkToolParameters(upscale, { scale: "4" })).toEqual({ scale: 4 });
    expect(checkToolParameters(tool("local/extract-frame"), { which: "first" })).toEqual({ which: "first" });
    expect(checkToolParameters(tool(CHARACTER_CONTROL), { ratio: "720:1280" })).toMatchObject({ ratio: "720:1280" });
  });

  it("accepts numeric strings for numbers", () => {
    expect(checkToolParameters(tool(UPSCALER), { creativity: "0.5", seed: "42" })).toMatchObject({ creativity: 0.5, seed: 42 });
  });

  it("takes an empty text", () => {
    expect(checkToolParameters(tool("local/burn-subtitles"), { text: "" })).toEqual({ text: "" });
    expect(checkToolParameters(tool(BACKGROUND_REPLACE), { negative_prompt: "" })).toMatchObject({ negative_prompt: "" });
  });

  it.each([
    ["value outside the enum", "local/upscale", { scale: 3 }, "scale", /must be one of 2, 4/],
    ["string outside the enum", "local/crop-aspect", { aspect_ratio: "5:4" }, "aspect_ratio", /must be one of/],
    ["ratio outside the enum", CHARACTER_CONTROL, { ratio: "1920:1080" }, "ratio", /must be one of/],
    ["above the maximum", UPSCALER, { creativity: 1.5 }, "creativity", /between 0 and 1/],
    ["below the minimum", "local/adjust-colour", { hue: -181 }, "hue", /between -180 and 180/],
    ["integer above the maximum", BACKGROUND_REPLACE, { num_images: 9 }, "num_images", /between 1 and 8/],
    ["a word for a number", UPSCALER, { upscale_factor: "big" }, "upscale_factor", /must be a number/],
    ["a blank string for a number", UPSCALER, { creativity: "  " }, "creativity", /must be a number/],
    ["a boolean for a number", UPSCALER, { creativity: true }, "creativity", /must be a number/],
    ["infinity", "local/trim-video", { end: Infinity }, "end", /must be a number/],
    ["a fraction for an integer", UPSCALER, { seed: 1.5 }, "seed", /whole number/],
    ["a fractional string for an integer", "local/loop-video", { times: "2.5" }, "times", /whole number/],
    ["a string for a boolean", CHARACTER_CONTROL, { bodyControl: "true" }, "bodyControl", /true or false/],
    ["a number for text", UPSCALER, { prompt: 5 }, "prompt", /must be text/],
    ["an object for text", "local/burn-subtitles", { text: { a: 1 } }, "text", /must be text/],
    ["text over 5000 characters", UPSCALER, { prompt: "x".repeat(5001) }, "prompt", /at most 5000/],
    ["an unknown name", UPSCALER, { strength: 0.5 }, "strength", /not a parameter/],
    ["an unknown name on a tool without parameters", "local/reverse-video", { speed: 2 }, "speed", /not a parameter/],
    ["the upscaler's image_url", UPSCALER, { image_url: "https://evil/x.png" }, "image_url", /comes from the node/],
    ["face swap's base image", FACE_SWAP, { base_image_url: "https://evil/x.png" }, "base_image_url", /comes from the node/],
    ["face swap's face", FACE_SWAP, { swap_image_url: "/api/media/other" }, "swap_image_url", /comes from the node/],
    ["lip sync's audio", LIP_SYNC, { audio_url: "https://evil/a.wav" }, "audio_url", /comes from the node/],
    ["character control's character", CHARACTER_CONTROL, { character: "https://evil/c.png" }, "character", /comes from the node/],
  ] as [string, string, Record<string, unknown>, string, RegExp][])("refuses %s, naming the field", (_, id, given, field, message) => {
    const err = refusal(tool(id), given);
    expect(err.field).toBe(field);
    expect(err.message.startsWith(field)).toBe(true);
    expect(err.message).toMatch(message);
    expect(err.name).toBe("ToolParameterError");
  });

  it("refuses a media slot even when sent empty", () => {
    expect(refusal(tool(UPSCALER), { image_url: "" }).field).toBe("image_url");
    expect(refusal(tool(UPSCALER), { image_url: null }).field).toBe("image_url");
  });

  it("refuses names that only exist on Object.prototype", () => {
    for (const name of ["constructor", "toString", "hasOwnProperty", "__proto__"]) {
      const given = JSON.parse(`{${JSON.stringify(name)}: 1}`) as Record<string, unknown>;
      const err = refusal(tool(UPSCALER), given);
      expect(err.field).toBe(name);
      expect(err.message.startsWith(name)).toBe(true);
    }
  });

  it("refuses an empty value where text is not the type", () => {
    expect(refusal(tool("local/crop-aspect"), { aspect_ratio: "" }).field).toBe("aspect_ratio");
    expect(refusal(tool(UPSCALER), { creativity: "" }).field).toBe("creativity");
    expect(refusal(tool(CHARACTER_CONTROL), { bodyControl: "" }).field).toBe("bodyControl");
  });

  it("never returns a media slot, even one with a value in the schema", () => {
    for (const t of TOOLS) {
      const params = checkToolParameters(t, {});
      for (const name of mediaSlots(t)) expect(params, `${t.id} ${name}`).not.toHaveProperty(name);
    }
  });

  it("refuses a required text left empty, naming it", () => {
    const t = findTool("fal-ai/bria/background/replace")!;
    expect(() => checkToolParameters(t, { prompt: "" })).toThrow(new ToolParameterError("prompt", "prompt is required"));
    expect(checkToolParameters(t, { negative_prompt: "" })).toMatchObject({ negative_prompt: "" });
  });

  it("refuses a missing required parameter that has no default", () => {
    const t = {
      schema: {
        components: {
          schemas: {
            ProbeInput: {
              type: "object",
              properties: { level: { type: "integer", minimum: 1, maximum: 3 } },
              required: ["level"],
              "x-fal-order-properties": ["level"],
            },
          },
        },
      },
    };
    const err = (() => {
      try {
        checkToolParameters(t, {});
      } catch (e) {
        return e;
      }
      return null;
    })();
    expect(err).toBeInstanceOf(ToolParameterError);
    expect((err as ToolParameterError).message).toBe("level is required");
    expect(checkToolParameters(t, { level: 2 })).toEqual({ level: 2 });
  });
});

describe("tool runs in the generation queue", () => {
  it.each(TOOLS.map((t) => [t.id] as const))("toolIdOfRun(toolRunModelId(%s)) gives the id back", (id) => {
    expect(toolRunModelId(id)).toBe(`tool:${id}`);
    expect(toolIdOfRun(toolRunModelId(id))).toBe(id);
  });

  it("a model id is not a tool run", () => {
    expect(toolIdOfRun("fal-ai/flux/dev")).toBeNull();
    expect(toolIdOfRun("local/sd-turbo")).toBeNull();
    expect(toolIdOfRun("")).toBeNull();
    expect(toolIdOfRun("tools:x")).toBeNull();
  });
});
