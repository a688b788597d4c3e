import { describe, expect, it } from "vitest";
import type { ParsedScript, ScreenplayElement } from "./elements";
import { FOUNTAIN_SAMPLE, counterIds, withoutIds } from "./fixtures";
import { parseFountain, writeFountain } from "./fountain";

type El = Omit<ScreenplayElement, "id">;
const script = (elements: El[], titlePage: ParsedScript["titlePage"] = {}): ParsedScript => ({
  titlePage,
  elements: elements.map((e, i) => ({ id: `x${i}`, ...e })),
});
const write = (...elements: El[]) => writeFountain(script(elements));
const roundTrip = (s: ParsedScript) => withoutIds(parseFountain(writeFountain(s), { newId: counterIds() }));

describe("writeFountain: plain syntax where it reads back", () => {
  it("writes a scene without forced markers", () => {
    expect(
      write(
        { type: "slug", content: "INT. HOUSE - DAY", sceneNumber: "1" },
        { type: "action", content: "Joe enters." },
        { type: "character", content: "JOE" },
        { type: "parenthetical", content: "(beat)" },
        { type: "dialogue", content: "Hi." },
        { type: "transition", content: "CUT TO:" },
      ),
    ).toBe("INT. HOUSE - DAY #1#\n\nJoe enters.\n\nJOE\n(beat)\nHi.\n\nCUT TO:\n");
  });

  it("writes the title page first, multi-line values indented", () => {
    const out = writeFountain(script([{ type: "action", content: "Go." }], { title: "T", contact: "A\nB", extra: { Copyright: "me" } }));
    expect(out).toBe("Title: T\nContact:\n    A\n    B\nCopyright: me\n\nGo.\n");
  });

  it("writes nothing for an empty script", () => {
    expect(write()).toBe("");
  });
});

describe("writeFountain: forced markers where the plain syntax is ambiguous", () => {
  it.each<[string, El, string]>([
    ["a cue with lower-case letters gets '@'", { type: "character", content: "McCLANE" }, "@McCLANE"],
    ["a non-Latin cue gets '@'", { type: "character", content: "健二" }, "@健二"],
    ["a heading without INT/EXT gets '.'", { type: "slug", content: "FLASHBACK - 1990" }, ".FLASHBACK - 1990"],
    [
      "an action line that looks like a heading gets '!'",
      { type: "action", content: "INT. is chalked on the door." },
      "!INT. is chalked on the door.",
    ],
    [
      "an upper-case action line over text gets '!'",
      { type: "action", content: "BANG\nThe door flies open." },
      "!BANG\nThe door flies open.",
    ],
    ["an action line ending in TO: gets '!'", { type: "action", content: "CUT TO:" }, "!CUT TO:"],
    ["a transition not ending in TO: gets '>'", { type: "transition", content: "FADE OUT." }, ">FADE OUT."],
    ["a lower-case transition gets '>'", { type: "transition", content: "Cut to:" }, ">Cut to:"],
    ["action starting with '#' gets '!'", { type: "action", content: "#1 hit plays." }, "!#1 hit plays."],
    ["action starting with '=' gets '!'", { type: "action", content: "= sign" }, "!= sign"],
    ["action starting with '!' keeps it", { type: "action", content: "!important" }, "!!important"],
    ["action starting with '~' gets '!'", { type: "action", content: "~wave" }, "!~wave"],
    ["action starting with '>' gets '!'", { type: "action", content: ">arrow" }, "!>arrow"],
    ["action starting with '@' gets '!'", { type: "action", content: "@handle" }, "!@handle"],
    ["action starting with '.' gets '!'", { type: "action", content: ".dotfile" }, "!.dotfile"],
  ])("%s", (_name, el, line) => {
    expect(write(el)).toBe(`${line}\n`);
  });

  it("forces a cue with nothing under it", () => {
    expect(write({ type: "character", content: "JOE" })).toBe("@JOE\n");
  });

  it("writes the second speaker of a dual pair with '^'", () => {
    expect(
      write(
        { type: "character", content: "BRICK" },
        { type: "dialogue", content: "Hi." },
        { type: "character", content: "STEEL", dual: true },
        { type: "dialogue", content: "Hi.", dual: true },
      ),
    ).toBe("BRICK\nHi.\n\nSTEEL ^\nHi.\n");
  });

  it("writes centered action, page breaks, shots and paragraphs of dialogue", () => {
    expect(
      write(
        { type: "shot", content: "ANGLE ON JOE" },
        { type: "action", content: "THE END", centered: true, pageBreakBefore: true },
        { type: "character", content: "JOE" },
        { type: "dialogue", content: "One." },
        { type: "dialogue", content: "Two." },
      ),
    ).toBe(".ANGLE ON JOE [[shot]]\n\n===\n\n>THE END<\n\nJOE\nOne.\n  \nTwo.\n");
  });

  it("escapes action lines that would change meaning inside the block", () => {
    expect(write({ type: "action", content: "One.\n===\n>mid<\n   \n\nEnd." })).toBe("One.\n!===\n!>mid<\n!   \n!\nEnd.\n");
  });

  it("forces a first line that would read as a title page", () => {
    expect(write({ type: "action", content: "Note: the following is true." })).toBe("!Note: the following is true.\n");
    expect(write({ type: "slug", content: "INT HOUSE: DAY" })).toBe(".INT HOUSE: DAY\n");
  });
});

