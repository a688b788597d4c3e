import { characterName } from "../screenplay/flow";
import type { ScreenplayElement } from "../screenplay/elements";
import type { AgentSceneView, AgentScriptView } from "./planner";

/** At most this many lines of a scene reach a planner (a scene is a page or two; a model's context is not free). */
const LINES_PER_SCENE = 200;

/**
 * A screenplay as the agent reads it: its scenes in order, each with its heading and its lines, dialogue
 * carrying the speaker's name (the cue above it, without extensions such as (V.O.)). Lines before the first
 * heading form a scene of their own with an empty heading.
 */
export function scriptView(id: string, name: string, elements: readonly ScreenplayElement[]): AgentScriptView {
  const scenes: AgentSceneView[] = [];
  let scene: AgentSceneView | null = null;
  let speaker: string | undefined;
  for (const el of elements) {
    if (el.type === "slug") {
      scene = { index: scenes.length + 1, heading: el.content.trim(), lines: [], ...(el.sceneNumber ? { number: el.sceneNumber } : {}) };
      scenes.push(scene);
      speaker = undefined;
      continue;
    }
    if (!el.content.trim()) continue;
    if (!scene) {
      scene = { index: 1, heading: "", lines: [] };
      scenes.push(scene);
    }
    if (el.type === "character") speaker = characterName(el.content);
    else if (el.type !== "dialogue" && el.type !== "parenthetical") speaker = undefined;
    if (scene.lines.length < LINES_PER_SCENE)
      scene.lines.push({ type: el.type, text: el.content.trim(), ...(el.type === "dialogue" && speaker ? { character: speaker } : {}) });
  }
  return { id, name, scenes };
}
