import { describe, expect, it } from "vitest";
import { updateScene, updateShot } from "./edits";
import { blankScenes } from "./factories";
import { sceneConditions, withoutPlaceholders } from "./placeholders";

describe("withoutPlaceholders", () => {
  it("blanks the untouched texts of scenes and shots and keeps what was written", () => {
    let scenes = blankScenes(2, 0);
    scenes = updateScene(scenes, scenes[0]!.id, { location: "Pier 9" }, 1);
    scenes = updateShot(scenes, scenes[0]!.shots[1]!.id, { subject: "Maya" }, 1);
    const out = withoutPlaceholders(scenes);
    expect(out[0]).toMatchObject({ location: "Pier 9", weather: "", lighting: "", description: "" });
    expect(out[0]!.shots.map((s) => [s.description, s.subject])).toEqual([
      ["", ""],
      ["", "Maya"],
    ]);
    expect(scenes[0]!.weather).toBe("Weather..."); // the input is left alone
  });
});

describe("sceneConditions", () => {
  it("names the filled conditions only", () => {
    expect(sceneConditions({ location: "Pier 9", weather: "", lighting: "Dawn" })).toBe("Location: Pier 9   ·   Lighting: Dawn");
    expect(sceneConditions({ location: "", weather: "", lighting: "" })).toBe("");
  });
});
