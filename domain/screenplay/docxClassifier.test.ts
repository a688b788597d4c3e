import { describe, expect, it } from "vitest";
import { counterIds } from "./fixtures";
import { ScreenplayParseError } from "./parseError";
import { classifyDocxParagraphs, docxParagraphs, suggestNameFromDocx, type DocxParagraph } from "./docxClassifier";

const classify = (paragraphs: DocxParagraph[]) =>
  classifyDocxParagraphs(paragraphs, { newId: counterIds() }).map(({ id: _id, ...rest }) => rest);
const lines = (...texts: string[]) => texts.map((text) => ({ text }));
const types = (paragraphs: DocxParagraph[]) => classify(paragraphs).map((e) => e.type);

describe("DOCX parsing: heading patterns, then context rules (spec 5)", () => {
  it("types a plain, unindented script by its text", () => {
    expect(
      classify(
        lines(
          "FADE IN:",
          "",
          "INT. COFFEE SHOP - DAY",
          "",
          "Anna waits.",
          "",
          "ANNA",
          "(quietly)",
          "He's late.",
          "",
          "JOE (V.O.)",
          "I'm here.",
          "",
          "CUT TO:",
        ),
      ),
    ).toEqual([
      { type: "transition", content: "FADE IN:" },
      { type: "slug", content: "INT. COFFEE SHOP - DAY" },
      { type: "action", content: "Anna waits." },
      { type: "character", content: "ANNA" },
      { type: "parenthetical", content: "(quietly)" },
      { type: "dialogue", content: "He's late." },
      { type: "character", content: "JOE (V.O.)" },
      { type: "dialogue", content: "I'm here." },
      { type: "transition", content: "CUT TO:" },
    ]);
  });

  it("after a character line, a non-uppercase line is dialogue and a parenthesised line a parenthetical", () => {
    expect(types(lines("JOE", "(beat)", "well then", "(sighs)", "Fine."))).toEqual([
      "character",
      "parenthetical",
      "dialogue",
      "parenthetical",
      "dialogue",
    ]);
  });

  it("reads a shout right after a cue as dialogue, and a new cue inside a speech as a character", () => {
    expect(types(lines("JOE", "HELLO", "ANNA", "Hi."))).toEqual(["character", "dialogue", "character", "dialogue"]);
  });

  it("does not take an upper-case line with nothing under it for a cue", () => {
    expect(types(lines("BOOM", "", "Smoke."))).toEqual(["action", "action"]);
  });

  it("ends a speech at an empty paragraph", () => {
    expect(types(lines("JOE", "Hi.", "", "He leaves."))).toEqual(["character", "dialogue", "action"]);
  });

  it("reads scene numbers around a heading", () => {
    expect(classify(lines("12A INT. HOUSE - NIGHT 12A", "", "14. EXT. YARD - DAY"))).toEqual([
      { type: "slug", content: "INT. HOUSE - NIGHT", sceneNumber: "12A" },
      { type: "slug", content: "EXT. YARD - DAY", sceneNumber: "14" },
    ]);
  });

  it("reads shots, centered text and right-aligned transitions", () => {
    expect(
      classify([
        { text: "CLOSE ON THE KEYS" },
        { text: "" },
        { text: "THE END", alignment: "center" },
        { text: "" },
        { text: "DISSOLVE", alignment: "right" },
      ]),
    ).toEqual([
      { type: "shot", content: "CLOSE ON THE KEYS" },
      { type: "action", content: "THE END", centered: true },
      { type: "transition", content: "DISSOLVE" },
    ]);
  });

  it("trims text, turns tabs into spaces and keeps line breaks inside a paragraph", () => {
    expect(classify(lines("  A line\twith a tab \n  and a break  "))).toEqual([
      { type: "action", content: "A line with a tab\nand a break" },
    ]);
  });
});

