/**
 * Fountain export. Each element (or speech: cue + parentheticals + dialogue) becomes one block; the plain
 * syntax is used when it reads back as the same element, else the forced marker ('.', '!', '@', '>').
 * The check runs the parser's own block classifier, so parse(write(x)) equals x for what Fountain can
 * hold (see fountain.ts for what it cannot: revision marks, notes, empty dialogue, dialogue or
 * parentheticals outside a speech, which are written as action).
 */
import type { ParsedScript, ScreenplayElement } from "./elements";
import { CENTERED_RE, INNER_BLANK, PAGE_BREAK_RE, classifyBlock, type Draft } from "./fountainBlocks";
import { readTitlePage, writeTitlePage } from "./fountainTitlePage";

type Render = (forced: boolean) => string[];

export function writeFountain(script: ParsedScript): string {
  const titleLines = writeTitlePage(script.titlePage);
  const blocks: string[][] = [];
  const elements = script.elements;
  for (let i = 0; i < elements.length; ) {
    const el = elements[i];
    if (!el) break;
    let group = [el];
    if (el.type === "character") {
      let j = i + 1;
      while (elements[j]?.type === "parenthetical" || elements[j]?.type === "dialogue") j++;
      group = elements.slice(i, j);
    }
    i += group.length;
    const render = renderer(group);
    const plain = render(false).flatMap((l) => l.split("\n"));
    // With no title page, a first block like 'Note: true story' would be read as one.
    const mistakenForTitlePage = blocks.length === 0 && titleLines.length === 0 && readTitlePage(plain) !== null;
    const ok = readsBack(plain, group.map(draftOf), el.type) && !mistakenForTitlePage;
    if (el.pageBreakBefore) blocks.push(["==="]);
    // blank lines kept from an .fdx's empty paragraphs: Fountain's deliberate blank line is two spaces
    if (el.blankLinesBefore) blocks.push(Array.from({ length: el.blankLinesBefore }, () => INNER_BLANK));
    blocks.push(ok ? plain : render(true).flatMap((l) => l.split("\n")));
  }
  const parts = [...(titleLines.length > 0 ? [titleLines] : []), ...blocks].map((b) => b.join("\n"));
  return parts.length > 0 ? `${parts.join("\n\n")}\n` : "";
}

/** The element as the parser would give it back (no id; page breaks travel as '===' blocks). */
function draftOf(el: ScreenplayElement): Draft {
  const draft: Draft = { type: el.type, content: el.content };
  if (el.sceneNumber !== undefined) draft.sceneNumber = el.sceneNumber;
  if (el.dual) draft.dual = true;
  if (el.centered) draft.centered = true;
  return draft;
}

const sameDraft = (a: Draft | undefined, b: Draft | undefined) =>
  !!a &&
  !!b &&
  a.type === b.type &&
  a.content === b.content &&
  a.sceneNumber === b.sceneNumber &&
  Boolean(a.dual) === Boolean(b.dual) &&
  Boolean(a.centered) === Boolean(b.centered);

/** A speech is judged by its cue (dialogue lines have no forced form to fall back on). */
function readsBack(lines: string[], expected: Draft[], type: ScreenplayElement["type"]): boolean {
  const got = classifyBlock(lines.filter((l) => !PAGE_BREAK_RE.test(l)).map((text) => ({ text, breakBefore: false })));
  if (type === "character") return sameDraft(got[0], expected[0]);
  return got.length === expected.length && got.every((d, k) => sameDraft({ ...d, pageBreakBefore: undefined }, expected[k]));
}

function renderer(group: ScreenplayElement[]): Render {
  const [el] = group;
  if (!el) return () => [];
  switch (el.type) {
    case "slug": {
      const number = el.sceneNumber && /^[^#\s]+$/.test(el.sceneNumber) ? ` #${el.sceneNumber}#` : "";
      return (forced) => [`${forced ? "." : ""}${el.content}${number}`];
    }
    case "shot":
      // Fountain has no shot: a forced heading other apps print, marked by a note only we read.
      return () => [`.${el.content} [[shot]]`];
    case "transition":
      return (forced) => [`${forced ? ">" : ""}${el.content}`];
    case "character":
      return (forced) => speechLines(group, forced);
    default:
      // Action, and dialogue or parentheticals with no cue before them (Fountain would read them as action).
      return (forced) => actionLines(el, forced);
  }
}

/** A line that would not survive inside an action block as typed gets a '!' (stripped on every line). */
const needsBang = (line: string) =>
  /^[!~]/.test(line) || (line !== "" && line.trim() === "") || PAGE_BREAK_RE.test(line) || CENTERED_RE.test(line) || /^\s*[#=]/.test(line);

function actionLines(el: ScreenplayElement, forced: boolean): string[] {
  const lines = el.content.split("\n");
  if (el.centered) return lines.map((l) => `>${l.trim()}<`);
  return lines.map((line, k) => {
    // An empty line inside action is a lone '!' (a blank line would end the element).
    if (line === "") return "!";
    return (forced && k === 0) || needsBang(line) ? `!${line}` : line;
  });
}

function speechLines(group: ScreenplayElement[], forced: boolean): string[] {
  const [cue, ...speech] = group;
  if (!cue) return [];
  const body: string[] = [];
  let previous: ScreenplayElement["type"] = "character";
  for (const el of speech) {
    const text =
      el.type === "parenthetical"
        ? wrapParenthetical(el.content)
        : el.content
            .split("\n")
            .map((l) => l.trim())
            .filter((l) => l !== "")
            .join("\n");
    if (text === "") continue;
    if (el.pageBreakBefore) body.push("===");
    else if (previous === "dialogue" && el.type === "dialogue") body.push(INNER_BLANK);
    body.push(...text.split("\n"));
    previous = el.type;
  }
  // A cue with nothing under it is only a cue when forced.
  const marker = forced || body.length === 0 ? "@" : "";
  return [`${marker}${cue.content.trim()}${cue.dual ? " ^" : ""}`, ...body];
}

function wrapParenthetical(content: string): string {
  const text = content.trim();
  return text.startsWith("(") && text.endsWith(")") ? text : `(${text})`;
}
