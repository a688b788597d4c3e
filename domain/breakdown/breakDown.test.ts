import { describe, expect, it } from "vitest";
import { parseFountain } from "../screenplay/fountain";
import { counterIds, element, generateScript } from "../screenplay/fixtures";
import { scenesSchema } from "../shotlists/schema";
import { BREAKDOWN_NOTICES, breakDown } from "./breakDown";
import type { ProposedShot } from "./shotRules";
import { mergeBreakdown } from "./merge";
import { parseHeading } from "./sceneSplit";
import { KITCHEN_AND_STREET } from "./testScenes";

const script = () => parseFountain(KITCHEN_AND_STREET, { newId: counterIds() }).elements;

describe("breakdown rules", () => {
  it("makes one scene per scene heading, with location, interior/exterior, time of day and lighting from it", () => {
    const { scenes, notices } = breakDown(script());
    expect(notices).toEqual([]);
    expect(scenes.map((s) => s.fields.title)).toEqual([
      "EXT. HARBOR ROAD - NIGHT",
      "INT. MAYA'S KITCHEN - NIGHT",
      "INT. MAYA'S KITCHEN - LATER",
    ]);
    expect(scenes.map((s) => s.fields.location)).toEqual(["HARBOR ROAD", "MAYA'S KITCHEN", "MAYA'S KITCHEN"]);
    expect(scenes.map((s) => s.link.setting)).toEqual(["EXT", "INT", "INT"]);
    expect(scenes[0]!.link.timeOfDay).toBe("NIGHT");
    expect(scenes[0]!.fields.lighting).toMatch(/^Night/);
    expect(scenes[0]!.fields.weather).toBe("Rain");
    // "She turns to the window" names no weather.
    expect(scenes[2]!.fields.weather).toBe("Weather...");
  });

  it("opens a new location on an establishing wide shot, and not a scene that stays where it was", () => {
    const [road, kitchen, later] = breakDown(script()).scenes;
    expect(road!.shots[0]).toMatchObject({
      shotSize: "Extreme Wide Shot",
      description: expect.stringMatching(/^Establishing: EXT. HARBOR ROAD - NIGHT/),
    });
    expect(kitchen!.shots[0]).toMatchObject({
      shotSize: "Wide Shot",
      description: expect.stringMatching(/^Establishing: INT. MAYA'S KITCHEN/),
    });
    expect(later!.shots.some((s) => s.description.startsWith("Establishing"))).toBe(false);
  });

  it("takes the camera movement from verbs of motion", () => {
    const [road, kitchen, later] = breakDown(script()).scenes;
    expect(road!.shots[0]!.movement).toBe("Tracking"); // "races past"
    expect(kitchen!.shots.find((s) => s.description.startsWith("DANIEL walks"))!.movement).toBe("Tracking");
    expect(later!.shots.find((s) => s.description.startsWith("Maya sits"))!.movement).toBe("Pan"); // "turns"
  });

  it("inserts a prop named in capitals, and does not take a character's introduction for one", () => {
    const [road, kitchen] = breakDown(script()).scenes;
    const inserts = (shots: ProposedShot[]) => shots.filter((s) => s.key.startsWith("insert:")).map((s) => s.subject);
    expect(inserts(road!.shots)).toEqual(["PICKUP TRUCK"]);
    expect(inserts(kitchen!.shots)).toEqual(["ENVELOPE", "REVOLVER"]);
    expect(kitchen!.shots.find((s) => s.subject === "REVOLVER")).toMatchObject({
      shotSize: "Extreme Close-up",
      description: expect.stringContaining("old REVOLVER"),
    });
  });

  it("gives an exchange a two-shot and an over-the-shoulder per speaker, and an emotional parenthetical a close-up", () => {
    const kitchen = breakDown(script()).scenes[1]!;
    const dialogue = kitchen.shots.filter((s) => /^(group|ots|closeup):/.test(s.key));
    expect(dialogue.map((s) => [s.shotType, s.subject])).toEqual([
      ["Two Shot", "DANIEL, MAYA"],
      ["Over-the-Shoulder", "DANIEL"],
      ["Over-the-Shoulder", "MAYA"],
      ["Two Shot", "DANIEL, MAYA"],
      ["Over-the-Shoulder", "DANIEL"],
      ["Over-the-Shoulder", "MAYA"],
      ["Single", "MAYA"],
    ]);
    const closeUp = dialogue.at(-1)!;
    expect(closeUp).toMatchObject({ shotSize: "Close-up", description: "Close on MAYA, fighting tears: “I couldn't do it, Danny.”" });
  });

  it("gives a lone speaker a single, and links every shot to the lines it covers", () => {
    const elements = script();
    const later = breakDown(elements).scenes[2]!;
    const single = later.shots.find((s) => s.key.startsWith("single:"))!;
    expect(single).toMatchObject({ shotType: "Single", subject: "MAYA", shotSize: "Medium Shot" });
    const covered = single.lines.map((id) => elements.find((e) => e.id === id)!.content);
    expect(covered).toEqual(["MAYA (V.O.)", "Some promises keep you alive."]);
    // The scene's first shot covers its heading, so the heading's marker leads somewhere.
    expect(later.shots[0]!.lines[0]).toBe(later.headingId);
  });

  it("turns the writer's own shot lines into shots as written", () => {
    const ids = counterIds();
    const elements = [
      element("slug", "INT. VAULT - NIGHT", { id: ids() }),
      element("shot", "CLOSE ON THE DIAL", { id: ids() }),
      element("shot", "POV - THROUGH THE SCOPE", { id: ids() }),
    ];
    const shots = breakDown(elements).scenes[0]!.shots.filter((s) => s.key.startsWith("written:"));
    expect(shots.map((s) => [s.shotSize, s.shotType, s.subject])).toEqual([
      ["Close-up", "Single", "THE DIAL"],
      ["Medium Shot", "Point of View", "THROUGH THE SCOPE"],
    ]);
  });

  it("breaks a script with no scene headings down into one scene and says so", () => {
    const ids = counterIds();
    const { scenes, notices } = breakDown([
      element("action", "A man waits by the door.", { id: ids() }),
      element("character", "BOB", { id: ids() }),
      element("dialogue", "Hello?", { id: ids() }),
    ]);
    expect(notices).toEqual([BREAKDOWN_NOTICES.noHeadings]);
    expect(scenes).toHaveLength(1);
    expect(scenes[0]!.fields.title).toBe("Scene 1");
    expect(scenes[0]!.shots.map((s) => s.subject)).toEqual(["the scene", "BOB"]);
  });

  it("breaks down one scene when asked for it", () => {
    const elements = script();
    const heading = elements.filter((e) => e.type === "slug")[2]!;
    const { scenes } = breakDown(elements, { headingId: heading.id });
    expect(scenes.map((s) => s.headingId)).toEqual([heading.id]);
    expect(breakDown(elements, { headingId: "gone" }).notices).toEqual([BREAKDOWN_NOTICES.sceneNotFound]);
  });

  it("reads headings with INT./EXT., several dashes and no time", () => {
    expect(parseHeading("INT./EXT. CAR - MOVING - NIGHT")).toEqual({ setting: "INT/EXT", location: "CAR - MOVING", timeOfDay: "NIGHT" });
    expect(parseHeading("EXT. DESERT")).toEqual({ setting: "EXT", location: "DESERT", timeOfDay: null });
    expect(parseHeading("I/E TRAIN - DAWN")).toEqual({ setting: "INT/EXT", location: "TRAIN", timeOfDay: "DAWN" });
  });

  it("gives a 120-page script a list the shot list accepts, within its limits", () => {
    const { elements } = generateScript({ pages: 120, seed: 3 });
    const breakdown = breakDown(elements);
    const scenes = mergeBreakdown([], breakdown, { elementsById: new Map(elements.map((e) => [e.id, e])), now: Date.UTC(2026, 10, 26) });
    expect(scenes.length).toBe(breakdown.scenes.length);
    expect(scenes.length).toBeGreaterThan(40);
    expect(scenesSchema.safeParse(scenes).success).toBe(true);
    expect(scenes.every((s) => s.shots.length > 0)).toBe(true);
  });
});
