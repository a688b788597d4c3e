import type { ParsedScript } from "../../domain/screenplay/elements";
import { parseFdx } from "../../domain/screenplay/fdx";
import { parseFountain } from "../../domain/screenplay/fountain";
import { classifyDocxParagraphs, docxParagraphs } from "../../domain/screenplay/docxClassifier";
import { ScreenplayParseError } from "../../domain/screenplay/parseError";
import { describeProblem, findBadText } from "../../domain/text";
import { readDocxDocumentXml } from "./docxZip";

export type ImportKind = "fdx" | "docx" | "fountain";

/**
 * Turns an uploaded file into elements and a title page; bad files throw ScreenplayParseError, and so does
 * text the database could not store (domain/text.ts: a NUL, or a lone surrogate from a broken UTF-16 file).
 */
export function importScript(kind: ImportKind, bytes: Buffer): ParsedScript {
  const parsed = readScript(kind, bytes);
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
  return { elements: classifyDocxParagraphs(docxParagraphs(documentXml)), titlePage: {} };
}

/** UTF-8 (with or without a BOM), falling back to UTF-16 when the file says so. */
function decodeText(bytes: Buffer): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder("utf-16le").decode(bytes.subarray(2));
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder("utf-16be").decode(bytes.subarray(2));
  return new TextDecoder("utf-8").decode(bytes).replace(/^\uFEFF/, "");
}
