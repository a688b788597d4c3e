import { SCENE_DEFAULTS, SHOT_DEFAULTS } from "./constants";
import type { Scene } from "./schema";

/**
 * The spec's texts for untouched fields ('Subject...', 'Weather...') are placeholders stored as values. On
 * paper a crew reads them as content, so exports show those fields blank.
 */
export function withoutPlaceholders(scenes: readonly Scene[]): Scene[] {
  return scenes.map((scene) => ({
    ...scene,
    description: blankIf(scene.description, SCENE_DEFAULTS.description),
    location: blankIf(scene.location, SCENE_DEFAULTS.location),
    weather: blankIf(scene.weather, SCENE_DEFAULTS.weather),
    lighting: blankIf(scene.lighting, SCENE_DEFAULTS.lighting),
    shots: scene.shots.map((shot) => ({
      ...shot,
      description: blankIf(shot.description, SHOT_DEFAULTS.description),
      subject: blankIf(shot.subject, SHOT_DEFAULTS.subject),
    })),
  }));
}

const blankIf = (value: string, placeholder: string) => (value.trim() === placeholder ? "" : value);

/** 'Location: Pier 9 · Lighting: Dusk': the scene's place and conditions, leaving out the blank ones. */
export function sceneConditions(scene: Pick<Scene, "location" | "weather" | "lighting">, separator = "   ·   "): string {
  return [
    ["Location", scene.location],
    ["Weather", scene.weather],
    ["Lighting", scene.lighting],
  ]
    .filter(([, v]) => v!.trim())
    .map(([label, v]) => `${label}: ${v}`)
    .join(separator);
}
