import type PDFDocument from "pdfkit";
import { fontAt } from "../../screenplay/fonts";

/**
 * Fonts for shot list PDFs: DejaVu Sans (proportional, wide coverage: Latin, Greek, Cyrillic, symbols),
 * and Noto Sans JP for text DejaVu cannot print (kana, kanji, hanzi). Both are parsed once per process by
 * server/screenplay/fonts.ts; a piece of text uses DejaVu unless it has a character only Noto has.
 */
type Doc = InstanceType<typeof PDFDocument>;
export type Weight = "regular" | "bold";

const SANS_LEVEL = 2;
const CJK_LEVEL = 3;

const sans = (w: Weight) => fontAt(SANS_LEVEL, w);
const cjk = (w: Weight) => fontAt(CJK_LEVEL, w);

const needsCjk = (text: string): boolean => {
  // eslint-disable-next-line no-control-regex
  if (/^[\u0000-\u024f\u2000-\u206f]*$/.test(text)) return false;
  const regular = sans("regular");
  const fallback = cjk("regular");
  if (!fallback) return false;
  for (const ch of text) {
    const cp = ch.codePointAt(0)!;
    if (regular && !regular.hasGlyphForCodePoint(cp) && fallback.hasGlyphForCodePoint(cp)) return true;
  }
  return false;
};

export class PdfFonts {
  private registered = new Set<string>();
  constructor(private readonly doc: Doc) {}

  /** Selects the font for `text` at `size`; returns the doc for chaining. */
  use(text: string, weight: Weight, size: number): Doc {
    const useCjk = needsCjk(text);
    const font = (useCjk ? cjk(weight) : sans(weight)) ?? sans("regular");
    if (!font) throw new Error("DejaVu Sans is missing: install dejavu-fonts-ttf");
    const name = `${useCjk ? "NotoSansJP" : "DejaVuSans"}-${weight}`;
    if (!this.registered.has(name)) {
      // pdfkit accepts a parsed fontkit font in place of a file (as server/screenplay/pdf.ts does)
      this.doc.registerFont(name, font as unknown as Buffer);
      this.registered.add(name);
    }
    return this.doc.font(name, size);
  }
}
