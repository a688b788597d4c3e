import { describe, expect, it } from "vitest";
import type { ScreenplayElement } from "./elements";
import { paginate, pageCount, type Page, type PositionedLine } from "./paginate";
import { element as el } from "./fixtures";

/** An action block of `rows` lines that may not be split (no sentence ends). */
const filler = (rows: number) => el("action", Array.from({ length: rows }, (_, i) => `filler line ${i}`).join("\n"));
/** `count` one-line sentences. */
const sentences = (count: number, word = "Line") => Array.from({ length: count }, (_, i) => `${word} ${i + 1} ends here.`).join("\n");

const letter = (els: ScreenplayElement[]) => paginate(els, { paper: "letter" });
const lastRow = (p: Page) => Math.max(...p.lines.map((l) => l.row));
const lastLines = (p: Page): PositionedLine[] => p.lines.filter((l) => l.row === lastRow(p));
/** The first row (a split speech's "NAME (CONT'D)" sits in the top margin, row -1). */
const firstLines = (p: Page): PositionedLine[] => p.lines.filter((l) => l.row === Math.min(...p.lines.map((x) => x.row)));
const texts = (p: Page | undefined, kind?: string) => (p?.lines ?? []).filter((l) => !kind || l.kind === kind).map((l) => l.text);

describe("an .fdx's empty Action paragraphs (blank lines before an element)", () => {
  const headingRowOnPage2 = (blankLinesBefore?: number) => {
    const heading = { ...el("slug", "EXT. ROAD - NIGHT"), ...(blankLinesBefore ? { blankLinesBefore } : {}) };
    const pages = letter([filler(54), heading, el("action", "Rain.")]);
    return firstLines(pages[1]!).length ? pages[1]!.lines.find((l) => l.kind === "slug")!.row : -1;
  };

  it("keep their blank line at the top of a page, as Final Draft prints them (the heading keeps its space before)", () => {
    expect(headingRowOnPage2()).toBe(0);
    // the empty paragraph's line (row 0), then the heading's two lines of space before
    expect(headingRowOnPage2(1)).toBe(3);
    // each further empty paragraph: its space before and its line
    expect(headingRowOnPage2(2)).toBe(5);
  });

  it("push a one-line action that would fill a page's last line over when they open the next page", () => {
    // Gumshoe's page 18: Final Draft's page holds one line less when it opens with an empty paragraph
    const opening = { ...el("slug", "EXT. ROAD - NIGHT"), blankLinesBefore: 1 };
    const pages = letter([filler(53), opening, el("action", "Rain."), el("action", filler(46).content), el("action", "Last.")]);
    expect(texts(pages[1]).at(-1)).not.toBe("Last.");
    expect(texts(pages[2])).toEqual(["Last."]);
  });
});

describe("scene headings keep with what follows", () => {
  it("moves a heading that would be last on a page to the next page", () => {
    // filler: rows 0–51; the heading would sit on row 53 with no room for its action
    const pages = letter([filler(52), el("slug", "INT. HOUSE - DAY"), el("action", "She waits.\nHe waits.\nThey wait.")]);
    expect(pages).toHaveLength(2);
    expect(lastLines(pages[0]!)[0]!.kind).toBe("action");
    expect(firstLines(pages[1]!)[0]).toMatchObject({ kind: "slug", text: "INT. HOUSE - DAY" });
  });

  it("keeps the heading with the first lines of an action that can split", () => {
    // heading on row 48 (two lines before it), action from row 50: four of its ten sentence lines fit
    const pages = letter([filler(46), el("slug", "INT. HOUSE - DAY"), el("action", sentences(10))]);
    expect(texts(pages[0], "slug")).toEqual(["INT. HOUSE - DAY"]);
    expect(lastRow(pages[0]!)).toBe(53);
    expect(texts(pages[0], "action").slice(-4)).toEqual(sentences(4).split("\n"));
    expect(texts(pages[1])).toEqual(sentences(10).split("\n").slice(4));
  });

  it("moves the heading with an action of fewer than five lines rather than split it", () => {
    const pages = letter([filler(47), el("slug", "INT. HOUSE - DAY"), el("action", sentences(4))]);
    expect(texts(pages[0], "slug")).toEqual([]);
    expect(texts(pages[1])).toEqual(["INT. HOUSE - DAY", ...sentences(4).split("\n")]);
  });
});

