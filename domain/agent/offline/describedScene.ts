/**
 * The scene a described storyboard offers to write into a script: a heading guessed from the description
 * (interior or exterior, a place, a time of day) and one action line per beat after the opening, so that
 * "storyboard scene 1 of" the new script breaks down into as many frames as the storyboard had (the
 * breakdown opens a new place on its own establishing shot, then takes a shot per action line).
 * A first draft for the writer to rewrite, never a claim about the story: where the description names no
 * place, the heading says LOCATION.
 */
import { WEATHER_WORDS } from "../../breakdown/vocabulary";
import { newElementId, type ScreenplayElement } from "../../screenplay/elements";
import type { SceneDraft } from "../scriptOffer";

interface Beat {
  beat: string;
}

const SCRIPT_NAME_CHARS = 80;
/** "through the (old) market": the word after the article, and the one after it (read, not consumed). */
const PLACE = /\b(?:in|at|on|through|across|inside|outside|along|under|over|into)\s+(?:the|a|an)\s+([a-z]+)(?=(?:\s+([a-z]+))?)/g;
/** Words that describe a place rather than name it: the place is the next word. */
const DESCRIBING = /^(?:old|dark|empty|abandoned|busy|crowded|small|big|wet|narrow|quiet|deserted|flooded|burning|ruined|night)$/;
/** Words after "in the" that are a time or a condition, not a place. */
const NOT_PLACES =
  /^(?:night|day|dark|darkness|morning|evening|afternoon|dusk|dawn|twilight|middle|end|moment|past|future|sun|moonlight|light|shadows?)\b/;
const INTERIOR =
  /\b(?:room|kitchen|office|bar|diner|house|apartment|flat|corridor|hallway|hall|car|train|bus|church|hospital|warehouse|station|cellar|basement|attic|lobby|elevator|lift|shop|store|restaurant|cafe|café|library|classroom|bedroom|bathroom|garage|cabin|inside|indoors)\b/;
const TIMES: ReadonlyArray<[RegExp, string]> = [
  [/\b(?:night|midnight|moonlight|moonlit)\b/, "NIGHT"],
  [/\b(?:dawn|sunrise)\b/, "DAWN"],
  [/\b(?:dusk|sunset|twilight)\b/, "DUSK"],
  [/\bevening\b/, "EVENING"],
  [/\bmorning\b/, "MORNING"],
];

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

function placeIn(lower: string): string | undefined {
  for (const m of lower.matchAll(PLACE)) {
    const word = DESCRIBING.test(m[1]!) && m[2] ? m[2] : m[1]!;
    const isWeather = WEATHER_WORDS.some(([re]) => re.test(word));
    if (!isWeather && !NOT_PLACES.test(word)) return word;
  }
  return undefined;
}

/** "INT. DINER - NIGHT" from "a quarrel in a diner at night"; "EXT. LOCATION - DAY" when it names no place. */
export function describedHeading(description: string): string {
  const lower = description.toLowerCase();
  const place = placeIn(lower);
  const interior = INTERIOR.test(lower);
  const time = TIMES.find(([re]) => re.test(lower))?.[1] ?? "DAY";
  return `${interior ? "INT." : "EXT."} ${(place ?? "location").toUpperCase()} - ${time}`;
}

/** The description as an action line, the people it names in capitals as a screenplay introduces them. */
function introducing(description: string, people: readonly string[]): string {
  let line = capitalise(description);
  for (const person of people) {
    const word = person.replace(/^the /, "");
    line = line.replace(new RegExp(`\\b${word}\\b`, "i"), word.toUpperCase());
  }
  return /[.!?]$/.test(line) ? line : `${line}.`;
}

/**
 * The scene: its heading, the description as the first action line (the beat after the opening), then one
 * line per remaining beat naming what the frame shows, for the writer to replace with the story.
 */
export function describedScene(description: string, beats: readonly Beat[], people: readonly string[]): SceneDraft {
  const el = (type: ScreenplayElement["type"], content: string): ScreenplayElement => ({ id: newElementId(), type, content });
  const actions =
    beats.length <= 1
      ? [introducing(description, people)]
      : beats.slice(1).map((b, i) => (i === 0 ? introducing(description, people) : `${capitalise(b.beat)}.`));
  return {
    name: capitalise(description).slice(0, SCRIPT_NAME_CHARS).trim(),
    elements: [el("slug", describedHeading(description)), ...actions.map((a) => el("action", a))],
  };
}
