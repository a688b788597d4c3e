import { describe, expect, it } from "vitest";
import type { ScreenplayElement } from "./elements";
import { GEOMETRY, continuedCue, endsSentence, layoutElement, parseEmphasis, stripEmphasis, textColumns, wrapText } from "./layout";

const el = (type: ScreenplayElement["type"], content: string, extra: Partial<ScreenplayElement> = {}): ScreenplayElement => ({
  id: "e",
  type,
  content,
  ...extra,
});

const words = (n: number) => Array.from({ length: n }, (_, i) => `word${i % 10}`).join(" ");

describe("wrapText", () => {
  it("breaks at the last space within the width and never exceeds it", () => {
    const text = words(40);
    for (const width of [60, 35, 25, 20]) {
      const lines = wrapText(text, width);
      expect(lines.join(" ")).toBe(text);
      for (const l of lines) expect(l.length).toBeLessThanOrEqual(width);
      // greedy: the next word would not have fitted
      lines.slice(0, -1).forEach((l, i) => expect(`${l} ${lines[i + 1]!.split(" ")[0]}`.length).toBeGreaterThan(width));
    }
  });

  it("breaks a word longer than the width hard", () => {
    expect(wrapText("a".repeat(75), 35)).toEqual(["a".repeat(35), "a".repeat(35), "a".repeat(5)]);
    expect(wrapText(`go ${"b".repeat(40)}`, 35)).toEqual(["go", "b".repeat(35), "b".repeat(5)]);
  });

  it("fits a line of exactly the width and drops the spaces at a break", () => {
    expect(wrapText(`${"x".repeat(35)}   tail`, 35)).toEqual(["x".repeat(35), "tail"]);
    expect(wrapText("", 35)).toEqual([""]);
  });

  it("counts wide characters as two columns and may break between them", () => {
    expect(textColumns("東京")).toBe(4);
    expect(textColumns("Zoë")).toBe(3);
    expect(textColumns("Москва")).toBe(6);
    const lines = wrapText("東".repeat(20), 35);
    expect(lines.map((l) => textColumns(l))).toEqual([34, 6]);
  });

  it("uses the narrower width after the first line for hanging indents", () => {
    const lines = wrapText(words(12), 25, 24);
    expect(lines[0]!.length).toBeLessThanOrEqual(25);
    for (const l of lines.slice(1)) expect(l.length).toBeLessThanOrEqual(24);
  });
});

