import { describe, expect, it } from "vitest";
import { flowIntoPages, layFrontMatterPage, layFrontMatterParagraph, romanPageNumber, type FrontMatterParagraph } from "./frontMatter";

// a cast list entry as Final Draft writes one: a hanging indent, the name in bold, tabs to the description
const castEntry: FrontMatterParagraph = {
  text: "**ALAN**\t\tLate 30s, anxious unemployed stay-at-home dad. Book smart, over-thinker, tries to be the perfect modern man.",
  leftIndent: 2,
  rightIndent: 7.5,
  firstIndent: -1.06,
  tabStops: [6, 2, 1.82, 2.32],
};
const blank = (n: number): FrontMatterParagraph[] => Array.from({ length: n }, () => ({ text: "", leftIndent: 1, rightIndent: 7.5 }));

describe("front-matter paragraphs laid out as Final Draft prints them", () => {
  it("starts a hanging indent's first line at its first indent and tabs to the stops, the rest at the left indent", () => {
    const lines = layFrontMatterParagraph(castEntry);
    expect(lines[0]!.x).toBeCloseTo(0.94);
    // ALAN ends at 1.34 in: the first tab goes to 1.82, the second to 2.00
    expect(lines[0]!.text.indexOf("Late")).toBe(Math.round((2 - 0.94) / 0.1));
    expect(lines[0]!.styles).toEqual([{ start: 0, end: 4, bold: true }]);
    expect(lines[0]!.text).toMatch(/^ALAN {7}Late 30s, anxious unemployed stay-at-home dad\. Book$/);
    expect(lines.slice(1).map((l) => l.x)).toEqual([2]);
    expect(lines[1]!.text).toBe("smart, over-thinker, tries to be the perfect modern man.");
  });

  it("holds one column more than its indents span (6 in: 61 columns)", () => {
    const sixty1 = "x".repeat(55) + " " + "y".repeat(5);
    expect(layFrontMatterParagraph({ text: sixty1, leftIndent: 1.5, rightIndent: 7.5 }).map((l) => l.text)).toEqual([sixty1]);
    expect(layFrontMatterParagraph({ text: `${sixty1}z`, leftIndent: 1.5, rightIndent: 7.5 })).toHaveLength(2);
  });

  it("centres between the indents and right-aligns to the right indent", () => {
    expect(layFrontMatterParagraph({ text: "THE GUYS", align: "center", leftIndent: 0.94, rightIndent: 7.5 })[0]!.x).toBeCloseTo(3.82);
    expect(layFrontMatterParagraph({ text: "Draft", align: "right", leftIndent: 1, rightIndent: 7.5 })[0]!.x).toBeCloseTo(7);
  });

  it("puts each paragraph on its row, blank lines and space before included", () => {
    const lines = layFrontMatterPage([...blank(3), { text: "NOTE", leftIndent: 1.5, rightIndent: 7.5, spaceBefore: 1 }]);
    expect(lines).toEqual([{ row: 4, x: 1.5, text: "NOTE" }]);
  });
});

describe("a title page flowed into pages", () => {
  it("carries blank lines over a page's top, as Final Draft does", () => {
    const note: FrontMatterParagraph = { text: "WRITERS' NOTE", leftIndent: 1.5, rightIndent: 7.5, spaceBefore: 1 };
    const pages = flowIntoPages([...blank(70), note], 54);
    expect(pages.map((p) => p.length)).toEqual([54, 17]);
    expect(layFrontMatterPage(pages[1]!)).toEqual([{ row: 17, x: 1.5, text: "WRITERS' NOTE" }]);
  });

  it("starts a new page where the file asks", () => {
    expect(flowIntoPages([...blank(2), { text: "Cast", leftIndent: 1, rightIndent: 7.5 }], 54, new Set([2])).map((p) => p.length)).toEqual([
      2, 1,
    ]);
  });
});

it("numbers front matter in lower-case roman numerals", () => {
  expect([2, 3, 4, 9, 14].map(romanPageNumber)).toEqual(["ii", "iii", "iv", "ix", "xiv"]);
});
