import { describe, expect, it } from "vitest";
import { FDX_SAMPLE, counterIds, withoutIds } from "./fixtures";
import { ScreenplayParseError, parseFdx } from "./fdx";
import type { ScreenplayElement } from "./elements";
import { writeFdx } from "./fdxWrite";
import { paginate } from "./paginate";

const parse = (xml: string) => withoutIds(parseFdx(xml, { newId: counterIds() }));
const fdx = (content: string, extra = "") =>
  `<?xml version="1.0" encoding="UTF-8" standalone="no" ?>\n<FinalDraft DocumentType="Script" Template="No" Version="5"><Content>${content}</Content>${extra}</FinalDraft>`;
const p = (type: string, text: string, attrs = "") => `<Paragraph Type="${type}"${attrs}><Text>${text}</Text></Paragraph>`;

describe("FDX parsing errors (spec 5, word for word)", () => {
  it.each([
    ["not XML at all", "hello", "Invalid XML format"],
    ["an empty file", "", "Invalid XML format"],
    ["unclosed tags", "<FinalDraft><Content></FinalDraft>", "Invalid XML format"],
    ["another root", "<Script><Content/></Script>", "Not a valid Final Draft file"],
    ["no Content", "<FinalDraft><TitlePage/></FinalDraft>", "No Content found in FDX file"],
    [
      "only skipped paragraphs",
      fdx(p("Cast List", "A, B") + p("Note", "x") + p("Action", "  ")),
      "No valid script content found in FDX file",
    ],
    ["an empty Content", fdx(""), "No valid script content found in FDX file"],
  ])("%s → %s", (_name, xml, message) => {
    expect(() => parseFdx(xml)).toThrow(ScreenplayParseError);
    expect(() => parseFdx(xml)).toThrow(new ScreenplayParseError(message));
  });

  it("throws an error whose name says what it is", () => {
    try {
      parseFdx("nope");
    } catch (e) {
      expect(e).toBeInstanceOf(Error);
      expect((e as Error).name).toBe("ScreenplayParseError");
      expect((e as Error).message).toBe("Invalid XML format");
    }
  });
});

describe("parseFdx: the Final Draft sample", () => {
  it("reads the supported paragraphs in order and skips the rest", () => {
    expect(parse(FDX_SAMPLE).elements).toEqual([
      { type: "action", content: "ACT ONE", centered: true, pageBreakBefore: true },
      { type: "slug", content: "EXT. BRICK'S PATIO - DAY", sceneNumber: "1" },
      { type: "action", content: "A gorgeous day in Ålesund & the sun is <shining>." },
      { type: "character", content: "STEEL", blankLinesBefore: 1 }, // after an empty Action paragraph (a printed blank line)
      { type: "parenthetical", content: "(beat)" },
      { type: "dialogue", content: "Beer's ready!", revision: "2" },
      { type: "character", content: "BRICK" },
      { type: "dialogue", content: "Are they cold?" },
      { type: "character", content: "ZOË (V.O.)", dual: true },
      { type: "dialogue", content: "東京に行こう。", dual: true },
      { type: "shot", content: "CLOSE ON THE BOTTLES" },
      { type: "transition", content: "CUT TO:" },
      { type: "slug", content: "INT. МОСКВА METRO - NIGHT", sceneNumber: "2A", pageBreakBefore: true },
      { type: "action", content: "THE END", centered: true },
      { type: "action", content: "END OF ACT ONE", centered: true },
    ]);
  });

  it("reads the title page by its usual order and wording", () => {
    expect(parse(FDX_SAMPLE).titlePage).toEqual({
      title: "BRICK & STEEL",
      credit: "Written by",
      author: "Stu Maschwitz",
      source: "Based on a story by KTM",
      draftDate: "First draft 1/20/2012",
      contact: "Next Level Productions\n1588 Mission Dr.",
    });
  });
});

