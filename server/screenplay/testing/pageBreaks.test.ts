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
    expect(comparePageStarts(ref, ours, 1)).toEqual({
      breaks: 2,
      matched: 1,
      refPages: 3,
      ourPages: 3,
      refTitlePages: 1,
      ourTitlePages: 1,
      titlePagesAlike: 1,
    });
  });
});

describe("title pages compared", () => {
  it("finds Final Draft's title pages before its body and counts those that start like ours", () => {
    const ref = pageKeys(["BIG TITLE by Ann", "CAST Joe a man", "INT. HOUSE - DAY Joe sits", "Ann goes"]);
    const ours = pageKeys(["BIG TITLE by Ann", "WRITERS' NOTE", "INT. HOUSE - DAY Joe sits", "Ann goes"]);
    const cmp = comparePageStarts(ref, ours, 2);
    expect(cmp).toMatchObject({ refTitlePages: 2, ourTitlePages: 2, titlePagesAlike: 1, breaks: 1, matched: 1 });
  });
});
