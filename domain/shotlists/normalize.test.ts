import { describe, expect, it } from "vitest";
import { normalizeShotListDocument } from "./normalize";
import { blankScenes } from "./factories";
import { scenesSchema } from "./schema";

const now = Date.UTC(2025, 0, 2);

describe("loading a stored shot list", () => {
  it("wraps the older shape (shots directly on the list) into one scene named 'Scene 1'", () => {
    const { scenes, changed } = normalizeShotListDocument(
      {
        shots: [
          { id: "old-1", shotNumber: 1, description: "Dawn over the bay", shotSize: "Wide Shot" },
          { id: "old-2", shotNumber: 2, description: "Hands on the rope", movement: "Tilt", image: "/api/media/abc" },
        ],
      },
      now,
    );
    expect(changed).toBe(true);
    expect(scenes).toHaveLength(1);
    expect(scenes[0]!.title).toBe("Scene 1");
    expect(scenes[0]!.shots.map((s) => [s.id, s.shotNumber, s.description])).toEqual([
      ["old-1", 1, "Dawn over the bay"],
      ["old-2", 2, "Hands on the rope"],
    ]);
    // Missing fields get the spec's defaults, the result is a valid document.
    expect(scenes[0]!.shots[1]).toMatchObject({
      movement: "Tilt",
      shotSize: "Medium Shot",
      subject: "Subject...",
      image: "/api/media/abc",
    });
    expect(scenesSchema.safeParse(scenes).success).toBe(true);
  });

  it("wraps shots stored in the scenes column itself the same way", () => {
    const { scenes } = normalizeShotListDocument({ scenes: [{ id: "x", shotNumber: 1, description: "Old" }] }, now);
    expect(scenes.map((s) => s.title)).toEqual(["Scene 1"]);
    expect(scenes[0]!.shots[0]!.description).toBe("Old");
  });

  it("gives a list with no scenes one default scene", () => {
    const { scenes, changed } = normalizeShotListDocument({ scenes: [] }, now);
    expect(changed).toBe(true);
    expect(scenes).toHaveLength(1);
    expect(scenes[0]).toMatchObject({ title: "Scene 1", location: "Location...", shots: [] });
  });

  it("leaves a current document as it is", () => {
    const stored = JSON.parse(JSON.stringify(blankScenes(3, now)));
    const { scenes, changed } = normalizeShotListDocument({ scenes: stored }, now);
    expect(changed).toBe(false);
    expect(scenes).toEqual(stored);
  });

  it("drops invalid field values instead of failing, and renumbers", () => {
    const stored = JSON.parse(JSON.stringify(blankScenes(2, now)));
    stored[0].shots[0].shotSize = "Enormous Shot";
    stored[0].shots[1].shotNumber = 7;
    const { scenes, changed } = normalizeShotListDocument({ scenes: stored }, now);
    expect(changed).toBe(true);
    expect(scenes[0]!.shots.map((s) => [s.shotSize, s.shotNumber])).toEqual([
      ["Medium Shot", 1],
      ["Medium Shot", 2],
    ]);
  });
});

describe("comparing with what was stored", () => {
  it("is not fooled by key order (jsonb reorders keys)", () => {
    const stored = JSON.parse(JSON.stringify(blankScenes(2, now)));
    const reordered = stored.map((scene: Record<string, unknown>) => Object.fromEntries(Object.entries(scene).reverse()));
    expect(normalizeShotListDocument({ scenes: reordered }, now).changed).toBe(false);
  });
});
