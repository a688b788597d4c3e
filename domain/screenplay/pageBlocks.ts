/**
 * Blocks for pagination (pure): what moves between pages as a unit, and where a block may be cut.
 *
 * A block is a heading, a shot, a transition, an action element, a speech (cue + its parentheticals and
 * dialogue) or a dual-dialogue pair. Action and speeches keep their text (styled paragraphs) so that a cut at
 * a sentence end re-wraps what goes to the next page, as Final Draft does; a cut at a line start needs no
 * re-wrap. Where cuts are allowed:
 *   - action: at a sentence end (or a paragraph end after a sentence end / blank line) only, with ≥ 2 lines
 *     on this page and ≥ 2 on the next;
 *   - speech: after the cue and ≥ 2 lines of speech, never right after a parenthetical, ≥ 1 line left; a
 *     sentence end is preferred, any line start is the fallback. "(MORE)" ends the first part at the cue's
 *     indent, "NAME (CONT'D)" starts the rest;
 *   - relaxed (only for a group taller than a page): any cut leaving ≥ 1 line on each side.
 */
import type { ScreenplayElement } from "./elements";
import {
  GEOMETRY,
  MORE_TEXT,
  continuedCue,
  endsSentence,
  layoutElement,
  layoutParagraphs,
  sentenceStarts,
  sliceStyled,
  styledParagraphs,
  type DualColumn,
  type LaidLine,
  type StyledText,
} from "./layout";
import type { PositionedLine } from "./paginate";

export type Piece = Omit<PositionedLine, "row">;
/** A row is the pieces printed on one line (two for dual dialogue); [] is a blank line. */
export type Row = Piece[];
export type BlockKind = "slug" | "shot" | "action" | "transition" | "speech" | "dual" | "other";

interface Item {
  el: ScreenplayElement;
  paras: StyledText[];
}

export interface Block {
  kind: BlockKind;
  rows: Row[];
  spaceBefore: number;
  pageBreakBefore: boolean;
  keepWithNext: boolean;
  /** Action and speech: the text (a speech's body; its cue rows are `head`). */
  items?: Item[];
  head?: Row[];
  /** Speech: its cue (for "NAME (CONT'D)" when it is split). */
  cue?: ScreenplayElement;
}

const piece = (l: LaidLine, el: ScreenplayElement): Piece => {
  const p: Piece = { text: l.text, x: l.x, kind: l.kind, elementId: el.id };
  if (l.styles) p.styles = l.styles;
  if (l.dualColumn) p.dualColumn = l.dualColumn;
  return p;
};
const rowsOf = (lines: LaidLine[], el: ScreenplayElement): Row[] => lines.map((l) => (l.text ? [piece(l, el)] : []));
export const isBlank = (r: Row | undefined) => !r || r.length === 0;

const itemLines = (it: Item) => layoutParagraphs(it.el.type, it.paras, it.el.centered ? { centered: true } : {});
const itemRows = (items: Item[]): Row[] => items.flatMap((it) => rowsOf(itemLines(it), it.el));
const content = (rows: Row[]) => rows.reduce((n, r) => n + (isBlank(r) ? 0 : 1), 0);

const toItem = (el: ScreenplayElement): Item => ({ el, paras: styledParagraphs(el) });

/** The cue printed at the top of the next page of a split speech. */
function contdRows(cue: ScreenplayElement): Row[] {
  return rowsOf(layoutElement({ ...cue, content: continuedCue(cue.content) }), cue).map((r) => r.map((p): Piece => ({ ...p, continued: true })));
}

function flowBlock(base: Omit<Block, "rows" | "items" | "head">, head: Row[], items: Item[]): Block {
  return { ...base, head, items, rows: [...head, ...itemRows(items)] };
}

function speechRows(cue: ScreenplayElement, body: ScreenplayElement[], column: DualColumn): Row[] {
  return [cue, ...body].flatMap((el) => rowsOf(layoutElement(el, column), el));
}

/** Elements → blocks, with scene numbers (explicit, or counted) on each heading's first line. */
export function buildBlocks(elements: readonly ScreenplayElement[]): Block[] {
  const blocks: Block[] = [];
  let scene = 0;
  let i = 0;
  const takeBody = (): ScreenplayElement[] => {
    const body: ScreenplayElement[] = [];
    while (i < elements.length && (elements[i]!.type === "dialogue" || elements[i]!.type === "parenthetical")) body.push(elements[i++]!);
    return body;
  };
  while (i < elements.length) {
    const el = elements[i++]!;
    const base = { pageBreakBefore: !!el.pageBreakBefore, spaceBefore: GEOMETRY[el.type].spaceBefore, keepWithNext: false };
    if (el.type === "character") {
      const body = takeBody();
      const next = elements[i];
      if (!el.dual && next?.type === "character" && next.dual && !next.pageBreakBefore) {
        i++;
        const left = speechRows(el, body, "left");
        const right = speechRows(next, takeBody(), "right");
        const rows: Row[] = [];
        for (let r = 0; r < Math.max(left.length, right.length); r++) rows.push([...(left[r] ?? []), ...(right[r] ?? [])]);
        blocks.push({ ...base, kind: "dual", rows });
        continue;
      }
      const head = rowsOf(layoutElement(el), el);
      const items = body.map(toItem);
      blocks.push({ ...flowBlock({ ...base, kind: "speech", keepWithNext: body.length === 0 }, head, items), cue: el });
      continue;
    }
    const rows = rowsOf(layoutElement(el), el);
    if (el.type === "slug") {
      scene++;
      const first = rows.find((r) => r.length)?.[0];
      if (first) first.sceneNumber = el.sceneNumber?.trim() || String(scene);
      blocks.push({ ...base, kind: "slug", rows, keepWithNext: true });
    } else if (el.type === "shot") {
      blocks.push({ ...base, kind: "shot", rows, keepWithNext: true });
    } else if (el.type === "transition") {
      blocks.push({ ...base, kind: "transition", rows });
    } else if (el.type === "action") {
      blocks.push(flowBlock({ ...base, kind: "action" }, [], [toItem(el)]));
    } else {
      // a parenthetical or dialogue with no cue before it: printed in place, never split
      blocks.push({ ...base, spaceBefore: 1, kind: "other", rows });
    }
  }
  return blocks.filter((b) => b.rows.length > 0);
}

