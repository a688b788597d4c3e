import { describe, expect, it } from "vitest";
import { blankScenes, newItemId } from "./factories";
import { createShotListSchema, scenesSchema, shotListExportQuerySchema, updateShotListSchema } from "./schema";
import {
  SHOT_COUNT_DEFAULT,
  SHOT_COUNT_PRESETS,
  SHOT_SIZES,
  MOVEMENTS,
  CAMERA_HEIGHTS,
  DUTCH_ANGLES,
  FRAMINGS,
  FOCUS_DEPTHS,
} from "./constants";

const message = (r: { success: boolean; error?: { issues: { message: string }[] } }) => r.error?.issues[0]?.message;

describe("request bodies", () => {
  it("create: a name and 1..100 shots, with the spec's messages", () => {
    expect(createShotListSchema.parse({ name: "  Opening  ", shots: 6 })).toEqual({ name: "Opening", shots: 6 });
    expect(message(createShotListSchema.safeParse({ name: " ", shots: 6 }))).toBe("Please enter a name for your shot list");
    expect(message(createShotListSchema.safeParse({ name: "A", shots: 0 }))).toBe("Please select at least 1 shot");
    expect(message(createShotListSchema.safeParse({ name: "A", shots: 101 }))).toBe("At most 100 shots");
    expect(createShotListSchema.safeParse({ name: "A", shots: 2.5 }).success).toBe(false);
    expect(message(createShotListSchema.safeParse({ name: "A", shots: 6, extra: 1 }))).toMatch(/extra|Unrecognized/);
  });

  it("update: strict, with valid scenes", () => {
    const scenes = blankScenes(3, 0);
    expect(updateShotListSchema.safeParse({ scenes, baseVersion: 1 }).success).toBe(true);
    expect(updateShotListSchema.safeParse({ name: "New", scenes: [], baseVersion: 2 }).success).toBe(true);
    expect(updateShotListSchema.safeParse({ scenes, baseVersion: 1, sneaky: true }).success).toBe(false);
    // A save must name the version it was made from, or it would silently overwrite a newer one.
    expect(message(updateShotListSchema.safeParse({ scenes }))).toBe("baseVersion is required: the version this save was made from");
    expect(updateShotListSchema.safeParse({}).success).toBe(false);
  });

  it("refuses a value outside an enumeration, a script URL for an image, and duplicate ids", () => {
    const scenes = blankScenes(2, 0);
    const bad = (patch: Record<string, unknown>) =>
      scenesSchema.safeParse([{ ...scenes[0], shots: [{ ...scenes[0]!.shots[0], ...patch }] }]);
    expect(message(bad({ shotSize: "Huge" }))).toMatch(/^Shot size must be one of: Close-up/);
    expect(message(bad({ image: "javascript:alert(1)" }))).toBe("Image must be a studio media URL (/api/media/…)");
    expect(message(bad({ image: "https://evil.example/a.png" }))).toBe("Image must be a studio media URL (/api/media/…)");
    expect(bad({ image: "/api/media/0f0e" }).success).toBe(true);
    expect(bad({ image: null }).success).toBe(true);
    const dup = [{ ...scenes[0], shots: [scenes[0]!.shots[0], scenes[0]!.shots[0]] }];
    expect(message(scenesSchema.safeParse(dup))).toMatch(/^Duplicate id/);
  });

  it("export query: pdf or csv, table or storyboard", () => {
    expect(shotListExportQuerySchema.parse({ format: "pdf" })).toEqual({ format: "pdf", layout: "table" });
    expect(message(shotListExportQuerySchema.safeParse({ format: "docx" }))).toBe("format must be pdf or csv");
    expect(message(shotListExportQuerySchema.safeParse({ format: "pdf", layout: "grid" }))).toBe("layout must be table or storyboard");
  });
});

describe("the spec's enumerations and defaults", () => {
  it("has every value the spec lists", () => {
    expect(SHOT_SIZES).toHaveLength(14);
    expect(MOVEMENTS).toEqual(["Static", "Pan", "Tilt", "Swish Pan", "Swish Tilt", "Tracking", "Custom"]);
    expect(CAMERA_HEIGHTS).toHaveLength(9);
    expect(DUTCH_ANGLES).toEqual(["None", "Dutch (left)", "Dutch (right)"]);
    expect(FRAMINGS).toContain("Over-the-Shoulder");
    expect(FOCUS_DEPTHS).toContain("Tilt-Shift");
    expect(SHOT_COUNT_DEFAULT).toBe(6);
    expect(SHOT_COUNT_PRESETS).toEqual([6, 12, 24, 50]);
  });

  it("a blank list has one scene of N numbered shots with unique ids", () => {
    const scenes = blankScenes(12, 0);
    expect(scenes).toHaveLength(1);
    expect(scenes[0]!.shots.map((s) => s.shotNumber)).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
    expect(new Set(scenes[0]!.shots.map((s) => s.id)).size).toBe(12);
    expect(newItemId("shot", 0, () => 0.5)).toMatch(/^shot-0-[0-9a-z]{8}$/);
  });
});
