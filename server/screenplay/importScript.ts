import type { ParsedScript } from "../../domain/screenplay/elements";
import { parseFdx } from "../../domain/screenplay/fdx";
import { parseFountain } from "../../domain/screenplay/fountain";
import { classifyDocxParagraphs, docxParagraphs } from "../../domain/screenplay/docxClassifier";
import { ScreenplayParseError } from "../../domain/screenplay/parseError";
import { DOCX_MAX_PARAGRAPHS, importedElementsProblem, SCRIPT_IMPORT_MESSAGES } from "../../domain/scripts";
import { describeProblem, findBadText } from "../../domain/text";
import { readDocxDocumentXml } from "./docxZip";

export type ImportKind = "fdx" | "docx" | "fountain";

/**
 * Turns an uploaded file into elements and a title page; bad files throw ScreenplayParseError, and so does
 * text the database could not store (domain/text.ts: a NUL, or a lone surrogate from a broken UTF-16 file),
 * and a script the editor could never save back (more than its 20,000 elements, an element past 20,000
 * characters: domain/scripts.ts).
 */
export function importScript(kind: ImportKind, bytes: Buffer): ParsedScript {
  const parsed = readScript(kind, bytes);
  const tooBig = importedElementsProblem(parsed.elements);
  if (tooBig) throw new ScreenplayParseError(tooBig);
  const bad = findBadText(parsed);
  if (bad) throw new ScreenplayParseError(`The script file contains ${describeProblem(bad.problem)}, which cannot be stored`);
  return parsed;
}

function readScript(kind: ImportKind, bytes: Buffer): ParsedScript {
  if (kind === "fdx") return parseFdx(decodeText(bytes));
  if (kind === "fountain") {
    const parsed = parseFountain(decodeText(bytes));
    if (parsed.elements.length === 0) throw new ScreenplayParseError("No valid script content found in Fountain file");
    return parsed;
  }
  const documentXml = readDocxDocumentXml(bytes);
  const paragraphs = countParagraphs(documentXml);
  if (paragraphs > DOCX_MAX_PARAGRAPHS) throw new ScreenplayParseError(SCRIPT_IMPORT_MESSAGES.tooManyParagraphs(paragraphs));
  return { elements: classifyDocxParagraphs(docxParagraphs(documentXml)), titlePage: {} };
}

/** How many paragraphs (`<w:p>` or `<w:p …>`) the document opens: one pass, no parsing. */
function countParagraphs(xml: string): number {
  let count = 0;
  for (let at = xml.indexOf("<w:p"); at >= 0; at = xml.indexOf("<w:p", at + 4)) {
    const next = xml.charCodeAt(at + 4);
    // '>', '/', or white space: <w:p>, <w:p/>, <w:p w:rsidR=…>; not <w:pPr>, <w:pStyle>.
    if (next === 0x3e || next === 0x2f || next === 0x20 || next === 0x09 || next === 0x0a || next === 0x0d) count++;
  }
  return count;
}

/** UTF-8 (with or without a BOM), falling back to UTF-16 when the file says so. */
function decodeText(bytes: Buffer): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder("utf-16le").decode(bytes.subarray(2));
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder("utf-16be").decode(bytes.subarray(2));
  return new TextDecoder("utf-8").decode(bytes).replace(/^\uFEFF/, "");
}
