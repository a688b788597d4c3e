/**
 * "Change the model of the selected to Flux Dev", "use Veo 3 for these", "switch every image to the local
 * sketch model": the picked nodes get the catalogue model the words name, with its default parameters (as
 * choosing it in the picker does). A model that makes another kind of node than one picked is left out for
 * that node, since a plan cannot change a node's kind.
 */
import { CATALOGUE } from "../../../generation/catalogue";
import type { MediaType } from "../../../generation/modelTypes";
import { outputTypeOf } from "../../../generation/toolbar";
import type { AgentNodeView } from "../../planner";
import { modelNamed } from "../modelSearch";
import { PlanBuilder } from "../planBuilder";
import { describeKind, modelLabel, needSelection, noPlan, skippedNote, titles } from "../replies";
import { subjectsOf } from "../subjects";
import type { Intent } from "./intent";
import { asksForNew } from "./wording";

const CHANGE_MODEL =
  /\b(?:change|switch|swap|set|use|pick|choose|select|try|put)\b.{0,60}\bmodels?\b|\bmodels?\b.{0,40}\b(?:to|with|for)\b|^(?:use|switch to|swap to|try)\s+/;
const KIND_MEDIA: Partial<Record<AgentNodeView["kind"], MediaType>> = {
  text: "text",
  image: "image",
  video: "video",
  audio: "audio",
  model3d: "3d",
};

export const changeModelIntent: Intent = {
  name: "change-model",
  matches: (req) =>
    CHANGE_MODEL.test(req.head) && !asksForNew(req.lower, "images?|pictures?|videos?|clips?|audio|3d models?|prompts?|voice ?overs?"),
  plan({ input, req }) {
    const subjects = subjectsOf(input, req);
    const firstKind = subjects.nodes.map((n) => KIND_MEDIA[n.kind]).find(Boolean);
    const words = req.lower.replace(
      /\b(?:change|switch|swap|set|use|pick|choose|select|try|put|the|model|models|of|for|to|with|selected|these|those|them|it|this|all|every|each)\b/g,
      " ",
    );
    const model = modelNamed(words, firstKind);
    if (!model) {
      if (!/\bmodels?\b/.test(req.lower)) return null;
      const local = CATALOGUE.filter((m) => m.provider === "local").map((m) => `"${modelLabel(m.name)}"`);
      return noPlan(`Which model? Name one from the catalogue, for example ${local.slice(0, 4).join(", ")}, "Flux Dev" or "Veo 3".`);
    }
    if (!subjects.nodes.length) return needSelection([]);
    const makes = outputTypeOf(model);
    const fits = subjects.nodes.filter((n) => KIND_MEDIA[n.kind] === makes);
    const misfits = subjects.nodes.filter((n) => !fits.includes(n));
    if (!fits.length) {
      const n = misfits[0]!;
      return noPlan(
        `${model.name} makes ${makes === "3d" ? "3D models" : makes === "audio" ? "audio" : `${makes}s`}, and ${misfits.length === 1 ? `"${n.title}" is ${describeKind(n.kind)}` : "none of the chosen nodes is one"}. Pick a model that makes what the node holds, or select other nodes.`,
      );
    }
    const plan = new PlanBuilder();
    for (const n of fits) plan.update(n.id, { model: model.id, parameters: {} });
    return plan.answer(
      `Sets the model of ${titles(fits)} to ${modelLabel(model.name)}, with its default parameters. Nothing runs.` +
        skippedNote(misfits, `${model.name} does not make ${misfits.length === 1 ? "that kind of node" : "those kinds of node"}`),
    );
  },
};
