import { describe, expect, it } from "vitest";
import { FOUNTAIN_SAMPLE, counterIds, withoutIds } from "./fixtures";
import { parseFountain } from "./fountain";

const parse = (text: string) => withoutIds(parseFountain(text, { newId: counterIds() }));
const elements = (text: string) => parse(text).elements;

describe("parseFountain: the sample script", () => {
  it("reads every element of the sample", () => {
    expect(parse(FOUNTAIN_SAMPLE).elements).toEqual([
      { type: "slug", content: "EXT. BRICK'S PATIO - DAY", sceneNumber: "1" },
      { type: "action", content: "A gorgeous day.  The sun is shining. Birds sing.\n    An indented line keeps its spaces." },
      { type: "slug", content: "SNIPER SCOPE POV", sceneNumber: "1A" },
      { type: "character", content: "STEEL" },
      { type: "parenthetical", content: "(beat)" },
      { type: "dialogue", content: "Beer's ready!" },
      { type: "dialogue", content: "Another paragraph of the same speech." },
      { type: "character", content: "BRICK", dual: true },
      { type: "dialogue", content: "Are they cold?", dual: true },
      { type: "action", content: "INT. STAYS ACTION, THANKS TO THE BANG" },
      { type: "character", content: "McCLANE (V.O.)" },
      { type: "dialogue", content: "Yippie ki-yay! Москва!" },
      { type: "action", content: "BOOM." },
      { type: "transition", content: "CUT TO:" },
      { type: "transition", content: "FADE OUT." },
      { type: "action", content: "Willy Wonka! Willy Wonka!\nThe amazing chocolatier!" },
      { type: "shot", content: "ANGLE ON 東京 TOWER", pageBreakBefore: true },
      { type: "action", content: "THE END", centered: true },
    ]);
  });

  it("reads the title page, multi-line values and unknown keys", () => {
    expect(parse(FOUNTAIN_SAMPLE).titlePage).toEqual({
      title: "_**BRICK & STEEL**_\n_**FULL RETIRED**_",
      credit: "Written by",
      author: "Stu Maschwitz",
      source: "Story by KTM",
      draftDate: "1/20/2012",
      contact: "Next Level Productions\n1588 Mission Dr.\nSolvang, CA 93463",
      extra: { Copyright: "(c) 2012" },
    });
  });

  it("gives each element a fresh id", () => {
    const ids = parseFountain(FOUNTAIN_SAMPLE).elements.map((e) => e.id);
    expect(new Set(ids).size).toBe(ids.length);
  });
});

describe("scene headings", () => {
  it.each([
    "INT. HOUSE - DAY",
    "EXT. HOUSE - DAY",
    "EST. CITY - NIGHT",
    "INT./EXT. CAR - DAY",
    "INT/EXT CAR - DAY",
    "I/E CAR - DAY",
    "int house - day",
  ])("%s is a heading when a blank line follows", (line) => {
    expect(elements(`${line}\n\nAction.`)[0]).toEqual({ type: "slug", content: line });
  });

  it("is action when no blank line follows", () => {
    expect(elements("INT. HOUSE - DAY\nJoe enters.")).toEqual([{ type: "action", content: "INT. HOUSE - DAY\nJoe enters." }]);
  });

  it("needs '.' or a space after the prefix", () => {
    expect(elements("INTERIOR DESIGN")).toEqual([{ type: "action", content: "INTERIOR DESIGN" }]);
  });

  it("is forced by a single leading period, not by an ellipsis", () => {
    expect(elements(".FLASHBACK\n\n...and then")).toEqual([
      { type: "slug", content: "FLASHBACK" },
      { type: "action", content: "...and then" },
    ]);
  });

  it.each([
    ["#1#", "1"],
    ["#1A#", "1A"],
    ["#I-1-A#", "I-1-A"],
    ["#110A#", "110A"],
    ["#1.1#", "1.1"],
  ])("takes the scene number %s", (mark, number) => {
    expect(elements(`INT. HOUSE - DAY ${mark}`)).toEqual([{ type: "slug", content: "INT. HOUSE - DAY", sceneNumber: number }]);
  });
});

