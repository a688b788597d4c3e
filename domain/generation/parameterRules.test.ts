import { describe, expect, it } from "vitest";
import type { ResolvedProperty } from "./jsonSchema";
import { humanizeName, mediaAccepts, numericDefault, parseNumberInput, sliderStep, suggestsMedia, toggleLabel } from "./parameterRules";

const num = (minimum?: number, maximum?: number): ResolvedProperty => ({ type: "number", minimum, maximum });
const int = (minimum?: number, maximum?: number): ResolvedProperty => ({ type: "integer", minimum, maximum });

describe("numericDefault (spec canvas 5 default precedence, numbers)", () => {
  it.each([
    // [min, max, expected, why]
    [0, 1, 0.5, "range ≤ 1 → min + 50%"],
    [0, 0.5, 0.25, "range ≤ 1 → min + 50%"],
    [2, 3, 2.5, "range exactly 1 → min + 50%"],
    [0, 10, 3, "range ≤ 10 → min + 30%"],
    [1, 10, 3.7, "1 + 30% of 9 (float noise cleaned, not snapped)"],
    [0, 2, 0.6, "range 2 → min + 30%"],
    [0, 100, 10, "min(20% of 100, 10) = 10"],
    [0, 20, 4, "min(20% of 20, 10) = 4"],
    [0, 1000, 10, "capped at min + 10"],
    [5, 55, 15, "5 + min(10, 10)"],
    [-1, 1, -0.4, "-1 + 30% of 2"],
  ])("number %d..%d → %d (%s)", (min, max, expected) => {
    expect(numericDefault(num(min, max))).toBe(expected);
  });

  it.each([
    [1, 10, 4, "1 + 30% of 9 = 3.7 → Math.round 4"],
    [0, 10, 3, "0 + 3 = 3"],
    [0, 5, 2, "0 + 1.5 → halves round up to 2"],
    [1, 4, 2, "1 + 0.9 = 1.9 → 2"],
    [0, 100, 5, "min(20, 5) = 5"],
    [0, 20, 4, "min(4, 5) = 4"],
    [0, 11, 2, "0 + min(2.2, 5) = 2.2 → 2"],
    [1, 50, 6, "1 + min(9.8, 5) = 6"],
    [-10, 0, -7, "-10 + 3 = -7"],
  ])("integer %d..%d → %d (%s)", (min, max, expected) => {
    expect(numericDefault(int(min, max))).toBe(expected);
  });

  it.each([
    [num(), 0, "number without bounds → 0"],
    [num(2), 2, "number with only min → min"],
    [num(undefined, 9), 0, "number with only max → 0"],
    [int(), 1, "integer without bounds → 1"],
    [int(0), 0, "integer with only min 0 → 0"],
    [int(7), 7, "integer with only min → min"],
    [int(undefined, 100), 1, "integer with only max → 1"],
  ])("%o → %d (%s)", (p, expected) => {
    expect(numericDefault(p)).toBe(expected);
  });
});

describe("sliderStep (spec canvas 5)", () => {
  it.each([
    [{ type: "number", minimum: 0, maximum: 1 }, 0.01],
    [{ type: "integer", minimum: 0, maximum: 10 }, 1],
    [{ type: "number", minimum: 0, maximum: 20, multipleOf: 0.5 }, 0.5],
    [{ type: "integer", minimum: 0, maximum: 100, multipleOf: 5 }, 5],
  ] as [ResolvedProperty, number][])("%o → step %d", (p, step) => {
    expect(sliderStep(p)).toBe(step);
  });
});

describe("parseNumberInput (number input commits on blur; invalid text ignored)", () => {
  it.each([
    ["42", 42],
    [" 3.5 ", 3.5],
    ["-7", -7],
    ["+2", 2],
    [".5", 0.5],
    ["5.", 5],
    ["1e3", 1000],
    ["0", 0],
  ])("%j → %d", (text, n) => {
    expect(parseNumberInput(text)).toBe(n);
  });

  it.each(["", "   ", "abc", "12abc", "1,5", "0x10", "Infinity", "NaN", "-", ".", "1e999"])("%j → null", (text) => {
    expect(parseNumberInput(text)).toBeNull();
  });
});

describe("media detection (spec canvas 5: name or description suggests a URL)", () => {
  const str = (description?: string, extra: Partial<ResolvedProperty> = {}): ResolvedProperty => ({
    type: "string",
    description,
    ...extra,
  });
  it.each([
    ["video_url", str(), true],
    ["audio_url", str(), true],
    ["mask_url", str(), true],
    ["start_image_url", str(), true],
    ["imageUrl", str(), true],
    ["mask", str("URL of the mask image"), true],
    ["input", str("Image URLs to edit"), true],
    ["source", str(undefined, { format: "uri" }), true],
    ["clip", str(undefined, { contentMediaType: "video/*" }), true],
    ["character", str(), true],
    ["reference", str(), true],
    ["negative_prompt", str("Avoid a URL in the image"), false],
    ["prompt_url", str(), false],
    ["text_url", str(), false],
    ["message_url", str(), false],
    ["style", str("The style to apply"), false],
    ["curl_level", str(), true],
    ["seed_note", str("Hurled at random"), false],
  ])("%s %o → %s", (name, p, expected) => {
    expect(suggestsMedia(name, p)).toBe(expected);
  });

  it.each([
    ["character", {}, ["image", "video"]],
    ["reference", {}, ["video"]],
    ["video_url", {}, ["video"]],
    ["audio_url", {}, ["audio"]],
    ["image_url", {}, ["image"]],
    ["mask_url", {}, ["image"]],
    ["source", { contentMediaType: "audio/*" }, ["audio"]],
    ["video_url", { contentMediaType: "image/png" }, ["image"]],
  ] as [string, ResolvedProperty, string[]][])("%s %o accepts %o", (name, p, accepts) => {
    expect(mediaAccepts(name, { type: "string", ...p })).toEqual(accepts);
  });
});

describe("labels", () => {
  it("toggles read Enabled / Disabled", () => {
    expect(toggleLabel(true)).toBe("Enabled");
    expect(toggleLabel(false)).toBe("Disabled");
  });

  it.each([
    ["num_inference_steps", "Num inference steps"],
    ["bodyControl", "Body control"],
    ["aspect-ratio", "Aspect ratio"],
  ])("humanizes %s → %s", (name, label) => {
    expect(humanizeName(name)).toBe(label);
  });
});
