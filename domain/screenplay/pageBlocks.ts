/**
 * Blocks for pagination (pure): what moves between pages as a unit, and where a block may be cut, by Final
 * Draft's rules (as measured against its PDFs: jumpcut's docs/pagination-spec.md and
 * final-draft-dialogue-splitting-rules.md).
 *
 * A block is a heading, a shot, a transition, an action element, a speech (cue + its parentheticals and
 * dialogue) or a dual-dialogue pair. Action and speeches keep their text (styled paragraphs) so that a cut at
 * a sentence end re-wraps what goes to the next page, as Final Draft does. Where cuts are allowed:
 *   - action: at a sentence end only (any line start when the file turns "break at sentences" off), with ≥ 2
 *     lines on this page and ≥ 2 on the next, and not when this page's last line would be a runt (≤ 12
 *     characters; under a scene heading a runt is allowed when the part fills the page exactly); the cut
 *     keeping the most lines wins, then the more even one;
 *   - speech: between its parts (never right after a parenthetical) or at a sentence end inside a dialogue
 *     paragraph that wraps to ≥ 3 lines; ≥ 2 lines of dialogue or parenthetical on each page (the cue does not
 *     count). Ranked: a sentence end inside a part, then a substantial continuation (≥ 3 spoken lines, or a
 *     sentence cut whose next-page lines are not short), then the most lines kept, then the more even cut.
 *     "(MORE)" ends the first part (it takes no line of the page's budget), "NAME (CONT'D)" starts the rest;
 *   - relaxed (only for a group taller than a page): any line start leaving ≥ 1 line on each side.
 */