interface Cut {
  item: number;
  para: number;
  offset: number;
  sentence: boolean;
  /** Rows (of the body) that stay on this page, and how many of them are not blank. */
  topRows: number;
  topContent: number;
}

/** Every place a flow block could be cut, with the rows each leaves on this page. */
function cutsOf(b: Block): Cut[] {
  const items = b.items ?? [];
  const cuts: Cut[] = [];
  let rowBase = 0;
  let contentBase = 0;
  items.forEach((it, i) => {
    const lines = itemLines(it);
    const prev = items[i - 1];
    // before an item: not right after a parenthetical
    if (i > 0 && prev!.el.type !== "parenthetical") {
      const sentence = it.el.type === "parenthetical" || endsSentence(prev!.paras[prev!.paras.length - 1]?.text ?? "");
      cuts.push({ item: i, para: 0, offset: 0, sentence, topRows: rowBase, topContent: contentBase });
    }
    if (it.el.type !== "parenthetical") {
      const startsByPara = new Map<number, number[]>();
      let seen = 0; // lines before the current one, within the item
      let seenContent = 0;
      lines.forEach((l, j) => {
        const blankBefore = j > 0 && lines[j - 1]!.text === "";
        const atParaStart = l.start === 0 && j > 0 && l.para !== lines[j - 1]!.para;
        if (j > 0 && l.text !== "" && (l.start > 0 || atParaStart)) {
          const sentence = (atParaStart && blankBefore) || endsSentence(lines[j - 1]!.text);
          // a cut at a line start: the lines before stay (minus a trailing blank)
          const top = blankBefore ? seen - 1 : seen;
          cuts.push({ item: i, para: l.para, offset: l.start, sentence, topRows: rowBase + top, topContent: contentBase + seenContent });
        }
        if (l.text !== "") {
          const para = it.paras[l.para]!;
          const end = lines[j + 1]?.para === l.para ? lines[j + 1]!.start : para.text.length;
          let starts = startsByPara.get(l.para);
          if (!starts) startsByPara.set(l.para, (starts = sentenceStarts(para.text)));
          for (const s of starts) {
            if (s > l.start && s < end) {
              cuts.push({ item: i, para: l.para, offset: s, sentence: true, topRows: rowBase + seen + 1, topContent: contentBase + seenContent + 1 });
            }
          }
        }
        seen++;
        if (l.text !== "") seenContent++;
      });
    }
    rowBase += lines.length;
    contentBase += lines.filter((l) => l.text !== "").length;
  });
  return cuts;
}

function applyCut(items: Item[], cut: Cut): { top: Item[]; rest: Item[] } {
  const it = items[cut.item]!;
  const top = items.slice(0, cut.item);
  const restParas = it.paras.slice(cut.para + 1);
  const topParas = it.paras.slice(0, cut.para);
  const p = it.paras[cut.para]!;
  if (cut.offset > 0) {
    topParas.push(sliceStyled(p, 0, cut.offset));
    restParas.unshift(sliceStyled(p, cut.offset));
  } else {
    restParas.unshift(p);
  }
  if (topParas.length) top.push({ el: it.el, paras: topParas });
  return { top, rest: [{ el: it.el, paras: restParas }, ...items.slice(cut.item + 1)] };
}

/**
 * The best allowed cut of a flow block whose first part (with its head and "(MORE)") fits in `room` rows:
 * the one keeping the most rows, a sentence end first (then, for speeches or when relaxed, any line start).
 */
export function cutBlock(b: Block, room: number, relaxed: boolean): { top: Block; rest: Block } | null {
  if ((b.kind !== "action" && b.kind !== "speech") || !b.items?.length) return null;
  const speech = b.kind === "speech";
  const head = b.head ?? [];
  const extra = head.length + (speech ? 1 : 0);
  const minTop = relaxed ? 1 : 2;
  const minRest = relaxed || speech ? 1 : 2;
  const candidates = cutsOf(b)
    .filter((c) => c.topRows + extra <= room && c.topContent >= minTop)
    .sort((x, y) => y.topRows - x.topRows);
  const tiers = [candidates.filter((c) => c.sentence), speech || relaxed ? candidates.filter((c) => !c.sentence) : []];
  for (const tier of tiers) {
    for (const cut of tier) {
      const { top, rest } = applyCut(b.items, cut);
      const topRows = itemRows(top);
      const restRows = itemRows(rest);
      if (topRows.length + extra > room || content(topRows) < minTop || content(restRows) < minRest) continue;
      if (speech) {
        const more: Piece = { text: MORE_TEXT, x: GEOMETRY.character.x, kind: "more", continued: true };
        const id = head[0]?.[0]?.elementId;
        if (id) more.elementId = id;
        const topBlock = { ...b, rows: [...head, ...topRows, [more]], items: top };
        return { top: topBlock, rest: { ...flowBlock(b, b.cue ? contdRows(b.cue) : [], rest), pageBreakBefore: false } };
      }
      return { top: { ...b, rows: topRows, items: top }, rest: { ...flowBlock(b, [], rest), pageBreakBefore: false } };
    }
  }
  return null;
}
