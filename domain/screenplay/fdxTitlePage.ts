/**
 * Final Draft title pages are free paragraphs with no field names, so fields are recognised by layout
 * and wording: centered blocks are title, credit ('Written by', '… by'), author and source ('Based on …');
 * a right-aligned block is the draft date; left-aligned blocks are the contact (or the draft date when
 * they read like a date or a draft). Blocks are runs of non-empty paragraphs split by empty ones.
 * The writer lays fields out so this reading gives them back; extra keys have no FDX form and are left out.
 */
import type { TitlePage } from "./elements";
import { flowIntoPages, type FrontMatterParagraph } from "./frontMatter";
import { parseEmphasis, stripEmphasis } from "./styledText";
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

const inchesAttr = (node: XmlNode, name: string): number | undefined => {
  const v = Number.parseFloat(attrOf(node, name) ?? "");
  return Number.isFinite(v) ? v : undefined;
};

/** A run's text with its Style as Fountain emphasis (a literal * or _ escaped). */
function emphasised(run: XmlNode): string {
  const style = (attrOf(run, "Style") ?? "").toLowerCase();
  // Final Draft prints an AllCaps run in capitals whatever was typed ("Big Fish" → BIG FISH)
  const typed = style.includes("allcaps") ? textOf(run).toUpperCase() : textOf(run);
  const text = typed.replace(/[*_\\]/g, (c) => `\\${c}`);
  if (text.trim() === "") return text;
  let out = text;
  if (style.includes("underline")) out = `_${out}_`;
  if (style.includes("bold") && style.includes("italic")) out = `***${out}***`;
  else if (style.includes("bold")) out = `**${out}**`;
  else if (style.includes("italic")) out = `*${out}*`;
  return out;
}

/** A TitlePage paragraph as laid out (Final Draft's RightIndent is from the page's left edge when positive). */
function readParagraph(node: XmlNode): FrontMatterParagraph {
  const align = alignOf(node);
  const paragraph: FrontMatterParagraph = {
    text: childElements(node, "Text").map(emphasised).join("").replace(/\s+$/, ""),
    leftIndent: inchesAttr(node, "LeftIndent") ?? 1,
    rightIndent: inchesAttr(node, "RightIndent") ?? 7.5,
  };
  if (align !== "left") paragraph.align = align;
  const first = inchesAttr(node, "FirstIndent");
  if (first) paragraph.firstIndent = first;
  const space = Math.round((inchesAttr(node, "SpaceBefore") ?? 0) / 12);
  if (space > 0) paragraph.spaceBefore = space;
  const stops = childElements(node, "Tabstops").flatMap((t) => childElements(t, "Tabstop"));
  const positions = stops.map((t) => inchesAttr(t, "Position")).filter((v): v is number => v !== undefined);
  if (positions.length) paragraph.tabStops = positions;
  return paragraph;
}

/** Title-page blocks: runs of non-empty paragraphs of one alignment, split by empty ones. */
function blocksOf(paragraphs: readonly FrontMatterParagraph[]): TitleBlock[] {
  const blocks: TitleBlock[] = [];
  let current: TitleBlock | null = null;
  for (const p of paragraphs) {
    const text = stripEmphasis(p.text).trim();
    const align = p.align ?? "left";
    if (text === "") current = null;
    else if (current && current.align === align) current.lines.push(text);
    else blocks.push((current = { align, lines: [text] }));
  }
  return blocks;
}

/** Whether the title page's header prints the page number (a "Page #" label in a visible header). */
function numbersPages(titlePage: XmlNode): boolean {
  const hf = childElements(titlePage, "HeaderAndFooter")[0];
  if (!hf || attrOf(hf, "HeaderVisible") !== "Yes") return false;
  const header = childElements(hf, "Header")[0];
  const labels = header ? childElements(header, "Paragraph").flatMap((p) => childElements(p, "DynamicLabel")) : [];
  return labels.some((l) => attrOf(l, "Type") === "Page #");
}

/**
 * The title page's fields from its first page, and the pages it runs on to as front matter. `linesPerPage`
 * is the file's page (54 on Letter), over which Final Draft flows the title page's paragraphs.
 */
export function readFdxTitlePage(titlePage: XmlNode, linesPerPage = 54): TitlePage {
  const nodes = childElements(titlePage, "Content").flatMap((c) => childElements(c, "Paragraph"));
  const newPageBefore = new Set(nodes.flatMap((n, i) => (i > 0 && attrOf(n, "StartsNewPage") === "Yes" ? [i] : [])));
  const [first = [], ...rest] = flowIntoPages(nodes.map(readParagraph), linesPerPage, newPageBefore);
  const page = readTitleFields(first);
  const frontMatter = rest.filter((p) => p.some((para) => para.text.trim() !== ""));
  if (frontMatter.length === 0) return page;
  // trailing blank lines position nothing
  const pages = frontMatter.map((paragraphs) => {
    let end = paragraphs.length;
    while (end > 0 && paragraphs[end - 1]!.text.trim() === "") end--;
    return { paragraphs: paragraphs.slice(0, end) };
  });
  return { ...page, frontMatter: { pages, ...(numbersPages(titlePage) ? { pageNumbers: true } : {}) } };
}