describe("parseFdx paragraphs", () => {
  it.each([
    ["Scene Heading", "slug"],
    ["Action", "action"],
    ["Character", "character"],
    ["Dialogue", "dialogue"],
    ["Parenthetical", "parenthetical"],
    ["Transition", "transition"],
    ["Shot", "shot"],
    ["General", "action"],
  ])("maps %s to %s", (fdxType, type) => {
    expect(parse(fdx(p(fdxType, "X"))).elements).toEqual([{ type, content: "X" }]);
  });

  it.each(["Cast List", "Sequence", "Summary", "Outline 1", "Outline 2", "Outline 3", "Note", "Lyrics?"])("skips %s", (fdxType) => {
    expect(parse(fdx(p(fdxType, "skip me") + p("Action", "kept"))).elements).toEqual([{ type: "action", content: "kept" }]);
  });

  it("reads New Act as centered capitals on a new page and End of Act as centered capitals", () => {
    expect(parse(fdx(p("New Act", "Act two") + p("Action", "kept") + p("End of Act", "end of act two"))).elements).toEqual([
      { type: "action", content: "ACT TWO", centered: true, pageBreakBefore: true },
      { type: "action", content: "kept" },
      { type: "action", content: "END OF ACT TWO", centered: true },
    ]);
  });

  it("skips empty paragraphs", () => {
    expect(parse(fdx(`<Paragraph Type="Action"/>${p("Action", "")}${p("Action", " ")}${p("Action", "x")}`)).elements).toHaveLength(1);
  });

  it("concatenates Text runs verbatim, spaces included", () => {
    const xml = fdx(`<Paragraph Type="Action"><Text>He </Text><Text Style="Italic">really</Text><Text>  means it. </Text></Paragraph>`);
    expect(parse(xml).elements[0]?.content).toBe("He really  means it. ");
  });

  it("decodes entities, numeric references and CDATA", () => {
    const xml = fdx(`<Paragraph Type="Action"><Text>&amp;lt; &#233; &#x6771; &quot;q&quot; <![CDATA[<raw> & ]]></Text></Paragraph>`);
    expect(parse(xml).elements[0]?.content).toBe(`&lt; é 東 "q" <raw> & `);
  });

  it("marks the second speaker of DualDialogue placed directly in Content", () => {
    const xml = fdx(
      `<DualDialogue>${p("Character", "A")}${p("Dialogue", "1")}${p("Character", "B")}${p("Parenthetical", "(x)")}${p("Dialogue", "2")}</DualDialogue>`,
    );
    expect(parse(xml).elements.map((e) => e.dual ?? false)).toEqual([false, false, true, true, true]);
  });

  it("ignores SceneProperties summaries and script notes inside paragraphs", () => {
    const xml = fdx(
      `<Paragraph Type="Scene Heading"><SceneProperties><Summary><Paragraph><Text>syn</Text></Paragraph></Summary></SceneProperties><Text>INT. A - DAY</Text><ScriptNote><Paragraph><Text>note</Text></Paragraph></ScriptNote></Paragraph>`,
    );
    expect(parse(xml).elements).toEqual([{ type: "slug", content: "INT. A - DAY" }]);
  });

  it("accepts a byte-order mark and no title page", () => {
    expect(parse(`\uFEFF${fdx(p("Action", "x"))}`)).toEqual({ titlePage: {}, elements: [{ type: "action", content: "x" }] });
  });
});

describe("parseFdx title page wording", () => {
  const page = (...paragraphs: [string, string][]) =>
    parse(
      fdx(
        p("Action", "x"),
        `<TitlePage><Content>${paragraphs.map(([align, text]) => `<Paragraph Alignment="${align}"><Text>${text}</Text></Paragraph>`).join("")}</Content></TitlePage>`,
      ),
    ).titlePage;

  it("reads a title and author without a credit line", () => {
    expect(page(["Center", "STAND BY"], ["Center", ""], ["Center", "Ann Lee"])).toEqual({ title: "STAND BY", author: "Ann Lee" });
  });

  it("reads a run styled AllCaps in capitals, as Final Draft prints it", () => {
    const xml = fdx(
      p("Action", "x"),
      `<TitlePage><Content><Paragraph Alignment="Center"><Text Style="Bold+Underline+AllCaps">Big Fish</Text></Paragraph><Paragraph Alignment="Center"><Text></Text></Paragraph><Paragraph Alignment="Center"><Text>by</Text></Paragraph></Content></TitlePage>`,
    );
    expect(parse(xml).titlePage).toMatchObject({ title: "BIG FISH", credit: "by" });
  });

  it("reads a right-aligned block as the draft date and keeps date-like contact lines as contact", () => {
    expect(page(["Left", "Call 555-12-34"], ["Left", ""], ["Right", "May 2024"])).toEqual({
      draftDate: "May 2024",
      contact: "Call 555-12-34",
    });
  });

  it("reads 'Screenplay by' as the credit and keeps extra centered text", () => {
    expect(
      page(
        ["Center", "TITLE"],
        ["Center", ""],
        ["Center", "Screenplay by"],
        ["Center", ""],
        ["Center", "A"],
        ["Center", ""],
        ["Center", "From the play"],
        ["Center", ""],
        ["Center", "Thanks"],
      ),
    ).toEqual({ title: "TITLE", credit: "Screenplay by", author: "A", source: "From the play", extra: { Notes: "Thanks" } });
  });
});

