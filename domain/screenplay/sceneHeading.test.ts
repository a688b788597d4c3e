import { describe, expect, it } from "vitest";
import { hasHeadingPrefix, sceneLocation } from "./sceneHeading";

describe("scene heading prefixes (Fountain: INT, EXT, EST, INT./EXT, INT/EXT, I/E then '.' or a space)", () => {
  it.each([
    ["INT. HOUSE", true],
    ["EXT HOUSE", true],
    ["EST. CITY", true],
    ["INT./EXT. CAR", true],
    ["INT/EXT CAR", true],
    ["I/E CAR", true],
    ["int. house", true],
    ["  INT. HOUSE", true],
    ["INTERIOR", false],
    ["ESTATE", false],
    ["INT", false],
  ])("%s → %s", (text, expected) => {
    expect(hasHeadingPrefix(text)).toBe(expected);
  });
});

describe("sceneLocation", () => {
  it.each([
    ["INT. COFFEE SHOP - DAY", "COFFEE SHOP"],
    ["EXT. HOUSE - KITCHEN - NIGHT", "HOUSE - KITCHEN"],
    ["INT./EXT. CAR - MOVING - DAY", "CAR - MOVING"],
    ["I/E ZOË'S CAR", "ZOË'S CAR"],
    ["EXT. 東京 ROOFTOP – DAWN", "東京 ROOFTOP"],
    ["INT. JEAN-LUC'S FLAT - DAY", "JEAN-LUC'S FLAT"],
  ])("%s → %s", (heading, location) => {
    expect(sceneLocation(heading)).toBe(location);
  });

  it.each(["INT.", "FLASHBACK", ""])("%j names no place", (heading) => {
    expect(sceneLocation(heading)).toBeNull();
  });
});
