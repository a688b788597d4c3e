import { describe, expect, it } from "vitest";
import { breakDown } from "../breakdown/breakDown";
import { mergeBreakdown } from "../breakdown/merge";
import { KITCHEN_AND_STREET } from "../breakdown/testScenes";
import { parseFountain } from "../screenplay/fountain";
import { shotDialogue, shotTiming, STILL_MOVES, UNTIMED_SHOT_SECONDS } from "./shotTiming";

const elements = parseFountain(KITCHEN_AND_STREET).elements;
const byId = new Map(elements.map((e) => [e.id, e]));
const shots = mergeBreakdown([], breakDown(elements), { elementsById: byId, now: Date.UTC(2026, 10, 26) }).flatMap((s) => s.shots);
const shotWith = (text: string) => shots.find((s) => s.description.includes(text))!;

describe("how long an animatic holds a shot", () => {
  it("times dialogue at about 2.5 words a second, with a 1.5 s floor", () => {
    // "Some promises keep you alive." is 5 words: 2 s.
    const single = shots.find((s) => s.script?.key.startsWith("single:") && s.subject === "MAYA")!;
    expect(shotTiming(single, byId)).toEqual({ seconds: 2, from: "script" });
    // "I couldn't do it, Danny." is 5 words (2 s); the close-up covers only it.
    expect(shotTiming(shotWith("Close on MAYA"), byId).seconds).toBe(2);
  });

  it("times action by its length on the page, and a whole exchange by all of its lines", () => {
    // One line of action: 60/55 s, lifted to the 1.5 s floor.
    expect(shotTiming(shotWith("DANIEL walks in"), byId)).toEqual({ seconds: 1.5, from: "script" });
    const exchange = shots.find((s) => s.shotType === "Two Shot")!;
    // "You're late." + "I know." = 4 words: 1.6 s.
    expect(shotTiming(exchange, byId).seconds).toBe(1.6);
  });

  it("keeps the user's own time, and holds a shot with no lines for a beat", () => {
    expect(shotTiming({ ...shotWith("DANIEL walks in"), seconds: 4.5 }, byId)).toEqual({ seconds: 4.5, from: "user" });
    expect(shotTiming({ script: undefined }, byId)).toEqual({ seconds: UNTIMED_SHOT_SECONDS, from: "default" });
  });

  it("gives each shot's dialogue with its speaker, and a still move per camera movement", () => {
    expect(shotDialogue(shots.find((s) => s.shotType === "Two Shot")!, elements)).toEqual([
      { speaker: "DANIEL", text: "You're late." },
      { speaker: "MAYA", text: "I know." },
    ]);
    expect(STILL_MOVES.Tracking).toBe("push in");
  });
});
