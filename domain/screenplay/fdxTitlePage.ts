/**
 * Final Draft title pages are free paragraphs with no field names, so fields are recognised by layout
 * and wording: centered blocks are title, credit ('Written by', '… by'), author and source ('Based on …');
 * a right-aligned block is the draft date; left-aligned blocks are the contact (or the draft date when
 * they read like a date or a draft). Blocks are runs of non-empty paragraphs split by empty ones.
 * The writer lays fields out so this reading gives them back; extra keys have no FDX form and are left out.
 */
import type { TitlePage } from "./elements";
import { attrOf, childElements, escapeXmlText, textOf, type XmlNode } from "./xml";

type Align = "center" | "left" | "right";

interface TitleBlock {
  align: Align;
  lines: string[];
}

const SOURCE_RE = /^(?:based on|adapted from|inspired by|from (?:the|a|an)\s|story by\s+\S)/i;
const CREDIT_RE = /^[\p{L}&' -]{0,40}\bby:?$/iu;
const DATE_OR_DRAFT_RE =
  /\bdraft\b|\b\d{1,4}[/.-]\d{1,2}[/.-]\d{1,4}\b|\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+\d/i;

function alignOf(paragraph: XmlNode): Align {
  const a = (attrOf(paragraph, "Alignment") ?? "").toLowerCase();
  return a === "center" ? "center" : a === "right" ? "right" : "left";
}

function blocksOf(titlePage: XmlNode): TitleBlock[] {
  const blocks: TitleBlock[] = [];
  let current: TitleBlock | null = null;
  for (const content of childElements(titlePage, "Content")) {
    for (const paragraph of childElements(content, "Paragraph")) {
      const text = childElements(paragraph, "Text").map(textOf).join("").trim();
      const align = alignOf(paragraph);
      if (text === "") current = null;
      else if (current && current.align === align) current.lines.push(text);
      else blocks.push((current = { align, lines: [text] }));
    }
  }
  return blocks;
}

export function readFdxTitlePage(titlePage: XmlNode): TitlePage {
  const page: TitlePage = {};
  const leftover: string[] = [];
  const blocks = blocksOf(titlePage);
  // Right-aligned first, so a contact line that looks like a date stays in the contact.
  const dateBlock = blocks.find((b) => b.align === "right");
  if (dateBlock) page.draftDate = dateBlock.lines.join("\n");
  blocks.forEach((block, index) => {
    const text = block.lines.join("\n");
    if (block === dateBlock) return;
    if (block.align !== "center") {
      if (!page.draftDate && DATE_OR_DRAFT_RE.test(text)) page.draftDate = text;
      else page.contact = page.contact ? `${page.contact}\n${text}` : text;
    } else if (index === 0 && !(CREDIT_RE.test(text) && /\p{Ll}/u.test(text)) && !SOURCE_RE.test(text)) {
      // The first block is the title unless it reads like a credit ('Written by') or a source.
      page.title = text;
    } else if (!page.source && SOURCE_RE.test(text)) page.source = text;
    else if (!page.credit && !page.author && CREDIT_RE.test(text)) page.credit = text;
    else if (!page.author) page.author = text;
    else if (!page.source) page.source = text;
    else leftover.push(text);
  });
  if (leftover.length > 0) page.extra = { Notes: leftover.join("\n") };
  // Fields in print order, whatever order the blocks were recognised in.
  const ordered: TitlePage = {};
  for (const field of ["title", "credit", "author", "source", "draftDate", "contact", "extra"] as const) {
    if (page[field] !== undefined) Object.assign(ordered, { [field]: page[field] });
  }
  return ordered;
}

const paragraph = (align: "Center" | "Left" | "Right", text: string) =>
  `      <Paragraph Alignment="${align}" FirstIndent="0.00" Leading="Regular" LeftIndent="1.00" RightIndent="7.50" SpaceBefore="0" Spacing="1" StartsNewPage="No">\n` +
  `        <Text>${escapeXmlText(text)}</Text>\n      </Paragraph>`;

const linesOf = (value: string | undefined) =>
  (value ?? "")
    .split("\n")
    .map((l) => l.trim())
    .filter((l) => l !== "");

/** `<TitlePage>…</TitlePage>` for the page (empty paragraphs give the vertical spacing, as Final Draft does). */
export function writeFdxTitlePage(page: TitlePage): string {
  const out: string[] = [];
  const blank = (n: number) => {
    for (let i = 0; i < n; i++) out.push(paragraph("Center", ""));
  };
  blank(16);
  const centered: (keyof TitlePage)[] = ["title", "credit", "author", "source"];
  for (const field of centered) {
    const lines = linesOf(page[field] as string | undefined);
    if (lines.length === 0) continue;
    for (const line of lines) out.push(paragraph("Center", line));
    blank(2);
  }
  blank(12);
  for (const line of linesOf(page.contact)) out.push(paragraph("Left", line));
  blank(1);
  for (const line of linesOf(page.draftDate)) out.push(paragraph("Right", line));
  return [
    "  <TitlePage>",
    '    <HeaderAndFooter FooterFirstPage="Yes" FooterVisible="No" HeaderFirstPage="No" HeaderVisible="No" StartingPage="1"/>',
    "    <Content>",
    ...out,
    "    </Content>",
    "  </TitlePage>",
  ].join("\n");
}
