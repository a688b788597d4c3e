import { strFromU8, unzipSync } from "fflate";
import { describe, expect, it } from "vitest";
import type { ParsedScript } from "../../domain/screenplay/elements";
import { element as el, generateScript } from "../../domain/screenplay/fixtures";
import { paginate } from "../../domain/screenplay/paginate";
import { DOCX_STYLES, renderScreenplayDocx } from "./docx";

const script: ParsedScript = {
  titlePage: { title: "**THE TEST**", credit: "Written by", author: "Zoë Ivanova", draftDate: "May 2026", contact: "Reelgraph\nМосква" },
  elements: [
    el("slug", "INT. HOUSE - DAY", { sceneNumber: "4" }),
    el("action", "Anna waits. *Quietly.* **Bold** and _under_."),
    el("character", "ANNA"),
    el("parenthetical", "(beat)"),
    el("dialogue", "Москва ждёт. 東京に行こう。"),
    el("character", "BOB"),
    el("dialogue", "Left."),
    el("character", "ZOË", { dual: true }),
    el("dialogue", "Right.", { dual: true }),
    el("transition", "CUT TO:"),
    el("shot", "CLOSE ON THE CUP"),
    el("action", "THE END", { centered: true }),
  ],
};

function unzip(buf: Buffer): Record<string, string> {
  const files = unzipSync(new Uint8Array(buf));
  const out: Record<string, string> = {};
  for (const [name, data] of Object.entries(files))
    out[name] = name.endsWith(".xml") || name.endsWith(".rels") ? strFromU8(data) : `<${data.length} bytes>`;
  return out;
}

/** The `<w:style>` element of a style id. */
const styleXml = (styles: string, id: string) => styles.match(new RegExp(`<w:style [^>]*w:styleId="${id}"[\\s\\S]*?</w:style>`))?.[0] ?? "";

