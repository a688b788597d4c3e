/**
 * Fonts for screenplay PDFs, loaded once per process and shared by every render (pdfkit takes a parsed
 * fontkit font as a registered font and subsets it per document, so nothing is re-read or re-parsed).
 *
 * Courier Prime (its four faces, as TTF from `@expo-google-fonts/courier-prime`; `@fontsource/courier-prime`
 * ships only split WOFF/WOFF2 subsets) covers Latin and Latin Extended. It has no Cyrillic, Greek, Hebrew or
 * CJK, so each character it lacks falls back, in order, to:
 *   1. DejaVu Sans Mono (`dejavu-fonts-ttf`, faces for bold/oblique): Cyrillic, Greek, Arabic letters, symbols;
 *      monospaced at 0.602 em, so it stays on Courier's 0.6 em grid;
 *   2. DejaVu Sans: what the mono face lacks (Hebrew, more symbols);
 *   3. Noto Sans JP (`@expo-google-fonts/noto-sans-jp`, regular and bold): kana, kanji and most Chinese
 *      hanzi, full-width forms. Wide characters take two columns; the renderer spaces them to fill both.
 * Korean Hangul needs another font (e.g. `@expo-google-fonts/noto-sans-kr`); without it such text prints as
 * missing-glyph boxes. No bidi reordering is done for right-to-left scripts.
 */
import { createRequire } from "node:module";
import fs from "node:fs";
import * as fontkit from "fontkit";

const require = createRequire(import.meta.url);

export type Face = "regular" | "bold" | "italic" | "boldItalic";

/** Package-relative font files of each fallback level, per face. */
const SOURCES: ReadonlyArray<{ name: string; files: Record<Face, string> }> = [
  {
    name: "CourierPrime",
    files: {
      regular: "@expo-google-fonts/courier-prime/400Regular/CourierPrime_400Regular.ttf",
      bold: "@expo-google-fonts/courier-prime/700Bold/CourierPrime_700Bold.ttf",
      italic: "@expo-google-fonts/courier-prime/400Regular_Italic/CourierPrime_400Regular_Italic.ttf",
      boldItalic: "@expo-google-fonts/courier-prime/700Bold_Italic/CourierPrime_700Bold_Italic.ttf",
    },
  },
  {
    name: "DejaVuSansMono",
    files: {
      regular: "dejavu-fonts-ttf/ttf/DejaVuSansMono.ttf",
      bold: "dejavu-fonts-ttf/ttf/DejaVuSansMono-Bold.ttf",
      italic: "dejavu-fonts-ttf/ttf/DejaVuSansMono-Oblique.ttf",
      boldItalic: "dejavu-fonts-ttf/ttf/DejaVuSansMono-BoldOblique.ttf",
    },
  },
  {
    name: "DejaVuSans",
    files: {
      regular: "dejavu-fonts-ttf/ttf/DejaVuSans.ttf",
      bold: "dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf",
      italic: "dejavu-fonts-ttf/ttf/DejaVuSans-Oblique.ttf",
      boldItalic: "dejavu-fonts-ttf/ttf/DejaVuSans-BoldOblique.ttf",
    },
  },
  {
    name: "NotoSansJP",
    files: {
      regular: "@expo-google-fonts/noto-sans-jp/400Regular/NotoSansJP_400Regular.ttf",
      bold: "@expo-google-fonts/noto-sans-jp/700Bold/NotoSansJP_700Bold.ttf",
      italic: "@expo-google-fonts/noto-sans-jp/400Regular/NotoSansJP_400Regular.ttf",
      boldItalic: "@expo-google-fonts/noto-sans-jp/700Bold/NotoSansJP_700Bold.ttf",
    },
  },
];

export const FALLBACK_LEVELS = SOURCES.length;

/**
 * Print size per level, and the advance (em) of a monospaced level. DejaVu's x-height is ~20 % taller than
 * Courier Prime's, so it prints at 10.5 pt (spaced back onto the 7.2 pt grid) to sit well beside it.
 */
export const LEVEL_METRICS: ReadonlyArray<{ size: number; monoAdvance?: number }> = [
  { size: 12, monoAdvance: 0.6 },
  { size: 10.5, monoAdvance: 0.602 },
  { size: 10.5 },
  { size: 12 },
];

type LoadedFont = fontkit.Font;
const loaded = new Map<string, LoadedFont | null>();

function resolveFile(spec: string): string | null {
  try {
    return require.resolve(spec);
  } catch {
    return null;
  }
}

/** The parsed font of a fallback level and face; null when its package is not installed. Cached. */
export function fontAt(level: number, face: Face): LoadedFont | null {
  const source = SOURCES[level];
  if (!source) return null;
  const key = `${level}:${face}`;
  if (loaded.has(key)) return loaded.get(key)!;
  const file = resolveFile(source.files[face]);
  let font: LoadedFont | null = null;
  if (file) {
    const parsed = fontkit.create(fs.readFileSync(file));
    font = "glyphForCodePoint" in parsed ? (parsed as LoadedFont) : null;
  }
  loaded.set(key, font);
  return font;
}

/** The name a document registers a level/face under. */
export function fontName(level: number, face: Face): string {
  return `${SOURCES[level]?.name ?? "Font"}-${face}`;
}

/** Courier Prime must be there; throws a clear error when its package is missing. */
export function primaryFont(face: Face): LoadedFont {
  const f = fontAt(0, face);
  if (!f) throw new Error("Courier Prime is missing: install @expo-google-fonts/courier-prime");
  return f;
}

const levelCache = new Map<number, number>();

/** The first fallback level whose font has a glyph for the code point (0 when none has: prints .notdef). */
export function levelFor(cp: number): number {
  if (cp < 0x250) return 0; // Courier Prime's Latin + Latin Extended
  const hit = levelCache.get(cp);
  if (hit !== undefined) return hit;
  let level = 0;
  for (let l = 0; l < SOURCES.length; l++) {
    const f = fontAt(l, "regular");
    if (f?.hasGlyphForCodePoint(cp)) {
      level = l;
      break;
    }
  }
  levelCache.set(cp, level);
  return level;
}

/** Splits text into runs that one fallback level prints. */
export function splitByFont(text: string): Array<{ text: string; level: number }> {
  // eslint-disable-next-line no-control-regex
  if (/^[\u0000-\u024f]*$/.test(text)) return [{ text, level: 0 }];
  const out: Array<{ text: string; level: number }> = [];
  for (let i = 0; i < text.length; i++) {
    const cp = text.codePointAt(i)!;
    const ch = String.fromCodePoint(cp);
    if (cp > 0xffff) i++;
    // combining marks and spaces stay with the run they follow
    const level = (cp >= 0x300 && cp <= 0x36f) || cp === 32 ? (out[out.length - 1]?.level ?? 0) : levelFor(cp);
    const last = out[out.length - 1];
    if (last && last.level === level) last.text += ch;
    else out.push({ text: ch, level });
  }
  return out;
}
