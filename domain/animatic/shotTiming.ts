/**
 * How long an animatic holds each shot: the user's own time when set; otherwise from the
 * script lines it covers: dialogue at about 2.5 words a second, action by its length on the page (a page
 * a minute, 55 lines a page, 60 characters a line); never under 1.5 s. A shot with no timed lines (one the
 * user added) is held for a beat of 3 s.
 */
import type { ScreenplayElement } from "../screenplay/elements";
import type { Movement } from "../shotlists/constants";
import type { Shot } from "../shotlists/schema";

export const WORDS_PER_SECOND = 2.5;
export const MIN_SHOT_SECONDS = 1.5;
export const MAX_SHOT_SECONDS = 60;
export const UNTIMED_SHOT_SECONDS = 3;
/**
 * The longest dialogue line an animatic speaks: what fits in a shot's 60 s at 2.5 words a second (150 words of
 * about 6 characters). A longer one can never be rendered (a 3,300-character line failed
 * with "please try again"), so it is refused, named, before anything is queued.
 */
export const MAX_ANIMATIC_LINE_CHARS = 900;
const SECONDS_PER_ACTION_LINE = 60 / 55;
const ACTION_CHARS_PER_LINE = 60;

export interface ShotTiming {
  seconds: number;
  /** Where the time came from: the user's setting, the script, or the floor / beat for a shot with none. */
  from: "user" | "script" | "default";
}

const words = (text: string) => text.split(/\s+/).filter(Boolean).length;
const round = (s: number) => Math.round(s * 10) / 10;

/** The covered lines that take time on screen, in script order. */
function timedLines(shot: Pick<Shot, "script">, elementsById: ReadonlyMap<string, ScreenplayElement>): ScreenplayElement[] {
  return (shot.script?.lines ?? []).flatMap((l) => {
    const el = elementsById.get(l.id);
    return el && (el.type === "dialogue" || el.type === "action") ? [el] : [];
  });
}

export function shotTiming(shot: Pick<Shot, "seconds" | "script">, elementsById: ReadonlyMap<string, ScreenplayElement>): ShotTiming {
  if (shot.seconds !== undefined) return { seconds: shot.seconds, from: "user" };
  const lines = timedLines(shot, elementsById);
  if (!lines.length) return { seconds: UNTIMED_SHOT_SECONDS, from: "default" };
  let seconds = 0;
  for (const el of lines) {
    if (el.type === "dialogue") seconds += words(el.content) / WORDS_PER_SECOND;
    else seconds += Math.max(1, Math.ceil(el.content.length / ACTION_CHARS_PER_LINE)) * SECONDS_PER_ACTION_LINE;
  }
  return { seconds: round(Math.min(MAX_SHOT_SECONDS, Math.max(MIN_SHOT_SECONDS, seconds))), from: "script" };
}

export interface DialogueLine {
  speaker: string;
  text: string;
}

/** The dialogue a shot covers, with its speaker (the cue before it), for the animatic's voices. */
export function shotDialogue(shot: Pick<Shot, "script">, elements: readonly ScreenplayElement[]): DialogueLine[] {
  const covered = new Set((shot.script?.lines ?? []).map((l) => l.id));
  const lines: DialogueLine[] = [];
  let speaker = "";
  for (const el of elements) {
    if (el.type === "character") speaker = el.content.replace(/\s*\(.*$/, "").trim();
    else if (el.type === "dialogue" && covered.has(el.id) && el.content.trim()) lines.push({ speaker, text: el.content.trim() });
  }
  return lines;
}

/** The still's move for a shot's camera movement (the renderer's moves). */
export const STILL_MOVES: Readonly<
  Record<Movement, "static" | "push in" | "pull out" | "pan left" | "pan right" | "tilt up" | "tilt down">
> = {
  Static: "static",
  Pan: "pan right",
  Tilt: "tilt up",
  "Swish Pan": "pan left",
  "Swish Tilt": "tilt down",
  Tracking: "push in",
  Custom: "static",
};

/** The first shot line too long to speak (MAX_ANIMATIC_LINE_CHARS), as the message that names it; null when none is. */
export function tooLongLine(shots: readonly Pick<Shot, "script" | "shotNumber">[], elements: readonly ScreenplayElement[]): string | null {
  for (const shot of shots) {
    const line = shotDialogue(shot, elements).find((l) => l.text.length > MAX_ANIMATIC_LINE_CHARS);
    if (!line) continue;
    const start = line.text.split(/\s+/).slice(0, 6).join(" ");
    const who = line.speaker ? `${line.speaker}'s line` : "A line";
    return `Shot ${shot.shotNumber}: ${who} "${start}…" is ${line.text.length.toLocaleString("en-US")} characters; an animatic speaks at most ${MAX_ANIMATIC_LINE_CHARS} per line (a shot lasts at most ${MAX_SHOT_SECONDS} s). Split it in the script.`;
  }
  return null;
}
