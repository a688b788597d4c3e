/**
 * Page starts compared by their first words (check:pagination). A page's key is its first words once what
 * differs between tools for the same break is left out: page numbers, "(MORE)", "CONT'D", "CONTINUED",
 * scene numbers, punctuation and case.
 */

const KEY_WORDS = 6;
const MARKERS = /\((?:MORE|CONT['’]?D|CONTINUED)\)|\bCONT['’]?D\b|\bCONTINUED\b:?/gi;
/**
 * The corpus's anonymised scripts scramble words letter for letter, CONT'D too ("(OWEP'Z)"): a cue extension
 * of CONT'D's shape is left out as well.
 */
const CONTD_SHAPE = /\(\p{L}{4}['’]\p{L}\)/gu;
/** Page numbers ("2."), scene numbers ("12", "12A") and the like: a number with at most a letter and a period. */
const NUMBERISH = /^\d+[a-z]?\.?$/i;

export function pageWords(text: string): string[] {
  return text
    .normalize("NFKC")
    .replace(MARKERS, " ")
    .replace(CONTD_SHAPE, " ")
    .split(/\s+/)
    .filter((w) => w && !NUMBERISH.test(w))
    .map((w) =>
      w
        .toLowerCase()
        .replace(/[’‘]/g, "'")
        .replace(/[^\p{L}\p{N}']/gu, ""),
    )
    .filter((w) => w && w !== "'");
}

/** One key per page: its first words ("" for a page with no words). */
export function pageKeys(pages: readonly string[]): string[] {
  return pages.map((p) => pageWords(p).slice(0, KEY_WORDS).join(" "));
}

export interface BreakComparison {
  /** Final Draft's page breaks (its script pages less one). */
  breaks: number;
  /** Those whose next page starts on the same words as one of our pages. */
  matched: number;
  refPages: number;
  ourPages: number;
  /** Title pages before the script (Final Draft's: the pages before its body starts). */
  refTitlePages: number;
  ourTitlePages: number;
  /** Final Draft's title pages that start on the same words as ours at the same place. */
  titlePagesAlike: number;
}

/**
 * Compares page starts. `ourTitlePages` of ours are title pages; the reference's body starts at its first
 * page that starts like our first script page (its title pages are the pages before).
 */
export function comparePageStarts(ref: readonly string[], ours: readonly string[], ourTitlePages: number): BreakComparison {
  const ourBody = ours.slice(ourTitlePages);
  let refStart = ref.findIndex((k, i) => i < 6 && k !== "" && k === ourBody[0]);
  if (refStart < 0) refStart = Math.min(ourTitlePages, ref.length);
  const refBody = ref.slice(refStart);
  const available = new Map<string, number>();
  for (const k of ourBody.slice(1)) available.set(k, (available.get(k) ?? 0) + 1);
  let matched = 0;
  for (const k of refBody.slice(1)) {
    const n = available.get(k) ?? 0;
    if (k !== "" && n > 0) {
      matched++;
      available.set(k, n - 1);
    }
  }
  return {
    breaks: Math.max(0, refBody.length - 1),
    matched,
    refPages: refBody.length,
    ourPages: ourBody.length,
    refTitlePages: refStart,
    ourTitlePages,
    titlePagesAlike: ref.slice(0, refStart).filter((k, i) => i < ourTitlePages && k === ours[i]).length,
  };
}
