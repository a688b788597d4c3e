/**
 * "Turn this image into a 5-second video with a slow push in": a local/video-ffmpeg node per picked image
 * (or one crossfading all of them, for "a slideshow"/"combine"), connected from it, with the camera move,
 * duration and ratio asked, and its run. An image without a picture yet gets its video node but no run (the
 * video would have nothing to move over). With no image picked, a description ("a video of a sunset") makes
 * a Local Sketch image and a video from it; the image runs, the video is run once the picture is there.
 */
import { PlanBuilder } from "../planBuilder";
import { count, firstWords, noPlan, runsPhrase, titles, wrongKind } from "../replies";
import { clamp } from "../numbers";
import { aspectRatioIn, cameraMoveIn, durationIn, type LocalCameraMove } from "../shotChoices";
import { subjectsOf } from "../subjects";
import type { AgentNodeView } from "../../planner";
import type { PlanNodeFields, PlanNodeRef } from "../../plan";
import type { Intent } from "./intent";
import { CREATE_VERB, descriptionAfter, titleFrom } from "./wording";

const VIDEO_NOUNS = "videos?|clips?|animations?|movies?|motion|footage";
const VIDEO_WORD = new RegExp(`\\b(?:${VIDEO_NOUNS})\\b`);
const ANIMATE =
  /\b(?:animate|animating|bring (?:it|this|them|these|that|those) to life|add (?:camera )?(?:motion|movement)|make (?:it|this|them|these) move|image[- ]to[- ]video|ken burns)\b/;
const COMBINE =
  /\b(?:slideshow|slide show|montage|crossfade|cross-fade|together|combine|combined|one video|single video|a single|sequence)\b/;
const VIDEO_RATIOS = ["16:9", "9:16", "1:1"] as const;
type VideoRatio = (typeof VIDEO_RATIOS)[number];
const MAX_SECONDS = 30;
const MODEL = "local/video-ffmpeg";

const MOVE_WORDS: Readonly<Record<LocalCameraMove, string>> = {
  static: "static camera",
  "dolly-in": "push in",
  "dolly-out": "pull out",
  "truck-left": "move left",
  "truck-right": "move right",
  "crane-up": "crane up",
  "crane-down": "crane down",
};