describe("renderScreenplayDocx", () => {
  it("writes a package with screenplay styles, indents in twips, Courier Prime 12 pt embedded", async () => {
    const files = unzip(await renderScreenplayDocx(script, { paper: "letter", sceneNumbers: "none" }));
    expect(Object.keys(files)).toEqual(
      expect.arrayContaining(["[Content_Types].xml", "word/document.xml", "word/styles.xml", "word/fontTable.xml"]),
    );
    expect(Object.keys(files).some((f) => /^word\/fonts\/.+\.odttf$/.test(f))).toBe(true);
    expect(files["word/fontTable.xml"]).toMatch(/w:name="Courier Prime"[\s\S]*w:embedRegular/);
    const styles = files["word/styles.xml"]!;
    for (const { id, name } of Object.values(DOCX_STYLES)) {
      const xml = styleXml(styles, id);
      expect(xml, id).toContain(`<w:name w:val="${name}"/>`);
      expect(xml, id).toMatch(/w:ascii="Courier Prime"/);
      expect(xml, id).toMatch(/<w:sz w:val="24"\/>/);
      expect(xml, id).toMatch(/w:line="240" w:lineRule="exact"/);
    }
    // the PDF's geometry (Final Draft's defaults here): character 3.5–7.3 in, parenthetical 2.9/3.0–5.6 in, dialogue 2.5–6.0 in
    expect(styleXml(styles, "Character")).toMatch(/<w:ind w:left="2880" w:right="288"\/>/);
    expect(styleXml(styles, "Character")).toMatch(/<w:caps\/>/);
    expect(styleXml(styles, "Dialogue")).toMatch(/<w:ind w:left="1440" w:right="2160"\/>/);
    expect(styleXml(styles, "Parenthetical")).toMatch(/<w:ind w:left="2160" w:right="2736" w:hanging="144"\/>/);
    expect(styleXml(styles, "Transition")).toMatch(/<w:ind w:left="5760" w:right="576"\/>/);
    // 61 columns of action, as Final Draft and our PDF wrap it (check:docx: LibreOffice then keeps our pages)
    for (const id of ["Action", "SceneHeading", "Shot"]) expect(styleXml(styles, id), id).toMatch(/<w:ind w:left="0" w:right="-144"\/>/);
    expect(styleXml(styles, "Transition")).toMatch(/<w:jc w:val="right"\/>/);
    expect(styleXml(styles, "SceneHeading")).toMatch(/<w:keepNext\/>/);
    expect(styleXml(styles, "SceneHeading")).toMatch(/<w:spacing [^>]*w:before="480"/);
    expect(styleXml(styles, "Dialogue")).toMatch(/<w:spacing [^>]*w:before="0"/);
    expect(styleXml(styles, "Character")).toMatch(/<w:next w:val="Dialogue"\/>/);
  });

  it("writes a title-page section, then the script numbered from 1 with 'N.' in the header", async () => {
    const files = unzip(await renderScreenplayDocx(script, { paper: "letter", sceneNumbers: "none" }));
    const doc = files["word/document.xml"]!;
    const sections = doc.match(/<w:sectPr[\s\S]*?<\/w:sectPr>/g) ?? [];
    expect(sections).toHaveLength(2);
    for (const s of sections) {
      expect(s).toMatch(/<w:pgSz w:w="12240" w:h="15840"/);
      expect(s).toMatch(/<w:pgMar w:top="1440" w:right="1440" w:bottom="960" w:left="2160" w:header="720"/);
    }
    expect(sections[1]).toMatch(/<w:pgNumType w:start="1"\/>/);
    expect(sections[1]).toMatch(/<w:titlePg\/>/);
    const headers = Object.entries(files).filter(([f]) => /^word\/header\d+\.xml$/.test(f));
    expect(headers.some(([, xml]) => /PAGE/.test(xml) && /<w:t[^>]*>\.<\/w:t>/.test(xml))).toBe(true);
    // title page text, then the elements with their styles
    const text = doc.replace(/<[^>]+>/g, "");
    expect(text.indexOf("THE TEST")).toBeLessThan(text.indexOf("INT. HOUSE - DAY"));
    for (const t of ["Zoë Ivanova", "May 2026", "Москва ждёт. 東京に行こう。", "CUT TO:", "THE END"]) expect(text).toContain(t);
    expect(text).not.toContain("**");
    const styled = (id: string) => (doc.match(new RegExp(`<w:pStyle w:val="${id}"/>`, "g")) ?? []).length;
    expect(styled("SceneHeading")).toBe(1);
    expect(styled("Character")).toBe(3);
    expect(styled("Dialogue")).toBe(3);
    expect(styled("Parenthetical")).toBe(1);
    expect(styled("Transition")).toBe(1);
    expect(styled("Shot")).toBe(1);
    expect(doc).toMatch(/<w:b\/>[\s\S]*?<w:t[^>]*>Bold<\/w:t>/);
    expect(doc).toMatch(/<w:i\/>[\s\S]*?<w:t[^>]*>Quietly\.<\/w:t>/);
    expect(doc).toMatch(/<w:u w:val="single"\/>[\s\S]*?<w:t[^>]*>under<\/w:t>/);
    expect(doc).toMatch(/<w:tbl>/); // dual dialogue
    expect(doc).toMatch(/<w:jc w:val="center"\/>[\s\S]*?THE END/);
  });

  it("lays elements out in the file's own ElementSettings, as the PDF does", async () => {
    const own: ParsedScript = { ...script, format: { elements: { dialogue: { left: 2, right: 6.5, spacing: 2, bold: true } } } };
    const styles = unzip(await renderScreenplayDocx(own, { paper: "letter", sceneNumbers: "none" }))["word/styles.xml"]!;
    const dialogue = styleXml(styles, "Dialogue");
    expect(dialogue).toMatch(/<w:ind w:left="720" w:right="1440"\/>/);
    expect(dialogue).toMatch(/w:line="480" w:lineRule="exact"/);
    expect(dialogue).toMatch(/<w:b\/>/);
  });

  it("writes front matter pages between the title page and the script, numbered in lower-case roman numerals", async () => {
    const withFront: ParsedScript = {
      ...script,
      titlePage: {
        ...script.titlePage,
        frontMatter: {
          pageNumbers: true,
          pages: [
            { paragraphs: [{ text: "**ALAN**\t\tLate 30s.", leftIndent: 2, rightIndent: 7.5, firstIndent: -1.06, tabStops: [1.82, 2] }] },
          ],
        },
      },
    };
    const files = unzip(await renderScreenplayDocx(withFront, { paper: "letter", sceneNumbers: "none" }));
    const doc = files["word/document.xml"]!;
    const sections = doc.match(/<w:sectPr[\s\S]*?<\/w:sectPr>/g) ?? [];
    expect(sections).toHaveLength(3);
    expect(sections[1]).toMatch(/<w:pgNumType w:start="2" w:fmt="lowerRoman"\/>/);
    expect(sections[2]).toMatch(/<w:pgNumType w:start="1"\/>/);
    const text = doc.replace(/<[^>]+>/g, "");
    expect(text.indexOf("ALAN")).toBeGreaterThan(text.indexOf("THE TEST"));
    expect(text.indexOf("ALAN")).toBeLessThan(text.indexOf("INT. HOUSE - DAY"));
    // the PDF's column: 0.94 in from the page's edge is 0.56 in left of the 1.5 in margin
    expect(doc).toMatch(/<w:ind w:left="-806" w:right="-720"\/>[\s\S]*?<w:b\/>[\s\S]*?ALAN/);
  });

  it("puts scene numbers in the margins and supports A4", async () => {
    const files = unzip(await renderScreenplayDocx(script, { paper: "a4", sceneNumbers: "both" }));
    const doc = files["word/document.xml"]!;
    expect(doc).toMatch(/<w:pgSz w:w="11906" w:h="16838"/);
    const heading = doc.match(/<w:p>(?:(?!<\/w:p>)[\s\S])*SceneHeading[\s\S]*?<\/w:p>/)?.[0] ?? "";
    expect(heading.replace(/<w:tab\/>/g, "\t").replace(/<[^>]+>/g, "")).toBe("4\tINT. HOUSE - DAY\t4");
    expect(heading).toMatch(/w:hanging="1080"/);
  });

  describe("pages from the one pagination", () => {
    /** Paragraphs of document.xml as { text, pageBreakBefore, style } (line breaks as "\n"). */
    const paragraphs = (doc: string) =>
      (doc.match(/<w:p>[\s\S]*?<\/w:p>|<w:p\/>/g) ?? []).map((p) => ({
        text: p.replace(/<w:br\/>/g, "\n").replace(/<[^>]+>/g, ""),
        pageBreakBefore: p.includes("<w:pageBreakBefore/>"),
        style: p.match(/<w:pStyle w:val="([^"]+)"\/>/)?.[1] ?? "",
      }));
    const filler = el("action", Array.from({ length: 40 }, (_, i) => `filler line ${i}`).join("\n"));
    const sentences = Array.from({ length: 24 }, (_, i) => `Sentence ${i + 1} is spoken here.`).join(" ");
    const speech: ParsedScript = {
      titlePage: {},
      elements: [
        el("slug", "INT. HALL - DAY"),
        filler,
        el("character", "ANNA"),
        el("dialogue", sentences),
        el("action", "She sits."),
        el("character", "ANNA"),
        el("dialogue", "Done."),
      ],
      format: { continueds: { more: "(MEHR)", contd: "(WEITER)" } },
    };

    it("splits a speech where the PDF does, with the file's (MORE) at the foot and NAME (CONT'D) at the top", async () => {
      const pages = paginate(speech.elements, { paper: "letter", format: speech.format ?? null });
      expect(pages).toHaveLength(2);
      const onPage = (n: number) => pages[n]!.lines.filter((l) => l.elementId === speech.elements[3]!.id).map((l) => l.text);
      expect(onPage(0).length).toBeGreaterThan(1);
      expect(onPage(1).length).toBeGreaterThan(1);
      const doc = unzip(await renderScreenplayDocx(speech, { paper: "letter" }))["word/document.xml"]!;
      const ps = paragraphs(doc);
      const more = ps.findIndex((p) => p.text === "(MEHR)");
      expect(more).toBeGreaterThan(0);
      expect(ps[more - 1]).toMatchObject({ style: "Dialogue", text: onPage(0).join("\n"), pageBreakBefore: false });
      expect(ps[more + 1]).toMatchObject({ style: "Character", text: "ANNA (WEITER)", pageBreakBefore: true });
      expect(ps[more + 2]).toMatchObject({ style: "Dialogue", text: onPage(1).join("\n"), pageBreakBefore: false });
      // one page break in the script: where the pagination has it
      expect(ps.filter((p) => p.pageBreakBefore)).toHaveLength(1);
      // the automatic CONT'D on the cue after the action, in the file's words, as in the PDF
      expect(ps.filter((p) => p.style === "Character").map((p) => p.text)).toEqual(["ANNA", "(MEHR)", "ANNA (WEITER)", "ANNA (WEITER)"]);
      expect(pages[1]!.lines.filter((l) => l.kind === "character").map((l) => l.text)).toEqual(["ANNA (WEITER)", "ANNA (WEITER)"]);
    });

    it("breaks before an element that opens a page and drops its space before there", async () => {
      const filler48 = el("action", Array.from({ length: 48 }, (_, i) => `filler line ${i}`).join("\n"));
      const long: ParsedScript = {
        titlePage: {},
        elements: [filler48, el("action", "Short."), el("slug", "INT. NEXT - DAY"), el("action", "More filler.\nAnd more.\nAnd more.")],
      };
      const pages = paginate(long.elements, { paper: "letter" });
      const opener = pages[1]!.lines[0]!.elementId;
      const doc = unzip(await renderScreenplayDocx(long, { paper: "letter" }))["word/document.xml"]!;
      const slugXml = doc.match(/<w:p>(?:(?!<\/w:p>)[\s\S])*?<w:pStyle w:val="SceneHeading"\/>[\s\S]*?<\/w:p>/)?.[0] ?? "";
      expect(opener).toBe(long.elements[2]!.id);
      expect(slugXml).toContain("<w:pageBreakBefore/>");
      expect(slugXml).toMatch(/<w:spacing w:before="0"\/>/);
    });
  });
});
