import { describe, expect, it } from "vitest";
import {
  addScene,
  addShot,
  deleteScene,
  deleteShot,
  moveShot,
  renumber,
  shotsAcrossScenes,
  stepPlace,
  updateScene,
  updateShot,
} from "./edits";
import { newScene, newShot } from "./factories";
import type { Scene } from "./schema";

const now = Date.UTC(2025, 0, 2, 3, 4, 5);

/** Scenes by shot ids: buildScenes({ a: ["1", "2"], b: ["3"] }). Numbers start wrong on purpose. */
function buildScenes(layout: Record<string, string[]>): Scene[] {
  return Object.entries(layout).map(([sceneId, shotIds], i) =>
    newScene(
      i + 1,
      now,
      sceneId,
      shotIds.map((id) => newShot(99, now, id)),
    ),
  );
}
const ids = (scenes: Scene[]) => scenes.map((s) => s.shots.map((x) => x.id));
const numbers = (scenes: Scene[]) => scenes.map((s) => s.shots.map((x) => x.shotNumber));

describe("renumbering", () => {
  it("numbers shots 1..N through the whole list in scene order", () => {
    const scenes = renumber(buildScenes({ a: ["s1", "s2"], b: [], c: ["s3"] }));
    expect(numbers(scenes)).toEqual([[1, 2], [], [3]]);
  });

  it("renumbers after add and delete", () => {
    let scenes = renumber(buildScenes({ a: ["s1", "s2"], b: ["s3"] }));
    scenes = addShot(scenes, "a", now, "s4");
    expect(ids(scenes)).toEqual([["s1", "s2", "s4"], ["s3"]]);
    expect(numbers(scenes)).toEqual([[1, 2, 3], [4]]);
    scenes = deleteShot(scenes, "s1");
    expect(numbers(scenes)).toEqual([[1, 2], [3]]);
    expect(ids(scenes)).toEqual([["s2", "s4"], ["s3"]]);
  });

  it("renumbers after a scene is deleted", () => {
    const scenes = deleteScene(renumber(buildScenes({ a: ["s1"], b: ["s2", "s3"] })), "a");
    expect(numbers(scenes)).toEqual([[1, 2]]);
  });

  it("leaves its input alone", () => {
    const before = buildScenes({ a: ["s1"] });
    const snapshot = JSON.stringify(before);
    renumber(before);
    addShot(before, "a", now);
    expect(JSON.stringify(before)).toBe(snapshot);
  });

  it("a new shot has the spec's defaults", () => {
    const [scene] = addShot(buildScenes({ a: [] }), "a", now, "new");
    expect(scene!.shots[0]).toMatchObject({
      id: "new",
      shotNumber: 1,
      description: "Description...",
      subject: "Subject...",
      shotSize: "Medium Shot",
      shotType: "Single",
      movement: "Static",
      image: null,
    });
  });
});

describe("reordering (move by index)", () => {
  const base = () => renumber(buildScenes({ a: ["s1", "s2", "s3"], b: ["s4", "s5"] }));

  it("moves a shot down within its scene", () => {
    const scenes = moveShot(base(), { sceneId: "a", index: 0 }, { sceneId: "a", index: 2 });
    expect(ids(scenes)).toEqual([
      ["s2", "s3", "s1"],
      ["s4", "s5"],
    ]);
    expect(numbers(scenes)).toEqual([
      [1, 2, 3],
      [4, 5],
    ]);
  });

  it("moves a shot up within its scene", () => {
    expect(ids(moveShot(base(), { sceneId: "a", index: 2 }, { sceneId: "a", index: 0 }))[0]).toEqual(["s3", "s1", "s2"]);
  });

  it("moves a shot into another scene at the given index and renumbers", () => {
    const scenes = moveShot(base(), { sceneId: "a", index: 1 }, { sceneId: "b", index: 1 });
    expect(ids(scenes)).toEqual([
      ["s1", "s3"],
      ["s4", "s2", "s5"],
    ]);
    expect(numbers(scenes)).toEqual([
      [1, 2],
      [3, 4, 5],
    ]);
  });

  it("moves a shot into an empty scene, clamping the index", () => {
    const scenes = moveShot(renumber(buildScenes({ a: ["s1", "s2"], b: [] })), { sceneId: "a", index: 0 }, { sceneId: "b", index: 7 });
    expect(ids(scenes)).toEqual([["s2"], ["s1"]]);
    expect(numbers(scenes)).toEqual([[1], [2]]);
  });

  it("ignores unknown scenes and indexes", () => {
    expect(ids(moveShot(base(), { sceneId: "zz", index: 0 }, { sceneId: "a", index: 1 }))).toEqual(ids(base()));
    expect(ids(moveShot(base(), { sceneId: "a", index: 9 }, { sceneId: "a", index: 1 }))).toEqual(ids(base()));
  });

  it("keyboard steps cross scene boundaries and stop at the ends", () => {
    const scenes = base();
    expect(stepPlace(scenes, "s2", 1)).toEqual({ from: { sceneId: "a", index: 1 }, to: { sceneId: "a", index: 2 } });
    expect(stepPlace(scenes, "s3", 1)).toEqual({ from: { sceneId: "a", index: 2 }, to: { sceneId: "b", index: 0 } });
    expect(stepPlace(scenes, "s4", -1)).toEqual({ from: { sceneId: "b", index: 0 }, to: { sceneId: "a", index: 3 } });
    expect(stepPlace(scenes, "s1", -1)).toBeNull();
    expect(stepPlace(scenes, "s5", 1)).toBeNull();
    const step = stepPlace(scenes, "s3", 1)!;
    expect(ids(moveShot(scenes, step.from, step.to))).toEqual([
      ["s1", "s2"],
      ["s3", "s4", "s5"],
    ]);
  });
});

describe("scene and shot fields", () => {
  it("a new scene is titled by its position, with the spec's default texts", () => {
    const scenes = addScene(buildScenes({ a: [] }), now, "b");
    expect(scenes[1]).toMatchObject({
      id: "b",
      title: "Scene 2",
      description: "Scene description...",
      location: "Location...",
      weather: "Weather...",
      lighting: "Lighting...",
      shots: [],
    });
  });

  it("updates a scene's fields and stamps updatedAt", () => {
    const later = now + 60_000;
    const [scene] = updateScene(buildScenes({ a: [] }), "a", { location: "Harbour" }, later);
    expect(scene!.location).toBe("Harbour");
    expect(scene!.updatedAt).toBe(new Date(later).toISOString());
  });

  it("updates a shot's field; undefined removes an optional field", () => {
    let scenes = updateShot(buildScenes({ a: ["s1"] }), "s1", { cameraHeight: "Low Angle", shotSize: "Wide Shot" }, now);
    expect(scenes[0]!.shots[0]).toMatchObject({ cameraHeight: "Low Angle", shotSize: "Wide Shot" });
    scenes = updateShot(scenes, "s1", { cameraHeight: undefined }, now);
    expect("cameraHeight" in scenes[0]!.shots[0]!).toBe(false);
  });

  it("says 'N shots across M scenes'", () => {
    expect(shotsAcrossScenes(buildScenes({ a: ["s1", "s2"], b: ["s3"] }))).toBe("3 shots across 2 scenes");
    expect(shotsAcrossScenes(buildScenes({ a: ["s1"] }))).toBe("1 shot across 1 scene");
    expect(shotsAcrossScenes([])).toBe("0 shots across 0 scenes");
  });
});
