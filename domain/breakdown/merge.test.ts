import { describe, expect, it } from "vitest";
import type { ScreenplayElement } from "../screenplay/elements";
import { parseFountain } from "../screenplay/fountain";
import { counterIds } from "../screenplay/fixtures";
import { updateShot, updateScene } from "../shotlists/edits";
import { blankScenes } from "../shotlists/factories";
import type { Scene } from "../shotlists/schema";
import { breakDown } from "./breakDown";
import { mergeBreakdown } from "./merge";
import { acknowledgeChanges, describeChanges, pendingChanges, scriptChanges } from "./scriptLink";
import { KITCHEN_AND_STREET } from "./testScenes";

const NOW = Date.UTC(2026, 10, 26);
let idCounter = 0;
const ctxFor = (elements: readonly ScreenplayElement[], now = NOW) => ({
  elementsById: new Map(elements.map((e) => [e.id, e])),
  now,
  newId: (kind: "scene" | "shot") => `${kind}-${++idCounter}`,
});
const run = (current: Scene[], elements: ScreenplayElement[]) => mergeBreakdown(current, breakDown(elements), ctxFor(elements));
const original = () => parseFountain(KITCHEN_AND_STREET, { newId: counterIds() }).elements;
const allShots = (scenes: Scene[]) => scenes.flatMap((s) => s.shots);
const edit = (elements: ScreenplayElement[], content: string, next: string) =>
  elements.map((e) => (e.content === content ? { ...e, content: next } : e));

