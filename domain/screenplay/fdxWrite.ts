/**
 * Final Draft (.fdx) export in the layout Final Draft itself saves (notes §2): Content with typed
 * paragraphs, dual dialogue as a General paragraph wrapping DualDialogue, the TitlePage, then header,
 * the script's format (page layout, element settings, MORE/CONT'D; Final Draft's defaults where it has none) and
 * SmartType lists.
 * parseFdx(writeFdx(x)) gives x back for the element model (ids aside, and empty elements, which Final
 * Draft files never keep, are left out).
 */
import { ELEMENT_TYPE_LABELS, type ElementType, type ParsedScript, type ScreenplayElement } from "./elements";
import { fdxFormatXml, fdxSmartType } from "./fdxSettings";
import { writeFdxTitlePage } from "./fdxTitlePage";
import { escapeXmlAttr, escapeXmlText } from "./xml";

// FDX paragraph types are the same names writers use.
const PARAGRAPH_TYPE = ELEMENT_TYPE_LABELS;

function paragraph(el: ScreenplayElement, indent: string): string {
  const attrs = [`Type="${PARAGRAPH_TYPE[el.type]}"`];
  if (el.sceneNumber) attrs.push(`Number="${escapeXmlAttr(el.sceneNumber)}"`);
  if (el.centered) attrs.push('Alignment="Center"');
  if (el.pageBreakBefore) attrs.push('StartsNewPage="Yes"');
  const revision = el.revision ? ` RevisionID="${escapeXmlAttr(el.revision)}"` : "";
  const blanks = `${indent}<Paragraph Type="Action">\n${indent}  <Text></Text>\n${indent}</Paragraph>\n`.repeat(el.blankLinesBefore ?? 0);
  return `${blanks}${indent}<Paragraph ${attrs.join(" ")}>\n${indent}  <Text${revision}>${escapeXmlText(el.content)}</Text>\n${indent}</Paragraph>`;
}

/** Index just past the speech (cue + parentheticals + dialogue) starting at `start`. */
function speechEnd(elements: readonly ScreenplayElement[], start: number, dual: boolean): number {
  let end = start + 1;
  while (end < elements.length) {
    const el = elements[end];
    if (!el || (el.type !== "dialogue" && el.type !== "parenthetical") || Boolean(el.dual) !== dual) break;
    end++;
  }
  return end;
}

function contentXml(elements: readonly ScreenplayElement[]): string {
  const out: string[] = [];
  // Empty paragraphs are skipped on import (spec 5), so they are not written.
  const kept = elements.filter((el) => el.content.trim() !== "");
  for (let i = 0; i < kept.length; ) {
    const el = kept[i];
    if (!el) break;
    if (el.type === "character" && !el.dual) {
      const firstEnd = speechEnd(kept, i, false);
      if (kept[firstEnd]?.type === "character" && kept[firstEnd]?.dual) {
        // The first speaker plus the dual (second) speaker go side by side in one DualDialogue.
        let secondEnd = firstEnd;
        while (kept[secondEnd]?.type === "character" && kept[secondEnd]?.dual) secondEnd = speechEnd(kept, secondEnd, true);
        out.push('    <Paragraph Type="General">', "      <DualDialogue>");
        for (const inner of kept.slice(i, secondEnd)) out.push(paragraph(inner, "        "));
        out.push("      </DualDialogue>", "    </Paragraph>");
        i = secondEnd;
        continue;
      }
    }
    out.push(paragraph(el, "    "));
    i++;
  }
  return out.join("\n");
}

export function writeFdx(script: ParsedScript): string {
  return [
    '<?xml version="1.0" encoding="UTF-8" standalone="no" ?>',
    '<FinalDraft DocumentType="Script" Template="No" Version="5">',
    "",
    "  <Content>",
    contentXml(script.elements),
    "  </Content>",
    "",
    writeFdxTitlePage(script.titlePage),
    "",
    fdxFormatXml(script.format),
    "",
    fdxSmartType(script.elements),
    "",
    "</FinalDraft>",
    "",
  ].join("\n");
}
