/**
 * "Make 3 variations of the selected frame in 9:16": for each picked image, N new image nodes connected
 * from it, local/sketch with the source's prompt (or title), each with its own seed, at the asked ratio (else
 * the source's), and their runs. Words after the frame ("…with more fog") are added to the prompt.
 */
import { clamp, countBefore } from "../numbers";
import { PlanBuilder } from "../planBuilder";
import { count, needSelection, runsPhrase, titles, wrongKind } from "../replies";
import { cleanPhrase } from "../requestText";
import { asAspectRatio, aspectRatioIn, withoutChoicePhrases } from "../shotChoices";
import { subjectsOf } from "../subjects";
import type { Intent } from "./intent";
import { seedFor, sourcePrompt } from "./wording";

const VARIATION_NOUNS = "variations?|variants?|versions?|alternatives?|alts|alternates?|takes|options|riffs?|iterations?|spins?";
const VARIATION_WORD = new RegExp(
  `\\b(?:${VARIATION_NOUNS})\\b|\\bmore like (?:this|these|it)\\b|\\bsimilar (?:images?|frames?|ones|pictures?)\\b`,
);
const DEFAULT_COUNT = 3;
const MAX_PER_SOURCE = 8;
const MAX_TOTAL = 40;
const SKETCH = "local/sketch";
// "variations of the selected frame", "versions of it": the noun phrase after which extra wishes follow.
const SOURCE_PHRASE = new RegExp(
  `\\b(?:(?:${VARIATION_NOUNS})\\s+)*(?:${VARIATION_NOUNS}|more like|similar)\\b(?:\\s+(?:(?:of|on|for|from|to)\\s+)?(?:the\\s+|this\\s+|that\\s+|these\\s+|those\\s+|my\\s+|each\\s+|every\\s+|it\\b|them\\b)?(?:selected\\s+|chosen\\s+)?(?:[a-z0-9'-]+\\s+){0,1}?(?:frames?|images?|pictures?|shots?|stills?|photos?|ones?|nodes?|this|these|it|them|selection)?)?`,
);

export const variationsIntent: Intent = {
  name: "variations",
  matches: (req) => VARIATION_WORD.test(req.lower),
  plan({ input, req }) {
    const subjects = subjectsOf(input, req, ["image"]);
    if (!subjects.nodes.length) return subjects.skipped.length ? wrongKind(["image"], subjects.skipped) : needSelection(["image"]);
    const asked = aspectRatioIn(req.lower);
    const perSource = clamp(countBefore(req.lower, VARIATION_NOUNS) ?? DEFAULT_COUNT, 1, MAX_PER_SOURCE);
    const sources = subjects.nodes.slice(0, Math.max(1, Math.floor(MAX_TOTAL / perSource)));
    const extra = extraWishes(
      req.text,
      req.lower,
      subjects.nodes.map((n) => n.title),
    );
    const plan = new PlanBuilder();
    for (const source of sources) {
      const ratio = asked ?? asAspectRatio(source.aspectRatio);
      const base = sourcePrompt(source);
      const prompt = extra ? `${base}, ${extra}` : base;
      const made = [];
      for (let i = 0; i < perSource; i++) {
        const ref = plan.addNode(
          "var",
          "image",
          {
            title: `${source.title} · variation ${i + 1}`,
            prompt,
            model: SKETCH,
            parameters: { seed: seedFor(source.id, i + 1) },
            ...(ratio ? { aspectRatio: ratio } : {}),
          },
          { inputs: [source.id] },
        );
        made.push(ref);
      }
      made.forEach((ref) => plan.run(ref));
    }
    const left = subjects.nodes.length - sources.length;
    const each = sources.length > 1 ? ` each of ${titles(sources)}` : ` ${titles(sources)}`;
    return plan.answer(
      `Adds ${count(perSource, ["variation", "variations"])} of${each} (Local Sketch${asked ? `, ${asked}` : ", the source's ratio"}, each with its own seed${extra ? `, "${extra}" added to the prompt` : ""}), connected from ${sources.length === 1 ? "it" : "its source"}, and ${runsPhrase(plan.runs)}.` +
        (left > 0
          ? ` ${left} more selected ${left === 1 ? "image is" : "images are"} left out (at most ${MAX_TOTAL} new images at a time).`
          : ""),
    );
  },
};

/** The wishes written after the source phrase ("…with more fog, at night" → "more fog, at night"), choice phrases taken out. */
function extraWishes(text: string, lower: string, sourceTitles: readonly string[]): string {
  const m = SOURCE_PHRASE.exec(lower);
  if (!m) return "";
  let rest = cleanPhrase(withoutChoicePhrases(text.slice(m.index + m[0].length)));
  // "…of the node called Harbour", "…of Harbour": the source's name, not a wish.
  rest = rest.replace(/^(?:(?:the\s+)?(?:node|card|image|frame|picture|shot)s?\s+)?(?:called|named|titled)\s+/i, "");
  for (const title of sourceTitles) {
    const t = title.trim().toLowerCase();
    const r = rest.toLowerCase();
    const at =
      r.startsWith(`"${t}"`) || r.startsWith(`'${t}'`)
        ? t.length + 2
        : r.startsWith(t) && !/[a-z0-9]/.test(r[t.length] ?? " ")
          ? t.length
          : 0;
    if (t && at) rest = cleanPhrase(rest.slice(at).replace(/^\s*(?:node|image|frame|picture|shot)\b/i, ""));
  }
  return cleanPhrase(rest.replace(/^(?:(?:but|and|with|that are|which are|make them|make it|so they are|so that they are)\b\s*)+/i, ""));
}
