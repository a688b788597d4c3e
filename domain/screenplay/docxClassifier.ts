/**
 * Element detection for Word (.docx) scripts (spec: shell 5 "DOCX parsing"), from paragraphs that
 * docxParagraphs reads. Evidence, strongest first:
 * 1. a screenplay style name ('Scene Heading', 'Character', … as Final Draft and Word templates use);
 * 2. the left indent, when the document has screenplay-like indent levels (relative to its least
 *    indented paragraph: dialogue ≈1 in, parenthetical ≈1.5 in, character ≈2 in, transition ≥3.3 in);
 * 3. the text: heading patterns (INT./EXT. …, with an optional '12A' scene number around it),
 *    transitions (… TO:, FADE IN:/OUT.), shots (ANGLE ON, CLOSE ON, POV, …), upper-case cues, and the
 *    spec's context rules: after a character line a non-uppercase line is dialogue and a parenthesised
 *    line a parenthetical. An empty paragraph ends a speech.
 * Centered text is centered action unless it is a cue; right-aligned upper-case text is a transition.
 */
import { cueNamePart } from "./cue";
import { newElementId, type ElementType, type ScreenplayElement } from "./elements";
import { PARSE_MESSAGES, ScreenplayParseError } from "./parseError";
import { HEADING_PREFIX_RE, sceneLocation } from "./sceneHeading";
import type { DocxParagraph } from "./docxParagraphs";

export { docxParagraphs, type DocxParagraph } from "./docxParagraphs";

const TWIPS_PER_INCH = 1440;

const STYLE_TYPES: Readonly<Record<string, ElementType>> = {
  sceneheading: "slug",
  slugline: "slug",
  slug: "slug",
  action: "action",
  description: "action",
  character: "character",
  charactername: "character",
  dialogue: "dialogue",
  dialog: "dialogue",
  parenthetical: "parenthetical",
  wryly: "parenthetical",
  transition: "transition",
  shot: "shot",
};

const TRANSITION_WORDS = /^(?:FADE IN:|FADE OUT\.?|FADE TO BLACK\.|CUT TO BLACK\.|SMASH TO BLACK\.)$/;
const SHOT_RE =
  /^(?:ANGLE ON|CLOSE ON|CLOSE[- ]UP|EXTREME CLOSE|WIDE SHOT|WIDE ON|POV|INSERT|BACK TO SCENE|TRACKING SHOT|AERIAL SHOT|OVER THE SHOULDER|REVERSE ANGLE|TWO SHOT)\b/;
const SCENE_NUMBER_RE = /^([0-9]+[A-Z]{0,2})\.?\s+(.+?)(?:\s+\1\.?)?$/;

const isUpper = (text: string) => /\p{Lu}/u.test(text) && !/\p{Ll}/u.test(text);
const isParenthesised = (text: string) => text.startsWith("(") && text.endsWith(")");

function styleType(styleName: string | undefined): ElementType | undefined {
  return styleName ? STYLE_TYPES[styleName.toLowerCase().replace(/[^a-z]/g, "")] : undefined;
}

/** '12A INT. HOUSE - DAY 12A' → heading text and scene number; null when not a heading. */
function readHeading(text: string): { content: string; sceneNumber?: string } | null {
  if (HEADING_PREFIX_RE.test(text)) return { content: text };
  const numbered = SCENE_NUMBER_RE.exec(text);
  const rest = numbered?.[2];
  if (numbered && rest && HEADING_PREFIX_RE.test(rest)) return { content: rest, sceneNumber: numbered[1] ?? "" };
  return null;
}

const isTransitionText = (text: string) => isUpper(text) && (text.endsWith("TO:") || TRANSITION_WORDS.test(text));

function looksLikeCue(text: string): boolean {
  const name = cueNamePart(text);
  return isUpper(name) && name.length <= 35 && !/[.!?,:;]$/.test(name) && !text.includes("\n") && !readHeading(text);
}

type Level = "flush" | ElementType;

/** Indent levels, or null when the document does not lay out elements by indentation. */
function indentLevels(paragraphs: readonly { indent: number }[]): ((indent: number) => Level) | null {
  const indents = paragraphs.map((p) => p.indent);
  if (indents.length === 0) return null;
  const base = Math.min(...indents);
  const spread = Math.max(...indents) - base;
  if (spread < 0.75 * TWIPS_PER_INCH) return null;
  return (indent) => {
    const inches = (indent - base) / TWIPS_PER_INCH;
    if (inches < 0.5) return "flush";
    if (inches < 1.3) return "dialogue";
    if (inches < 1.85) return "parenthetical";
    if (inches < 3.3) return "character";
    return "transition";
  };
}

export function classifyDocxParagraphs(paragraphs: readonly DocxParagraph[], opts: { newId?: () => string } = {}): ScreenplayElement[] {
  const newId = opts.newId ?? (() => newElementId());
  const items = paragraphs.map((p) => ({
    ...p,
    text: p.text
      .replace(/\t/g, " ")
      .split("\n")
      .map((l) => l.trim())
      .join("\n")
      .trim(),
    indent: p.indentLeftTwips ?? 0,
  }));
  const level = indentLevels(items.filter((p) => p.text !== ""));
  const out: ScreenplayElement[] = [];
  // The previous element's type while a speech is running (reset by an empty paragraph).
  let speech: ElementType | null = null;

  items.forEach((p, index) => {
    if (p.text === "") {
      speech = null;
      return;
    }
    const inSpeech = speech !== null;
    const next = items[index + 1];
    const nextStartsSpeech = next !== undefined && next.text !== "" && !readHeading(next.text);
    const el: ScreenplayElement = { id: newId(), type: "action", content: p.text };
    const byLevel = level ? level(p.indent) : "flush";
    const styled = styleType(p.styleName);
    const heading = readHeading(p.text);

    if (styled) el.type = styled === "dialogue" && isParenthesised(p.text) ? "parenthetical" : styled;
    else if (byLevel !== "flush") {
      el.type = byLevel === "dialogue" && isParenthesised(p.text) ? "parenthetical" : byLevel;
    } else if (heading) el.type = "slug";
    else if (isTransitionText(p.text) || (p.alignment === "right" && isUpper(p.text))) el.type = "transition";
    else if (inSpeech && !level && isParenthesised(p.text)) el.type = "parenthetical";
    // Right after a cue comes dialogue, even shouted: 'JOE' then 'HELLO' is not two speakers.
    else if (speech !== "character" && looksLikeCue(p.text) && nextStartsSpeech && (!level || p.alignment === "center"))
      el.type = "character";
    else if (inSpeech && !level) el.type = "dialogue";
    else if (isUpper(p.text) && SHOT_RE.test(p.text)) el.type = "shot";
    else if (p.alignment === "center") el.centered = true;

    if (el.type === "slug" && heading) {
      el.content = heading.content;
      if (heading.sceneNumber) el.sceneNumber = heading.sceneNumber;
    }
    speech = el.type === "character" || el.type === "parenthetical" || el.type === "dialogue" ? el.type : null;
    out.push(el);
  });

  if (out.length === 0) throw new ScreenplayParseError(PARSE_MESSAGES.noDocxScript);
  return out;
}

/** spec 5: the upload's suggested name is the first scene heading's location, if there is one. */
export function suggestNameFromDocx(elements: readonly Pick<ScreenplayElement, "type" | "content">[]): string | null {
  const heading = elements.find((el) => el.type === "slug" && sceneLocation(el.content) !== null);
  return heading ? sceneLocation(heading.content) : null;
}
