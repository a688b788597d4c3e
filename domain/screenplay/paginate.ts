/**
 * Screenplay pagination (pure): elements → pages of positioned lines, by Final Draft's rules, in the script's
 * own format (format.ts: an .fdx's ElementSettings and PageLayout, else Final Draft's defaults). This one
 * pagination feeds the editor's page count, the PDF, the DOCX page breaks and the breakdown's eighths.
 *
 * Lines per page come from the page: (height − top − bottom margin) at 6 lines per inch, 54 on Letter.
 * Elements become blocks (a heading, an action paragraph, a shot, a transition, a speech = cue + its
 * parentheticals and dialogue, a dual-dialogue pair), and blocks become groups that must start on one page:
 *   - a scene heading, a shot and a cue with no speech keep with what follows (never last on a page);
 *   - a transition keeps with what precedes it (never first on a page);
 * so a group is [keep-with-next heads…, one core block, transitions…]. A group that does not fit is cut
 * inside its core only (where pageBlocks.ts allows it), or moved whole to the next page. Under a scene
 * heading, action is cut only when it has ≥ 5 lines; otherwise heading and action move together. A
 * dual-dialogue pair, a heading, a shot and a transition do not split. Only when a group is taller than a
 * whole page are the rules relaxed (any line), then broken hard. As in Final Draft, a split speech's "(MORE)"
 * prints below the last line and its "NAME (CONT'D)" above the first: neither takes a line of the page (both
 * texts are the file's DialogueBottom/DialogueTop), and a cue whose character spoke last in the scene with only
 * action between prints with "(CONT'D)" when the file asks for automatic continueds (autoContinueds.ts). Space before a block is dropped at the top
 * of a page, except an .fdx's empty Action paragraphs: Final Draft prints each as a blank line even there (only
 * the first loses its space before). Forced page breaks start a new page.
 */
import { withAutoContinueds } from "./autoContinueds";
import type { ScreenplayElement } from "./elements";
import { linesPerPage, resolveFormat, type ResolvedFormat, type ScriptFormat } from "./format";
import { PAPER_INCHES, geometryOf, type DualColumn, type Paper, type StyleSpan } from "./layout";
import { bodyLines, buildBlocks, cutBlock, isBlank, type Block, type BlockContext, type Row } from "./pageBlocks";

export type LineKind = ScreenplayElement["type"] | "more";

export interface PositionedLine {
  text: string;
  /** Inches from the page's left edge. */
  x: number;
  /** 0-based line on the page (line 0 is 1 in from the top; each line is 1/6 in). */
  row: number;
  kind: LineKind;
  /** On the first line of a scene heading: its number (explicit, or counted 1, 2, 3… when absent). */
  sceneNumber?: string;
  dualColumn?: DualColumn;
  styles?: StyleSpan[];
  elementId?: string;
  /** A "NAME (CONT'D)" cue or "(MORE)" added by a dialogue split. */
  continued?: true;
}

export interface Page {
  /** 1-based; the title page is not counted. */
  number: number;
  lines: PositionedLine[];
}

export interface PaginateOptions {
  /** The paper printed on; without it, the format's page size (Letter by default). */
  paper?: Paper;
  /** The script's page format (an .fdx's own); Final Draft's defaults where it says nothing. */
  format?: ScriptFormat | null;
  /** Overrides the page's line count (tests). */
  linesPerPage?: number;
}

/** The format a pagination uses: the script's, on the paper asked for. */
export function pageFormat(options: Pick<PaginateOptions, "paper" | "format">): ResolvedFormat {
  const f = resolveFormat(options.format);
  return options.paper ? { ...f, page: { ...f.page, ...PAPER_INCHES[options.paper] } } : f;
}

interface Group {
  blocks: Block[];
  core: number; // index of the splittable block, -1 if none
}

function buildGroups(blocks: Block[]): Group[] {
  const groups: Group[] = [];
  let cur: Block[] = [];
  let core = -1;
  const close = () => {
    if (cur.length) groups.push({ blocks: cur, core });
    cur = [];
    core = -1;
  };
  for (const b of blocks) {
    if (b.pageBreakBefore) close();
    if (b.kind === "transition") {
      cur.push(b); // keeps with what precedes it
      continue;
    }
    // a new non-transition block after a core (or after trailing transitions) starts a new group
    if (cur.length && (core >= 0 || cur[cur.length - 1]!.kind === "transition" || !cur[cur.length - 1]!.keepWithNext)) close();
    cur.push(b);
    if (!b.keepWithNext) core = cur.length - 1;
  }
  close();
  return groups;
}

