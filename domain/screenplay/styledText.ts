/**
 * Text measuring and styling for screenplay layout (pure): column widths on a monospaced grid, Fountain
 * emphasis → style spans, greedy word wrapping, sentence ends and sentence starts.
 *
 * Emphasis markers (`***bold italic***`, `**bold**`, `*italic*`, `_underline_`, `\` escapes) become style spans
 * over the plain text; inline notes `[[…]]` are not printed; tabs count as 4 spaces. Wide (CJK, full-width)
 * characters take two columns and zero-width marks none. Lines wrap at the last space that fits (or next to a
 * wide character); a word longer than the width is broken hard.
 */

export interface StyleSpan {
  /** UTF-16 offsets into the line's text, end exclusive. */
  start: number;
  end: number;
  bold?: true;
  italic?: true;
  underline?: true;
}

export interface Run {
  text: string;
  bold?: true;
  italic?: true;
  underline?: true;
}

/** Columns a code point takes in a monospaced grid: 2 for East Asian wide/full-width, 0 for combining marks. */
export function charColumns(cp: number): 0 | 1 | 2 {
  if (cp < 0x300) return 1;
  if ((cp >= 0x300 && cp <= 0x36f) || (cp >= 0x200b && cp <= 0x200f) || (cp >= 0xfe00 && cp <= 0xfe0f)) return 0;
  if (
    (cp >= 0x1100 && cp <= 0x115f) ||
    (cp >= 0x2e80 && cp <= 0x303e) ||
    (cp >= 0x3041 && cp <= 0x33ff) ||
    (cp >= 0x3400 && cp <= 0x4dbf) ||
    (cp >= 0x4e00 && cp <= 0x9fff) ||
    (cp >= 0xa000 && cp <= 0xa4cf) ||
    (cp >= 0xac00 && cp <= 0xd7a3) ||
    (cp >= 0xf900 && cp <= 0xfaff) ||
    (cp >= 0xfe30 && cp <= 0xfe4f) ||
    (cp >= 0xff00 && cp <= 0xff60) ||
    (cp >= 0xffe0 && cp <= 0xffe6) ||
    (cp >= 0x1f300 && cp <= 0x1f64f) ||
    (cp >= 0x20000 && cp <= 0x3fffd)
  ) {
    return 2;
  }
  return 1;
}

/** Printed width of a string in columns. */
export function textColumns(text: string): number {
  if (NARROW_ONLY.test(text)) return text.length;
  let cols = 0;
  for (let i = 0; i < text.length; i++) {
    const cp = text.codePointAt(i)!;
    if (cp > 0xffff) i++;
    cols += charColumns(cp);
  }
  return cols;
}

const MARKERS = ["***", "**", "*", "_"] as const;
const MARKER_CHARS = /[*_\\]/;
// eslint-disable-next-line no-control-regex
const NARROW_ONLY = /^[\u0000-\u02ff]*$/;
const MARKER_STYLE: Record<(typeof MARKERS)[number], Omit<Run, "text">> = {
  "***": { bold: true, italic: true },
  "**": { bold: true },
  "*": { italic: true },
  _: { underline: true },
};

function findClose(text: string, marker: string, from: number): number {
  for (let i = from; i < text.length; i++) {
    if (text[i] === "\\") {
      i++;
      continue;
    }
    // A single '*' does not close on a '**' pair (that pair is a nested bold span).
    if (marker === "*" && text.startsWith("**", i)) {
      i++;
      continue;
    }
    if (text.startsWith(marker, i) && i > from) return i;
  }
  return -1;
}

/** Fountain emphasis → runs. Unmatched markers stay literal; `\*` and `\_` print the character. */
export function parseEmphasis(text: string, style: Omit<Run, "text"> = {}): Run[] {
  if (!MARKER_CHARS.test(text)) return text ? [{ text, ...style }] : [];
  const runs: Run[] = [];
  let plain = "";
  let i = 0;
  outer: while (i < text.length) {
    const ch = text[i]!;
    if (ch === "\\" && (text[i + 1] === "*" || text[i + 1] === "_" || text[i + 1] === "\\")) {
      plain += text[i + 1];
      i += 2;
      continue;
    }
    if (ch === "*" || ch === "_") {
      for (const m of MARKERS) {
        if (!text.startsWith(m, i)) continue;
        const close = findClose(text, m, i + m.length);
        if (close < 0) continue;
        if (plain) runs.push({ text: plain, ...style });
        plain = "";
        runs.push(...parseEmphasis(text.slice(i + m.length, close), { ...style, ...MARKER_STYLE[m] }));
        i = close + m.length;
        continue outer;
      }
    }
    plain += ch;
    i++;
  }
  if (plain) runs.push({ text: plain, ...style });
  return runs;
}

/** The printed text with emphasis markers removed. */
export function stripEmphasis(text: string): string {
  return parseEmphasis(text)
    .map((r) => r.text)
    .join("");
}

/** Removes Fountain notes `[[…]]` (never printed) and expands tabs. */
export function printableText(content: string): string {
  return content.replace(/\[\[[\s\S]*?\]\]/g, "").replace(/\t/g, "    ");
}

const isSpace = (code: number) => code === 32;
const HYPHEN = 45;
const WORD_CHAR = /[\p{L}\p{N}]/u;
const isWordChar = (text: string, i: number) => i < text.length && WORD_CHAR.test(text[i]!);
/** The character before the hyphen run that ends just before `i` is a letter or digit. */
function isWordBefore(text: string, i: number): boolean {
  let j = i - 1;
  while (j >= 0 && text.charCodeAt(j) === HYPHEN) j--;
  return j >= 0 && WORD_CHAR.test(text[j]!);
}
/** A line may end after the hyphen at `i`: the text ends there, a space follows, or a word does. */
const lineMayEndAfter = (text: string, i: number) => i + 1 >= text.length || isSpace(text.charCodeAt(i + 1)) || isWordChar(text, i + 1);

