import { describe, expect, it } from "vitest";
import { addScene, addShot, deleteScene, deleteShot, moveShot, updateScene, updateShot } from "./edits";
import { blankScenes } from "./factories";
import { mergeName, mergeShotLists } from "./merge";
import type { Scene } from "./schema";

const T = 1_800_000_000_000;
const base = (): Scene[] => blankScenes(3, T, seeded(1));
const ids = (scenes: Scene[]) => scenes.map((s) => s.shots.map((x) => x.id));
const numbers = (scenes: Scene[]) => scenes.flatMap((s) => s.shots.map((x) => x.shotNumber));

function seeded(seed: number) {
  let x = seed;
  return () => ((x = (x * 16807) % 2147483647) - 1) / 2147483646;
}

describe("mergeShotLists", () => {
  it("keeps edits of different shots from both windows", () => {
    const b = base();
    const [s1, s2] = b[0]!.shots;
    const local = updateShot(b, s1!.id, { description: "Wide of the harbour" }, T + 1);
    const server = updateShot(b, s2!.id, { subject: "Keeper" }, T + 2);
    const merged = mergeShotLists(b, local, server);
    expect(merged[0]!.shots[0]!.description).toBe("Wide of the harbour");
    expect(merged[0]!.shots[1]!.subject).toBe("Keeper");
  });

  it("merges two windows' changes to different fields of one shot; this window wins a field both changed", () => {
    const b = base();
    const id = b[0]!.shots[0]!.id;
    const local = updateShot(b, id, { description: "Mine", shotSize: "Close-up" }, T + 1);
    const server = updateShot(b, id, { description: "Theirs", movement: "Pan" }, T + 2);
    expect(mergeShotLists(b, local, server)[0]!.shots[0]).toMatchObject({ description: "Mine", shotSize: "Close-up", movement: "Pan" });
  });

  it("keeps shots added on both sides, each before the shot it preceded (appended ones at the end), and renumbers", () => {
    const b = base();
    const sceneId = b[0]!.id;
    const local = addShot(b, sceneId, T + 1, "shot-local");
    const server = addShot(b, sceneId, T + 2, "shot-server");
    const merged = mergeShotLists(b, local, server);
    expect(ids(merged)[0]).toEqual([...b[0]!.shots.map((s) => s.id), "shot-local", "shot-server"]);
    expect(numbers(merged)).toEqual([1, 2, 3, 4, 5]);
  });

  it("applies a deletion of an untouched shot, but keeps a shot the other window edited", () => {
    const b = base();
    const [s1, s2] = b[0]!.shots;
    const local = deleteShot(deleteShot(b, s1!.id), s2!.id);
    const server = updateShot(b, s2!.id, { description: "Still wanted" }, T + 2);
    const merged = mergeShotLists(b, local, server);
    expect(ids(merged)[0]).toEqual([s2!.id, b[0]!.shots[2]!.id]);
    expect(merged[0]!.shots[0]!.description).toBe("Still wanted");
  });

  it("takes this window's reorder and still places the other window's new shot", () => {
    const b = base();
    const [a, bb, c] = b[0]!.shots.map((s) => s.id);
    const local = moveShot(b, { sceneId: b[0]!.id, index: 2 }, { sceneId: b[0]!.id, index: 0 });
    const server = addShot(b, b[0]!.id, T + 2, "shot-new");
    expect(ids(mergeShotLists(b, local, server))[0]).toEqual([c, a, bb, "shot-new"]);
  });

  it("takes the other window's reorder when this one did not reorder", () => {
    const b = base();
    const [a, bb, c] = b[0]!.shots.map((s) => s.id);
    const local = updateShot(b, a!, { subject: "Fox" }, T + 1);
    const server = moveShot(b, { sceneId: b[0]!.id, index: 0 }, { sceneId: b[0]!.id, index: 2 });
    const merged = mergeShotLists(b, local, server);
    expect(ids(merged)[0]).toEqual([bb, c, a]);
    expect(merged[0]!.shots[2]!.subject).toBe("Fox");
  });

  it("keeps scenes added and scene fields changed on both sides; a scene deleted here stays deleted unless edited there", () => {
    const b = addScene(base(), T, "scene-2");
    const local = updateScene(addScene(b, T + 1, "scene-local"), b[0]!.id, { location: "Harbour" }, T + 1);
    const server = updateScene(addScene(b, T + 2, "scene-server"), b[0]!.id, { weather: "Storm" }, T + 2);
    const merged = mergeShotLists(b, local, server);
    expect(merged.map((s) => s.id)).toEqual([b[0]!.id, "scene-2", "scene-local", "scene-server"]);
    expect(merged[0]).toMatchObject({ location: "Harbour", weather: "Storm" });

    const deletedHere = deleteScene(b, "scene-2");
    expect(mergeShotLists(b, deletedHere, b).map((s) => s.id)).toEqual([b[0]!.id]);
    const editedThere = updateScene(b, "scene-2", { description: "Night exterior" }, T + 3);
    expect(mergeShotLists(b, deletedHere, editedThere).map((s) => s.id)).toEqual([b[0]!.id, "scene-2"]);
  });

  it("moves a shot to the scene this window moved it to", () => {
    const b = addShot(addScene(base(), T, "scene-2"), "scene-2", T, "shot-x");
    const moving = b[0]!.shots[0]!.id;
    const local = moveShot(b, { sceneId: b[0]!.id, index: 0 }, { sceneId: "scene-2", index: 1 });
    const server = updateShot(b, moving, { description: "Moved and edited" }, T + 2);
    const merged = mergeShotLists(b, local, server);
    expect(ids(merged)[1]).toEqual(["shot-x", moving]);
    expect(merged[1]!.shots[1]!.description).toBe("Moved and edited");
    expect(numbers(merged)).toEqual([1, 2, 3, 4]);
  });

  it("is the identity when nothing changed on either side", () => {
    const b = base();
    expect(mergeShotLists(b, b, b)).toEqual(b);
  });
});

describe("mergeName", () => {
  it("takes this window's rename, else the other's", () => {
    expect(mergeName("A", "B", "C")).toBe("B");
    expect(mergeName("A", "A", "C")).toBe("C");
  });
});