describe("action", () => {
  it("is forced with '!' and keeps leading spaces and every line", () => {
    expect(elements("!JOE\n  walks in.\n!BANG")).toEqual([{ type: "action", content: "JOE\n  walks in.\nBANG" }]);
  });

  it("expands tabs to four spaces", () => {
    expect(elements("\tIndented.")).toEqual([{ type: "action", content: "    Indented." }]);
  });

  it("keeps a lone '!' as an empty line", () => {
    expect(elements("One.\n!\nTwo.")).toEqual([{ type: "action", content: "One.\n\nTwo." }]);
  });

  it("ends a block at a two-space line outside a speech", () => {
    expect(elements("INT. HOUSE - DAY\n  \nJoe enters.")).toEqual([
      { type: "slug", content: "INT. HOUSE - DAY" },
      { type: "action", content: "Joe enters." },
    ]);
  });

  it("reads two-space lines after the separating blank line as blank lines kept before the next element", () => {
    expect(elements("Rain.\n\n  \n  \n\nINT. HALL - DAY")).toEqual([
      { type: "action", content: "Rain." },
      { type: "slug", content: "INT. HALL - DAY", blankLinesBefore: 2 },
    ]);
  });

  it("reads lyrics as action without the tilde", () => {
    expect(elements("~La la la\n~Lo lo")).toEqual([{ type: "action", content: "La la la\nLo lo" }]);
  });

  it("reads >TEXT< as centered action with the inner spaces trimmed", () => {
    expect(elements(">  THE END  <")).toEqual([{ type: "action", content: "THE END", centered: true }]);
    expect(elements("She waits.\n>INTERMISSION<")).toEqual([
      { type: "action", content: "She waits." },
      { type: "action", content: "INTERMISSION", centered: true },
    ]);
  });

  it("keeps emphasis markers verbatim", () => {
    expect(elements("*italic* **bold** ***both*** _under_ \\*literal\\*")[0]?.content).toBe(
      "*italic* **bold** ***both*** _under_ \\*literal\\*",
    );
  });
});

describe("characters, dialogue and parentheticals", () => {
  it("reads an upper-case line followed by text as a cue", () => {
    expect(elements("HANS (on the radio)\nWhat was it you said?")).toEqual([
      { type: "character", content: "HANS (on the radio)" },
      { type: "dialogue", content: "What was it you said?" },
    ]);
  });

  it("does not read an upper-case line with a blank line after it as a cue", () => {
    expect(elements("SILENCE.\n\nThen a shot.")).toEqual([
      { type: "action", content: "SILENCE." },
      { type: "action", content: "Then a shot." },
    ]);
  });

  it("needs a letter in the name: '23' is not a cue, 'R2D2' is", () => {
    expect(elements("23\nHello")[0]?.type).toBe("action");
    expect(elements("R2D2\nBeep.")[0]?.type).toBe("character");
  });

  it("forces a cue with '@' keeping its case, and non-Latin names", () => {
    expect(elements("@McCLANE\nYippie.")[0]).toEqual({ type: "character", content: "McCLANE" });
    expect(elements("@健二\nこんにちは")).toEqual([
      { type: "character", content: "健二" },
      { type: "dialogue", content: "こんにちは" },
    ]);
  });

  it("joins dialogue lines and splits paragraphs at a two-space line", () => {
    expect(elements("JOE\nLine one\nline two\n  \nNew paragraph.")).toEqual([
      { type: "character", content: "JOE" },
      { type: "dialogue", content: "Line one\nline two" },
      { type: "dialogue", content: "New paragraph." },
    ]);
  });

  it("reads parentheticals after a cue or dialogue, across lines when unclosed", () => {
    expect(elements("JOE\n(beat)\nHi.\n(to Anna,\nsoftly)\nBye.\n(laughs) That's not one.")).toEqual([
      { type: "character", content: "JOE" },
      { type: "parenthetical", content: "(beat)" },
      { type: "dialogue", content: "Hi." },
      { type: "parenthetical", content: "(to Anna,\nsoftly)" },
      { type: "dialogue", content: "Bye.\n(laughs) That's not one." },
    ]);
  });

  it("marks the second speaker of dual dialogue with '^'", () => {
    expect(elements("BRICK\nScrew retirement.\n\nSTEEL ^\n(beat)\nScrew retirement.")).toEqual([
      { type: "character", content: "BRICK" },
      { type: "dialogue", content: "Screw retirement." },
      { type: "character", content: "STEEL", dual: true },
      { type: "parenthetical", content: "(beat)", dual: true },
      { type: "dialogue", content: "Screw retirement.", dual: true },
    ]);
  });
});

