/**
 * "Storyboard scene 2 of Pilot (in 9:16) (in 4 frames)": one image node per action beat or shot line of the
 * scene, its prompt the scene heading and the beat, Local Sketch, 16:9 unless a ratio is asked, laid out in a
 * row, and their runs. Asked for fewer frames than beats, neighbouring beats share a frame.
 */
import type { AgentSceneView } from "../../planner";
import { clamp, countBefore } from "../numbers";
import { PlanBuilder } from "../planBuilder";
import { count, noPlan, runsPhrase } from "../replies";
import { namesScene, sceneIn, scriptIn } from "../scriptRefs";
import { aspectRatioIn } from "../shotChoices";
import type { Intent } from "./intent";

const STORYBOARD = /\bstory[- ]?boards?(?:ing)?\b|\bboard\s+(?:out\s+|up\s+)?(?:the\s+)?(?:[a-z]+\s+){0,2}?(?:scene|sc\.?)\b|\b(?:board|frames?|shots?|panels?|images?|pictures?)\s+(?:out\s+|up\s+)?(?:for|of)\s+(?:the\s+)?(?:scene|sc\.?)\s*(?:\d|#|number|one|two|three|four|five|six|seven|eight|nine|ten)/;
const FRAME_NOUNS = "frames?|shots?|panels?|images?|boards?|pictures?";
const MAX_FRAMES = 40;
const PROMPT_CHARS = 1000;
const DEFAULT_RATIO = "16:9";

export const storyboardIntent: Intent = {
  name: "storyboard",
  matches: (req) => STORYBOARD.test(req.lower),
  plan({ input, req }) {
    const pick = scriptIn(input, req);
    if ("missing" in pick) return noPlan(pick.missing);
    const { script } = pick;
    const scene = sceneIn(script, req.lower) ?? (script.scenes.length === 1 ? script.scenes[0] : undefined);
    if (!scene) {
      if (!script.scenes.length) return noPlan(`"${script.name}" has no scenes yet.`);
      const list = script.scenes.slice(0, 8).map((s) => `${s.number ?? s.index}. ${s.heading}`).join("; ");
      const ask = namesScene(req.lower) ? `"${script.name}" has no such scene.` : `Which scene of "${script.name}"? Say "storyboard scene 2 of ${script.name}".`;
      return noPlan(`${ask} Its scenes: ${list}${script.scenes.length > 8 ? "; …" : ""}.`);
    }
    const asked = countBefore(req.lower, FRAME_NOUNS);
    const beats = groupBeats(beatsOf(scene), asked === undefined ? MAX_FRAMES : clamp(asked, 1, MAX_FRAMES));
    const ratio = aspectRatioIn(req.lower) ?? DEFAULT_RATIO;
    const label = scene.number ?? String(scene.index);
    const plan = new PlanBuilder();
    beats.forEach((beat, i) => {
      const prompt = `${scene.heading}. ${beat}`.slice(0, PROMPT_CHARS);
      const ref = plan.addNode("frame", "image", { title: `Scene ${label}, shot ${i + 1}`, prompt, model: "local/sketch", aspectRatio: ratio });
      plan.run(ref);
    });
    plan.layout(plan.added, "row");
    const per = beats.length === 1 ? "" : asked !== undefined && asked < beatsOf(scene).length ? `, ${asked} frames over its beats` : ", one per action beat";
    return plan.answer(`Adds ${count(beats.length, ["storyboard frame", "storyboard frames"])} for scene ${label} of "${script.name}" (${scene.heading})${per} (Local Sketch, ${ratio}), in a row, and ${runsPhrase(plan.runs)}.`);
  },
};

/** The scene's action beats and shot lines, in order; the heading alone for a scene with none. */
function beatsOf(scene: AgentSceneView): string[] {
  const beats = scene.lines.filter((l) => (l.type === "action" || l.type === "shot") && l.text.trim()).map((l) => l.text.replace(/\s+/g, " ").trim());
  return beats.length ? beats : [scene.heading];
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
