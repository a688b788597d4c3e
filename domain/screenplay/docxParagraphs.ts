/**
 * Paragraphs out of a .docx's word/document.xml (WordprocessingML), as data for classifyDocxParagraphs.
 * Reads the text of runs (w:t, tabs, breaks; deleted text skipped), and each paragraph's direct
 * properties: left indent (w:ind w:left or w:start, in twips), alignment (w:jc) and style id (w:pStyle).
 * Indents a paragraph only inherits from its style are not resolved (that needs styles.xml).
 * Paragraphs inside tables, content controls, hyperlinks and tracked insertions are included in order.
 */
import { ScreenplayParseError } from "./parseError";
import { attrOf, childrenOf, parseXmlOrdered, tagOf, type XmlNode } from "./xml";

export interface DocxParagraph {
  text: string;
  indentLeftTwips?: number;
  alignment?: "left" | "center" | "right" | "both";
  styleName?: string;
}

const ALIGNMENTS: Readonly<Record<string, DocxParagraph["alignment"]>> = {
  left: "left",
  start: "left",
  center: "center",
  right: "right",
  end: "right",
  both: "both",
  distribute: "both",
};

// Containers whose paragraphs are part of the body text.
const DESCEND = new Set(["w:body", "w:tbl", "w:tr", "w:tc", "w:sdt", "w:sdtContent", "w:customXml", "w:txbxContent"]);
// Run containers inside a paragraph whose text counts.
const RUN_CONTAINERS = new Set(["w:r", "w:hyperlink", "w:ins", "w:smartTag", "w:sdt", "w:sdtContent", "w:fldSimple", "w:customXml"]);

export function docxParagraphs(documentXml: string): DocxParagraph[] {
  const nodes = parseXmlOrdered(documentXml);
  if (!nodes) throw new ScreenplayParseError("File appears to be corrupted or not a valid DOCX file");
  const out: DocxParagraph[] = [];
  const walk = (node: XmlNode) => {
    const tag = tagOf(node);
    if (tag === "w:p") out.push(readParagraph(node));
    else if (tag === "w:document" || (tag !== null && DESCEND.has(tag))) childrenOf(node).forEach(walk);
  };
  nodes.forEach(walk);
  return out;
}

function readParagraph(p: XmlNode): DocxParagraph {
  const paragraph: DocxParagraph = { text: runText(childrenOf(p)) };
  const props = childrenOf(p).find((c) => tagOf(c) === "w:pPr");
  if (!props) return paragraph;
  for (const prop of childrenOf(props)) {
    const tag = tagOf(prop);
    if (tag === "w:ind") {
      const left = attrOf(prop, "w:left") ?? attrOf(prop, "w:start");
      const twips = left === undefined ? NaN : Number.parseInt(left, 10);
      if (Number.isFinite(twips)) paragraph.indentLeftTwips = twips;
    } else if (tag === "w:jc") {
      const alignment = ALIGNMENTS[attrOf(prop, "w:val") ?? ""];
      if (alignment) paragraph.alignment = alignment;
    } else if (tag === "w:pStyle") {
      const style = attrOf(prop, "w:val");
      if (style) paragraph.styleName = style;
    }
  }
  return paragraph;
}

function runText(nodes: XmlNode[]): string {
  let text = "";
  for (const node of nodes) {
    const tag = tagOf(node);
    if (tag === "w:t")
      text += childrenOf(node)
        .map((c) => (typeof c["#text"] === "string" ? c["#text"] : ""))
        .join("");
    else if (tag === "w:tab") text += "\t";
    // A page break (w:br w:type="page") is layout, not a line of text.
    else if ((tag === "w:br" && attrOf(node, "w:type") !== "page") || tag === "w:cr") text += "\n";
    else if (tag === "w:noBreakHyphen") text += "-";
    else if (tag !== null && RUN_CONTAINERS.has(tag)) text += runText(childrenOf(node));
  }
  return text;
}