import type { ScreenplayElement } from "./elements";
import type { ResolvedFormat } from "./format";
import {
  continuedCue,
  endsSentence,
  geometryFor,
  layoutElement,
  layoutParagraphs,
  sentenceStarts,
  sliceStyled,
  styledParagraphs,
  type DualColumn,
  type GeometryTable,
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

/** What every block of one pagination shares: the geometry and the format it came from. */
export interface BlockContext {
  geometry: GeometryTable;
  format: ResolvedFormat;
}

export interface Block {
  kind: BlockKind;
  rows: Row[];
  spaceBefore: number;
  pageBreakBefore: boolean;
  keepWithNext: boolean;
  ctx: BlockContext;
  /** Action and speech: the text (a speech's body; its cue rows are `head`). */
  items?: Item[];
  head?: Row[];
  /** Rows at its start that print in the top margin when it opens a page (a split speech's "NAME (CONT'D)"). */
  marginRows?: number;
  /**
   * Blank rows it keeps when it opens a page (0 when absent). An .fdx's empty Action paragraphs before it are
   * paragraphs to Final Draft: at a page's top the first loses its space before, but each keeps its blank line,
   * and the element after them keeps its own space before.
   */
  spaceAtTop?: number;
  /** Speech: its cue (for "NAME (CONT'D)" when it is split). */
  cue?: ScreenplayElement;
}

const piece = (l: LaidLine, el: ScreenplayElement): Piece => {
  const p: Piece = { text: l.text, x: l.x, kind: l.kind, elementId: el.id };
  if (l.styles) p.styles = l.styles;
  if (l.dualColumn) p.dualColumn = l.dualColumn;
  return p;
};

/** Rows of laid lines; line spacing above 1 puts blank space above each line (Final Draft's multi-camera dialogue). */
function rowsOf(lines: LaidLine[], el: ScreenplayElement, spacing: number): Row[] {
  const rows: Row[] = [];
  let extra = 0;
  lines.forEach((l, i) => {
    if (spacing > 1) {
      extra += spacing - 1;
      while (extra >= 1 - 1e-9) {
        rows.push([]);
        extra -= 1;
      }
    }
    rows.push(l.text ? [piece(l, el)] : []);
  });
  return rows;
}
export const isBlank = (r: Row | undefined) => !r || r.length === 0;

const itemLines = (it: Item, ctx: BlockContext) =>
  layoutParagraphs(it.el.type, it.paras, { geometry: ctx.geometry, ...(it.el.centered ? { centered: true } : {}) });
const itemRows = (items: Item[], ctx: BlockContext): Row[] =>
  items.flatMap((it) => rowsOf(itemLines(it, ctx), it.el, ctx.geometry[it.el.type].spacing));
const content = (rows: Row[]) => rows.reduce((n, r) => n + (isBlank(r) ? 0 : 1), 0);

const toItem = (el: ScreenplayElement, ctx: BlockContext): Item => ({ el, paras: styledParagraphs(el, ctx.geometry) });

/** The cue printed at the top of the next page of a split speech. */
function contdRows(cue: ScreenplayElement, ctx: BlockContext): Row[] {
  const text = ctx.format.continueds.contdAtTop ? continuedCue(cue.content, ctx.format.continueds.contd) : cue.content;
  return rowsOf(layoutElement({ ...cue, content: text }, undefined, ctx.geometry), cue, 1).map((r) =>
    r.map((p): Piece => ({ ...p, continued: true })),
  );
}

function flowBlock(base: Omit<Block, "rows" | "items" | "head">, head: Row[], items: Item[]): Block {
  return { ...base, head, items, rows: [...head, ...itemRows(items, base.ctx)] };
}

function speechRows(cue: ScreenplayElement, body: ScreenplayElement[], column: DualColumn, ctx: BlockContext): Row[] {
  return [cue, ...body].flatMap((el) =>
    rowsOf(layoutElement(el, column, ctx.geometry), el, geometryFor(el.type, column, ctx.geometry).spacing),
  );
}

/** Elements → blocks, with scene numbers (explicit, or counted) on each heading's first line. */
export function buildBlocks(elements: readonly ScreenplayElement[], ctx: BlockContext): Block[] {
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
    const g = ctx.geometry[el.type];
    // an .fdx's empty Action paragraphs before it: each a blank line with the action's space before (Final Draft)
    const blanks = (el.blankLinesBefore ?? 0) * (ctx.geometry.action.spaceBefore + 1);
    const base = {
      pageBreakBefore: !!el.pageBreakBefore,
      spaceBefore: g.spaceBefore + blanks,
      keepWithNext: false,
      ctx,
      ...(blanks > 0 ? { spaceAtTop: blanks - ctx.geometry.action.spaceBefore + g.spaceBefore } : {}),
    };
    if (el.type === "character") {
      const body = takeBody();
      const next = elements[i];
      if (!el.dual && next?.type === "character" && next.dual && !next.pageBreakBefore) {
        i++;
        const left = speechRows(el, body, "left", ctx);
        const right = speechRows(next, takeBody(), "right", ctx);
        const rows: Row[] = [];
        for (let r = 0; r < Math.max(left.length, right.length); r++) rows.push([...(left[r] ?? []), ...(right[r] ?? [])]);
        blocks.push({ ...base, kind: "dual", rows });
        continue;
      }
      const head = rowsOf(layoutElement(el, undefined, ctx.geometry), el, g.spacing);
      const items = body.map((b) => toItem(b, ctx));
      blocks.push({ ...flowBlock({ ...base, kind: "speech", keepWithNext: body.length === 0 }, head, items), cue: el });
      continue;
    }
    const rows = rowsOf(layoutElement(el, undefined, ctx.geometry), el, g.spacing);
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
      blocks.push(flowBlock({ ...base, kind: "action" }, [], [toItem(el, ctx)]));
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
  /** A sentence end inside a paragraph (not a boundary between parts). */
  midSentence: boolean;
  /**
   * Right after a parenthetical: Final Draft cuts there only when no other cut is allowed and the dialogue
   * before the parenthetical ends a sentence (its probe "two-short-sentences-plus-one-liner"; Gumshoe's
   * "ygu, (…)" stays whole).
   */
  lastResort?: true;
}

/** The parenthetical at `at` follows dialogue whose last paragraph ends a sentence. */
function sentenceBeforeParenthetical(items: readonly Item[], at: number): boolean {
  const before = items[at - 1];
  const last = before?.paras[before.paras.length - 1]?.text ?? "";
  return before?.el.type === "dialogue" && endsSentence(last);
}

/** Every place a flow block could be cut (validity and ranking are judged on the re-wrapped halves). */
function cutsOf(b: Block, relaxed: boolean): Cut[] {
  const items = b.items ?? [];
  const speech = b.kind === "speech";
  const anyLine = relaxed || (!speech && !b.ctx.format.page.breakAtSentences);
  const cuts: Cut[] = [];
  items.forEach((it, i) => {
    const prev = items[i - 1];
    // between parts of a speech; right after a parenthetical only as a last resort, and only when the line
    // spoken before it ends a sentence
    if (i > 0 && (relaxed || prev!.el.type !== "parenthetical")) cuts.push({ item: i, para: 0, offset: 0, midSentence: false });
    else if (i > 0 && sentenceBeforeParenthetical(items, i - 1))
      cuts.push({ item: i, para: 0, offset: 0, midSentence: false, lastResort: true });
    if (it.el.type === "parenthetical" && !relaxed) return;
    const lines = itemLines(it, b.ctx);
    // a speech's part splits inside only when it wraps to three lines or more
    if (speech && !relaxed && lines.filter((l) => l.text !== "").length < 3) return;
    it.paras.forEach((p, para) => {
      // between paragraphs: only after one that ends a sentence (or a blank one)
      const prevPara = para > 0 ? it.paras[para - 1]!.text : "";
      if (para > 0 && (prevPara.trim() === "" || endsSentence(prevPara))) cuts.push({ item: i, para, offset: 0, midSentence: true });
      else if (para > 0 && speech && relaxed) cuts.push({ item: i, para, offset: 0, midSentence: false });
      for (const s of sentenceStarts(p.text)) cuts.push({ item: i, para, offset: s, midSentence: true });
    });
    if (anyLine) {
      for (const l of lines) if (l.start > 0) cuts.push({ item: i, para: l.para, offset: l.start, midSentence: false });
    }
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

/** Spoken lines (dialogue, not parentheticals) of some items, as text. */
function spokenLines(items: Item[], ctx: BlockContext): string[] {
  return items
    .filter((it) => it.el.type === "dialogue")
    .flatMap((it) =>
      itemLines(it, ctx)
        .map((l) => l.text)
        .filter((t) => t !== ""),
    );
}

type Score = number[];
const better = (a: Score, b: Score) => {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i]! > b[i]!;
  return false;
};

/**
 * The best allowed cut of a flow block whose first part (with its head) fits in `room` rows; null when none.
 */
export function cutBlock(b: Block, room: number, relaxed: boolean, underHeading = false): { top: Block; rest: Block } | null {
  if ((b.kind !== "action" && b.kind !== "speech") || !b.items?.length) return null;
  const speech = b.kind === "speech";
  const ctx = b.ctx;
  const head = b.head ?? [];
  const minTop = relaxed ? 1 : 2;
  const minRest = relaxed ? 1 : 2;
  let best: { score: Score; top: Item[]; rest: Item[]; topRows: Row[]; restRows: Row[] } | null = null;
  const candidates = cutsOf(b, relaxed).map((cut) => {
    const { top, rest } = applyCut(b.items!, cut);
    const topRows = itemRows(top, ctx);
    while (topRows.length && isBlank(topRows[topRows.length - 1])) topRows.pop();
    return { cut, top, rest, topRows, restRows: itemRows(rest, ctx) };
  });
  for (const { cut, top, rest, topRows, restRows } of candidates) {
    const topLines = content(topRows);
    const restLines = content(restRows);
    if (head.length + topRows.length > room || topLines < minTop || restLines < minRest) continue;
    let score: Score;
    if (speech) {
      const spokenRest = spokenLines(rest, ctx);
      // One more sentence that still ends on the top fragment's last line (a same-line extension of an
      // earlier sentence cut) counts as leaving a substantial rest, as Final Draft's probes show.
      const sameLineExtension =
        cut.midSentence &&
        candidates.some(
          (earlier) =>
            earlier.cut.midSentence &&
            earlier.cut.item === cut.item &&
            (earlier.cut.para < cut.para || (earlier.cut.para === cut.para && earlier.cut.offset < cut.offset)) &&
            earlier.topRows.length === topRows.length,
        );
      const substantial =
        spokenRest.length >= 3 ||
        sameLineExtension ||
        (cut.midSentence &&
          spokenRest.length >= 1 &&
          spokenRest[0]!.trim().length >= 16 &&
          spokenRest[spokenRest.length - 1]!.trim().length >= 16);
      const topChars = top.reduce((n, it) => n + it.paras.reduce((m, p) => m + p.text.length, 0), 0);
      score = [cut.lastResort ? 0 : 1, cut.midSentence ? 1 : 0, substantial ? 1 : 0, topLines, -Math.abs(topLines - restLines), topChars];
    } else {
      // a runt (a last line of 12 characters or fewer) does not end an action's first part
      const last = topRows[topRows.length - 1]?.map((p) => p.text).join("") ?? "";
      // …except, under a scene heading, a sentence that fills the page exactly
      if (!relaxed && last.trim().length <= 12 && !(underHeading && head.length + topRows.length === room)) continue;
      score = [topLines, -Math.abs(topLines - restLines)];
    }
    if (!best || better(score, best.score)) best = { score, top, rest, topRows, restRows };
  }
  if (!best) return null;
  const { top, rest, topRows } = best;
  if (speech) {
    const rows = [...head, ...topRows];
    const c = ctx.format.continueds;
    if (c.moreAtBottom && c.more) {
      const more: Piece = { text: c.more, x: ctx.geometry.character.x, kind: "more", continued: true };
      const id = head[0]?.[0]?.elementId;
      if (id) more.elementId = id;
      for (let k = 1; k < ctx.geometry.dialogue.spacing; k++) rows.push([]);
      rows.push([more]);
    }
    const topBlock: Block = { ...b, rows, items: top };
    const contd = b.cue ? contdRows(b.cue, ctx) : [];
    return {
      top: topBlock,
      rest: { ...flowBlock(b, contd, rest), pageBreakBefore: false, marginRows: contd.length, spaceAtTop: 0 },
    };
  }
  return { top: { ...b, rows: topRows, items: top }, rest: { ...flowBlock(b, [], rest), pageBreakBefore: false, spaceAtTop: 0 } };
}

/** Content lines of a block's body (an action's lines; a speech's dialogue and parenthetical lines). */
export function bodyLines(b: Block): number {
  return b.items ? content(itemRows(b.items, b.ctx)) : content(b.rows);
}
