/**
 * "Make an image of a lighthouse at dusk, 16:9", "draw three pictures of a foggy harbour", "make an image
 * from this text": new image nodes (local/sketch unless "using <model>" names another image model), each
 * with its own seed when there are several, and their runs.
 */
import { findModel } from "../../../generation/catalogue";
import { modelNamed } from "../modelSearch";
import { clamp, countBefore } from "../numbers";
import { PlanBuilder } from "../planBuilder";
import { count, firstWords, modelLabel, runsPhrase, titles } from "../replies";
import { aspectRatioIn } from "../shotChoices";
import { subjectsOf } from "../subjects";
import type { Intent } from "./intent";
import { asksForNew, CREATE_VERB, descriptionAfter, seedFor, titleFrom, wholeText } from "./wording";

export const IMAGE_NOUNS =
  "images?|pictures?|pics?|photos?|photographs?|illustrations?|drawings?|sketch(?:es)?|paintings?|frames?|stills?|concept art|artworks?|posters?|thumbnails?|renders?|key ?art|establishing shots?|wide shots?|close-?ups?|shots?";
const IMAGE_WORD = new RegExp(`\\b(?:${IMAGE_NOUNS})\\b`);
const DRAW_LEAD = /^(?:draw|sketch|paint|imagine|visuali[sz]e|illustrate|depict)\b/;
const MAX_IMAGES = 8;
/** A request that is only a description of a picture: "a portrait of an old sailor", "a wide shot of the pier". */
const BARE_DESCRIPTION =
  /^(?:an?|one|\d+)\s+(?:[a-z-]+\s+){0,2}(?:image|picture|photo|still|frame|portrait|shot|close-?up|painting|drawing|sketch|illustration|poster)s?\s+of\b/;
const USING_MODEL = /\b(?:using|via)\s+(?:the\s+)?([a-z0-9][a-z0-9 .:/-]{1,40}?)(?:\s+model)?(?=[,.;!?]|$)/;

export const imageIntent: Intent = {
  name: "image",
  matches: (req) =>
    DRAW_LEAD.test(req.head) || (CREATE_VERB.test(req.lower) && IMAGE_WORD.test(req.lower)) || BARE_DESCRIPTION.test(req.head),
  plan({ input, req }) {
    const ratio = aspectRatioIn(req.lower);
    const using = USING_MODEL.exec(req.lower);
    const named = using ? modelNamed(using[1]!, "image") : undefined;
    const model =
      named && findModel(named.id) && named.capabilities.some((c) => c.outputTypes.some((o) => o.type === "image"))
        ? named
        : findModel("local/sketch")!;
    const n = clamp(countBefore(req.lower, IMAGE_NOUNS) ?? 1, 1, MAX_IMAGES);
    let description = descriptionAfter(req, IMAGE_NOUNS);
    if (!description && BARE_DESCRIPTION.test(req.head)) description = req.text.slice(req.lower.length - req.head.length).trim();
    if (using && named && description)
      description = description
        .replace(new RegExp(`[, ]*\\b(?:using|via)\\s+(?:the\\s+)?${escapeRegExp(using[1]!)}(?:\\s+model)?\\s*$`, "i"), "")
        .trim();
    const plan = new PlanBuilder();
    const shape = `${modelLabel(model.name)}${ratio ? `, ${ratio}` : ""}${n > 1 ? ", each with its own seed" : ""}`;

    if (description) {
      const refs = [];
      for (let i = 0; i < n; i++) {
        const ref = plan.addNode("img", "image", {
          title: n > 1 ? `${titleFrom(description, 40)} ${i + 1}` : titleFrom(description),
          prompt: description,
          model: model.id,
          ...(n > 1 ? { parameters: { seed: seedFor(description, i) } } : {}),
          ...(ratio ? { aspectRatio: ratio } : {}),
        });
        plan.run(ref);
        refs.push(ref);
      }
      plan.layout(refs, "row");
      return plan.answer(
        `Adds ${n === 1 ? "an image" : count(n, "image")} of "${firstWords(description, 60)}" (${shape}) and ${runsPhrase(plan.runs)}.`,
      );
    }

    // No description: an image from each text node picked, its text as the prompt.
    const texts = subjectsOf(input, req, ["text"]).nodes.filter((t) => (t.text ?? t.prompt ?? "").trim());
    if (!texts.length || !asksFromText(req.lower)) return null;
    for (const t of texts) {
      const prompt = wholeText(t) ?? t.text ?? t.prompt ?? "";
      for (let i = 0; i < n; i++) {
        const ref = plan.addNode(
          "img",
          "image",
          {
            title: `${t.title} · image${n > 1 ? ` ${i + 1}` : ""}`,
            prompt,
            model: model.id,
            ...(n > 1 ? { parameters: { seed: seedFor(t.id, i) } } : {}),
            ...(ratio ? { aspectRatio: ratio } : {}),
          },
          { inputs: [t.id] },
        );
        plan.run(ref);
      }
    }
    return plan.answer(
      `Adds ${count(texts.length * n, "image")} from the text of ${titles(texts)} (${shape}), connected from ${texts.length === 1 ? "it" : "them"}, and ${runsPhrase(plan.runs)}.`,
    );
  },
};

/** "an image from this text", "picture for the selected note", "illustrate it". */
const asksFromText = (lower: string) =>
  /\b(?:from|for|of|out of|based on)\s+(?:this|that|these|those|it|them|the (?:selected|text|note|idea|description)|my)\b|\b(?:illustrate|visuali[sz]e|draw|sketch|depict)\b/.test(
    lower,
  );

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
