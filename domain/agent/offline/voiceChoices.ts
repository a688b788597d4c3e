/**
 * The voice a request asks for, mapped onto the offline flite voices (domain/generation/catalogueLocal.ts):
 * slt is a clear female US voice, rms a male US voice, awb a Scottish male voice, kal16 a flat, synthetic
 * sounding male voice. And the speaking speed ("slowly", "at 1.2x speed").
 */
import type { FLITE_VOICES } from "../../generation/catalogueLocal";
import { clamp } from "./numbers";

export type FliteVoice = (typeof FLITE_VOICES)[number];

const VOICE_WORDS: ReadonlyArray<readonly [RegExp, FliteVoice]> = [
  [/\b(?:female|woman(?:'s)?|women(?:'s)?|girl(?:'s)?|feminine|lady|her)\b/, "slt"],
  [/\b(?:scottish|scots|scot)\b/, "awb"],
  [/\b(?:robot(?:ic)?|computer|synthetic|machine|android|ai)\b/, "kal16"],
  [/\b(?:male|man(?:'s)?|men(?:'s)?|masculine|guy(?:'s)?|boy(?:'s)?|deep|his)\b/, "rms"],
];

// The words that make a nearby word a voice choice: "in a deep male voice", "voiced by a woman", "narrator".
const VOICE_CONTEXT = /\b(?:voice[sd]?|voiced|narrat(?:or|ion|e|ed)|speaker|read by|reader|spoken by|tts)\b/g;

/** The flite voice the request asks for, or undefined (the model's default, slt, is then used). */
export function voiceIn(lower: string): FliteVoice | undefined {
  const named = /\b(slt|awb|rms|kal16|kal)\b/.exec(lower);
  if (named) return named[1] as FliteVoice;
  for (const context of lower.matchAll(VOICE_CONTEXT)) {
    // Only the words around the voice phrase (about four words either side), so a line's "man" is not a choice.
    const near = lower.slice(Math.max(0, context.index - 30), context.index + context[0].length + 30);
    let best: { at: number; voice: FliteVoice } | undefined;
    for (const [pattern, voice] of VOICE_WORDS) {
      const m = pattern.exec(near);
      if (m && (!best || m.index < best.at)) best = { at: m.index, voice };
    }
    if (best) return best.voice;
  }
  return undefined;
}

/** Speaking speed (0.5–2): "slowly" 0.8, "quickly" 1.25, "at 1.5x speed" 1.5; undefined when not named. */
export function speechSpeedIn(lower: string): number | undefined {
  const n = /\b(?:at\s+)?(\d(?:\.\d+)?)\s*[x×]\s*(?:speed)?\b|\bspeed (?:of )?(\d(?:\.\d+)?)\b/.exec(lower);
  if (n) return clamp(Number(n[1] ?? n[2]), 0.5, 2);
  if (/\b(?:slowly|slow(?:er)? pace|slower)\b/.test(lower)) return 0.8;
  if (/\b(?:quickly|fast(?:er)?|rapidly|brisk(?:ly)?)\b/.test(lower)) return 1.25;
  return undefined;
}
