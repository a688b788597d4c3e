import { describe, expect, it } from "vitest";
import { comparePageStarts, pageKeys, pageWords } from "./pageBreaks";

describe("page starts compared by their first words", () => {
  it("leaves out page numbers, MORE/CONT'D/CONTINUED, scene numbers, punctuation and case", () => {
    expect(pageWords("                 2.\n12   INT. HOUSE - DAY   12\nJOE (CONT’D)\n(MORE)\nCONTINUED:")).toEqual([
      "int",
      "house",
      "day",
      "joe",
    ]);
  });

  it("counts a break as matched when one of our pages starts on the same words, after the title pages", () => {
    const ref = pageKeys(["TITLE", "A b c", "Joe says hi", "Ann goes"]);
    const ours = pageKeys(["TITLE", "A b c", "Joe says hi", "goes home"]);
    expect(comparePageStarts(ref, ours, 1)).toEqual({ breaks: 2, matched: 1, refPages: 3, ourPages: 3 });
  });
});
