/**
 * The Fountain title page (fountain.io "Title Page", notes §1): `Key: value` lines at the very start,
 * multi-line values on following lines indented by 3+ spaces or a tab, ended by the first blank line.
 */
import type { TitlePage } from "./elements";

type Field = Exclude<keyof TitlePage, "extra" | "frontMatter">;

/** Print order (Title, Credit, Author, Source centered; Draft date, Contact lower left). */
const FIELDS: readonly (readonly [Field, string])[] = [
  ["title", "Title"],
  ["credit", "Credit"],
  ["author", "Author"],
  ["source", "Source"],
  ["draftDate", "Draft date"],
  ["contact", "Contact"],
];

const FIELD_BY_KEY: Readonly<Record<string, Field>> = {
  title: "title",
  credit: "credit",
  author: "author",
  authors: "author",
  source: "source",
  "draft date": "draftDate",
  contact: "contact",
};

/** Keys may hold spaces ('Draft date') but no '.', so 'INT. HOUSE: DAY' is never a key. */
const KEY_RE = /^([\p{L}\p{N}][\p{L}\p{N} _'()/-]{0,39}):(.*)$/u;
const CONTINUATION_RE = /^(?: {3,}|\t)\S/;

/**
 * Reads a title page from the start of `lines` (leading blank lines skipped). Returns null when the
 * first block is not one: every line must be a key or an indented continuation, and at least one value
 * must be non-empty, so a lone 'FADE IN:' stays in the script.
 */
export function readTitlePage(lines: readonly string[]): { titlePage: TitlePage; bodyStart: number } | null {
  let start = 0;
  while (start < lines.length && (lines[start] ?? "").trim() === "") start++;
  let end = start;
  while (end < lines.length && (lines[end] ?? "").trim() !== "") end++;
  const entries: { key: string; values: string[] }[] = [];
  for (const line of lines.slice(start, end)) {
    const key = KEY_RE.exec(line);
    const last = entries[entries.length - 1];
    if (key) entries.push({ key: (key[1] ?? "").trim(), values: [(key[2] ?? "").trim()] });
    else if (last && CONTINUATION_RE.test(line)) last.values.push(line.trim());
    else return null;
  }
  const titlePage: TitlePage = {};
  let found = false;
  for (const { key, values } of entries) {
    const value = values.filter((v) => v !== "").join("\n");
    if (value === "") continue;
    found = true;
    const field = FIELD_BY_KEY[key.toLowerCase()];
    if (field) titlePage[field] = titlePage[field] ? `${titlePage[field]}\n${value}` : value;
    else titlePage.extra = { ...titlePage.extra, [key]: value };
  }
  return found ? { titlePage, bodyStart: end } : null;
}

function entry(key: string, value: string | undefined): string[] {
  const lines = (value ?? "")
    .split("\n")
    .map((l) => l.trim())
    .filter((l) => l !== "");
  if (lines.length === 0) return [];
  if (lines.length === 1) return [`${key}: ${lines[0]}`];
  return [`${key}:`, ...lines.map((l) => `    ${l}`)];
}

/** Title-page lines (no trailing blank line); [] when the page is empty. */
export function writeTitlePage(page: TitlePage): string[] {
  const out = FIELDS.flatMap(([field, key]) => entry(key, page[field]));
  for (const [key, value] of Object.entries(page.extra ?? {})) {
    // A key that cannot be read back, or that would shadow a known field, is left out.
    if (!KEY_RE.test(`${key}:`) || FIELD_BY_KEY[key.trim().toLowerCase()]) continue;
    out.push(...entry(key.trim(), value));
  }
  return out;
}
