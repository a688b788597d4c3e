/**
 * ElevenLabs voices for the animatic: whether this user can have them (a key of theirs, free,
 * or the studio's, charged), what they cost, and the speaker that calls ElevenLabs through its engine, a
 * premade voice per character, as raw PCM wrapped in WAV.
 */
import { lockedReason } from "../../domain/generation/api";
import { findModel } from "../../domain/generation/catalogue";
import { PROVIDER_LABELS } from "../../domain/providers/registry";
import { ELEVENLABS_ANIMATIC_MODEL, ELEVENLABS_VOICES, elevenLabsVoiceCredits, voiceIndexFor } from "../../domain/animatic/voices";
import type { GenerationDeps } from "../generation/deps";
import { ProviderError } from "../generation/engine";
import type { Speaker } from "./shotListAnimatic";

type Deps = Pick<GenerationDeps, "credentialsFor" | "engines">;

export interface ElevenLabsVoicesOffer {
  usable: boolean;
  /** Why not, when not usable ('Add an ElevenLabs key in Settings'). */
  reason?: string;
  /** What the lines cost: 0 on the user's own key. */
  credits: number;
  ownKey: boolean;
}

export async function elevenLabsOffer(deps: Deps, userId: string, lines: readonly string[]): Promise<ElevenLabsVoicesOffer> {
  const credentials = deps.engines.elevenlabs ? await deps.credentialsFor(userId, "elevenlabs") : null;
  if (!credentials) return { usable: false, reason: lockedReason(PROVIDER_LABELS.elevenlabs), credits: 0, ownKey: false };
  return { usable: true, credits: credentials.ownKey ? 0 : elevenLabsVoiceCredits(lines), ownKey: credentials.ownKey };
}

export async function elevenLabsSpeaker(deps: Deps, userId: string): Promise<Speaker> {
  const engine = deps.engines.elevenlabs;
  const model = findModel(ELEVENLABS_ANIMATIC_MODEL);
  const credentials = await deps.credentialsFor(userId, "elevenlabs");
  if (!engine || !model || !credentials) throw new ProviderError(lockedReason(PROVIDER_LABELS.elevenlabs));
  return async ({ speaker, text }, signal) => {
    const voice = ELEVENLABS_VOICES[voiceIndexFor(speaker, ELEVENLABS_VOICES.length)]!;
    const result = await engine.run({
      model,
      prompt: text,
      userPrompt: text,
      params: { text, voice_id: voice.id, output_format: "pcm_24000" },
      context: [],
      seed: 0,
      credentials,
      signal,
      onProgress: () => {},
      readMedia: () => Promise.reject(new ProviderError("A voice line reads no media")),
      publicUrl: async (url) => url,
    });
    return result.kind === "media" ? (result.files[0]?.bytes ?? null) : null;
  };
}
