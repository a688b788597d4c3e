/**
 * Final Draft (.fdx) import (spec: shell 5 "FDX parsing"; structure: notes §2).
 *
 * - Paragraph types Scene Heading, Action, Character, Dialogue, Parenthetical, Transition and Shot map to
 *   the element types; General (Final Draft's untyped paragraph, e.g. centered 'THE END') is read as action;
 *   New Act, End of Act and Cold Opening as centered action in capitals (a new act starting a new page, as
 *   the file's ElementSettings say). Cast List, Sequence, Summary, Outline 1-3, Note, any other type, and
 *   paragraphs with no text are skipped.
 * - Text runs are concatenated verbatim (their Style is not turned into Fountain emphasis); SceneProperties
 *   (summaries, arc beats) and ScriptNote are ignored.
 * - Number → sceneNumber, Alignment="Center" → centered, StartsNewPage="Yes" → pageBreakBefore, the first
 *   non-zero Text RevisionID → revision.
 * - DualDialogue (inside a General paragraph, or directly in Content): the cue and lines after its first
 *   speaker get dual: true.
 * - PageLayout, ElementSettings and MoresAndContinueds → `format` (what the file says; fdxSettings.ts).
 * - A file with title pages and no script paragraphs imports with no elements (Final Draft opens it).
 */
import { newElementId, type ElementType, type ParsedScript, type ScreenplayElement, type TitlePage } from "./elements";
import { readFdxFormat } from "./fdxSettings";
import { linesPerPage, resolveFormat } from "./format";
import { readFdxTitlePage } from "./fdxTitlePage";
import { PARSE_MESSAGES, ScreenplayParseError } from "./parseError";
import { attrOf, childElements, childrenOf, parseXmlOrdered, tagOf, textOf, type XmlNode } from "./xml";

export { writeFdx } from "./fdxWrite";
export { ScreenplayParseError } from "./parseError";

/** FDX paragraph Type → element type (the General fallback is handled separately). */
export const FDX_TYPES: Readonly<Record<string, ElementType>> = {
  "Scene Heading": "slug",
  Action: "action",
  Character: "character",
  Dialogue: "dialogue",
  Parenthetical: "parenthetical",
  Transition: "transition",
  Shot: "shot",
};

export interface FdxParseOptions {
  newId?: () => string;
}

export function parseFdx(xml: string, opts: FdxParseOptions = {}): ParsedScript {
  const nodes = parseXmlOrdered(xml);
  if (!nodes) throw new ScreenplayParseError(PARSE_MESSAGES.invalidXml);
  const root = nodes.find((n) => tagOf(n) !== null && tagOf(n) !== "#text");
  if (!root || tagOf(root) !== "FinalDraft") throw new ScreenplayParseError(PARSE_MESSAGES.notFinalDraft);
  const content = childElements(root, "Content")[0];
  if (!content) throw new ScreenplayParseError(PARSE_MESSAGES.noFdxContent);

  const newId = opts.newId ?? (() => newElementId());
  const elements: ScreenplayElement[] = [];
  const ctx: ReadContext = { newId, acts: actStyles(root), blankLines: 0 };
  for (const node of childrenOf(content)) readNode(node, elements, ctx, null);
  const format = readFdxFormat(root);
  const titlePageNode = childElements(root, "TitlePage")[0];
  const titlePage = titlePageNode ? readFdxTitlePage(titlePageNode, linesPerPage(resolveFormat(format).page)) : {};
  // A file holding only title pages opens in Final Draft; it imports here too, with an empty body.
  if (elements.length === 0 && !hasTitlePage(titlePage)) throw new ScreenplayParseError(PARSE_MESSAGES.noFdxScript);
  return { elements, titlePage, ...(format ? { format } : {}) };
}

function hasTitlePage(tp: TitlePage): boolean {
  if (tp.frontMatter) return true;
  return Object.entries(tp).some(([k, v]) => (k === "extra" ? Object.keys(v ?? {}).length > 0 : typeof v === "string" && v.trim() !== ""));
}