describe("writeFountain round trip: parse(write(x)) equals x", () => {
  it.each<[string, El[]]>([
    [
      "forced elements",
      [
        { type: "character", content: "McCLANE (V.O.)" },
        { type: "dialogue", content: "Yippie." },
        { type: "slug", content: "FLASHBACK", sceneNumber: "I-1-A" },
        { type: "action", content: "INT. is not a heading here." },
        { type: "transition", content: "FADE TO BLACK." },
      ],
    ],
    [
      "empty elements",
      [
        { type: "action", content: "" },
        { type: "slug", content: "" },
        { type: "transition", content: "" },
        { type: "character", content: "" },
      ],
    ],
    ["multi-line action with blank and indented lines", [{ type: "action", content: "First.\n\n    Indented.\n" }]],
    ["a heading starting with INT but forced by content", [{ type: "slug", content: "int. lower case - day", sceneNumber: "7" }]],
    [
      "dual dialogue with parentheticals",
      [
        { type: "character", content: "A" },
        { type: "parenthetical", content: "(beat)" },
        { type: "dialogue", content: "One\ntwo" },
        { type: "character", content: "B", dual: true },
        { type: "parenthetical", content: "(softly,\nslowly)", dual: true },
        { type: "dialogue", content: "Three.", dual: true },
        { type: "dialogue", content: "Four.", dual: true },
      ],
    ],
    [
      "page breaks before any element, mid-speech too",
      [
        { type: "action", content: "A.", pageBreakBefore: true },
        { type: "character", content: "JOE", pageBreakBefore: true },
        { type: "dialogue", content: "Hi." },
        { type: "dialogue", content: "Bye.", pageBreakBefore: true },
        { type: "shot", content: "ANGLE ON JOE", pageBreakBefore: true },
      ],
    ],
    [
      "centered lines",
      [
        { type: "action", content: "THE\nEND", centered: true },
        { type: "action", content: "Credits.", centered: true },
      ],
    ],
    [
      "shots, even starting with a period",
      [
        { type: "shot", content: "CLOSE ON 東京" },
        { type: "shot", content: ".45 MAGNUM" },
      ],
    ],
    [
      "non-Latin text",
      [
        { type: "slug", content: "EXT. ÅLESUND - NIGHT" },
        { type: "character", content: "ZOË" },
        { type: "dialogue", content: "Москва ждёт. 東京に行こう。" },
        { type: "character", content: "МАША" },
        { type: "dialogue", content: "Да." },
      ],
    ],
  ])("%s", (_name, els) => {
    const s = script(els, { title: "Zoë", author: "Москва\n東京", extra: { Revision: "Blue" } });
    expect(roundTrip(s)).toEqual(withoutIds(s));
  });

  it("round-trips the sample script", () => {
    const parsed = parseFountain(FOUNTAIN_SAMPLE, { newId: counterIds() });
    expect(roundTrip(parsed)).toEqual(withoutIds(parsed));
  });

  it("is stable: writing what it read gives the same text", () => {
    const once = writeFountain(parseFountain(FOUNTAIN_SAMPLE));
    expect(writeFountain(parseFountain(once))).toBe(once);
  });
});

describe("what Fountain cannot hold (documented losses)", () => {
  it("writes a dialogue with no cue before it as action", () => {
    expect(roundTrip(script([{ type: "dialogue", content: "Orphan." }])).elements).toEqual([{ type: "action", content: "Orphan." }]);
  });

  it("drops revision marks and empty dialogue", () => {
    const s = script([
      { type: "character", content: "JOE", revision: "blue" },
      { type: "dialogue", content: "" },
      { type: "dialogue", content: "Hi." },
    ]);
    expect(roundTrip(s).elements).toEqual([
      { type: "character", content: "JOE" },
      { type: "dialogue", content: "Hi." },
    ]);
  });
});

describe("blank lines kept from an .fdx's empty paragraphs", () => {
  it("writes them as two-space lines and reads them back, with or without a title page", () => {
    const elements: El[] = [
      { type: "slug", content: "INT. HALL - DAY", blankLinesBefore: 1 },
      { type: "action", content: "Rain." },
      { type: "character", content: "ANNA", blankLinesBefore: 3 },
      { type: "dialogue", content: "Hello." },
    ];
    expect(write(...elements)).toContain("Rain.\n\n  \n  \n  \n\nANNA");
    expect(roundTrip(script(elements)).elements).toEqual(elements);
    expect(roundTrip(script(elements, { title: "T" })).elements).toEqual(elements);
  });
});
