/**
 * The one error the screenplay importers throw. Its message is the spec's text word for word (shell 5
 * "FDX parsing"/"DOCX parsing"), so the server can pass it on or map it to the generic upload message.
 */
export class ScreenplayParseError extends Error {
  override readonly name = "ScreenplayParseError";
}

/** spec (shell 5): the importers' messages, word for word. */
export const PARSE_MESSAGES = {
  invalidXml: "Invalid XML format",
  notFinalDraft: "Not a valid Final Draft file",
  noFdxContent: "No Content found in FDX file",
  noFdxScript: "No valid script content found in FDX file",
  noDocxScript: "No valid screenplay content found in DOCX file",
  docxCorrupted: "File appears to be corrupted or not a valid DOCX file",
  /** Also for a DOCX whose document is too large once inflated (a zip bomb): spec shell 7 "Parse errors". */
  docxUnparseable: "Failed to parse DOCX file. Please ensure it's a properly formatted screenplay document.",
} as const;