describe("character cues", () => {
  it("never end a page: a speech that cannot split with ≥2 lines moves whole", () => {
    const pages = letter([filler(52), el("character", "ANNA"), el("dialogue", sentences(4, "Talk"))]);
    expect(lastLines(pages[0]!)[0]!.kind).toBe("action");
    expect(firstLines(pages[1]!)[0]).toMatchObject({ kind: "character", text: "ANNA" });
    expect(texts(pages[1], "dialogue")).toHaveLength(4);
  });

  it("a cue with no speech keeps with the next block", () => {
    const pages = letter([filler(52), el("character", "ANNA"), el("action", "A\nB\nC")]);
    expect(texts(pages[0], "character")).toEqual([]);
    expect(firstLines(pages[1]!)[0]!.kind).toBe("character");
  });
});

describe("transitions", () => {
  it("never start a page: the action before is split so that lines go with it", () => {
    // filler rows 0–48, the action fills rows 50–54 exactly; CUT TO: would start page 2
    const pages = letter([filler(49), el("action", sentences(5)), el("transition", "CUT TO:")]);
    expect(pages).toHaveLength(2);
    expect(firstLines(pages[1]!)[0]!.kind).toBe("action");
    expect(texts(pages[0], "action").slice(-3)).toEqual(sentences(3).split("\n"));
    expect(texts(pages[1])).toEqual([...sentences(5).split("\n").slice(3), "CUT TO:"]);
  });

  it("take an unsplittable block before them to the next page", () => {
    const pages = letter([filler(49), el("action", "no end\nno end\nno end\nno end\nno end"), el("transition", "CUT TO:")]);
    expect(texts(pages[0])).toHaveLength(49);
    expect(texts(pages[1])).toEqual(["no end", "no end", "no end", "no end", "no end", "CUT TO:"]);
  });
});

describe("dialogue splits with (MORE) and (CONT'D)", () => {
  it("prints (MORE) at the cue's indent and NAME (CONT'D) at the top of the next page", () => {
    // cue on row 46, dialogue rows 47–53, (MORE) on row 54
    const pages = letter([filler(45), el("character", "anna"), el("dialogue", sentences(12, "Talk"))]);
    const bottom = lastLines(pages[0]!)[0]!;
    // (MORE) and NAME (CONT'D) take no line of the page: below row 53 and above row 0
    expect(bottom).toMatchObject({ text: "(MORE)", kind: "more", x: 3.5, row: 54, continued: true });
    expect(texts(pages[0], "dialogue")).toEqual(sentences(7, "Talk").split("\n"));
    expect(firstLines(pages[1]!)[0]).toMatchObject({ text: "ANNA (CONT'D)", kind: "character", x: 3.5, row: -1, continued: true });
    expect(texts(pages[1], "dialogue")).toEqual(sentences(12, "Talk").split("\n").slice(7));
  });

  it("keeps an existing extension: JOE (V.O.) → JOE (V.O.) (CONT'D); never doubles (CONT'D)", () => {
    const vo = letter([filler(45), el("character", "JOE (V.O.)"), el("dialogue", sentences(12, "Talk"))]);
    expect(firstLines(vo[1]!)[0]!.text).toBe("JOE (V.O.) (CONT'D)");
    const contd = letter([filler(45), el("character", "JOE (CONT'D)"), el("dialogue", sentences(12, "Talk"))]);
    expect(firstLines(contd[1]!)[0]!.text).toBe("JOE (CONT'D)");
  });

  it("never puts (MORE) right after a parenthetical", () => {
    // cue on row 48: room for five lines of speech and (MORE); the fifth would be the parenthetical
    const pages = letter([
      filler(47),
      el("character", "ANNA"),
      el("dialogue", "a goes on\nb goes on\nc goes on\nd goes on"),
      el("parenthetical", "(beat)"),
      el("dialogue", sentences(6, "More")),
    ]);
    expect(texts(pages[0]).slice(-2)).toEqual(["d goes on", "(MORE)"]);
    expect(texts(pages[1]).slice(0, 2)).toEqual(["ANNA (CONT'D)", "(beat)"]);
  });

  it("prefers a sentence end to a later line mid-sentence", () => {
    const pages = letter([
      filler(47),
      el("character", "ANNA"),
      el("dialogue", "One line ends here.\nTwo lines end here.\nthree goes on\nfour goes on\nfive goes on\nsix goes on\nseven\neight"),
    ]);
    expect(texts(pages[0]).slice(-2)).toEqual(["Two lines end here.", "(MORE)"]);
  });

  it("takes one more sentence when it still ends on the top part's last line (Final Draft's two-short-sentences probe)", () => {
    // rows 50–53 hold the cue, a line, the parenthetical and one dialogue line
    const pages = letter([
      filler(49),
      el("character", "EDWARD"),
      el("dialogue", "Will never told you that?"),
      el("parenthetical", "(she shakes her head)"),
      el("dialogue", "Fuck it. He'd have told it wrong. All the facts and none of the flavor."),
    ]);
    expect(texts(pages[0], "dialogue").at(-1)).toBe("Fuck it. He'd have told it wrong.");
    expect(texts(pages[1], "dialogue")).toEqual(["All the facts and none of the", "flavor."]);
  });

  it("cuts right after a parenthetical only when nothing else may, and the line before it ends a sentence", () => {
    // rows 50–53: the cue, a line, the parenthetical and one line; the last speech is two lines of which the
    // second sentence alone would be one line on the next page (Final Draft's plus-one-liner probe)
    const speech = (first: string) => [
      filler(49),
      el("character", "EDWARD"),
      el("dialogue", first),
      el("parenthetical", "(she shakes her head)"),
      el("dialogue", "Fuck it. He'd have told it wrong. None of the flavor or sauce, honey."),
    ];
    const cut = letter(speech("Will never told you that?"));
    expect(texts(cut[0]).slice(-2)).toEqual(["(she shakes her head)", "(MORE)"]);
    expect(texts(cut[1], "dialogue")[0]).toBe("Fuck it. He'd have told it wrong.");
    // a line that runs on into the parenthetical ("…you,") is not cut from it: the speech moves whole
    const whole = letter(speech("Will never told you,"));
    expect(texts(whole[0])).not.toContain("EDWARD");
    expect(texts(whole[1])[0]).toBe("EDWARD");
  });

  it("cuts a wrapped speech at a sentence end and re-wraps the rest", () => {
    const speech = Array.from({ length: 12 }, (_, i) => `Sentence number ${i + 1} is here.`).join(" ");
    const pages = letter([filler(47), el("character", "ANNA"), el("dialogue", speech)]);
    const top = texts(pages[0], "dialogue");
    expect(top[top.length - 1]).toMatch(/here\.$/);
    const rest = texts(pages[1], "dialogue");
    expect(rest[0]).toMatch(/^Sentence number \d+ is here\./);
    expect([...top, ...rest].join(" ")).toBe(speech);
  });
});