function readTitleFields(paragraphs: readonly FrontMatterParagraph[]): TitlePage {
  const page: TitlePage = {};
  const leftover: string[] = [];
  const blocks = blocksOf(paragraphs);
  // Right-aligned first, so a contact line that looks like a date stays in the contact.
  const dateBlock = blocks.find((b) => b.align === "right");
  if (dateBlock) page.draftDate = dateBlock.lines.join("\n");
  // Centered blocks before the first credit line ("by", "Written by") are the title and its subtitle
  // (an episode's name); the block after the credit is the author.
  const isCredit = (b: TitleBlock) => b.align === "center" && CREDIT_RE.test(b.lines.join("\n")) && /\p{Ll}/u.test(b.lines.join(""));
  const creditAt = blocks.findIndex((b, i) => i > 0 && isCredit(b));
  const titleBlocks =
    creditAt > 0 && blocks.slice(0, creditAt).every((b) => b.align === "center" && !SOURCE_RE.test(b.lines.join("\n")))
      ? blocks.slice(0, creditAt)
      : [];
  if (titleBlocks.length > 1) {
    page.title = titleBlocks.map((b) => b.lines.join("\n")).join("\n");
    page.credit = blocks[creditAt]!.lines.join("\n");
  }
  blocks.forEach((block, index) => {
    const text = block.lines.join("\n");
    if (block === dateBlock || (titleBlocks.length > 1 && index <= creditAt)) return;
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
  for (const frontPage of page.frontMatter?.pages ?? []) {
    frontPage.paragraphs.forEach((p, i) => out.push(frontMatterParagraph(p, i === 0)));
  }
  return [
    "  <TitlePage>",
    page.frontMatter?.pageNumbers
      ? NUMBERED_HEADER
      : '    <HeaderAndFooter FooterFirstPage="Yes" FooterVisible="No" HeaderFirstPage="No" HeaderVisible="No" StartingPage="1"/>',
    "    <Content>",
    ...out,
    "    </Content>",
    "  </TitlePage>",
  ].join("\n");
}

/** A header that numbers every title page but the first (Final Draft's own for front matter). */
const NUMBERED_HEADER = [
  '    <HeaderAndFooter FooterFirstPage="Yes" FooterVisible="No" HeaderFirstPage="No" HeaderVisible="Yes" StartingPage="1">',
  "      <Header>",
  '        <Paragraph Alignment="Right" FirstIndent="0.00" Leading="Regular" LeftIndent="1.25" RightIndent="-1.25" SpaceBefore="0" Spacing="1" StartsNewPage="No">',
  '          <DynamicLabel Type="Page #"/>',
  "        </Paragraph>",
  "      </Header>",
  "    </HeaderAndFooter>",
].join("\n");

const inchesText = (n: number) => n.toFixed(2);

/** A front-matter paragraph as Final Draft writes it (its emphasis as styled Text runs). */
function frontMatterParagraph(p: FrontMatterParagraph, startsPage: boolean): string {
  const align = p.align === "center" ? "Center" : p.align === "right" ? "Right" : "Left";
  const runs = parseEmphasis(p.text).map((r) => {
    const style = [r.bold && "Bold", r.italic && "Italic", r.underline && "Underline"].filter(Boolean).join("+");
    return `        <Text Style="${style}">${escapeXmlText(r.text)}</Text>`;
  });
  const stops = p.tabStops?.length
    ? [
        "        <Tabstops>",
        ...p.tabStops.map((t) => `          <Tabstop Position="${inchesText(t)}" Type="Left"/>`),
        "        </Tabstops>",
      ]
    : [];
  return [
    `      <Paragraph Alignment="${align}" FirstIndent="${inchesText(p.firstIndent ?? 0)}" Leading="Regular" LeftIndent="${inchesText(p.leftIndent)}" RightIndent="${inchesText(p.rightIndent)}" SpaceBefore="${(p.spaceBefore ?? 0) * 12}" Spacing="1" StartsNewPage="${startsPage ? "Yes" : "No"}">`,
    ...(runs.length ? runs : ["        <Text></Text>"]),
    ...stops,
    "      </Paragraph>",
  ].join("\n");
}
