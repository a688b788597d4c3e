import type { ElementType } from "./elements";

/** spec (shell 2 "Scripts list"): line-height factors, text size 9 per line, height budget 184, up to 10 elements. */
export const PREVIEW_LINE_FACTORS: Record<ElementType, number> = {
  slug: 1.5,
  action: 1.2,
  character: 1.3,
  dialogue: 1.2,
  parenthetical: 1.1,
  transition: 1.3,
  shot: 1.5,
};
export const PREVIEW_TEXT_SIZE = 9;
export const PREVIEW_HEIGHT_BUDGET = 184;
export const PREVIEW_MAX_ELEMENTS = 10;
/** How many characters fit on one preview line of a card (a third of the grid at 9 px type). */
export const PREVIEW_CHARS_PER_LINE = 42;

export function previewHeight(el: { type: string; content: string }): number {
  const factor = PREVIEW_LINE_FACTORS[el.type as ElementType] ?? 1.2;
  const lines = Math.max(1, Math.ceil(el.content.length / PREVIEW_CHARS_PER_LINE));
  return lines * PREVIEW_TEXT_SIZE * factor;
}

/** The leading elements that fit the card's preview area. */
export function fitPreview<T extends { type: string; content: string }>(elements: readonly T[]): T[] {
  const shown: T[] = [];
  let used = 0;
  for (const el of elements.slice(0, PREVIEW_MAX_ELEMENTS)) {
    const h = previewHeight(el);
    if (used + h > PREVIEW_HEIGHT_BUDGET) break;
    shown.push(el);
    used += h;
  }
  return shown;
}
