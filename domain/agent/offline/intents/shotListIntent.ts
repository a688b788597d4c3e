/**
 * "Storyboard the Opening shot list", "frames for scene 2 of the Harbour shot list (9:16)": one image node per
 * shot with a description, its prompt the one the shot list's own image button sends, Local Sketch, 16:9
 * unless a ratio is asked, in a row, and their runs. The list is found by name; with one list, it is that one.
 */
import type { AgentShotListView } from "../../planner";
import { NUMBER_PATTERN, numberValue } from "../numbers";
import { PlanBuilder } from "../planBuilder";
import { count, noPlan, runsPhrase } from "../replies";
import { hasWords } from "../requestText";
import { aspectRatioIn } from "../shotChoices";
import type { Intent } from "./intent";

const SHOT_LIST = /\bshot[- ]?lists?\b/;
const MAKE = /\b(story[- ]?board|board|frames?|images?|pictures?|visuali[sz]e|render|generate|make|draw|sketch)\b/;
const SCENE = new RegExp(`\\bscene\\s*(?:#\\s*)?(\\d{1,3}|${NUMBER_PATTERN})\\b`);
const MAX_FRAMES = 60;
const DEFAULT_RATIO = "16:9";

export const shotListIntent: Intent = {
  name: "shot-list",
  matches: (req) => SHOT_LIST.test(req.lower) && MAKE.test(req.lower),
  plan({ input, req }) {
    const lists = input.shotLists ?? [];
    const list = listIn(lists, req.lower);
    if (!list)
      return noPlan(
        lists.length
          ? `Which shot list? Name it in your request: ${lists.map((l) => `"${l.name}"`).join(", ")}.`
          : "This project has no shot lists yet. Plan one in Shot Lists mode first.",
      );
    const sceneNumber = SCENE.exec(req.lower)?.[1];
    const index = sceneNumber === undefined ? undefined : numberValue(sceneNumber);
    const scenes = index === undefined ? list.scenes : list.scenes.filter((s) => s.index === index);
    if (!scenes.length)
      return noPlan(
        `"${list.name}" has no scene ${sceneNumber}. Its scenes: ${list.scenes.map((s) => `${s.index}. ${s.title}`).join("; ")}.`,
      );
    const shots = scenes.flatMap((scene) =>
      scene.shots.filter((s) => s.description && s.description !== "Description...").map((shot) => ({ scene, shot })),
    );
    if (!shots.length)
      return noPlan(
        `The shots of "${list.name}"${index === undefined ? "" : ` scene ${index}`} have no descriptions yet: describe them in Shot Lists mode first.`,
      );
    const ratio = aspectRatioIn(req.lower) ?? DEFAULT_RATIO;
    const plan = new PlanBuilder();
    for (const { scene, shot } of shots.slice(0, MAX_FRAMES)) {
      const ref = plan.addNode("shot", "image", {
        title: `${scene.title} · Shot ${shot.number}`,
        prompt: shot.prompt,
        model: "local/sketch",
        aspectRatio: ratio,
      });
      plan.run(ref);
    }
    plan.layout(plan.added, "row");
    const cut = shots.length > MAX_FRAMES ? ` (the first ${MAX_FRAMES} of its ${shots.length} described shots)` : "";
    const where = index === undefined ? `"${list.name}"` : `scene ${index} of "${list.name}"`;
    return plan.answer(
      `Adds ${count(plan.added.length, ["storyboard frame", "storyboard frames"])} for ${where}${cut}, one per shot with its size, angle and description as the prompt (Local Sketch, ${ratio}), in a row, and ${runsPhrase(plan.runs)}.`,
    );
  },
};

/** The shot list the request names (longest name written wins); the only one when none is named. */
function listIn(lists: readonly AgentShotListView[], lower: string): AgentShotListView | undefined {
  const named = lists
    .filter((l) => l.name.trim() && hasWords(lower, l.name.trim().toLowerCase()))
    .sort((a, b) => b.name.length - a.name.length)[0];
  return named ?? (lists.length === 1 ? lists[0] : undefined);
}