export const videoIntent: Intent = {
  name: "video",
  matches: (req) =>
    ANIMATE.test(req.lower) || (VIDEO_WORD.test(req.lower) && (CREATE_VERB.test(req.lower) || /\binto\b|\bto video\b/.test(req.lower))),
  plan({ input, req }) {
    const subjects = subjectsOf(input, req, ["image"]);
    const move = cameraMoveIn(req.lower);
    const asked = durationIn(req.lower);
    const seconds = asked === undefined ? undefined : clamp(Math.round(asked), 1, MAX_SECONDS);
    const askedRatio = aspectRatioIn(req.lower);
    const fitted = askedRatio ? videoRatio(askedRatio) : undefined;
    const notes: string[] = [];
    if (asked !== undefined && seconds !== asked) notes.push(`Local Video makes 1 to ${MAX_SECONDS} seconds, so it is ${seconds} s.`);
    if (askedRatio && fitted !== askedRatio) notes.push(`Local Video makes 16:9, 9:16 or 1:1, so it is ${fitted}.`);
    const parameters = { ...(move ? { camera_movement: move } : {}), ...(seconds ? { duration: seconds } : {}) };
    const shape = [MODEL_NAME, move && MOVE_WORDS[move], seconds && `${seconds} s`].filter(Boolean).join(", ");
    const plan = new PlanBuilder();

    if (!subjects.nodes.length) {
      const description = stripMoves(descriptionAfter(req, VIDEO_NOUNS));
      // "…from this image" with nothing picked names an image that is not there: ask for it.
      if (!description || POINTS_AT_IMAGE.test(req.lower))
        return subjects.skipped.length ? wrongKind(["image"], subjects.skipped) : noPlan(NEED_IMAGE);
      const ratio = fitted ?? "16:9";
      const image = plan.addNode("img", "image", {
        title: titleFrom(description),
        prompt: description,
        model: "local/sketch",
        aspectRatio: ratio,
      });
      plan.run(image);
      plan.addNode(
        "vid",
        "video",
        { title: `${titleFrom(description, 40)} · video`, model: MODEL, parameters, aspectRatio: ratio },
        { inputs: [image] },
      );
      return plan.answer(
        `Adds an image of "${firstWords(description, 60)}" (Local Sketch, ${ratio}) and a video from it (${shape}, ${ratio}), and runs the image (1 run). Run the video once the picture is there.${notes.length ? ` ${notes.join(" ")}` : ""}`,
      );
    }

    const images = subjects.nodes;
    const combine = images.length > 1 && COMBINE.test(req.lower);
    const groups: AgentNodeView[][] = combine ? [images] : images.map((i) => [i]);
    const waiting: AgentNodeView[] = [];
    for (const group of groups) {
      const first = group[0]!;
      const ratio = fitted ?? videoRatio(first.aspectRatio) ?? "16:9";
      const fields: PlanNodeFields = {
        title: combine ? `${first.title} · sequence` : `${first.title} · video`,
        model: MODEL,
        parameters,
        aspectRatio: ratio,
      };
      const ref: PlanNodeRef = plan.addNode("vid", "video", fields, { inputs: group.map((g) => g.id) });
      const missing = group.filter((g) => !g.hasMedia);
      if (missing.length) waiting.push(...missing);
      else plan.run(ref);
    }
    const what = combine
      ? `a video crossfading ${titles(images)}`
      : images.length === 1
        ? `a video from ${titles(images)}`
        : `${count(images.length, "video")}, one from each of ${titles(images)}`;
    const runs = plan.runs ? `, and ${runsPhrase(plan.runs)}` : "";
    const wait = waiting.length
      ? ` ${titles(waiting)} ${waiting.length === 1 ? "has" : "have"} no picture yet: run ${waiting.length === 1 ? "it" : "them"} first, then the video.`
      : "";
    return plan.answer(
      `Adds ${what} (${shape}${fitted ? `, ${fitted}` : ""}), connected from ${images.length === 1 ? "it" : "them"}${runs}.${wait}${notes.length ? ` ${notes.join(" ")}` : ""}`,
    );
  },
};

const MODEL_NAME = "Local Video";
const POINTS_AT_IMAGE = /\b(?:this|that|these|those|the selected|selected|my|the)\s+(?:images?|pictures?|frames?|photos?|stills?|shots?)\b/;
const NEED_IMAGE =
  'Select an image first, or add one to the agent\'s context. Or describe the video: "Make a 5-second video of waves at dusk with a slow push in".';

/** The local video's ratio nearest to `r`: wide ones 16:9, tall ones 9:16, square 1:1. */
function videoRatio(r: string | undefined): VideoRatio | undefined {
  if (!r) return undefined;
  if ((VIDEO_RATIOS as readonly string[]).includes(r)) return r as VideoRatio;
  const [w, h] = r.split(":").map(Number);
  if (!w || !h) return undefined;
  return w > h ? "16:9" : w < h ? "9:16" : "1:1";
}

/** A description without its camera-move words ("waves at dusk with a slow push in" → "waves at dusk"). */
function stripMoves(description: string): string {
  return description
    .replace(
      /[,\s]*\b(?:with|and|using)?\s*(?:an?\s+)?(?:slow|gentle|quick|fast|smooth)?\s*(?:push(?:ing)?[\s-]*in|dolly(?:ing)?[\s-]*(?:in|out)|zoom(?:ing)?[\s-]*(?:in|out)|pull(?:ing)?[\s-]*(?:out|back)|pan(?:ning)?[\s-]+(?:left|right|up|down)|truck(?:ing)?[\s-]+(?:left|right)|crane[\s-]+(?:up|down)|tilt[\s-]+(?:up|down)|static(?: camera| shot)?|locked[\s-]off(?: camera| shot)?)\b(?:\s+(?:move|movement|shot))?/gi,
      "",
    )
    .replace(/[\s,]+$/, "")
    .trim();
}
