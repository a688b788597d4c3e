/**
 * The shots a scene's beats call for ("Breakdown"), by clear rules:
 * - an establishing wide shot for each new location;
 * - a shot per action beat, its movement from the beat's verbs of motion;
 * - an insert for a prop named in capitals in action;
 * - a single per lone speaker, a two-shot (or three-shot) for an exchange plus an over-the-shoulder per speaker;
 * - a close-up on an emotional parenthetical;
 * - the writer's own shot lines (CLOSE ON, ANGLE ON, POV, INSERT) as written.
 * Each shot has a key made of element ids, so a later breakdown finds it again when the script has changed.
 */
import type { ScreenplayElement } from "../screenplay/elements";
import { cueNamePart } from "../screenplay/cue";
import type { Framing, Movement, ShotSize } from "../shotlists/constants";
import { charactersNamedIn, clip, movementIn, propsIn, sentences, sentenceWith } from "./actionText";
import type { ScriptScene } from "./sceneSplit";
import { EMOTION_WORDS } from "./vocabulary";

export interface ProposedShot {
  /** Stable across breakdowns: the rule and the element ids it was made from. */
  key: string;
  /** The script lines (element ids) the shot covers, in script order. */
  lines: string[];
  description: string;
  subject: string;
  shotSize: ShotSize;
  shotType: Framing;
  movement: Movement;
}

export interface ShotRuleContext {
  /** Every speaking character of the script, by cue name ("JOE" for "JOE (V.O.)"). */
  characterNames: ReadonlySet<string>;
  /** The scene's location differs from the one before it: it opens on an establishing shot. */
  newLocation: boolean;
}

const DESCRIPTION_MAX = 300;

interface DialogueBlock {
  speaker: string;
  elements: ScreenplayElement[];
}
type Beat =
  | { kind: "action"; element: ScreenplayElement }
  | { kind: "dialogue"; blocks: DialogueBlock[] }
  | { kind: "shot"; element: ScreenplayElement };

function beatsOf(elements: readonly ScreenplayElement[]): Beat[] {
  const beats: Beat[] = [];
  let run: DialogueBlock[] | null = null;
  for (const el of elements) {
    if (el.type === "character") {
      if (!run) beats.push({ kind: "dialogue", blocks: (run = []) });
      run.push({ speaker: cueNamePart(el.content).toUpperCase(), elements: [el] });
      continue;
    }
    if ((el.type === "dialogue" || el.type === "parenthetical") && run?.length) {
      run[run.length - 1]!.elements.push(el);
      continue;
    }
    run = null;
    if (el.type === "action" && el.content.trim()) beats.push({ kind: "action", element: el });
    else if (el.type === "shot" && el.content.trim()) beats.push({ kind: "shot", element: el });
  }
  return beats;
}

const quote = (text: string) => `“${clip(text, 160)}”`;
const firstLine = (block: DialogueBlock) => block.elements.find((e) => e.type === "dialogue")?.content ?? "";
const ids = (elements: readonly ScreenplayElement[]) => elements.map((e) => e.id);
const isEmotional = (parenthetical: string) => {
  const text = parenthetical.toLowerCase();
  return EMOTION_WORDS.some((w) => new RegExp(`\\b${w}\\b`).test(text));
};

function actionShot(el: ScreenplayElement, ctx: ShotRuleContext, place: string): ProposedShot {
  const named = charactersNamedIn(el.content, ctx.characterNames);
  const movement = movementIn(el.content) ?? "Static";
  const shotSize: ShotSize =
    named.length === 1 && movement === "Static" ? "Medium Shot" : named.length === 0 && movement === "Static" ? "Wide Shot" : "Full Shot";
  const shotType: Framing = named.length === 2 ? "Two Shot" : named.length >= 3 ? "Three Shot" : "Single";
  return {
    key: `action:${el.id}`,
    lines: [el.id],
    description: clip(sentences(el.content).slice(0, 2).join(" "), DESCRIPTION_MAX),
    subject: named.join(", ") || place,
    shotSize,
    shotType,
    movement,
  };
}

