/**
 * "Make a 3D model of a vintage camera", "turn this image into a 3D model, high detail": a 3D model node
 * (local/mesh) from the description, or one per picked image from its prompt (connected), and its run.
 */
import { PlanBuilder } from "../planBuilder";
import { count, firstWords, noPlan, runsPhrase, titles } from "../replies";
import { subjectsOf } from "../subjects";
import type { Intent } from "./intent";
import { descriptionAfter, sourcePrompt, titleFrom } from "./wording";

const MESH_NOUNS = "3d models?|3d objects?|3d assets?|3d versions?|3d props?|3d|three[- ]d models?|meshe?s?|glbs?|sculpts?|props? in 3d";
const MESH_WORD = /\b(?:3d|three[- ]d|mesh(?:es)?|glb|sculpt)\b/;
const MODEL = "local/mesh";

export const meshIntent: Intent = {
  name: "3d",
  matches: (req) => MESH_WORD.test(req.lower) && !/\bcompress\b/.test(req.lower),
  plan({ input, req }) {
    const detail = /\b(?:high|fine|lots of|more|extra) detail|\bdetailed\b|\bhigh[- ]poly\b/.test(req.lower)
      ? "high"
      : /\blow[- ]poly|\blow detail|\bsimple\b|\brough\b/.test(req.lower)
        ? "low"
        : undefined;
    const parameters = detail ? { detail } : {};
    const plan = new PlanBuilder();
    const shape = `Local Mesh${detail ? `, ${detail} detail` : ""}`;
    const description = descriptionAfter(req, MESH_NOUNS, { leads: /^(?:sculpt|model)\s+/ })
      .replace(/[,\s]*\b(?:in )?(?:high|low|fine|more|extra) (?:detail|poly)\b|[,\s]*\b(?:detailed|low[- ]poly|high[- ]poly)\b/gi, "")
      .trim();
    if (description && !/^(?:this|that|it|them|these|those|the selected.*)$/i.test(description)) {
      const ref = plan.addNode("mesh", "model3d", { title: titleFrom(description), prompt: description, model: MODEL, parameters });
      plan.run(ref);
      return plan.answer(`Adds a 3D model of "${firstWords(description, 60)}" (${shape}) and ${runsPhrase(plan.runs)}.`);
    }
    const sources = subjectsOf(input, req, ["image", "text"]).nodes;
    if (!sources.length)
      return noPlan(`What should the 3D model be? For example: "Make a 3D model of a vintage camera". Or select an image to model it.`);
    for (const source of sources) {
      const ref = plan.addNode(
        "mesh",
        "model3d",
        { title: `${source.title} · 3D`, prompt: sourcePrompt(source), model: MODEL, parameters },
        { inputs: [source.id] },
      );
      plan.run(ref);
    }
    return plan.answer(
      `Adds ${sources.length === 1 ? "a 3D model" : count(sources.length, "model3d")} of ${titles(sources)} from ${sources.length === 1 ? "its" : "their"} prompt (${shape}), connected from ${sources.length === 1 ? "it" : "them"}, and ${runsPhrase(plan.runs)}.`,
    );
  },
};
