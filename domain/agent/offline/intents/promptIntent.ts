/**
 * "Write a prompt for a rainy street at night", "expand this idea into a video prompt": a text node run by
 * the offline prompt writer (local/prompt-writer) from the idea written, or one per picked text node
 * (connected), with the target (image unless video, audio or 3D is named) and the number of prompts asked.
 */
import { clamp, countBefore } from "../numbers";
import { PlanBuilder } from "../planBuilder";
import { count, firstWords, noPlan, runsPhrase, titles } from "../replies";
import { subjectsOf } from "../subjects";
import type { Intent } from "./intent";
import { descriptionAfter, sourcePrompt, titleFrom } from "./wording";

// The prompt is the thing made ("write me 3 video prompts"), not the source ("make a video from this prompt").
const WRITE_PROMPT =
  /\b(?:write|draft|come up with|give me|suggest|generate|make|create|need|want|improve|enhance|rewrite|punch up|polish)\s+(?:me\s+)?(?:(?:an?|some|the|this|that|more|\d+|one|two|three|four|five|a few|several|better|new|good|detailed|short|long|cinematic|image|video|audio|3d|visual|text|my)\s+){0,3}prompts?\b|\b(?:turn|convert|make)\s+(?:it|this|that|these|them|the [a-z]+)\s+into\s+(?:an?\s+)?(?:[a-z0-9]+\s+)?prompts?\b/;
const EXPAND = /\b(?:expand|flesh out|elaborate(?: on)?|develop|build out|enrich|embellish|extend)\b/;
const MODEL = "local/prompt-writer";

export const promptIntent: Intent = {
  name: "prompt",
  matches: (req) =>
    WRITE_PROMPT.test(req.lower) ||
    (EXPAND.test(req.lower) && /\b(?:idea|ideas|this|it|text|note|notes|concept|prompt|logline|premise|them|these)\b/.test(req.lower)),
  plan({ input, req }) {
    const target = /\b(?:video|clip|motion|animation|shot)\b/.test(req.lower)
      ? "video"
      : /\b(?:audio|sound|voice|music|speech)\b/.test(req.lower)
        ? "audio"
        : /\b(?:3d|mesh|model of)\b/.test(req.lower)
          ? "3d"
          : "image";
    const variations = clamp(countBefore(req.lower, "prompts?|versions?|variations?|options|ideas") ?? 1, 1, 5);
    const parameters = { target, ...(variations > 1 ? { variations } : {}) };
    const shape = `Local Image Prompt Writer, ${target} prompt${variations > 1 ? `, ${variations} versions` : ""}`;
    const plan = new PlanBuilder();
    const idea = descriptionAfter(req, "prompts?|ideas?|concepts?", {
      leads: /^(?:expand|flesh out|elaborate on|develop)\s+(?:on\s+)?/,
    }).replace(/^(?:an?\s+)?(?:image|video|audio|3d|picture)\s+(?:of|for)\s+/i, "");
    // "expand this idea…", "…from the selected note": the picked nodes are the idea.
    if (
      idea &&
      !/^(?:this|that|it|them|these|those|the selected|the selection|my (?:idea|note|text|concept)s?|the (?:idea|note|text|concept)s?)\b/i.test(
        idea,
      )
    ) {
      const ref = plan.addNode("prompt", "text", { title: `Prompt: ${titleFrom(idea, 40)}`, prompt: idea, model: MODEL, parameters });
      plan.run(ref);
      return plan.answer(
        `Adds a text node that writes ${variations > 1 ? "prompts" : "a prompt"} from "${firstWords(idea, 60)}" (${shape}) and ${runsPhrase(plan.runs)}.`,
      );
    }
    const sources = subjectsOf(input, req, ["text", "image"]).nodes.filter((n) => sourcePrompt(n));
    if (!sources.length)
      return noPlan(`What is the idea? Write it ("Write a prompt for a rainy street at night"), or select a text node with it.`);
    for (const source of sources) {
      const ref = plan.addNode(
        "prompt",
        "text",
        { title: `${source.title} · prompt`, prompt: sourcePrompt(source), model: MODEL, parameters },
        { inputs: [source.id] },
      );
      plan.run(ref);
    }
    return plan.answer(
      `Adds ${sources.length === 1 ? "a text node" : count(sources.length, "text")} that ${sources.length === 1 ? "expands" : "expand"} ${titles(sources)} into ${variations > 1 ? "prompts" : "a prompt"} (${shape}), connected from ${sources.length === 1 ? "it" : "them"}, and ${runsPhrase(plan.runs)}.`,
    );
  },
};
