/**
 * The animatic's voices: each character speaks in a voice of their own, the same one in every
 * shot — the local flite voices offline, or ElevenLabs' premade voices when the user chooses them and has
 * a key (their own, free; or the studio's, charged through the ledger like any ElevenLabs run).
 */
import { findModel } from "../generation/catalogue";
import { estimateCredits } from "../generation/cost";
import { slotFor } from "../stringHash";

export const ANIMATIC_VOICE_SOURCES = ["local", "elevenlabs"] as const;
export type AnimaticVoiceSource = (typeof ANIMATIC_VOICE_SOURCES)[number];

/** The ElevenLabs model the animatic speaks with. */
export const ELEVENLABS_ANIMATIC_MODEL = "elevenlabs/eleven_multilingual_v2";

/** ElevenLabs' premade voices (available on every account), handed to characters in turn. */
export const ELEVENLABS_VOICES = [
  { id: "21m00Tcm4TlvDq8ikWAM", name: "Rachel" },
  { id: "pNInz6obpgDQGcFmaJgB", name: "Adam" },
  { id: "EXAVITQu4vr4xnSDxMaL", name: "Bella" },
  { id: "ErXwobaYiN019PkySvjV", name: "Antoni" },
  { id: "MF3mGyEYCl7XYWbV9V6O", name: "Elli" },
  { id: "TxGEqnHWrfWFTfGW9XjX", name: "Josh" },
  { id: "AZnzlk1XvdvUeBnXmlld", name: "Domi" },
  { id: "VR6AewLTigWG4xSOukaG", name: "Arnold" },
] as const;

/** A character's voice among `count`: the same for the same name, told apart from the others where the voices allow. */
export function voiceIndexFor(speaker: string, count: number): number {
  return slotFor(speaker, count);
}

/** What speaking these lines with ElevenLabs on the studio's key costs, in credits (nothing to speak, nothing charged). */
export function elevenLabsVoiceCredits(lines: readonly string[]): number {
  const text = lines.join(" ");
  const model = findModel(ELEVENLABS_ANIMATIC_MODEL);
  return model && text.trim() ? estimateCredits(model, { text }) : 0;
}