/** Counts speakers inside one DualDialogue: the second and later get dual. */
interface DualState {
  cues: number;
}

/** Final Draft's act paragraphs (multi-camera and TV templates), read as centered action. */
const ACT_TYPES: ReadonlyMap<string, { startsNewPage: boolean }> = new Map([
  ["new act", { startsNewPage: true }],
  ["end of act", { startsNewPage: false }],
  ["cold opening", { startsNewPage: false }],
]);

interface ActStyle {
  allCaps?: boolean;
  align?: string;
  startsNewPage?: boolean;
}

interface ReadContext {
  newId: () => string;
  /** The file's ElementSettings for act paragraphs (lower-cased type → style). */
  acts: Map<string, ActStyle>;
  /** Empty Action paragraphs read since the last element. */
  blankLines: number;
}

function actStyles(root: XmlNode): Map<string, ActStyle> {
  const out = new Map<string, ActStyle>();
  for (const settings of childElements(root, "ElementSettings")) {
    const type = (attrOf(settings, "Type") ?? "").toLowerCase();
    if (!ACT_TYPES.has(type)) continue;
    const font = childElements(settings, "FontSpec")[0];
    const para = childElements(settings, "ParagraphSpec")[0];
    const style = font ? attrOf(font, "Style") : undefined;
    const align = para ? attrOf(para, "Alignment") : undefined;
    const page = para ? attrOf(para, "StartsNewPage") : undefined;
    out.set(type, {
      ...(style !== undefined ? { allCaps: /allcaps/i.test(style) } : {}),
      ...(align ? { align: align.toLowerCase() } : {}),
      ...(page ? { startsNewPage: page === "Yes" } : {}),
    });
  }
  return out;
}

function readNode(node: XmlNode, out: ScreenplayElement[], ctx: ReadContext, dual: DualState | null): void {
  const newId = ctx.newId;
  const tag = tagOf(node);
  if (tag === "DualDialogue") {
    const state: DualState = { cues: 0 };
    for (const child of childrenOf(node)) readNode(child, out, ctx, state);
    return;
  }
  if (tag !== "Paragraph") return;
  // A General paragraph wrapping DualDialogue carries no text of its own.
  const wrapped = childElements(node, "DualDialogue");
  if (wrapped.length > 0) {
    for (const inner of wrapped) readNode(inner, out, ctx, null);
    return;
  }
  const fdxType = attrOf(node, "Type") ?? "General";
  const act = ACT_TYPES.get(fdxType.toLowerCase());
  const type = fdxType === "General" || act ? "action" : FDX_TYPES[fdxType];
  if (!type) return;
  const runs = childElements(node, "Text");
  let content = runs.map(textOf).join("");
  if (content.trim() === "") {
    // skipped (spec), but Final Draft prints an empty Action paragraph as a blank line: counted for the next element
    if (fdxType === "Action" && !dual) ctx.blankLines++;
    return;
  }
  // act breaks print as Final Draft sets them: centered, in capitals, an act starting a new page
  const actStyle = act ? ctx.acts.get(fdxType.toLowerCase()) : undefined;
  if (act && (actStyle?.allCaps ?? true)) content = content.toUpperCase();

  if (dual && type === "character") dual.cues++;
  const el: ScreenplayElement = { id: newId(), type, content };
  const revision = runs.map((r) => attrOf(r, "RevisionID")).find((r) => r !== undefined && r !== "" && r !== "0");
  if (revision !== undefined) el.revision = revision;
  const number = attrOf(node, "Number");
  if (number) el.sceneNumber = number;
  if (dual && dual.cues >= 2) el.dual = true;
  if (ctx.blankLines > 0 && out.length > 0) el.blankLinesBefore = Math.min(100, ctx.blankLines);
  ctx.blankLines = 0;
  if (attrOf(node, "Alignment") === "Center" || (act && (actStyle?.align ?? "center") === "center")) el.centered = true;
  if (attrOf(node, "StartsNewPage") === "Yes" || (act && (actStyle?.startsNewPage ?? act.startsNewPage))) el.pageBreakBefore = true;
  out.push(el);
}
