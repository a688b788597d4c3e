import { XMLValidator } from "fast-xml-parser";
import { describe, expect, it } from "vitest";
import type { ParsedScript, ScreenplayElement } from "./elements";
import { FDX_SAMPLE, counterIds, withoutIds } from "./fixtures";
import { parseFdx, writeFdx } from "./fdx";

type El = Omit<ScreenplayElement, "id">;
const script = (elements: El[], titlePage: ParsedScript["titlePage"] = {}): ParsedScript => ({
  titlePage,
  elements: elements.map((e, i) => ({ id: `x${i}`, ...e })),
});
const roundTrip = (s: ParsedScript) => withoutIds(parseFdx(writeFdx(s), { newId: counterIds() }));

const scene: El[] = [
  { type: "slug", content: "INT. HOUSE - DAY", sceneNumber: "12A" },
  { type: "action", content: "Tom & Jerry <3 \"quotes\" 'apostrophes'" },
  { type: "character", content: "JOE" },
  { type: "dialogue", content: "Hi." },
  { type: "character", content: "ANNA", dual: true },
  { type: "dialogue", content: "Hello.", dual: true },
  { type: "shot", content: "ANGLE ON JOE" },
  { type: "transition", content: "CUT TO:" },
  { type: "action", content: "THE END", centered: true, pageBreakBefore: true },
];

describe("writeFdx: a file Final Draft opens", () => {
  const xml = writeFdx(script(scene, { title: "T", author: "A" }));

  it("is well-formed XML with Final Draft's declaration and root", () => {
    expect(XMLValidator.validate(xml)).toBe(true);
    expect(
      xml.startsWith(
        '<?xml version="1.0" encoding="UTF-8" standalone="no" ?>\n<FinalDraft DocumentType="Script" Template="No" Version="5">',
      ),
    ).toBe(true);
  });

  it("writes typed paragraphs with a Number on headings", () => {
    expect(xml).toContain('<Paragraph Type="Scene Heading" Number="12A">\n      <Text>INT. HOUSE - DAY</Text>\n    </Paragraph>');
    expect(xml).toContain('<Paragraph Type="Shot">');
    expect(xml).toContain('<Paragraph Type="Transition">');
    expect(xml).toContain('<Paragraph Type="Action" Alignment="Center" StartsNewPage="Yes">');
  });

  it("escapes XML in text", () => {
    expect(xml).toContain(`<Text>Tom &amp; Jerry &lt;3 "quotes" 'apostrophes'</Text>`);
  });

  it("wraps a dual pair in a General paragraph holding DualDialogue", () => {
    expect(xml).toMatch(
      /<Paragraph Type="General">\s*<DualDialogue>\s*<Paragraph Type="Character">\s*<Text>JOE<\/Text>[\s\S]*<Text>Hello\.<\/Text>\s*<\/Paragraph>\s*<\/DualDialogue>\s*<\/Paragraph>/,
    );
  });

  it("has a title page, page layout, element settings and SmartType", () => {
    expect(xml).toContain("<TitlePage>");
    expect(xml).toContain('<PageSize Height="11.00" Width="8.50"/>');
    expect(xml).toMatch(/<PageLayout [^>]*BottomMargin="72"[^>]*TopMargin="72"/);
    for (const type of ["Scene Heading", "Action", "Character", "Parenthetical", "Dialogue", "Transition", "Shot"]) {
      expect(xml).toContain(`<ElementSettings Type="${type}">`);
    }
    expect(xml).toContain(`DialogueBottom="(MORE)" DialogueTop="(CONT'D)"`);
    expect(xml).toContain("<Character>JOE</Character>");
    expect(xml).toContain("<Location>HOUSE</Location>");
  });

  it("drops control characters XML cannot carry and keeps escapes for CR", () => {
    const out = writeFdx(script([{ type: "action", content: "a\u0007b\rc" }]));
    expect(XMLValidator.validate(out)).toBe(true);
    expect(parseFdx(out).elements[0]?.content).toBe("ab\rc");
  });

  it("writes revision marks as RevisionID", () => {
    expect(writeFdx(script([{ type: "dialogue", content: "x", revision: "3" }]))).toContain('<Text RevisionID="3">x</Text>');
  });
});

describe("writeFdx round trip: parseFdx(writeFdx(x)) equals x", () => {
  it("keeps types, texts, scene numbers, dual pairs, centering, page breaks and revisions", () => {
    const s = script([...scene, { type: "dialogue", content: "Rev.", revision: "2" }]);
    expect(roundTrip(s).elements).toEqual(withoutIds(s).elements);
  });

  it("keeps the title page fields", () => {
    const titlePage = {
      title: "THE LONG NIGHT\nIN ÅLESUND",
      credit: "Written by",
      author: "Zoë Marchetti",
      source: "Based on the novel by Иван Петров",
      draftDate: "Draft 3 - 05/01/2024",
      contact: "Reelgraph\n1 Harbour St.\nPhone 555-12-34",
    };
    expect(roundTrip(script([{ type: "action", content: "x" }], titlePage)).titlePage).toEqual(titlePage);
  });

  it("keeps front matter pages (a cast list, a note) with their layout and page numbers", () => {
    const titlePage = {
      title: "GUY TEXT",
      credit: "by",
      author: "A & B",
      frontMatter: {
        pageNumbers: true,
        pages: [
          {
            paragraphs: [
              { text: "_THE GUYS_", align: "center" as const, leftIndent: 0.94, rightIndent: 7.5 },
              { text: "", leftIndent: 0.94, rightIndent: 7.5 },
              { text: "**ALAN**\t\tLate 30s, anxious.", leftIndent: 2, rightIndent: 7.5, firstIndent: -1.06, tabStops: [1.82, 2] },
            ],
          },
          { paragraphs: [{ text: "A note with a literal \\*star\\*.", leftIndent: 1.5, rightIndent: 7.5, spaceBefore: 1 }] },
        ],
      },
    };
    expect(roundTrip(script([{ type: "action", content: "x" }], titlePage)).titlePage).toEqual(titlePage);
  });

  it("keeps a title page with only some fields", () => {
    for (const titlePage of [
      { title: "T" },
      { author: "A", credit: "by" },
      { title: "T", author: "A" },
      { contact: "C" },
      { draftDate: "D" },
    ]) {
      expect(roundTrip(script([{ type: "action", content: "x" }], titlePage)).titlePage).toEqual(titlePage);
    }
  });

  it("keeps three speakers in one DualDialogue and multi-line text", () => {
    const s = script([
      { type: "character", content: "A" },
      { type: "dialogue", content: "1\n2" },
      { type: "character", content: "B", dual: true },
      { type: "dialogue", content: "3", dual: true },
      { type: "character", content: "C", dual: true },
      { type: "parenthetical", content: "(x)", dual: true },
      { type: "dialogue", content: "4", dual: true },
      { type: "character", content: "D" },
      { type: "dialogue", content: "5" },
    ]);
    expect(roundTrip(s).elements).toEqual(withoutIds(s).elements);
  });

  it("round-trips the Final Draft sample", () => {
    const parsed = parseFdx(FDX_SAMPLE, { newId: counterIds() });
    expect(roundTrip(parsed)).toEqual(withoutIds(parsed));
  });

  it("leaves out empty elements, which import skips anyway", () => {
    expect(
      roundTrip(
        script([
          { type: "action", content: "" },
          { type: "action", content: "x" },
        ]),
      ).elements,
    ).toEqual([{ type: "action", content: "x" }]);
  });
});
