/**
 * "Make these vertical", "set the aspect ratio of every image to 16:9", "change the selected to square":
 * the picked image and video nodes get the ratio (what the toolbar's ratio sets). Nothing runs: the next
 * run makes pictures at the new ratio.
 */
import { PlanBuilder } from "../planBuilder";
import { needSelection, noPlan, skippedNote, titles, wrongKind } from "../replies";
import { aspectRatioIn } from "../shotChoices";
import { subjectsOf } from "../subjects";
import type { Intent } from "./intent";
import { asksForNew } from "./wording";

const RATIO_WORD = /\b(?:aspect(?: ratio)?|ratio|format|orientation)\b/;
const CHANGE_PICKED =
  /^(?:make|turn|set|change|switch|convert|put|flip)\s+(?:it|them|these|those|this|that|all|every|each|everything|the (?:selected|selection|chosen)|my|(?:the|all the|all|these|those) (?:[a-z0-9]+ )?(?:images|videos|frames|nodes|pictures|clips|shots|stills|ones))\b/;
const VIDEO_RATIOS = ["16:9", "9:16", "1:1"];

export const aspectIntent: Intent = {
  name: "aspect-ratio",
  matches: (req) =>
    aspectRatioIn(req.lower) !== undefined &&
    (RATIO_WORD.test(req.lower) || CHANGE_PICKED.test(req.head)) &&
    !/\binto\b/.test(req.lower) &&
    !asksForNew(req.lower, "images?|pictures?|videos?|clips?|frames?|shots?|variations?|versions?|storyboards?"),
  plan({ input, req }) {
    const ratio = aspectRatioIn(req.lower)!;
    const subjects = subjectsOf(input, req, ["image", "video"]);
    if (!subjects.nodes.length)
      return subjects.skipped.length ? wrongKind(["image", "video"], subjects.skipped) : needSelection(["image", "video"]);
    const change = subjects.nodes.filter((n) => n.aspectRatio !== ratio);
    const already = subjects.nodes.filter((n) => n.aspectRatio === ratio);
    if (!change.length) return noPlan(`${titles(already)} ${already.length === 1 ? "is" : "are"} already ${ratio}.`);
    const plan = new PlanBuilder();
    for (const n of change) plan.update(n.id, { aspectRatio: ratio });
    const localVideos = change.filter((n) => n.model === "local/video-ffmpeg" && !VIDEO_RATIOS.includes(ratio));
    return plan.answer(
      `Sets the aspect ratio of ${titles(change)} to ${ratio}. Nothing runs: run ${change.length === 1 ? "it" : "them"} to make ${change.length === 1 ? "a new version" : "new versions"} at ${ratio}.` +
        (localVideos.length
          ? ` Local Video makes only 16:9, 9:16 or 1:1, so ${titles(localVideos)} will keep ${localVideos.length === 1 ? "its" : "their"} model's default.`
          : "") +
        skippedNote(already, `already ${ratio}`) +
        skippedNote(subjects.skipped, "only images and videos have an aspect ratio"),
    );
  },
};
