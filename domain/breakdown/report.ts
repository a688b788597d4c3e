/**
 * The breakdown report (what StudioBinder and Celtx sell): per scene its length in eighths,
 * characters, speaking parts, location, interior/exterior, day/night and props; per character the scenes
 * they are in and how much they say.
 */
import type { ScreenplayElement } from "../screenplay/elements";
import { cueNamePart } from "../screenplay/cue";
import { charactersNamedIn, propsIn } from "./actionText";
import type { ScriptFormat } from "../screenplay/format";
import { sceneEighths } from "./eighths";
import { splitScenes, type ScriptScene } from "./sceneSplit";

export interface SceneReport {
  number: string;
  heading: string;
  headingId: string | null;
  eighths: number;
  setting: ScriptScene["setting"];
  location: string | null;
  /** 'Day', 'Night', or the heading's own words ('DAWN', 'CONTINUOUS'); null when the heading gives none. */
  dayNight: string | null;
  /** Everyone in the scene: speakers first, then characters only named in action. */
  characters: string[];
  speakingParts: string[];
  props: string[];
}

export interface CharacterReport {
  name: string;
  /** Scene numbers, in script order. */
  scenes: string[];
  /** Speeches (character cues). */
  speeches: number;
  /** Words of dialogue. */
  words: number;
}

export interface BreakdownReport {
  scenes: SceneReport[];
  characters: CharacterReport[];
  totalEighths: number;
  /** Set when the script has no scene headings (it was read as one scene). */
  noHeadings: boolean;
}

/** A scene's cast as the report prints it: "MAYA, DANIEL (silent)", or "—" for none. */
export const castOf = (scene: Pick<SceneReport, "characters" | "speakingParts">): string =>
  scene.characters.map((c) => (scene.speakingParts.includes(c) ? c : `${c} (silent)`)).join(", ") || "—";

/** Every speaking character of a script, by cue name. */
export function characterNamesOf(elements: readonly ScreenplayElement[]): Set<string> {
  const names = new Set<string>();
  for (const el of elements) if (el.type === "character") names.add(cueNamePart(el.content).toUpperCase());
  names.delete("");
  return names;
}

function dayNightOf(timeOfDay: string | null): string | null {
  if (!timeOfDay) return null;
  const t = timeOfDay.toUpperCase();
  if (/NIGHT|EVENING|DUSK|MIDNIGHT/.test(t)) return "Night";
  if (/DAY|MORNING|AFTERNOON|NOON|DAWN/.test(t)) return "Day";
  return timeOfDay;
}

const wordCount = (text: string) => text.split(/\s+/).filter(Boolean).length;

/** `format`: the script's page format, so the eighths come from the same pagination as its PDF. */
export function breakdownReport(elements: readonly ScreenplayElement[], format?: ScriptFormat | null): BreakdownReport {
  const names = characterNamesOf(elements);
  const scenes = splitScenes(elements);
  const eighths = sceneEighths(
    elements,
    scenes.map((s) => s.headingId),
    undefined,
    format,
  );
  const byCharacter = new Map<string, CharacterReport>();
  const character = (name: string) => {
    let c = byCharacter.get(name);
    if (!c) byCharacter.set(name, (c = { name, scenes: [], speeches: 0, words: 0 }));
    return c;
  };
  const sceneReports = scenes.map((scene, i): SceneReport => {
    const speaking: string[] = [];
    const named: string[] = [];
    const props: string[] = [];
    let speaker: string | null = null;
    for (const el of scene.elements) {
      if (el.type === "character") {
        speaker = cueNamePart(el.content).toUpperCase();
        if (!speaking.includes(speaker)) speaking.push(speaker);
        character(speaker).speeches++;
      } else if (el.type === "dialogue" && speaker) character(speaker).words += wordCount(el.content);
      else if (el.type === "action") {
        for (const n of charactersNamedIn(el.content, names)) if (!named.includes(n)) named.push(n);
        for (const p of propsIn(el.content, names)) if (!props.includes(p)) props.push(p);
      }
    }
    const characters = [...speaking, ...named.filter((n) => !speaking.includes(n))];
    for (const n of characters) character(n).scenes.push(scene.number);
    return {
      number: scene.number,
      heading: scene.heading,
      headingId: scene.headingId,
      eighths: eighths[i] ?? 1,
      setting: scene.setting,
      location: scene.location,
      dayNight: dayNightOf(scene.timeOfDay),
      characters,
      speakingParts: speaking,
      props,
    };
  });
  const characters = [...byCharacter.values()].sort((a, b) => b.speeches - a.speeches || a.name.localeCompare(b.name));
  return {
    scenes: sceneReports,
    characters,
    totalEighths: sceneReports.reduce((n, s) => n + s.eighths, 0),
    noHeadings: scenes[0]?.headingId === null,
  };
}
