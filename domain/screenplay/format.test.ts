import { describe, expect, it } from "vitest";
import { parseFdx, writeFdx } from "./fdx";
import { element as el } from "./fixtures";
import { resolveFormat, type ScriptFormat } from "./format";
import { paginate } from "./paginate";

const settings = (type: string, font: string, para: string) =>
  `<ElementSettings Type="${type}"><FontSpec Font="Courier Prime" Size="12" Style="${font}"/><ParagraphSpec ${para}/></ElementSettings>`;
const fdx = (extra: string, content = '<Paragraph Type="Action"><Text>She waits.</Text></Paragraph>') =>
  `<?xml version="1.0"?><FinalDraft DocumentType="Script" Version="5"><Content>${content}</Content>${extra}</FinalDraft>`;

describe("an .fdx's own format", () => {
  const multiCam = fdx(
    [
      '<PageLayout BottomMargin="72" TopMargin="72" HeaderMargin="36" FooterMargin="36" BreakDialogueAndActionAtSentences="Yes"><PageSize Height="11.69" Width="8.27"/></PageLayout>',
      settings(
        "Action",
        "AllCaps",
        'Alignment="Left" FirstIndent="0.00" LeftIndent="1.50" RightIndent="7.50" SpaceBefore="12" Spacing="1"',
      ),
      settings("Dialogue", "", 'Alignment="Left" FirstIndent="0.00" LeftIndent="2.25" RightIndent="6.00" SpaceBefore="0" Spacing="2"'),
      settings(
        "Scene Heading",
        "Bold+Underline+AllCaps",
        'Alignment="Left" FirstIndent="0.00" LeftIndent="1.50" RightIndent="7.50" SpaceBefore="12" Spacing="1"',
      ),
      '<MoresAndContinueds><DialogueBreaks AutomaticCharacterContinueds="No" BottomOfPage="Yes" DialogueBottom="(more)" DialogueTop="(cont)" TopOfNext="Yes"/></MoresAndContinueds>',
    ].join(""),
  );

  it("reads page size, margins, each ElementSettings field and the MORE/CONT'D texts", () => {
    const f = parseFdx(multiCam).format!;
    expect(f.page).toMatchObject({ width: 8.27, height: 11.69, top: 72, bottom: 72, breakAtSentences: true });
    expect(f.elements?.dialogue).toMatchObject({
      left: 2.25,
      right: 6,
      spacing: 2,
      spaceBefore: 0,
      firstIndent: 0,
      align: "left",
      font: "Courier Prime",
      size: 12,
    });
    expect(f.elements?.action).toMatchObject({ allCaps: true, bold: false });
    expect(f.elements?.slug).toMatchObject({ allCaps: true, bold: true, underline: true, spaceBefore: 12 });
    expect(f.continueds).toMatchObject({ more: "(more)", contd: "(cont)", automaticCharacterContinueds: false });
  });

  it("keeps the settings through an FDX round trip", () => {
    const first = parseFdx(multiCam);
    const again = parseFdx(writeFdx(first));
    expect(resolveFormat(again.format)).toEqual(resolveFormat(first.format));
  });

  it("falls back to Final Draft's defaults where the file says nothing", () => {
    expect(parseFdx(fdx("")).format).toBeUndefined();
    expect(resolveFormat(undefined).elements.slug).toMatchObject({ spaceBefore: 24, allCaps: true, left: 1.5, right: 7.5 });
  });

  it("lays pages out by the settings: indents, capitals, spacing, space before, A4 lines", () => {
    const f = parseFdx(multiCam).format as ScriptFormat;
    const els = [
      el("slug", "int. room - day"),
      el("action", "she waits."),
      el("character", "ANNA"),
      el("dialogue", "One two three four five six seven eight nine ten eleven."),
    ];
    const lines = paginate(els, { format: f })[0]!.lines;
    expect(lines.map((l) => [l.row, l.x, l.text])).toEqual([
      [0, 1.5, "INT. ROOM - DAY"],
      [2, 1.5, "SHE WAITS."], // space before 12 pt, capitals
      [4, 3.5, "ANNA"],
      [6, 2.25, "One two three four five six seven"], // double-spaced from 2.25 in
      [8, 2.25, "eight nine ten eleven."],
    ]);
    const ones = Array.from({ length: 200 }, (_, i) => el("action", `x${i}`));
    expect(Math.max(...paginate(ones, { format: f })[0]!.lines.map((l) => l.row))).toBe(56); // 58 lines on A4
  });

  it("imports an .fdx holding only a title page, with an empty body", () => {
    const titleOnly = fdx('<TitlePage><Content><Paragraph Alignment="Center"><Text>MY TITLE</Text></Paragraph></Content></TitlePage>', "");
    const parsed = parseFdx(titleOnly);
    expect(parsed.elements).toEqual([]);
    expect(parsed.titlePage.title).toBe("MY TITLE");
  });
});
