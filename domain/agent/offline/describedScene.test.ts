import { describe, expect, it } from "vitest";
import type { AgentScriptView } from "../planner";
import { sceneDraftSchema } from "../scriptOffer";
import { scriptView } from "../scriptView";
import { describedHeading } from "./describedScene";
import { planOffline } from "./planOffline";
import { planCase } from "./plannerTesting";
import { STUDIO_NODES } from "./testCanvas";

const plan = (request: string, scripts: AgentScriptView[] = []) => planCase(planOffline, request, { nodes: STUDIO_NODES, scripts });

describe("the scene a described storyboard offers to write into a script", () => {
  it("is offered with the plan: a heading and a line per beat, named after the description", () => {
    const { answer } = plan("make a 4-shot storyboard of a chase in the rain");
    expect(answer.reply).toContain("I can write it into a new script");
    const offer = sceneDraftSchema.parse(answer.scriptOffer);
    expect(offer.name).toBe("A chase in the rain");
    expect(offer.elements.map((e) => [e.type, e.content])).toEqual([
      ["slug", "EXT. LOCATION - DAY"],
      ["action", "A chase in the rain."],
      ["action", "The key moment."],
      ["action", "How it ends."],
    ]);
    expect(new Set(offer.elements.map((e) => e.id)).size).toBe(4);
  });

  it("storyboards back into as many frames as the storyboard had", () => {
    for (const count of [1, 3, 4, 6]) {
      const first = plan(`storyboard of a detective chasing Maya through the market at night, ${count} frames`);
      const offer = first.answer.scriptOffer!;
      const script = scriptView("s1", offer.name, offer.elements);
      const again = plan(`storyboard scene 1 of ${offer.name}`, [script]);
      expect(again.answer.plan, again.answer.reply).not.toBeNull();
      expect(again.added.filter((n) => n.data.contentType === "image" && /^Shot|Frame|Scene/.test(n.data.title ?? "")).length).toBe(count);
    }
  });

  it("introduces the people it names in capitals", () => {
    const offer = plan("storyboard of a detective chasing Maya through the market at night").answer.scriptOffer!;
    expect(offer.elements[0]!.content).toBe("EXT. MARKET - NIGHT");
    expect(offer.elements[1]!.content).toBe("A DETECTIVE chasing MAYA through the market at night.");
  });

  it("guesses interior, place and time from the words, never weather as a place", () => {
    expect(describedHeading("a quarrel in a diner at dusk")).toBe("INT. DINER - DUSK");
    expect(describedHeading("a chase in the rain through the harbour")).toBe("EXT. HARBOUR - DAY");
    expect(describedHeading("two lovers in the snow")).toBe("EXT. LOCATION - DAY");
    expect(describedHeading("a fight in a dark alley at midnight")).toBe("EXT. ALLEY - NIGHT");
  });

  it("is not offered for a storyboard of a scene the project's script already has", () => {
    const offer = plan("make a 4-shot storyboard of a chase in the rain").answer.scriptOffer!;
    const { answer } = plan(`storyboard scene 1 of ${offer.name}`, [scriptView("s1", offer.name, offer.elements)]);
    expect(answer.scriptOffer).toBeUndefined();
  });
});