function trimSpacesEnd(text: string, s: number, e: number): number {
  while (e > s && isSpace(text.charCodeAt(e - 1))) e--;
  return e;
}

/**
 * Wraps one paragraph (no newlines) into [start, end) UTF-16 ranges: at the last space that fits, after a
 * hyphen between letters ("soon-to-be-|born"), or next to a wide character; a word longer than the width
 * breaks hard. As in Final Draft, a line's last hyphen does not count against the width. Trailing spaces of a line and the spaces at a break
 * are dropped. `nextWidth` applies to the lines after the first (hanging indents).
 */
export function wrapRanges(text: string, width: number, nextWidth: number = width): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  const n = text.length;
  let start = 0;
  let w = Math.max(1, width);
  const trimEnd = (s: number, e: number) => trimSpacesEnd(text, s, e);
  if (n === 0) return [[0, 0]];
  if (n <= width && NARROW_ONLY.test(text)) return [[0, trimEnd(0, n)]];
  while (start < n) {
    let cols = 0;
    let i = start;
    let breakEnd = -1;
    let breakNext = -1;
    while (i < n) {
      const cp = text.codePointAt(i)!;
      const len = cp > 0xffff ? 2 : 1;
      const c = charColumns(cp);
      if (isSpace(cp) && i > start) {
        breakEnd = i;
        breakNext = i + 1;
      } else if (c === 2 && i > start) {
        breakEnd = i;
        breakNext = i;
      }
      // a line ending in one hyphen may take one column more (Final Draft does not count it)
      if (cols + c > w && !(cp === HYPHEN && cols + c === w + 1 && lineMayEndAfter(text, i))) break;
      cols += c;
      i += len;
      if (c === 2 && i < n) {
        breakEnd = i;
        breakNext = i;
      }
      // after a hyphen (run) between letters or digits: "soon-to-be-|born"
      if (cp === HYPHEN && text.charCodeAt(i) !== HYPHEN && i > start + 1 && isWordChar(text, i) && isWordBefore(text, i)) {
        breakEnd = i;
        breakNext = i;
      }
    }
    if (i >= n) {
      out.push([start, trimEnd(start, n)]);
      break;
    }
    let end: number;
    let next: number;
    if (isSpace(text.charCodeAt(i))) {
      end = i;
      next = i;
    } else if (breakEnd > start && trimEnd(start, breakEnd) > start) {
      end = breakEnd;
      next = breakNext;
    } else {
      end = i > start ? i : i + (text.codePointAt(i)! > 0xffff ? 2 : 1);
      next = end;
    }
    out.push([start, trimEnd(start, end)]);
    while (next < n && isSpace(text.charCodeAt(next))) next++;
    start = next;
    w = Math.max(1, nextWidth);
  }
  return out;
}

/** Wraps plain text into lines (strings). */
export function wrapText(text: string, width: number, nextWidth: number = width): string[] {
  return wrapRanges(text, width, nextWidth).map(([s, e]) => text.slice(s, e));
}

/** Plain text with style spans: one paragraph (no newlines) of an element. */
export interface StyledText {
  text: string;
  spans: StyleSpan[];
}

/** Runs → one plain string with spans. */
export function toStyled(runs: Run[]): StyledText {
  let text = "";
  const spans: StyleSpan[] = [];
  for (const r of runs) {
    const start = text.length;
    text += r.text;
    if (r.bold || r.italic || r.underline) {
      const span: StyleSpan = { start, end: text.length };
      if (r.bold) span.bold = true;
      if (r.italic) span.italic = true;
      if (r.underline) span.underline = true;
      spans.push(span);
    }
  }
  return { text, spans };
}

/** The spans over [s, e) of a text, shifted to start at 0. */
export function sliceSpans(spans: readonly StyleSpan[], s: number, e: number): StyleSpan[] {
  const out: StyleSpan[] = [];
  for (const sp of spans) {
    const a = Math.max(sp.start, s);
    const b = Math.min(sp.end, e);
    if (b > a) out.push({ ...sp, start: a - s, end: b - s });
  }
  return out;
}

export function sliceStyled(st: StyledText, s: number, e: number = st.text.length): StyledText {
  return { text: st.text.slice(s, e), spans: sliceSpans(st.spans, s, e) };
}

/** Whether a printed line ends a sentence (., !, ?, …, CJK full stops, optionally followed by quotes/brackets). */
export function endsSentence(text: string): boolean {
  return /[.!?…。！？]["'”’»)\]」』]*\s*$/.test(text) && !ABBREVIATION_END.test(text.trimEnd());
}

const ABBREVIATION_END = /(?:^|[\s(])(?:Mr|Mrs|Ms|Dr|St|Jr|Sr|Mt|vs|etc|INT|EXT|[A-Z])\.$/;

/**
 * Offsets in a paragraph where a new sentence starts (after ., !, ?, … and closing quotes/brackets and spaces;
 * CJK full stops need no space), skipping common abbreviations (Mr., Dr., INT., initials).
 */
export function sentenceStarts(text: string): number[] {
  const out: number[] = [];
  const re = /[.!?…]["'”’»)\]]*\s+|[。！？]["'”’»)\]」』]*\s*/g;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    const at = m.index + m[0].length;
    if (at >= text.length) break;
    if (ABBREVIATION_END.test(text.slice(Math.max(0, m.index - 4), m.index + 1))) continue;
    out.push(at);
  }
  return out;
}
