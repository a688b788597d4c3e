/**
 * Break a screenplay down into proposed scenes and shots: one scene per scene heading, with
 * its location, interior/exterior and time of day read from the heading and lighting proposed from the
 * time; shots from shotRules. Rules only, so it works offline and gives the same list every time.
 */
import type { ScreenplayElement } from "../screenplay/elements";
import { MAX_SCENES, MAX_SHOTS_PER_LIST, MAX_SHOTS_PER_SCENE, SCENE_DEFAULTS, sceneTitle } from "../shotlists/constants";
import type { SceneFields, SceneScriptLink } from "../shotlists/schema";
import { clip, sentences } from "./actionText";
import type { ScriptFormat } from "../screenplay/format";
import { sceneEighths } from "./eighths";
import { characterNamesOf } from "./report";
import { splitScenes } from "./sceneSplit";
import { proposeShots, type ProposedShot } from "./shotRules";
import { lightingFor, WEATHER_WORDS } from "./vocabulary";

export interface ProposedScene {
  key: string;
  headingId: string | null;
  fields: SceneFields;
  link: Pick<SceneScriptLink, "eighths" | "setting" | "timeOfDay">;
  shots: ProposedShot[];
}

export interface Breakdown {
  scenes: ProposedScene[];
  /** Things the user should be told ('no scene headings', a list cut at its limits). */
  notices: string[];
}

export const BREAKDOWN_NOTICES = {
  noHeadings: "This script has no scene headings, so it was broken down as one scene.",
  tooManyScenes: (n: number) =>
    `This script has ${n.toLocaleString("en-US")} scenes; a shot list holds at most ${MAX_SCENES}, so the breakdown stops at scene ${MAX_SCENES}.`,
  tooManyShots: (scene: string) =>
    `A shot list holds at most ${MAX_SHOTS_PER_LIST.toLocaleString("en-US")} shots, so the breakdown stops at ${scene}.`,
  sceneNotFound: "That scene is no longer in the script.",
} as const;

/** A scene's key: its heading's element id, or 'whole' for a script with no headings. */
export const sceneKeyOf = (headingId: string | null) => (headingId ? `scene:${headingId}` : "scene:whole");

const normalizedPlace = (location: string | null) =>
  (location ?? "")
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, " ")
    .trim();

function weatherOf(elements: readonly ScreenplayElement[]): string | null {
  const action = elements
    .filter((e) => e.type === "action")
    .map((e) => e.content)
    .join(" ");
  return WEATHER_WORDS.find(([re]) => re.test(action))?.[1] ?? null;
}

export interface BreakDownOptions {
  /** Only this scene (its heading's element id); the whole script when absent. */
  headingId?: string;
  /** The script's page format (an imported .fdx's own): eighths come from the same pagination as its PDF. */
  format?: ScriptFormat | null;
}

export function breakDown(elements: readonly ScreenplayElement[], options: BreakDownOptions = {}): Breakdown {
  const notices: string[] = [];
  const all = splitScenes(elements);
  if (all[0]?.headingId === null) notices.push(BREAKDOWN_NOTICES.noHeadings);
  const characterNames = characterNamesOf(elements);
  const eighths = sceneEighths(
    elements,
    all.map((s) => s.headingId),
    undefined,
    options.format,
  );
  const scenes: ProposedScene[] = [];
  let shots = 0;
  for (let i = 0; i < all.length; i++) {
    const scene = all[i]!;
    if (options.headingId !== undefined && scene.headingId !== options.headingId) continue;
    if (scenes.length === MAX_SCENES) {
      notices.push(BREAKDOWN_NOTICES.tooManyScenes(all.length));
      break;
    }
    const newLocation = i === 0 || normalizedPlace(all[i - 1]!.location) !== normalizedPlace(scene.location);
    let proposed = proposeShots(scene, { characterNames, newLocation }).slice(0, MAX_SHOTS_PER_SCENE);
    if (shots + proposed.length > MAX_SHOTS_PER_LIST) {
      proposed = proposed.slice(0, MAX_SHOTS_PER_LIST - shots);
      notices.push(BREAKDOWN_NOTICES.tooManyShots(scene.heading || sceneTitle(i + 1)));
    }
    shots += proposed.length;
    const firstAction = scene.elements.find((e) => e.type === "action" && e.content.trim());
    scenes.push({
      key: sceneKeyOf(scene.headingId),
      headingId: scene.headingId,
      fields: {
        title: clip(scene.heading, 500) || sceneTitle(i + 1),
        location: clip(scene.location ?? "", 500) || SCENE_DEFAULTS.location,
        lighting: lightingFor(scene.timeOfDay) ?? SCENE_DEFAULTS.lighting,
        weather: weatherOf(scene.elements) ?? SCENE_DEFAULTS.weather,
        description: firstAction ? clip(sentences(firstAction.content).slice(0, 2).join(" "), 1000) : SCENE_DEFAULTS.description,
      },
      link: { eighths: eighths[i], setting: scene.setting, timeOfDay: scene.timeOfDay ? clip(scene.timeOfDay, 100) : null },
      shots: proposed,
    });
    if (shots >= MAX_SHOTS_PER_LIST) break;
  }
  if (options.headingId !== undefined && scenes.length === 0) notices.push(BREAKDOWN_NOTICES.sceneNotFound);
  return { scenes, notices };
}
