import { describe, expect, it } from "vitest";
import { classifyPastedLines, looksLikePastedCharacter } from "./paste";

const types = (text: string) => classifyPastedLines(text).map((e) => e.type);

describe("Paste: multi-line text splits into elements with guessed types (spec 4, 5)", () => {
  it("types a pasted scene", () => {
    const text = [
      "INT. COFFEE SHOP - DAY",
      "",
      "Anna sits alone, stirring her coffee.",
      "",
      "ANNA",
      "(quietly)",
      "He's not coming.",
      "",
      "JOE (V.O.)",
      "I'm right here.",
      "",
      "CUT TO:",
    ].join("\n");
    expect(classifyPastedLines(text)).toEqual([
      { type: "slug", content: "INT. COFFEE SHOP - DAY" },
      { type: "action", content: "Anna sits alone, stirring her coffee." },
      { type: "character", content: "ANNA" },
      { type: "parenthetical", content: "(quietly)" },
      { type: "dialogue", content: "He's not coming." },
      { type: "character", content: "JOE (V.O.)" },
      { type: "dialogue", content: "I'm right here." },
      { type: "transition", content: "CUT TO:" },
    ]);
  });

  it("trims lines, accepts CRLF and skips blank lines", () => {
    expect(classifyPastedLines("  Anna waits.  \r\n\r\n\r\n\tShe leaves.")).toEqual([
      { type: "action", content: "Anna waits." },
      { type: "action", content: "She leaves." },
    ]);
  });

  it("returns nothing for blank text", () => {
    expect(classifyPastedLines(" \n\n ")).toEqual([]);
  });
});

describe("Pasted scene heading: INT. or EXT., a place, a dash and a time (spec 5)", () => {
  it.each([
    ["INT. HOUSE - DAY", "slug"],
    ["EXT. BEACH - NIGHT", "slug"],
    ["INT. HOUSE - KITCHEN - MORNING", "slug"],
    ["EXT. FIELD - EVENING", "slug"],
    ["EXT. FIELD - DAWN", "slug"],
    ["EXT. FIELD - DUSK", "slug"],
    ["int. house - day", "slug"],
    ["INT./EXT. CAR - NIGHT", "slug"],
    ["INT. HOUSE", "action"],
    ["INT. HOUSE - CONTINUOUS", "action"],
    ["INTERIOR HOUSE - DAY", "action"],
    ["INT. - DAY", "action"],
  ])("%s → %s", (line, type) => {
    expect(types(line)).toEqual([type]);
  });
});

describe("Pasted transition: CUT TO, FADE TO, DISSOLVE TO or SMASH CUT TO with a colon (spec 5)", () => {
  it.each([
    ["CUT TO:", "transition"],
    ["FADE TO:", "transition"],
    ["DISSOLVE TO:", "transition"],
    ["SMASH CUT TO:", "transition"],
    ["CUT TO", "character"],
    ["MATCH CUT TO:", "character"],
  ])("%s → %s", (line, type) => {
    expect(types(line)).toEqual([type]);
  });
});

describe("Pasted character line (spec 5)", () => {
  it.each([
    ["JOE", true],
    ["MARY JANE", true],
    ["JOE (V.O.)", true],
    ["ANNA (CONT'D)", true],
    ["ZOË", true],
    ["МАША", true],
    ["Joe", false],
    ["A VERY LONG NAME INDEED", false],
    ["NINETEEN CHARACTERS", true],
    ["TWENTY CHARACTERS OK", false],
    ["BANG.", false],
    ["WAIT, WHAT", false],
    ["STOP!", false],
    ["WHY?", false],
    ["THE", false],
    ["OK", false],
    ["YES", false],
    ["THE END", false],
    ["FADE IN:", false],
    ["東京", false],
  ])("%s → %s", (line, expected) => {
    expect(looksLikePastedCharacter(line)).toBe(expected);
  });
});

describe("Pasted parenthetical and dialogue follow a character", () => {
  it("reads a parenthesised line after a character or dialogue as a parenthetical", () => {
    expect(types("JOE\n(beat)\nHi.\n(smiles)\nBye.")).toEqual(["character", "parenthetical", "dialogue", "parenthetical", "dialogue"]);
  });

  it("reads a parenthesised line outside a speech as action", () => {
    expect(types("(A long pause.)")).toEqual(["action"]);
  });

  it("keeps wrapped dialogue lines as dialogue until a blank line", () => {
    expect(types("JOE\nI think we should\ngo home now.\n\nThey leave.")).toEqual(["character", "dialogue", "dialogue", "action"]);
  });

  it("starts a new speech at a second cue", () => {
    expect(types("JOE\nHi.\nANNA\nHello.")).toEqual(["character", "dialogue", "character", "dialogue"]);
  });

  it("treats a sentence after a blank line as action, not dialogue", () => {
    expect(types("JOE\n\nHe waves.")).toEqual(["character", "action"]);
  });
});