describe("action splits", () => {
  it("splits only at a sentence end after at least two lines", () => {
    // room for 4 lines (rows 50–53); only the third line ends a sentence
    const pages = letter([
      filler(49),
      el("action", "one goes on\ntwo goes on\nthree ends right here.\nfour goes on\nfive goes on\nsix goes on"),
    ]);
    expect(texts(pages[0]).slice(-3)).toEqual(["one goes on", "two goes on", "three ends right here."]);
    expect(texts(pages[1])).toEqual(["four goes on", "five goes on", "six goes on"]);
  });

  it("moves the block whole when fewer than two lines would stay", () => {
    const pages = letter([filler(53), el("action", sentences(6))]);
    expect(texts(pages[0])).toHaveLength(53);
    expect(texts(pages[1])).toEqual(sentences(6).split("\n"));
  });

  it("moves the block whole when no line ends a sentence", () => {
    const pages = letter([filler(45), el("action", "a b\nc d\ne f\ng h\ni j\nk l\nm n\no p\nq r\ns t")]);
    expect(texts(pages[0])).toHaveLength(45);
    expect(texts(pages[1])).toHaveLength(10);
  });

  it("cuts a wrapped paragraph at a sentence end and re-wraps the rest on the next page", () => {
    const para = Array.from({ length: 60 }, (_, i) => (i % 4 === 3 ? "done." : "word word")).join(" ");
    const pages = letter([filler(46), el("action", para)]);
    const tail = texts(pages[0]).slice(46);
    expect(tail.length).toBeGreaterThanOrEqual(2);
    expect(tail[tail.length - 1]).toMatch(/done\.$/);
    expect(texts(pages[1])[0]).toMatch(/^word/);
    expect(`${tail.join(" ")} ${texts(pages[1]).join(" ")}`).toBe(para);
    for (const l of [...tail, ...texts(pages[1])]) expect(l.length).toBeLessThanOrEqual(61);
  });
});

