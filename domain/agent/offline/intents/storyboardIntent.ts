/**
 * "Storyboard scene 2 of Pilot (in 9:16) (in 4 frames)": one image node per shot of the scene's breakdown
 * (the same rules Shot Lists' "Break down script" uses: an establishing shot for a new place, a shot per
 * action beat, written shot and exchange of dialogue, inserts for props), its prompt the shot's size and
 * description under the scene heading, Local Sketch, 16:9 unless a ratio is asked, in a row, and their runs.
 * Asked for fewer frames than shots, neighbouring shots share a frame. With no script named and a
 * description ("a storyboard of a chase in the rain"), the frames are planned from the description
 * (describedStoryboard.ts).
 */
import { breakDown } from "../../../breakdown/breakDown";
import type { ScreenplayElement } from "../../../screenplay/elements";
import type { AgentSceneView, AgentScriptView } from "../../planner";
import { clamp, countBefore } from "../numbers";
import { PlanBuilder } from "../planBuilder";
import { count, noPlan, runsPhrase } from "../replies";
import { descriptionIn, planDescribedStoryboard } from "../describedStoryboard";
import { namesScene, sceneIn, scriptIn, scriptNamedIn } from "../scriptRefs";
import { aspectRatioIn } from "../shotChoices";
import type { Intent } from "./intent";

const STORYBOARD =
  /\bstory[- ]?boards?(?:ing)?\b|\bboard\s+(?:out\s+|up\s+)?(?:the\s+)?(?:[a-z]+\s+){0,2}?(?:scene|sc\.?)\b|\b(?:board|frames?|shots?|panels?|images?|pictures?)\s+(?:out\s+|up\s+)?(?:for|of)\s+(?:the\s+)?(?:scene|sc\.?)\s*(?:\d|#|number|one|two|three|four|five|six|seven|eight|nine|ten)/;
const FRAME_NOUNS = "frames?|shots?|panels?|images?|boards?|pictures?";
const MAX_FRAMES = 40;
const PROMPT_CHARS = 1000;
const DEFAULT_RATIO = "16:9";

export const storyboardIntent: Intent = {
  name: "storyboard",
  matches: (req) => STORYBOARD.test(req.lower),
  plan({ input, req }) {
    // "A storyboard of a chase in the rain": a description, not a scene of a script.
    const description = descriptionIn(req);
    if (description && !namesScene(req.lower) && !scriptNamedIn(input, req))
      return planDescribedStoryboard(req, description, aspectRatioIn(req.lower) ?? DEFAULT_RATIO);
    const pick = scriptIn(input, req);
    if ("missing" in pick) return noPlan(pick.missing);
    const { script } = pick;
    const scene = sceneIn(script, req.lower) ?? (script.scenes.length === 1 ? script.scenes[0] : undefined);
    if (!scene) {
      if (!script.scenes.length) return noPlan(`"${script.name}" has no scenes yet.`);
      const list = script.scenes
        .slice(0, 8)
        .map((s) => `${s.number ?? s.index}. ${s.heading}`)
        .join("; ");
      const ask = namesScene(req.lower)
        ? `"${script.name}" has no such scene.`
        : `Which scene of "${script.name}"? Say "storyboard scene 2 of ${script.name}".`;
      return noPlan(`${ask} Its scenes: ${list}${script.scenes.length > 8 ? "; …" : ""}.`);
    }
    const asked = countBefore(req.lower, FRAME_NOUNS);
    const shots = beatsOf(script, scene);
    const beats = groupBeats(shots, asked === undefined ? MAX_FRAMES : clamp(asked, 1, MAX_FRAMES));
    const ratio = aspectRatioIn(req.lower) ?? DEFAULT_RATIO;
    const label = scene.number ?? String(scene.index);
    const plan = new PlanBuilder();
    beats.forEach((beat, i) => {
      const prompt = beat.slice(0, PROMPT_CHARS);
      const ref = plan.addNode("frame", "image", {
        title: `Scene ${label}, shot ${i + 1}`,
        prompt,
        model: "local/sketch",
        aspectRatio: ratio,
      });
      plan.run(ref);
    });
    plan.layout(plan.added, "row");
    const per =
      beats.length === 1
        ? ""
        : asked !== undefined && asked < shots.length
          ? `, ${asked} frames over its ${shots.length} shots`
          : ", one per shot of its breakdown";
    return plan.answer(
      `Adds ${count(beats.length, ["storyboard frame", "storyboard frames"])} for scene ${label} of "${script.name}" (${scene.heading})${per} (Local Sketch, ${ratio}), in a row, and ${runsPhrase(plan.runs)}.`,
    );
  },
};

/** The script as screenplay elements, each scene's heading with the id `scene-{index}`, for the breakdown. */
function elementsOf(script: AgentScriptView): ScreenplayElement[] {
  return script.scenes.flatMap((scene) => [
    { id: `scene-${scene.index}`, type: "slug" as const, content: scene.heading },
    ...scene.lines.map((l, j) => ({ id: `scene-${scene.index}-${j}`, type: l.type, content: l.text })),
  ]);
}

/** The scene's shots as its breakdown proposes them, as prompts; the heading alone for a scene with none. */
function beatsOf(script: AgentScriptView, scene: AgentSceneView): string[] {
  const shots = breakDown(elementsOf(script), { headingId: `scene-${scene.index}` }).scenes[0]?.shots ?? [];
  const prompts = shots.map((s) => {
    const text = s.description.replace(/\s+/g, " ").trim();
    return text.includes(scene.heading) ? `${s.shotSize}. ${text}` : `${scene.heading}. ${s.shotSize}: ${text}`;
  });
  return prompts.length ? prompts : [scene.heading];
}

/** `beats` in at most `n` frames: neighbours share a frame, the first frames taking one more when uneven. */
function groupBeats(beats: string[], n: number): string[] {
  if (beats.length <= n) return beats;
  const out: string[] = [];
  let at = 0;
  for (let i = 0; i < n; i++) {
    const size = Math.ceil((beats.length - at) / (n - i));
    out.push(beats.slice(at, at + size).join(" "));
    at += size;
  }
  return out;
}
