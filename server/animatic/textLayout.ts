/**
 * Fitting card titles and captions into lines before drawtext draws them (drawtext does not wrap). Widths
 * are estimated, as in Local Video's layoutTitle: DejaVu Sans Bold averages ~0.6 em a character.
 */
import { wrapWords } from "../../domain/wordWrap";

const EM_PER_CHAR = 0.6;

export interface TextBlock {
  fontSize: number;
  lines: string[];
}

/**
 * Text for a text file drawtext reads: one line, no control characters (a tab or stray CR would draw as a
 * box), whitespace collapsed. Nothing else needs escaping, since the text never enters the filter graph.
 */
export function cleanText(text: string): string {
  return text
    .replace(/[\u0000-\u001f\u007f-\u009f]/g, " ")
    .replace(/\s+/g, " ")
    .trim();
}

/** Words into lines of at most `perLine` characters; a word longer than a line is cut into pieces. */
export function wrapText(text: string, perLine: number): string[] {
  return wrapWords(cleanText(text).split(" ").filter(Boolean), perLine);
}

/** At most `maxLines` lines of `fontSize` text across `width` pixels; overflow ends with an ellipsis. */
export function fitLines(text: string, fontSize: number, width: number, maxLines: number): string[] {
  const perLine = Math.max(4, Math.floor(width / (fontSize * EM_PER_CHAR)));
  const lines = wrapText(text, perLine);
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines);
  const last = kept[maxLines - 1] ?? "";
  kept[maxLines - 1] = `${last.length >= perLine ? last.slice(0, perLine - 1) : last}…`;
  return kept;
}

/**
 * A card's title: as large as fits, stepping the size down (from 1/10 of the frame height) until the text
 * fits in at most 4 lines across 84% of the width.
 */
export function layoutCardTitle(text: string, width: number, height: number): TextBlock {
  const sizes = [10, 13, 16, 20].map((divisor) => Math.round(height / divisor));
  for (const fontSize of sizes) {
    const lines = wrapText(text, Math.max(4, Math.floor((width * 0.84) / (fontSize * EM_PER_CHAR))));
    if (lines.length <= 4) return { fontSize, lines };
  }
  const fontSize = sizes[sizes.length - 1] ?? 24;
  return { fontSize, lines: fitLines(text, fontSize, width * 0.84, 4) };
}

/** A card's subtitle or a burned-in caption: a fixed size for the frame, up to 2 or 3 lines. */
export function layoutSmallText(text: string, width: number, height: number, maxLines: number): TextBlock {
  const fontSize = Math.round(height / 24);
  return { fontSize, lines: fitLines(text, fontSize, width * 0.86, maxLines) };
}
