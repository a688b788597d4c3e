/**
 * "Make a 4-shot storyboard of a chase in the rain": a storyboard from a description, with no
 * script. The planner lays the frames out itself: a shot per beat (it opens wide, builds, lands on its key
 * moment, and ends), and where people recur across the frames, one character reference per person, connected
 * into every frame so each frame draws the same person. Rules only, like the rest of the offline planner.
 */
import { clamp, NUMBER_PATTERN, numberValue } from "./numbers";
import { describedScene } from "./describedScene";
import { PlanBuilder } from "./planBuilder";
import { count, runsPhrase } from "./replies";
import type { ParsedRequest } from "./requestText";
import type { AspectRatio } from "../../canvas/node";
import type { PlannerAnswer } from "../planner";

/** The frames when the request gives no count: one per beat of a single described moment. */
export const DESCRIBED_FRAMES = 4;
const MAX_FRAMES = 12;
const MAX_CHARACTERS = 3;
const PROMPT_CHARS = 1000;

/** The words that introduce what to board: "storyboard of|about|for|showing …". */
const DESCRIPTION = /\bstory[- ]?boards?(?:ing)?\b(?:\s+(?:frames?|shots?|panels?))?\s+(?:of|about|for|showing|where|in\s+which)\s+(.+)$/i;
/** "4-shot", "six-frame", "4 shots": the count of frames asked. */
const FRAME_COUNT = new RegExp(`(${NUMBER_PATTERN})[- ](?:shots?|frames?|panels?|beats?)\\b`);

/** A beat of a described moment, and the shot that covers it. */
interface Beat {
  shot: string;
  beat: string;
}
const OPENING: Beat = { shot: "Wide establishing shot", beat: "where it begins" };
const ENDING: Beat = { shot: "Wide shot", beat: "how it ends" };
const MIDDLE: readonly Beat[] = [
  { shot: "Medium shot", beat: "it builds" },
  { shot: "Close-up", beat: "the key moment" },
  { shot: "Low-angle tracking shot", beat: "it gathers pace" },
  { shot: "Over-the-shoulder shot", beat: "a reaction" },
  { shot: "Extreme close-up", beat: "a telling detail" },
  { shot: "High-angle shot", beat: "the turn" },
];

/** The beats of `n` frames: it opens wide and ends wide, with the coverage between. */
export function describedBeats(n: number): Beat[] {
  if (n === 1) return [{ shot: "Wide shot", beat: "the moment" }];
  const middle = Array.from({ length: n - 2 }, (_, i) => MIDDLE[i % MIDDLE.length]!);
  return [OPENING, ...middle, ENDING];
}

/** People a description names, as a reference title: "the detective", "Maya". */
const PERSON_NOUNS = [
  "man",
  "woman",
  "boy",
  "girl",
  "kid",
  "child",
  "detective",
  "cop",
  "officer",
  "thief",
  "robber",
  "runner",
  "soldier",
  "knight",
  "driver",
  "cyclist",
  "courier",
  "stranger",
  "hero",
  "heroine",
  "villain",
  "killer",
  "spy",
  "agent",
  "nurse",
  "doctor",
  "pilot",
  "sailor",
  "captain",
  "keeper",
  "farmer",
  "witch",
  "wizard",
  "king",
  "queen",
  "prince",
  "princess",
  "dancer",
  "singer",
  "mother",
  "father",
  "daughter",
  "son",
  "brother",
  "sister",
  "grandmother",
  "grandfather",
  "couple",
  "lovers",
  "teenager",
  "old man",
  "old woman",
];
const NOT_NAMES = new Set([
  "I",
  "A",
  "An",
  "The",
  "In",
  "On",
  "At",
  "Of",
  "And",
  "Make",
  "Storyboard",
  "Create",
  "Draw",
  "Board",
  "Please",
  "Int",
  "Ext",
]);

export function peopleIn(description: string): string[] {
  const found: string[] = [];
  const lower = description.toLowerCase();
  // Longest first, so "old woman" is found before (and instead of) "woman".
  for (const noun of [...PERSON_NOUNS].sort((a, b) => b.length - a.length)) {
    if (new RegExp(`\\b${noun}s?\\b`).test(lower) && !found.some((f) => new RegExp(`\\b${noun}\\b`).test(f))) found.push(`the ${noun}`);
  }
  // Names: capitalised words inside the description (the request's own capitals are kept in req.text).
  for (const m of description.matchAll(/\b([A-Z][a-z]{2,})\b/g)) {
    const name = m[1]!;
    if (!NOT_NAMES.has(name) && !found.includes(name)) found.push(name);
  }
  return found.slice(0, MAX_CHARACTERS);
}

