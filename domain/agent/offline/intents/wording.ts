/**
 * Reading helpers the generating intents share: whether the words ask to make something, the description
 * after "of" or ":", a source node's prompt, and the seeds that keep variations apart.
 */
import type { AgentNodeView } from "../../planner";
import { cleanPhrase, type ParsedRequest } from "../requestText";
import { NUMBER_PATTERN } from "../numbers";
import { withoutChoicePhrases } from "../shotChoices";

/** Verbs that ask for something new. */
export const CREATE_VERB =
  /\b(?:make|makes|making|create|generate|produce|render|draw|sketch|paint|design|imagine|visuali[sz]e|give me|show me|get me|i need|i want|add|build|turn|convert|transform|bring|do|need|want)\b/;

const newCache = new Map<string, RegExp>();
const nounCache = new Map<string, RegExp>();

/** "make an image…", "a new video", "3 pictures": an article or count right before a noun of `nouns`. */
export function asksForNew(lower: string, nouns: string): boolean {
  let re = newCache.get(nouns);
  // The words between describe the new thing ("a 9:16 looping video"); a preposition or pointer ends it ("Veo 3 for the clip").
  if (!re)
    newCache.set(
      nouns,
      (re = new RegExp(
        `\\b(?:an?|one|some|new|another|${NUMBER_PATTERN})\\s+(?:(?!(?:for|of|from|to|in|on|into|with|the|this|that|these|those|it|them|my)\\s)[a-z0-9:'-]+\\s+){0,3}?(?:${nouns})\\b`,
      )),
    );
  return re.test(lower);
}

const DESCRIPTION_LEAD = /\s+(?:of|showing|depicting|featuring|about|with|where|for)\s+|\s*:\s*|\s+(?:that|which) (?:shows?|depicts?)\s+/y;

/**
 * The description a request gives for what to make: the words after a noun of `nouns` and "of", "showing",
 * "about", ":"; else after a leading "draw"/"imagine"; else the first quoted passage. Choice phrases ("in
 * 9:16", "5 seconds") and counts are taken out. Empty when there is none.
 */
export function descriptionAfter(req: ParsedRequest, nouns: string, opts: { leads?: RegExp } = {}): string {
  let nounRe = nounCache.get(nouns);
  if (!nounRe) nounCache.set(nouns, (nounRe = new RegExp(`\\b(?:${nouns})\\b`, "g")));
  for (const m of req.lower.matchAll(nounRe)) {
    DESCRIPTION_LEAD.lastIndex = m.index + m[0].length;
    const lead = DESCRIPTION_LEAD.exec(req.lower);
    if (lead) {
      const desc = tidy(req.text.slice(lead.index + lead[0].length));
      if (desc && !/^(?:this|that|these|those|it|them|the selected\b.*|the selection|my selection)$/i.test(desc)) return desc;
    }
  }
  const colon = req.lower.indexOf(":");
  if (colon >= 0 && !/\d$/.test(req.lower.slice(0, colon))) {
    const desc = tidy(req.text.slice(colon + 1));
    if (desc) return desc;
  }
  const lead = (opts.leads ?? /^(?:draw|sketch|paint|imagine|visuali[sz]e|picture|illustrate|depict)\s+(?:me\s+)?/).exec(req.head);
  if (lead) {
    const start = req.lower.length - req.head.length + lead[0].length;
    const desc = tidy(req.text.slice(start));
    if (desc) return desc;
  }
  return req.quoted[0]?.trim() ?? "";
}

/** A description without choice phrases, trailing "and run it", or a leading article of a count. */
function tidy(s: string): string {
  const cut = s.replace(/\s+(?:and|then)\s+(?:run|generate|render|start)\b.*$/i, "");
  return cleanPhrase(withoutChoicePhrases(cleanPhrase(cut)));
}

/** The prompt a new node made from `node` starts from: its prompt, else its text, else its title. */
export function sourcePrompt(node: AgentNodeView): string {
  return node.prompt?.trim() || node.text?.trim() || node.title.trim();
}

/** A node title from a description: its first words, capitalised, without a leading article. */
export function titleFrom(description: string, max = 48): string {
  let t = description
    .replace(/\s+/g, " ")
    .trim()
    .replace(/^(?:an?|the)\s+/i, "");
  if (t.length > max) t = `${t.slice(0, max - 1).replace(/\s+\S*$/, "")}…`;
  return t ? t[0]!.toUpperCase() + t.slice(1) : "Untitled";
}

/** A seed per (source, index): the same request gives the same seeds, and a source's variations differ. */
export function seedFor(source: string, i: number): number {
  let h = 0x811c9dc5;
  for (let k = 0; k < source.length; k++) h = Math.imul(h ^ source.charCodeAt(k), 0x01000193);
  return ((h >>> 0) % 1_000_000) + i * 7919;
}

/** Text of a node the view gives whole (the view cuts text at 500 characters). */
export const wholeText = (node: AgentNodeView): string | undefined => (node.text && node.text.length < 500 ? node.text : undefined);
