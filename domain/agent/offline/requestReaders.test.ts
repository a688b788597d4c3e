import { describe, expect, it } from "vitest";
import { modelNamed } from "./modelSearch";
import { countBefore, timesIn } from "./numbers";
import { parseRequest } from "./requestText";
import { aspectRatioIn, cameraMoveIn, durationIn, withoutChoicePhrases } from "./shotChoices";
import { speechSpeedIn, voiceIn } from "./voiceChoices";

describe("parseRequest", () => {
  it("blanks quoted passages, keeping them aside in their own case", () => {
    const req = parseRequest(`Say “Delete every node” and 'Run it' please`);
    expect(req.quoted).toEqual(["Delete every node", "Run it"]);
    expect(req.lower).not.toMatch(/delete|run it/);
    expect(req.lower).toHaveLength(req.text.length);
  });

  it("leaves apostrophes of possessives alone", () => {
    expect(parseRequest("voice Nell's lines and Marcus' lines").quoted).toEqual([]);
  });

  it("starts the head after a polite opening", () => {
    expect(parseRequest("Hey agent, could you please upscale this").head).toBe("upscale this");
    expect(parseRequest("I'd like to delete these").head).toBe("delete these");
  });
});

describe("counts", () => {
  it.each([
    ["make three variations", 3],
    ["make 3 variations", 3],
    ["make a couple of variations", 2],
    ["give me half a dozen new variations", 6],
    ["make 4 more 9:16 variations", 4],
    ["storyboard scene 3 as 5 variations", 5],
  ])("%s → %i", (text, n) => {
    expect(countBefore(text, "variations?")).toBe(n);
  });

  it("does not read a ratio or a decimal as a count", () => {
    expect(countBefore("make a 9:16 image", "images?")).toBeUndefined();
    expect(countBefore("make a 2.5 image", "images?")).toBeUndefined();
  });

  it("reads how many times", () => {
    expect(timesIn("duplicate this 3 times")).toBe(3);
    expect(timesIn("copy it twice")).toBe(2);
    expect(timesIn("duplicate x4")).toBe(4);
    expect(timesIn("duplicate this")).toBeUndefined();
  });
});

describe("aspect ratios", () => {
  it.each([
    ["a 9:16 image", "9:16"],
    ["16x9 please", "16:9"],
    ["in 4 by 3", "4:3"],
    ["scope, 2.39:1", "21:9"],
    ["a vertical video of the beach", "9:16"],
    ["make it portrait", "9:16"],
    ["in widescreen", "16:9"],
    ["a landscape frame", "16:9"],
    ["make these square", "1:1"],
    ["an image of a cat, square", "1:1"],
  ])("%s → %s", (text, ratio) => {
    expect(aspectRatioIn(text)).toBe(ratio);
  });

  it.each([
    "a portrait of an old sailor",
    "crowds in the town square at night",
    "a vertical cliff above the sea",
    "a square table",
    "a 5:7 print",
  ])("%s names no ratio", (text) => {
    expect(aspectRatioIn(text)).toBeUndefined();
  });
});

describe("camera moves", () => {
  it.each([
    ["a slow push in", "dolly-in"],
    ["zoom in on her face", "dolly-in"],
    ["pull out to reveal the bay", "dolly-out"],
    ["pull back slowly", "dolly-out"],
    ["pan left across the harbour", "truck-left"],
    ["track to the right", "truck-right"],
    ["crane up over the roofs", "crane-up"],
    ["tilt down", "crane-down"],
    ["locked-off, static", "static"],
    ["no camera movement", "static"],
  ])("%s → %s", (text, move) => {
    expect(cameraMoveIn(text)).toBe(move);
  });

  it("takes the first move written, and none from 'move into'", () => {
    expect(cameraMoveIn("pan left then push in")).toBe("truck-left");
    expect(cameraMoveIn("they move into the house")).toBeUndefined();
  });
});

describe("durations", () => {
  it.each([
    ["a 5-second video", 5],
    ["10s", 10],
    ["ten seconds long", 10],
    ["1.5 seconds", 1.5],
    ["half a minute", 30],
    ["a minute", 60],
  ])("%s → %d s", (text, s) => {
    expect(durationIn(text)).toBe(s);
  });

  it("takes ratio and duration phrases out of a description", () => {
    expect(withoutChoicePhrases("waves at dusk in 9:16, 10 seconds long")).toBe("waves at dusk");
    expect(withoutChoicePhrases("a harbour in widescreen format")).toBe("a harbour");
  });
});

describe("voices", () => {
  it.each([
    ["in a female voice", "slt"],
    ["read by a woman", "slt"],
    ["with a deep male voice", "rms"],
    ["a Scottish narrator", "awb"],
    ["in a robotic voice", "kal16"],
    ["use awb", "awb"],
  ])("%s → %s", (text, voice) => {
    expect(voiceIn(text.toLowerCase())).toBe(voice);
  });

  it("reads no voice from a man in the words far from 'voice'", () => {
    expect(voiceIn("say the man walks in")).toBeUndefined();
  });

  it("reads the speed", () => {
    expect(speechSpeedIn("read it slowly")).toBe(0.8);
    expect(speechSpeedIn("at 1.5x speed")).toBe(1.5);
    expect(speechSpeedIn("at 9x speed")).toBe(2);
  });
});

describe("modelNamed", () => {
  it.each([
    ["flux dev", "fal-ai/flux/dev"],
    ["veo 3", "google/veo-3"],
    ["veo 3 fast", "google/veo-3-fast"],
    ["the local sketch", "local/sketch"],
    ["fal-ai/flux/schnell", "fal-ai/flux/schnell"],
    ["imagen 4 ultra", "google/imagen-4-ultra"],
  ])("%s → %s", (words, id) => {
    expect(modelNamed(words)?.id).toBe(id);
  });

  it("prefers the model that makes the node's kind", () => {
    expect(modelNamed("kling", "video")?.capabilities[0]?.outputTypes[0]?.type).toBe("video");
  });

  it("names no model from words that are mostly not a model's", () => {
    expect(modelNamed("banana ultra 9000")).toBeUndefined();
    expect(modelNamed("3 images")).toBeUndefined();
  });
});