describe("layoutElement geometry", () => {
  it("places each element type per Final Draft's defaults", () => {
    expect(layoutElement(el("slug", "int. house - day"))[0]).toMatchObject({ x: 1.5, text: "INT. HOUSE - DAY" });
    expect(layoutElement(el("action", "She waits."))[0]).toMatchObject({ x: 1.5, text: "She waits." });
    expect(layoutElement(el("character", "anna"))[0]).toMatchObject({ x: 3.5, text: "ANNA" });
    expect(layoutElement(el("parenthetical", "(beat)"))[0]).toMatchObject({ x: 2.9, text: "(beat)" });
    expect(layoutElement(el("dialogue", "Hello."))[0]).toMatchObject({ x: 2.5, text: "Hello." });
    expect(layoutElement(el("shot", "close on the cup"))[0]).toMatchObject({ x: 1.5, text: "CLOSE ON THE CUP" });
  });

  it("puts transitions flush right at 7.1 in, uppercased", () => {
    const [line] = layoutElement(el("transition", "cut to:"));
    expect(line!.text).toBe("CUT TO:");
    expect(line!.x).toBeCloseTo(7.1 - 0.7, 6);
  });

  it("wraps action and headings at 61, dialogue at 35 (2.5–6.0 in), parentheticals at 26 with the '(' hanging", () => {
    const long = words(60);
    for (const l of layoutElement(el("action", long))) expect(l.text.length).toBeLessThanOrEqual(61);
    expect(layoutElement(el("action", long)).some((l) => l.text.length > 55)).toBe(true);
    const dialogue = layoutElement(el("dialogue", long));
    for (const l of dialogue) {
      expect(l.text.length).toBeLessThanOrEqual(35);
      expect(l.x + l.text.length / 10).toBeLessThanOrEqual(6.0 + 1e-9);
    }
    const paren = layoutElement(el("parenthetical", `(${words(10)})`));
    expect(paren.length).toBeGreaterThan(1);
    expect(paren[0]!.x).toBe(2.9);
    for (const l of paren.slice(1)) expect(l.x).toBeCloseTo(3.0, 6);
    for (const l of paren) expect(l.text.length).toBeLessThanOrEqual(26);
  });

  it("centers centered action in the text area and keeps action's leading spaces", () => {
    const [c] = layoutElement(el("action", "THE END", { centered: true }));
    expect(c!.x).toBeCloseTo(1.5 + (61 - 7) / 20, 6);
    expect(layoutElement(el("action", "    indented"))[0]!.text).toBe("    indented");
  });

  it("prints each content line; empty lines become blank lines; notes are dropped", () => {
    const lines = layoutElement(el("action", "One.\n\nTwo [[a note]] here."));
    expect(lines.map((l) => l.text)).toEqual(["One.", "", "Two  here."]);
  });

  it("lays dual dialogue out in two 29-character columns", () => {
    const left = layoutElement(el("dialogue", words(20)), "left");
    const right = layoutElement(el("dialogue", words(20)), "right");
    for (const l of left) expect(l).toMatchObject({ x: 1.5, dualColumn: "left" });
    for (const l of right) expect(l).toMatchObject({ x: 4.625, dualColumn: "right" });
    for (const l of [...left, ...right]) expect(l.text.length).toBeLessThanOrEqual(29);
    expect(left[0]!.x + 2.9).toBeLessThanOrEqual(right[0]!.x);
    // a dual cue is centered on 6.0625 in, snapped to 1/16 in
    expect(layoutElement(el("character", "anna"), "right")[0]!.x).toBeCloseTo(Math.round((6.0625 - (4 * 7) / 72 / 2) * 16) / 16, 6);
    expect(GEOMETRY.dialogue.width).toBe(35);
  });
});

describe("emphasis", () => {
  it("parses bold, italic, bold italic, underline and escapes", () => {
    expect(parseEmphasis("a *i* **b** ***bi*** _u_ \\*x\\*")).toEqual([
      { text: "a " },
      { text: "i", italic: true },
      { text: " " },
      { text: "b", bold: true },
      { text: " " },
      { text: "bi", bold: true, italic: true },
      { text: " " },
      { text: "u", underline: true },
      { text: " *x*" },
    ]);
    expect(parseEmphasis("_**both**_")).toEqual([{ text: "both", underline: true, bold: true }]);
    expect(stripEmphasis("*one **two** three*")).toBe("one two three");
    expect(stripEmphasis("2 * 3 = 6")).toBe("2 * 3 = 6");
  });

  it("wraps on the plain text and carries style spans per line", () => {
    const lines = layoutElement(el("dialogue", `${"x ".repeat(15)}**bold words here**`));
    expect(lines.map((l) => l.text)).toEqual([`${"x ".repeat(15)}bold`, "words here"]);
    expect(lines[0]!.styles).toEqual([{ start: 30, end: 34, bold: true }]);
    expect(lines[1]!.styles).toEqual([{ start: 0, end: 10, bold: true }]);
  });
});

describe("helpers", () => {
  it("detects sentence ends", () => {
    for (const t of ["Go.", "Go!", "Go?", 'He said "go."', "Wait…", "行こう。", "(Yes.)"]) expect(endsSentence(t)).toBe(true);
    for (const t of ["and then", "INT. HOUSE - DAY", "Mr"]) expect(endsSentence(t)).toBe(false);
  });

  it("builds the CONT'D cue, keeping an extension and not doubling an existing one", () => {
    expect(continuedCue("ANNA")).toBe("ANNA (CONT'D)");
    expect(continuedCue("JOE (V.O.)")).toBe("JOE (V.O.) (CONT'D)");
    expect(continuedCue("JOE (CONT'D)")).toBe("JOE (CONT'D)");
  });
});