describe("transitions", () => {
  it("reads an upper-case line ending in TO: between blank lines", () => {
    expect(elements("CUT TO:")).toEqual([{ type: "transition", content: "CUT TO:" }]);
  });

  it("is forced with '>'", () => {
    expect(elements(">Burn to white.")).toEqual([{ type: "transition", content: "Burn to white." }]);
  });

  it("is not one with a trailing space or a following line", () => {
    expect(elements("CUT TO: ")[0]?.type).toBe("action");
    expect(elements("CUT TO:\nthe chase")[0]?.type).toBe("character");
  });
});

describe("things that are not printed", () => {
  it("drops notes, inline or on their own lines, without splitting the block", () => {
    expect(elements("JOE\n[[A note\nover lines]]\nHello [[aside]] there.")).toEqual([
      { type: "character", content: "JOE" },
      { type: "dialogue", content: "Hello there." },
    ]);
  });

  it("folds the spaces around an inline note and keeps the line's indent", () => {
    expect(elements("    Indented [[a]] text [[b]] [[c]] end.")).toEqual([{ type: "action", content: "    Indented text end." }]);
    expect(elements("[[a]] Starts after a note.")).toEqual([{ type: "action", content: "Starts after a note." }]);
  });

  it("drops the boneyard, however many lines it spans", () => {
    expect(elements("Before.\n\n/* INT. GONE - DAY\n\nGone. */\n\nAfter /* inline */ text.")).toEqual([
      { type: "action", content: "Before." },
      { type: "action", content: "After text." },
    ]);
  });

  it("drops sections and synopses", () => {
    expect(elements("# ACT ONE\n\n## Sequence\n= The hero wakes.\n\nINT. HOUSE - DAY")).toEqual([
      { type: "slug", content: "INT. HOUSE - DAY" },
    ]);
  });
});

describe("page breaks", () => {
  it("sets pageBreakBefore on the next element", () => {
    expect(elements("One.\n\n===\n\nTwo.")).toEqual([
      { type: "action", content: "One." },
      { type: "action", content: "Two.", pageBreakBefore: true },
    ]);
  });

  it("keeps a break inside a speech", () => {
    expect(elements("JOE\nHi.\n===\nBye.")).toEqual([
      { type: "character", content: "JOE" },
      { type: "dialogue", content: "Hi." },
      { type: "dialogue", content: "Bye.", pageBreakBefore: true },
    ]);
  });
});

describe("title page", () => {
  it("is only read at the start and ends at the first blank line", () => {
    expect(parse("Title: X\nAuthor: Y\n\nTitle: not a key here")).toEqual({
      titlePage: { title: "X", author: "Y" },
      elements: [{ type: "action", content: "Title: not a key here" }],
    });
  });

  it("leaves a lone 'FADE IN:' in the script", () => {
    expect(parse("FADE IN:\n\nINT. HOUSE - DAY")).toEqual({
      titlePage: {},
      elements: [
        { type: "action", content: "FADE IN:" },
        { type: "slug", content: "INT. HOUSE - DAY" },
      ],
    });
  });

  it("reads 'Authors' as the author and values after a tab", () => {
    expect(parse("Authors:\n\tA\n\tB\nDraft Date: today").titlePage).toEqual({ author: "A\nB", draftDate: "today" });
  });

  it("returns an empty title page and no elements for empty text", () => {
    expect(parse("")).toEqual({ titlePage: {}, elements: [] });
  });
});

describe("hostile input stays fast (uploads can be 10 MB)", () => {
  it.each([
    ["unclosed boneyard openers", "/*".repeat(200_000)],
    ["unclosed note openers", "[[".repeat(200_000)],
    ["many extensions on one cue", `${"(A)".repeat(100_000)}\nHi.`],
    ["a long run of spaces", `A${" ".repeat(500_000)}x\nHi.`],
    ["many notes on one line", "a [[n]] ".repeat(100_000)],
  ])("%s", (_name, text) => {
    const started = performance.now();
    parseFountain(text);
    expect(performance.now() - started).toBeLessThan(2000);
  });
});
