/**
 * The name part of a character cue: 'JOE (V.O.) (CONT'D)' → 'JOE', 'STEEL ^' → 'STEEL'. Written as a
 * loop rather than a regex with nested quantifiers so a hostile 10 MB line cannot make it quadratic.
 */
export function cueNamePart(cue: string): string {
  let text = cue.trimEnd();
  if (text.endsWith("^")) text = text.slice(0, -1).trimEnd();
  while (text.endsWith(")")) {
    const open = text.lastIndexOf("(");
    if (open < 0 || text.indexOf(")", open) !== text.length - 1) break;
    text = text.slice(0, open).trimEnd();
  }
  return text.trim();
}
