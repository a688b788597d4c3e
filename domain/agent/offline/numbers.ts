/** Numbers as film makers write them in a request: "3", "three", "a couple of", "half a dozen". */

const NUMBER_WORDS: Readonly<Record<string, number>> = {
  zero: 0,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  thirteen: 13,
  fourteen: 14,
  fifteen: 15,
  sixteen: 16,
  seventeen: 17,
  eighteen: 18,
  nineteen: 19,
  twenty: 20,
  thirty: 30,
  forty: 40,
  fifty: 50,
  sixty: 60,
  "a couple of": 2,
  "a couple": 2,
  "a pair of": 2,
  couple: 2,
  pair: 2,
  "a few": 3,
  few: 3,
  several: 3,
  "a dozen": 12,
  dozen: 12,
  "half a dozen": 6,
  single: 1,
  double: 2,
  triple: 3,
};

const ORDINAL_WORDS: Readonly<Record<string, number>> = {
  first: 1,
  second: 2,
  third: 3,
  fourth: 4,
  fifth: 5,
  sixth: 6,
  seventh: 7,
  eighth: 8,
  ninth: 9,
  tenth: 10,
  eleventh: 11,
  twelfth: 12,
  opening: 1,
};

// Longest first, so "half a dozen" wins over "a dozen".
const WORDS_ALTERNATION = Object.keys(NUMBER_WORDS)
  .sort((a, b) => b.length - a.length)
  .join("|");

/** A number written as digits or words (the longest word form first). No ratio, time or decimal part. */
export const NUMBER_PATTERN = `(?:(?<![\\d:.x×])\\d{1,3}(?![\\d:]|\\.\\d)|\\b(?:${WORDS_ALTERNATION})\\b)`;

/** "3" → 3, "three" → 3, "a couple of" → 2; undefined for anything else. */
export function numberValue(word: string): number | undefined {
  const w = word.trim().toLowerCase();
  if (/^\d+(?:\.\d+)?$/.test(w)) return Number(w);
  return NUMBER_WORDS[w] ?? ORDINAL_WORDS[w];
}

/** The ordinal words ("second" → 2), for "the second scene". */
export const ORDINAL_PATTERN = `\\b(?:${Object.keys(ORDINAL_WORDS).join("|")}|\\d{1,3}(?:st|nd|rd|th))\\b`;
export function ordinalValue(word: string): number | undefined {
  const w = word.toLowerCase();
  return ORDINAL_WORDS[w] ?? (/^\d+(?:st|nd|rd|th)$/.test(w) ? Number.parseInt(w, 10) : undefined);
}

const countCache = new Map<string, RegExp>();

/**
 * The count written before one of `nouns` (a regex alternation), allowing two words between: "three
 * variations", "4 more 9:16 images", "a couple of new frames". Undefined when no count is written.
 */
export function countBefore(lower: string, nouns: string): number | undefined {
  let re = countCache.get(nouns);
  if (!re) {
    // The words between are not numbers themselves: in "scene 3 as 5 shots" the count is 5.
    re = new RegExp(`(${NUMBER_PATTERN})\\s+(?:(?!\\d+\\s)[a-z0-9:'-]+\\s+){0,2}?(?:${nouns})\\b`);
    countCache.set(nouns, re);
  }
  const m = re.exec(lower);
  return m ? numberValue(m[1]!) : undefined;
}

const TIMES = new RegExp(
  `(${NUMBER_PATTERN})\\s+(?:times|copies|duplicates|clones)\\b|(?:^|\\s)[x×]\\s?(\\d{1,2})\\b|\\b(twice|thrice)\\b`,
);

/** "3 times", "x3", "three copies": how many times, or undefined. */
export function timesIn(lower: string): number | undefined {
  const m = TIMES.exec(lower);
  if (!m) return undefined;
  if (m[3]) return m[3] === "twice" ? 2 : 3;
  return numberValue(m[1] ?? m[2]!);
}

/** Keeps `n` within [min, max]. */
export const clamp = (n: number, min: number, max: number) => Math.min(max, Math.max(min, n));
