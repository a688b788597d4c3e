/**
 * "Duplicate the selected", "make 3 copies of this": new nodes beside each picked one with its kind, title,
 * prompt, text, model and ratio. What a plan cannot carry is not copied (its picture or clip, and settings of
 * the parameters form), and the summary says so.
 */
import type { PlanNodeKind } from "../../plan";
import { clamp, countBefore, timesIn } from "../numbers";
import { PlanBuilder } from "../planBuilder";
import { needSelection, noPlan, skippedNote, titles } from "../replies";
import { asAspectRatio } from "../shotChoices";
import { subjectsOf } from "../subjects";
import type { Intent } from "./intent";
import { wholeText } from "./wording";

const DUPLICATE = /^(?:duplicate|copy|clone|replicate)\b|\bmake\s+(?:an?\s+|\S+\s+)?(?:cop(?:y|ies)|duplicates?|clones?)\b/;
const MAX_COPIES = 10;
const PLAN_KINDS: readonly string[] = ["text", "image", "video", "audio", "model3d"];

export const duplicateIntent: Intent = {
  name: "duplicate",
  matches: (req) => DUPLICATE.test(req.head),
  plan({ input, req }) {
    const subjects = subjectsOf(input, req);
    if (!subjects.nodes.length) return needSelection([]);
    const copyable = subjects.nodes.filter((n) => PLAN_KINDS.includes(n.kind));
    const empty = subjects.nodes.filter((n) => !copyable.includes(n));
    if (!copyable.length)
      return noPlan(
        `${titles(empty)} ${empty.length === 1 ? "is" : "are"} empty: there is nothing to copy. Add a node with Cmd/Ctrl+N instead.`,
      );
    const times = clamp(timesIn(req.lower) ?? countBefore(req.lower, "cop(?:y|ies)|duplicates?|clones?") ?? 1, 1, MAX_COPIES);
    const plan = new PlanBuilder();
    let cut = false;
    for (const n of copyable) {
      const text = n.kind === "text" ? wholeText(n) : undefined;
      if (n.kind === "text" && n.text && !text) cut = true;
      for (let i = 0; i < times; i++) {
        plan.addNode(
          "copy",
          n.kind as PlanNodeKind,
          {
            title: `${n.title} copy${times > 1 ? ` ${i + 1}` : ""}`.slice(0, 200),
            ...(n.prompt ? { prompt: n.prompt } : {}),
            ...(text ? { content: text } : {}),
            ...(n.model ? { model: n.model } : {}),
            ...(asAspectRatio(n.aspectRatio) && n.kind !== "text" ? { aspectRatio: asAspectRatio(n.aspectRatio) } : {}),
          },
          { near: n.id },
        );
      }
    }
    const media = copyable.some((n) => n.hasMedia && n.kind !== "text");
    return plan.answer(
      `Adds ${times === 1 ? "a copy" : `${times} copies`} of ${titles(copyable)} beside ${copyable.length === 1 ? "it" : "each"}, with the title, prompt${copyable.some((n) => n.kind === "text") ? ", text" : ""} and model.` +
        (media ? " The picture or clip is not copied: run the copy to make its own." : "") +
        (cut ? " A long text is not copied (the agent sees only its first 500 characters), so its copy starts empty." : "") +
        " Nothing runs." +
        skippedNote(empty, "empty"),
    );
  },
};
