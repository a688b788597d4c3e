/**
 * Final Draft's automatic character continueds (MoresAndContinueds › DialogueBreaks
 * AutomaticCharacterContinueds): a cue gets the file's DialogueTop text ("(CONT'D)") when the same character
 * spoke last in the same scene with only action between. A scene heading or a transition ends the run, another
 * character's speech (or a dual-dialogue pair) breaks it. Printed only (PDF, DOCX, the page count): the script's
 * own text is never changed.
 */
import type { ScreenplayElement } from "./elements";
import { characterName } from "./flow";
import type { Continueds } from "./format";
import { continuedCue } from "./layout";

/** Ids of the cues that print with an automatic "(CONT'D)". */
export function autoContinuedCues(elements: readonly ScreenplayElement[]): Set<string> {
  const out = new Set<string>();
  let lastSpeaker: string | null = null;
  let actionSince = false;
  for (const el of elements) {
    if (el.type === "slug" || el.type === "transition") {
      lastSpeaker = null;
    } else if (el.type === "action" || el.type === "shot") {
      actionSince = true;
    } else if (el.type === "character") {
      if (el.dual) {
        lastSpeaker = null; // two speakers at once: neither simply continues
        continue;
      }
      const name = characterName(el.content);
      if (name && name === lastSpeaker && actionSince) out.add(el.id);
      lastSpeaker = name || null;
      actionSince = false;
    }
  }
  return out;
}

/** The elements as printed: cues that continue carry the file's CONT'D text (when the file asks for it). */
export function withAutoContinueds(elements: readonly ScreenplayElement[], continueds: Continueds): readonly ScreenplayElement[] {
  if (!continueds.automaticCharacterContinueds || !continueds.contd) return elements;
  const ids = autoContinuedCues(elements);
  if (ids.size === 0) return elements;
  return elements.map((el) => (ids.has(el.id) ? { ...el, content: continuedCue(el.content, continueds.contd) } : el));
}