describe("breaking down again", () => {
  it("gives the same list when the script has not changed", () => {
    const elements = original();
    const first = run([], elements);
    expect(run(first, elements)).toEqual(first);
  });

  it("replaces a new list's blank scene instead of adding to it", () => {
    const scenes = run(blankScenes(6, NOW), original());
    expect(scenes.map((s) => s.title)[0]).toBe("EXT. HARBOR ROAD - NIGHT");
    expect(allShots(scenes).every((s) => s.script)).toBe(true);
  });

  it("flags a shot whose line was edited with what changed, and an untouched shot follows the script", () => {
    const elements = original();
    const first = run([], elements);
    const changed = edit(elements, "We can't.", "We can't. Not tonight.");
    const byId = new Map(changed.map((e) => [e.id, e]));
    const ots = allShots(first).find(
      (s) => s.script?.key.startsWith("ots:") && s.subject === "MAYA" && s.script.lines.some((l) => l.was === "We can't."),
    )!;
    expect(scriptChanges(ots, byId)).toEqual([
      { id: expect.any(String), was: "We can't.", now: "We can't. Not tonight.", hash: expect.stringMatching(/^[0-9a-f]{8}$/) },
    ]);
    expect(describeChanges(scriptChanges(ots, byId))).toBe("1 line edited");
    const again = run(first, changed);
    const followed = allShots(again).find((s) => s.id === ots.id)!;
    expect(scriptChanges(followed, byId)).toEqual([]);
  });

  it("keeps a shot the user edited, and it keeps saying 'Script changed' until the user deals with it", () => {
    const elements = original();
    const first = run([], elements);
    const ots = allShots(first).find(
      (s) => s.script?.key.startsWith("ots:") && s.subject === "MAYA" && s.script.lines.some((l) => l.was === "We can't."),
    )!;
    const userEdited = updateShot(first, ots.id, { description: "Maya from behind the fridge door", shotSize: "Close-up" });
    const changed = edit(elements, "We can't.", "We can't. Not tonight.");
    const again = run(userEdited, changed);
    const kept = allShots(again).find((s) => s.id === ots.id)!;
    expect(kept).toMatchObject({ description: "Maya from behind the fridge door", shotSize: "Close-up" });
    expect(scriptChanges(kept, new Map(changed.map((e) => [e.id, e])))).toHaveLength(1);
  });

  it("keeps shots the user added, in place", () => {
    const elements = original();
    const first = run([], elements);
    const kitchen = first[1]!;
    const added = { ...kitchen.shots[0]!, id: "mine", description: "Hands on the table", script: undefined };
    const withMine = first.map((s) => (s.id === kitchen.id ? { ...s, shots: [s.shots[0]!, added, ...s.shots.slice(1)] } : s));
    const again = run(withMine, edit(elements, "They called again. Twice.", "They called. Three times."));
    expect(again[1]!.shots[1]!.id).toBe("mine");
  });

  it("flags the shots of removed lines instead of deleting them", () => {
    const elements = original();
    const first = run([], elements);
    const removed = elements.filter((e) => e.content !== "DANIEL walks in from the hallway.");
    const byId = new Map(removed.map((e) => [e.id, e]));
    const again = run(first, removed);
    const flagged = allShots(again).filter((s) => scriptChanges(s, byId).length > 0);
    expect(flagged.map((s) => s.description)).toEqual(["DANIEL walks in from the hallway."]);
    expect(describeChanges(scriptChanges(flagged[0]!, byId))).toBe("1 line removed");
    // It stays where it was: in the kitchen scene, after the exchange before it.
    expect(again[1]!.shots.map((s) => s.id)).toContain(flagged[0]!.id);
  });

  it("lets an untouched shot follow the script when some of its lines go", () => {
    const elements = original();
    const first = run([], elements);
    const removed = elements.filter((e) => e.content !== "Then we run. Tonight.");
    const byId = new Map(removed.map((e) => [e.id, e]));
    const again = run(first, removed);
    expect(allShots(again).filter((s) => scriptChanges(s, byId).length > 0)).toEqual([]);
  });

  it("drops an untouched shot the rules no longer call for, but keeps it when it has an image", () => {
    const elements = original();
    const first = run([], elements);
    const lowered = edit(
      elements,
      "A battered PICKUP TRUCK races past the lighthouse.",
      "A battered pickup truck races past the lighthouse.",
    );
    const withoutImage = run(
      first,
      lowered.map((e) => (e.content.startsWith("Rain hammers") ? { ...e, content: e.content.replace("PICKUP TRUCK", "pickup truck") } : e)),
    );
    expect(allShots(withoutImage).some((s) => s.subject === "PICKUP TRUCK")).toBe(false);
    const insert = allShots(first).find((s) => s.subject === "PICKUP TRUCK")!;
    const imaged = updateShot(first, insert.id, { image: "/api/media/abc.png" });
    const lowered2 = elements.map((e) =>
      e.content.startsWith("Rain hammers") ? { ...e, content: e.content.replace("PICKUP TRUCK", "pickup truck") } : e,
    );
    expect(allShots(run(imaged, lowered2)).some((s) => s.id === insert.id)).toBe(true);
  });

  it("adds the shots of a new scene after the scene before it, and keeps a scene the user renamed", () => {
    const elements = original();
    const first = run([], elements);
    const renamed = updateScene(first, first[0]!.id, { title: "Opening: the road" });
    const ids = counterIds("n");
    const heading = elements.findIndex((e) => e.content === "INT. MAYA'S KITCHEN - LATER");
    const inserted = [
      ...elements.slice(0, heading),
      { id: ids(), type: "slug" as const, content: "EXT. LIGHTHOUSE - NIGHT" },
      { id: ids(), type: "action" as const, content: "The beam sweeps the bay." },
      ...elements.slice(heading),
    ];
    const again = run(renamed, inserted);
    expect(again.map((s) => s.title)).toEqual([
      "Opening: the road",
      "INT. MAYA'S KITCHEN - NIGHT",
      "EXT. LIGHTHOUSE - NIGHT",
      "INT. MAYA'S KITCHEN - LATER",
    ]);
    expect(allShots(again).map((s) => s.shotNumber)).toEqual(allShots(again).map((_, i) => i + 1));
  });

  it("stops saying 'Script changed' once the user marks the change as seen, until the line changes again", () => {
    const elements = original();
    const first = run([], elements);
    const changed = edit(elements, "We can't.", "We can't. Not tonight.");
    const byId = new Map(changed.map((e) => [e.id, e]));
    const shot = allShots(first).find(
      (s) => s.script?.key.startsWith("ots:") && s.subject === "MAYA" && s.script.lines.some((l) => l.was === "We can't."),
    )!;
    const changes = scriptChanges(shot, byId);
    expect(pendingChanges(shot, changes)).toHaveLength(1);
    const seen = acknowledgeChanges(first, shot.id, changes);
    const after = allShots(seen).find((s) => s.id === shot.id)!;
    expect(pendingChanges(after, changes)).toEqual([]);
    expect(scriptChanges(after, byId)).toEqual([]);
    expect(after.script!.lines.find((l) => l.id === changes[0]!.id)!.was).toBe("We can't. Not tonight.");
    const again = edit(changed, "We can't. Not tonight.", "Never.");
    expect(scriptChanges(after, new Map(again.map((e) => [e.id, e])))).toHaveLength(1);
  });
});