function height(blocks: Block[], atTop: boolean): number {
  let h = 0;
  blocks.forEach((b, i) => {
    h += atTop && i === 0 ? (b.spaceAtTop ?? 0) : b.spaceBefore;
    h += b.rows.length;
  });
  return h;
}

/** Splits a group inside its core so that its first part fits in `avail` rows; null when no allowed cut fits. */
function splitGroup(g: Group, avail: number, atTop: boolean, relaxed: boolean): { top: Block[]; rest: Group } | null {
  if (g.core < 0) return null;
  const heads = g.blocks.slice(0, g.core);
  const core = g.blocks[g.core]!;
  // under a scene heading, action too short to split well moves with the heading
  const underHeading = heads.some((h) => h.kind === "slug");
  if (!relaxed && core.kind === "action" && underHeading && bodyLines(core) < 5) return null;
  const room = avail - height([...heads, { ...core, rows: [] }], atTop);
  const cut = cutBlock(core, room, relaxed, underHeading);
  if (!cut) return null;
  return { top: [...heads, cut.top], rest: { blocks: [cut.rest, ...g.blocks.slice(g.core + 1)], core: 0 } };
}

/** Last resort for a group taller than a page: cut after `avail` rows, whatever they are. */
function hardSplit(g: Group, avail: number): { top: Block[]; rest: Group } {
  const rows: Row[] = [];
  g.blocks.forEach((b, i) => {
    if (i > 0) for (let s = 0; s < b.spaceBefore; s++) rows.push([]);
    rows.push(...b.rows);
  });
  const top: Block = {
    kind: "other",
    rows: rows.slice(0, avail),
    spaceBefore: 0,
    pageBreakBefore: false,
    keepWithNext: false,
    ctx: g.blocks[0]!.ctx,
  };
  const restRows = rows.slice(avail);
  while (restRows.length && isBlank(restRows[0])) restRows.shift();
  return { top: [top], rest: { blocks: [{ ...top, rows: restRows }], core: 0 } };
}

/** Paginates elements into pages of positioned lines. An empty script has no pages. */
export function paginate(elements: readonly ScreenplayElement[], options: PaginateOptions = {}): Page[] {
  const format = pageFormat(options);
  const ctx: BlockContext = { format, geometry: geometryOf(format) };
  const perPage = options.linesPerPage ?? linesPerPage(format.page);
  const pages: Page[] = [];
  let lines: PositionedLine[] = [];
  let used = 0;
  const newPage = () => {
    pages.push({ number: pages.length + 1, lines });
    lines = [];
    used = 0;
  };
  const place = (blocks: Block[]) => {
    blocks.forEach((b) => {
      let rows = b.rows;
      if (lines.length === 0) {
        let s = 0;
        while (s < rows.length && isBlank(rows[s])) s++;
        rows = rows.slice(s);
        used += b.spaceAtTop ?? 0;
      } else {
        used += b.spaceBefore;
      }
      for (const r of rows) {
        for (const p of r) lines.push({ ...p, row: used });
        used++;
      }
    });
  };
  // cues print with the file's automatic "(CONT'D)" (never stored in the script's text)
  for (const group of buildGroups(buildBlocks(withAutoContinueds(elements, format.continueds), ctx))) {
    let g = group;
    if (g.blocks[0]?.pageBreakBefore && lines.length > 0) newPage();
    for (;;) {
      const atTop = lines.length === 0;
      // a split speech's "NAME (CONT'D)" prints in the top margin, above the page's first line
      if (atTop) used = 0 - (g.blocks[0]?.marginRows ?? 0) || 0;
      if (used + height(g.blocks, atTop) <= perPage) {
        place(g.blocks);
        break;
      }
      const split =
        splitGroup(g, perPage - used, atTop, false) ??
        (atTop ? (splitGroup(g, perPage - used, true, true) ?? hardSplit(g, perPage)) : null);
      if (split) place(split.top);
      newPage();
      if (split) g = split.rest;
    }
  }
  if (lines.length) newPage();
  return pages;
}

/** Number of script pages (the title page not counted). */
export function pageCount(elements: readonly ScreenplayElement[], paper?: Paper, format?: ScriptFormat | null): number {
  return paginate(elements, { ...(paper ? { paper } : {}), format: format ?? null }).length;
}