describe("lines per page", () => {
  const ones = () => Array.from({ length: 100 }, () => el("action", "x"));

  it("fills 54 lines on Letter and 58 on A4 (1 in top and bottom margins)", () => {
    expect(lastRow(letter(ones())[0]!)).toBe(52);
    expect(lastRow(paginate(ones(), { paper: "a4" })[0]!)).toBe(56);
    expect(pageCount(ones(), "letter")).toBe(Math.ceil(100 / 27));
    expect(pageCount(ones(), "a4")).toBe(Math.ceil(100 / 29));
  });

  it("honours forced page breaks and drops spacing at the top of a page", () => {
    const pages = letter([el("action", "A."), el("action", "B.", { pageBreakBefore: true })]);
    expect(pages).toHaveLength(2);
    expect(firstLines(pages[1]!)[0]!.text).toBe("B.");
  });

  it("numbers scenes unless a number is given, on the heading's first line", () => {
    const pages = letter([el("slug", "INT. A - DAY"), el("slug", "INT. B - DAY", { sceneNumber: "7A" }), el("slug", "EXT. C - DAY")]);
    expect(pages[0]!.lines.filter((l) => l.kind === "slug").map((l) => l.sceneNumber)).toEqual(["1", "7A", "3"]);
    expect(pageCount([], "letter")).toBe(0);
  });
});

describe("dual dialogue", () => {
  it("prints the two speeches side by side and keeps the pair together", () => {
    const els = [
      filler(51),
      el("character", "ANNA"),
      el("dialogue", sentences(3)),
      el("character", "BOB", { dual: true }),
      el("dialogue", "Hi.", { dual: true }),
    ];
    const pages = letter(els);
    const p = pages[1]!;
    expect(firstLines(p).map((l) => [l.text, l.dualColumn])).toEqual([
      ["ANNA", "left"],
      ["BOB", "right"],
    ]);
    const hi = p.lines.find((l) => l.text === "Hi.")!;
    expect(hi).toMatchObject({ row: 1, x: 4.625, dualColumn: "right" });
  });
});

/** A seeded mix of every element, for the invariants. */
function randomScript(seed: number, count: number): ScreenplayElement[] {
  let s = seed;
  const rand = () => (s = (s * 1103515245 + 12345) % 2147483648) / 2147483648;
  const sentence = () => `${"word ".repeat(2 + Math.floor(rand() * 12)).trim()}${rand() < 0.6 ? "." : ""}`;
  const para = (k: number) => Array.from({ length: k }, sentence).join(" ");
  const out: ScreenplayElement[] = [];
  while (out.length < count) {
    const r = rand();
    if (r < 0.12) out.push(el("slug", "INT. ROOM - DAY"));
    else if (r < 0.4) out.push(el("action", para(1 + Math.floor(rand() * 8))));
    else if (r < 0.8) {
      out.push(el("character", rand() < 0.2 ? "JOE (V.O.)" : "ANNA"));
      if (rand() < 0.3) out.push(el("parenthetical", "(beat)"));
      out.push(el("dialogue", para(1 + Math.floor(rand() * 6))));
      if (rand() < 0.2) out.push(el("parenthetical", "(then)"), el("dialogue", para(2)));
    } else if (r < 0.88) {
      out.push(
        el("character", "ANNA"),
        el("dialogue", para(2)),
        el("character", "BOB", { dual: true }),
        el("dialogue", para(3), { dual: true }),
      );
    } else if (r < 0.94) out.push(el("transition", "CUT TO:"));
    else out.push(el("shot", "ANGLE ON THE DOOR"));
  }
  return out;
}

describe("invariants over generated scripts", () => {
  for (const paper of ["letter", "a4"] as const) {
    it(`holds every page-break rule (${paper})`, () => {
      // (MORE) prints on the row below the page's last line
      const max = paper === "letter" ? 55 : 59;
      for (const seed of [1, 2, 3, 4, 5]) {
        const pages = paginate(randomScript(seed, 1500), { paper });
        expect(pages.length).toBeGreaterThan(20);
        pages.forEach((p, i) => {
          expect(lastRow(p)).toBeLessThan(max);
          const last = lastLines(p);
          expect(last.some((l) => l.kind === "slug" || l.kind === "character" || l.kind === "shot")).toBe(false);
          expect(last.some((l) => l.kind === "parenthetical")).toBe(false);
          if (i > 0) expect(firstLines(p).some((l) => l.kind === "transition")).toBe(false);
          if (last.some((l) => l.kind === "more")) {
            expect(firstLines(pages[i + 1]!)[0]!.text).toMatch(/\(CONT'D\)$/);
          }
          const rows = p.lines.map((l) => `${l.row}:${l.dualColumn ?? ""}`);
          expect(new Set(rows).size).toBe(rows.length); // one line per row (per column)
        });
      }
    });
  }
});