describe("title pages that run on to more pages (front matter)", () => {
  const para = (align: string, text: string, attrs = "") =>
    `<Paragraph Alignment="${align}" LeftIndent="1.50" RightIndent="7.50"${attrs}><Text>${text}</Text></Paragraph>`;
  const header = `<HeaderAndFooter HeaderFirstPage="No" HeaderVisible="Yes"><Header><Paragraph><DynamicLabel Type="Page #"/></Paragraph></Header></HeaderAndFooter>`;
  const titlePage = (body: string, head = header) => `<TitlePage>${head}<Content>${body}</Content></TitlePage>`;
  const blanks = (n: number) => para("Left", "").repeat(n);

  it("reads the first page's fields and keeps the pages after it as laid out, numbered when the header numbers them", () => {
    const xml = fdx(
      p("Action", "x"),
      titlePage(`${blanks(18)}${para("Center", "STAND BY")}${blanks(40)}${para("Left", "WRITERS' NOTE", ' SpaceBefore="12"')}`),
    );
    const page = parse(xml).titlePage;
    expect(page.title).toBe("STAND BY");
    // 59 lines before the note: 54 on the first page, 5 blank ones carried to the second, then a line of space
    expect(page.frontMatter).toEqual({
      pageNumbers: true,
      pages: [
        {
          paragraphs: [
            ...Array.from({ length: 5 }, () => ({ text: "", leftIndent: 1.5, rightIndent: 7.5 })),
            { text: "WRITERS' NOTE", leftIndent: 1.5, rightIndent: 7.5, spaceBefore: 1 },
          ],
        },
      ],
    });
  });

  it("starts a page where the file says so, and leaves pages unnumbered without a page label", () => {
    const xml = fdx(p("Action", "x"), titlePage(`${para("Center", "T")}${para("Center", "CAST", ' StartsNewPage="Yes"')}`, ""));
    expect(parse(xml).titlePage.frontMatter).toEqual({
      pages: [{ paragraphs: [{ text: "CAST", align: "center", leftIndent: 1.5, rightIndent: 7.5 }] }],
    });
  });

  it("imports a file holding only title pages", () => {
    const xml = fdx("", titlePage(`${para("Center", "T")}${para("Left", "Note", ' StartsNewPage="Yes"')}`));
    const script = parse(xml);
    expect(script.elements).toEqual([]);
    expect(script.titlePage.frontMatter?.pages).toHaveLength(1);
  });
});

describe("empty Action paragraphs (Final Draft prints them as blank lines)", () => {
  const xml = `<?xml version="1.0"?><FinalDraft DocumentType="Script"><Content>
    <Paragraph Type="Action"><Text>Rain.</Text></Paragraph>
    <Paragraph Type="Action"><Text/></Paragraph><Paragraph Type="Action"><Text></Text></Paragraph>
    <Paragraph Type="Scene Heading"><Text>INT. HALL - DAY</Text></Paragraph>
  </Content></FinalDraft>`;

  it("skips them as elements but counts them on the next element, and writes them back", () => {
    const parsed = parseFdx(xml);
    expect(parsed.elements.map((e) => [e.type, e.blankLinesBefore])).toEqual([
      ["action", undefined],
      ["slug", 2],
    ]);
    expect(parseFdx(writeFdx(parsed)).elements.map((e) => e.blankLinesBefore)).toEqual([undefined, 2]);
  });

  it("paginates each as a blank line with the action's space before", () => {
    const [rain, slug] = parseFdx(xml).elements;
    const rows = (els: ScreenplayElement[]) => paginate(els, { paper: "letter" })[0]!.lines.map((l) => l.row);
    expect(rows([rain!, { id: slug!.id, type: slug!.type, content: slug!.content }])).toEqual([0, 3]);
    expect(rows([rain!, slug!])).toEqual([0, 7]);
  });
});