function dialogueShots(blocks: DialogueBlock[], place: string): ProposedShot[] {
  const speakers = [...new Set(blocks.map((b) => b.speaker))];
  const first = blocks[0]!.elements[0]!.id;
  const shots: ProposedShot[] = [];
  if (speakers.length === 1) {
    const [speaker] = speakers as [string];
    shots.push({
      key: `single:${first}`,
      lines: blocks.flatMap((b) => ids(b.elements)),
      description: `${speaker} in ${place}: ${quote(firstLine(blocks[0]!))}`,
      subject: speaker,
      shotSize: "Medium Shot",
      shotType: "Single",
      movement: "Static",
    });
  } else {
    const names = speakers.length === 2 ? speakers.join(" and ") : `${speakers.slice(0, -1).join(", ")} and ${speakers.at(-1)}`;
    shots.push({
      key: `group:${first}`,
      lines: blocks.flatMap((b) => ids(b.elements)),
      description: `${names} in conversation, ${place}`,
      subject: speakers.join(", "),
      shotSize: "Medium Shot",
      shotType: speakers.length === 2 ? "Two Shot" : "Three Shot",
      movement: "Static",
    });
    for (const speaker of speakers) {
      const own = blocks.filter((b) => b.speaker === speaker);
      const other = speakers.find((s) => s !== speaker)!;
      shots.push({
        key: `ots:${first}:${speaker}`,
        lines: own.flatMap((b) => ids(b.elements)),
        description: `Over ${other}'s shoulder onto ${speaker}: ${quote(firstLine(own[0]!))}`,
        subject: speaker,
        shotSize: "Medium Close-up",
        shotType: "Over-the-Shoulder",
        movement: "Static",
      });
    }
  }
  for (const block of blocks) {
    block.elements.forEach((el, i) => {
      if (el.type !== "parenthetical" || !isEmotional(el.content)) return;
      const line = block.elements.slice(i + 1).find((e) => e.type === "dialogue");
      shots.push({
        key: `closeup:${el.id}`,
        lines: [el.id, ...(line ? [line.id] : [])],
        description: `Close on ${block.speaker}, ${el.content.replace(/^\(|\)$/g, "").trim()}${line ? `: ${quote(line.content)}` : ""}`,
        subject: block.speaker,
        shotSize: "Close-up",
        shotType: "Single",
        movement: "Static",
      });
    });
  }
  return shots;
}

/** A writer's shot line as a shot: 'CLOSE ON THE KEY', 'ANGLE ON MARY', 'POV - THROUGH THE SCOPE', 'INSERT - LETTER'. */
function writtenShot(el: ScreenplayElement): ProposedShot {
  const text = el.content.trim();
  const upper = text.toUpperCase();
  const shotSize: ShotSize = /EXTREME CLOSE|ECU|INSERT/.test(upper)
    ? "Extreme Close-up"
    : /CLOSE/.test(upper)
      ? "Close-up"
      : /EXTREME WIDE|EWS/.test(upper)
        ? "Extreme Wide Shot"
        : /WIDE|AERIAL|ESTABLISHING/.test(upper)
          ? "Wide Shot"
          : "Medium Shot";
  const shotType: Framing = /\bPOV\b/.test(upper) ? "Point of View" : /TWO SHOT|TWO-SHOT/.test(upper) ? "Two Shot" : "Single";
  const subject =
    text
      .replace(/^(EXTREME CLOSE[- ]UP|CLOSE[- ]UP|CLOSE|ANGLE|WIDE|INSERT|POV|ECU|EWS|AERIAL)(\s+(ON|OF|SHOT))?\s*[-–—:]?\s*/i, "")
      .trim() || text;
  return {
    key: `written:${el.id}`,
    lines: [el.id],
    description: clip(text, DESCRIPTION_MAX),
    subject: clip(subject, 200),
    shotSize,
    shotType,
    movement: movementIn(text) ?? "Static",
  };
}

export function proposeShots(scene: ScriptScene, ctx: ShotRuleContext): ProposedShot[] {
  const place = scene.location ? scene.location.toLowerCase() : "the scene";
  const beats = beatsOf(scene.elements.filter((e) => e.id !== scene.headingId));
  const shots: ProposedShot[] = [];
  const headingLine = scene.headingId ? [scene.headingId] : [];
  let opening: ScreenplayElement | undefined;
  if (ctx.newLocation && scene.headingId) {
    opening = beats[0]?.kind === "action" ? beats[0].element : undefined;
    const seen = opening ? clip(sentences(opening.content)[0] ?? "", 200) : "";
    shots.push({
      key: `establishing:${scene.headingId}`,
      lines: [...headingLine, ...(opening ? [opening.id] : [])],
      description: `Establishing: ${scene.heading}${seen ? `. ${seen}` : ""}`,
      subject: scene.location ?? scene.heading,
      shotSize: scene.setting === "EXT" ? "Extreme Wide Shot" : "Wide Shot",
      shotType: "Single",
      movement: opening ? (movementIn(opening.content) ?? "Static") : "Static",
    });
  }
  for (const beat of beats) {
    if (beat.kind === "dialogue") shots.push(...dialogueShots(beat.blocks, place));
    else if (beat.kind === "shot") shots.push(writtenShot(beat.element));
    else {
      if (beat.element !== opening) shots.push(actionShot(beat.element, ctx, place));
      for (const prop of propsIn(beat.element.content, ctx.characterNames)) {
        shots.push({
          key: `insert:${beat.element.id}:${prop}`,
          lines: [beat.element.id],
          description: `Insert: ${clip(sentenceWith(beat.element.content, prop), DESCRIPTION_MAX - 8)}`,
          subject: prop,
          shotSize: "Extreme Close-up",
          shotType: "Single",
          movement: "Static",
        });
      }
    }
  }
  // A scene's first shot also covers its heading, so every heading has a marker that leads to a shot.
  if (shots[0] && scene.headingId && !shots[0].lines.includes(scene.headingId))
    shots[0] = { ...shots[0], lines: [scene.headingId, ...shots[0].lines] };
  return shots;
}
