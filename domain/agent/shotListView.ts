import { shotImagePrompt } from "../shotlists/prompt";
import type { Scene } from "../shotlists/schema";
import type { AgentShotListView } from "./planner";

/** At most this many shots of a list reach a planner. */
const SHOTS_MAX = 400;

/** A shot list as the agent reads it; each shot carries the prompt the shot list's own image button sends. */
export function shotListView(id: string, name: string, scenes: readonly Scene[]): AgentShotListView {
  let left = SHOTS_MAX;
  return {
    id,
    name,
    scenes: scenes.map((scene, i) => {
      const shots = scene.shots
        .slice(0, Math.max(0, left))
        .map((shot) => ({ number: shot.shotNumber, description: shot.description.trim(), prompt: shotImagePrompt(shot) }));
      left -= shots.length;
      return {
        index: i + 1,
        title: scene.title.trim() || `Scene ${i + 1}`,
        ...(scene.location.trim() ? { location: scene.location.trim() } : {}),
        shots,
      };
    }),
  };
}
