/**
 * Scene-heading text helpers shared by the editor flow, the importers and the writers.
 * Prefixes follow Fountain (notes §1): INT, EXT, EST, INT./EXT, INT/EXT or I/E, then "." or a space.
 */
const PREFIX = String.raw`(?:int\.?\/ext|int\/ext|i\/e|int|ext|est)`;

/** A heading that needs no forcing: a known prefix followed by "." or whitespace. */
export const HEADING_PREFIX_RE = new RegExp(`^${PREFIX}[.\\s]`, "i");

const PREFIX_AND_DOT_RE = new RegExp(`^${PREFIX}\\.?\\s*`, "i");
/** A " - " (or en/em dash) between place and time. */
const TIME_SEPARATOR_RE = /\s+[-–—]\s+/g;

export function hasHeadingPrefix(text: string): boolean {
  return HEADING_PREFIX_RE.test(text.trimStart());
}

/** 'INT. COFFEE SHOP - DAY' → 'COFFEE SHOP'; null when the heading names no place. */
export function sceneLocation(heading: string): string | null {
  const trimmed = heading.trim();
  if (!hasHeadingPrefix(trimmed)) return null;
  const rest = trimmed.replace(PREFIX_AND_DOT_RE, "");
  // The last separator splits place from time: "HOUSE - KITCHEN - NIGHT" keeps "HOUSE - KITCHEN".
  const last = [...rest.matchAll(TIME_SEPARATOR_RE)].pop();
  const location = (last ? rest.slice(0, last.index) : rest).trim();
  return location === "" ? null : location;
}