describe("DOCX parsing by indentation", () => {
  // A Word screenplay with a 1.5 in page margin: action 0, dialogue 1 in, parenthetical 1.5 in, cue 2.2 in, transition 4 in.
  const at = (inches: number, text: string): DocxParagraph => ({ text, indentLeftTwips: Math.round(inches * 1440) });

  it("uses the indent levels when the document has them", () => {
    expect(
      types([
        at(0, "INT. HOUSE - DAY"),
        at(0, "Joe enters, whistling."),
        at(2.2, "Joe"),
        at(1.5, "(to himself)"),
        at(1, "HELLO?"),
        at(0, "Nobody answers."),
        at(4, "Smash cut"),
      ]),
    ).toEqual(["slug", "action", "character", "parenthetical", "dialogue", "action", "transition"]);
  });

  it("measures from the least indented paragraph (a document with a 1 in margin)", () => {
    expect(types([at(0.5, "Action."), at(2.7, "JOE"), at(1.5, "Words.")])).toEqual(["action", "character", "dialogue"]);
  });

  it("ignores small indent differences", () => {
    expect(types([at(0, "Action."), at(0.25, "More action.")])).toEqual(["action", "action"]);
  });
});

describe("DOCX parsing by style name", () => {
  it.each([
    ["Scene Heading", "slug"],
    ["SceneHeading", "slug"],
    ["Action", "action"],
    ["Character", "character"],
    ["Dialogue", "dialogue"],
    ["Parenthetical", "parenthetical"],
    ["Transition", "transition"],
    ["Shot", "shot"],
  ])("%s → %s", (styleName, type) => {
    expect(types([{ text: "Some text", styleName }])).toEqual([type]);
  });

  it("reads a parenthesised line in a Dialogue style as a parenthetical", () => {
    expect(types([{ text: "(beat)", styleName: "Dialogue" }])).toEqual(["parenthetical"]);
  });
});

describe("DOCX errors and the suggested name", () => {
  it("throws the spec's message when nothing is found", () => {
    expect(() => classifyDocxParagraphs(lines("", "  ", "\t"))).toThrow(
      new ScreenplayParseError("No valid screenplay content found in DOCX file"),
    );
  });

  it("suggests the first scene heading's location", () => {
    const els = classify(lines("Title page text", "", "INT. COFFEE SHOP - DAY", "", "EXT. PARK - NIGHT"));
    expect(suggestNameFromDocx(els)).toBe("COFFEE SHOP");
    expect(suggestNameFromDocx([{ type: "slug", content: "INT./EXT. ÅLESUND HARBOUR - KAI 3 - NIGHT" }])).toBe("ÅLESUND HARBOUR - KAI 3");
  });

  it("suggests nothing without a heading", () => {
    expect(suggestNameFromDocx(classify(lines("Just action.")))).toBeNull();
  });
});

describe("docxParagraphs: paragraphs out of word/document.xml", () => {
  const doc = (body: string) =>
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${body}</w:body></w:document>`;

  it("reads text runs, indents, alignment and style ids", () => {
    const xml = doc(
      `<w:p><w:pPr><w:pStyle w:val="SceneHeading"/><w:ind w:left="0"/></w:pPr><w:r><w:t>INT. </w:t></w:r><w:r><w:rPr><w:b/></w:rPr><w:t xml:space="preserve">HOUSE - DAY</w:t></w:r></w:p>` +
        `<w:p><w:pPr><w:ind w:start="3168" w:hanging="0"/><w:jc w:val="center"/></w:pPr><w:r><w:t>ZOË</w:t></w:r></w:p>` +
        `<w:p/>` +
        `<w:p><w:r><w:t>One</w:t><w:tab/><w:t>two</w:t><w:br/><w:t>three</w:t><w:br w:type="page"/></w:r><w:del><w:r><w:delText>gone</w:delText></w:r></w:del><w:ins><w:r><w:t> &amp; four</w:t></w:r></w:ins></w:p>` +
        `<w:tbl><w:tr><w:tc><w:p><w:r><w:t>Москва</w:t></w:r></w:p></w:tc></w:tr></w:tbl>` +
        `<w:sectPr/>`,
    );
    expect(docxParagraphs(xml)).toEqual([
      { text: "INT. HOUSE - DAY", styleName: "SceneHeading", indentLeftTwips: 0 },
      { text: "ZOË", indentLeftTwips: 3168, alignment: "center" },
      { text: "" },
      { text: "One\ttwo\nthree & four" },
      { text: "Москва" },
    ]);
  });

  it("throws the corrupted-file message for broken XML", () => {
    expect(() => docxParagraphs("<w:document><w:body>")).toThrow(ScreenplayParseError);
  });
});
