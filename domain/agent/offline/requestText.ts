/**
 * The film maker's words as the rule-based planner reads them. Quoted passages are kept aside: what is
 * inside quotes is a title, a line to say or a prompt, never a word that picks what the agent does, so they
 * are blanked in `lower` (same length, so an index found there slices the same place in `text`).
 */
export interface ParsedRequest {
  /** The request with whitespace collapsed and curly quotes made straight (original case). */
  text: string;
  /** `text` lowercased, quoted passages blanked with `_`. */
  lower: string;
  /** `lower` from where the request proper starts, after "please", "can you" and the like. */
  head: string;
  /** The quoted passages, in order, as written. */
  quoted: string[];
}

// "Can you please…", "I'd like you to…": the opening words of a polite request, stripped before the verb.
const POLITE_OPENING =
  /^(?:(?:ok(?:ay)?|hey|hi|so|now|then|and|also|next|agent|please|pls|kindly|just|can you|could you|would you|will you|i want you to|i'd like you to|i would like you to|i want to|i'd like to|i would like to|i need you to|i need to|let's|lets|go ahead and|help me|try to)[\s,!:]+)+/;

const QUOTE = /"([^"]{1,2000})"|(?<=^|[\s(:,])'([^']{1,2000})'(?=$|[\s.,!?;:)])/g;

export function parseRequest(request: string): ParsedRequest {
  const text = request
    .replace(/[\u201c\u201d\u201e\u00ab\u00bb]/g, '"')
    .replace(/[\u2018\u2019\u201a]/g, "'")
    .replace(/\s+/g, " ")
    .trim();
  let lower = text.toLowerCase();
  // A few letters change length when lowercased; then indices found in `lower` would not slice `text`.
  const sameLength = lower.length === text.length;
  const quoted: string[] = [];
  lower = lower.replace(QUOTE, (whole: string, a: string | undefined, b: string | undefined, offset: number) => {
    quoted.push(sameLength ? text.slice(offset + 1, offset + whole.length - 1) : (a ?? b ?? ""));
    return `${whole[0]}${"_".repeat(whole.length - 2)}${whole[0]}`;
  });
  const opening = POLITE_OPENING.exec(lower)?.[0].length ?? 0;
  return { text: sameLength ? text : lower, lower, head: lower.slice(opening), quoted };
}

/** The original words at `lower`'s [start, end). */
export function original(req: ParsedRequest, start: number, end?: number): string {
  return req.text.slice(start, end);
}

/** A phrase cut out of a request made presentable: outer quotes, punctuation and filler words trimmed. */
export function cleanPhrase(phrase: string): string {
  let s = phrase.trim();
  for (let i = 0; i < 4; i++) {
    const before = s;
    s = s
      .replace(/^[\s,.:;!?-]+|[\s,.:;!?-]+$/g, "")
      .replace(/^(?:please|for me|then|and)\b\s*/i, "")
      .replace(/\s*\b(?:please|for me|thanks|thank you)$/i, "")
      .trim();
    if (/^"[^"]*"$/.test(s) || /^'[^']*'$/.test(s)) s = s.slice(1, -1).trim();
    if (s === before) break;
  }
  return s;
}

/** Escapes a literal for use inside a RegExp. */
export const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Whether `phrase` occurs in `haystack` as whole words (both lowercased by the caller). */
export function hasWords(haystack: string, phrase: string): boolean {
  if (!phrase) return false;
  let from = 0;
  for (;;) {
    const at = haystack.indexOf(phrase, from);
    if (at < 0) return false;
    const before = at === 0 ? " " : haystack[at - 1]!;
    const after = haystack[at + phrase.length] ?? " ";
    if (!/[a-z0-9]/.test(before) && !/[a-z0-9]/.test(after)) return true;
    from = at + 1;
  }
}