/** The description after "storyboard of …", cleaned of a trailing ratio or count; undefined when there is none. */
export function descriptionIn(req: ParsedRequest): string | undefined {
  const m = DESCRIPTION.exec(req.text);
  if (!m) return undefined;
  const text = m[1]!
    .replace(/\s*,?\s*\b(?:in\s+)?(?:\d{1,2}:\d{1,2}|vertical|portrait|square|widescreen|landscape)\b.*$/i, "")
    .replace(/\s*,?\s*\bin\s+\S+\s+(?:shots?|frames?|panels?)\b.*$/i, "")
    .replace(/[.!?\s]+$/, "")
    .trim();
  return text.length >= 3 ? text : undefined;
}

const FRAMES_OF = new RegExp(`(${NUMBER_PATTERN})\\s+(?:shots?|frames?|panels?)\\b`);

/** The number of frames asked ("a 4-shot storyboard", "in 6 frames"), or undefined. */
export function describedFrameCount(lower: string): number | undefined {
  const m = FRAME_COUNT.exec(lower) ?? FRAMES_OF.exec(lower);
  return m ? numberValue(m[1]!) : undefined;
}

export function planDescribedStoryboard(req: ParsedRequest, description: string, ratio: AspectRatio): PlannerAnswer {
  const asked = describedFrameCount(req.lower);
  const n = asked === undefined ? DESCRIBED_FRAMES : clamp(asked, 1, MAX_FRAMES);
  const beats = describedBeats(n);
  const people = peopleIn(description);
  const plan = new PlanBuilder();
  // Added last person first, so the first lands rightmost: the references' column starts there, in order
  // from the top, and the frames' column stands right beside it (see the layout below).
  const references = [...people]
    .reverse()
    .map((person) =>
      plan.addNode("character", "image", {
        title: `Character: ${person.replace(/^the /, "")}`,
        prompt: `Character reference of ${person} in ${description}: full body, front view, neutral grey background`.slice(0, PROMPT_CHARS),
        model: "local/sketch",
        aspectRatio: "1:1",
      }),
    )
    .reverse();
  const frames = beats.map((b, i) =>
    plan.addNode(
      "frame",
      "image",
      {
        title: `Frame ${i + 1}: ${b.shot}`,
        prompt: `Storyboard frame ${i + 1} of ${n}, ${b.shot.toLowerCase()}, ${b.beat}: ${description}`.slice(0, PROMPT_CHARS),
        model: "local/sketch",
        aspectRatio: ratio,
      },
      references.length ? { inputs: references, near: references[0]! } : {},
    ),
  );
  // With references, frames in a column and the references in a column on their left, so every reference
  // edge runs through the strip between them and none is drawn behind a frame. Without, a row.
  plan.layout(frames, references.length ? "column" : "row");
  plan.layout(references, "column");
  // The references first (every frame draws from them), then the frames: Run from here on the first
  // reference runs it and every frame after it; the other references run on their own, queued before.
  if (references.length) {
    for (const ref of references.slice(1)) plan.run(ref);
    plan.runFromHere(references[0]!);
  } else {
    for (const frame of frames) plan.run(frame);
  }
  const shots = beats.map((b) => b.shot.toLowerCase().replace(/ shot$/, "")).join(", ");
  const refs = people.length
    ? `, with ${count(people.length, ["a character reference", "character references"])} (${people.join(", ")}) connected to every frame so each draws the same person`
    : "";
  const runs = references.length ? "runs them in order" : runsPhrase(plan.runs);
  const answer = plan.answer(
    `Adds ${count(n, ["storyboard frame", "storyboard frames"])} of "${description}", a shot per beat (${shots}; Local Sketch, ${ratio}), ${references.length ? "in a column" : "in a row"}${refs}, and ${runs}. ` +
      `To keep it as a scene, I can write it into a new script.`,
  );
  return { ...answer, scriptOffer: describedScene(description, beats, people) };
}
