/**
 * ElevenLabs text to speech (https://api.elevenlabs.io): POST /v1/text-to-speech/{voice_id}?output_format=…
 * with {text, model_id, voice_settings, seed} answers the audio bytes. Auth: `xi-api-key: {ELEVENLABS_API_KEY}`.
 * The pcm_* formats are raw samples; they are wrapped in a WAV header so browsers can play them.
 * The same engine runs the Voice Dubbing tool through ElevenLabs' dubbing API (elevenlabsDubbing.ts).
 */
import type { Engine, EngineRequest, EngineResult, MediaBytes } from "../engine";
import { type EngineTiming, providerClient, timing, trimSlash } from "./http";
import { DUBBING_MODEL_ID, DUBBING_TIMING, runDubbing } from "./elevenlabsDubbing";
import { spokenText } from "../../../domain/generation/spokenText";
import { buildInput } from "./inputs";
import { type Classifier, missingKey, noContent } from "./providerErrors";

export const ELEVENLABS_BASE_URL = "https://api.elevenlabs.io";
const NAME = "ElevenLabs";
/** Rachel, ElevenLabs' default voice, when no voice was chosen. */
const DEFAULT_VOICE = "21m00Tcm4TlvDq8ikWAM";

const DEFAULTS: EngineTiming = { pollIntervalMs: 0, maxPollIntervalMs: 0, requestTimeoutMs: 120_000, jobTimeoutMs: 120_000 };

/** ElevenLabs reports a used-up character quota as 401 {detail: {status: 'quota_exceeded'}}. */
const classify: Classifier = (status, body) => {
  const detail = (body as { detail?: { status?: string } } | null)?.detail;
  return status === 401 && detail?.status === "quota_exceeded" ? "credit" : undefined;
};

const VOICE_SETTINGS = ["stability", "similarity_boost", "style", "use_speaker_boost", "speed"] as const;

export function createElevenLabsEngine(overrides: Partial<EngineTiming> = {}): Engine {
  const t = timing(DEFAULTS, overrides);
  const dubbing = timing(DUBBING_TIMING, overrides);
  return {
    provider: "elevenlabs",
    async run(request: EngineRequest): Promise<EngineResult> {
      const key = request.credentials.apiKey;
      if (!key) throw missingKey(NAME);
      const base = trimSlash(request.credentials.baseUrl ?? ELEVENLABS_BASE_URL);
      const http = providerClient({ name: NAME, signal: request.signal, timeoutMs: t.requestTimeoutMs, secrets: [key], classify });
      // The Voice Dubbing tool: a long job of its own API (elevenlabsDubbing.ts).
      if (request.model.id === DUBBING_MODEL_ID) return runDubbing(request, http, base, key, dubbing);

      const input = await buildInput(request);
      // The prompt, else the Text parameter: the text the run was priced by.
      const text = spokenText(request.model, request);
      if (!text.trim()) throw http.failed("there is no text to speak");
      const voice = typeof input.voice_id === "string" && input.voice_id ? input.voice_id : DEFAULT_VOICE;
      const format = typeof input.output_format === "string" ? input.output_format : "mp3_44100_128";
      const voiceSettings = Object.fromEntries(VOICE_SETTINGS.filter((k) => input[k] !== undefined).map((k) => [k, input[k]]));
      const body = {
        text,
        model_id: request.model.id.replace(/^elevenlabs\//, ""),
        ...(Object.keys(voiceSettings).length > 0 ? { voice_settings: voiceSettings } : {}),
        // Same seed, same take (ElevenLabs takes 0 … 2³²−1).
        seed: typeof input.seed === "number" ? input.seed : request.seed >>> 0,
      };

      request.onProgress({ message: "Generating speech…" });
      const url = `${base}/v1/text-to-speech/${encodeURIComponent(voice)}?output_format=${encodeURIComponent(format)}`;
      const audio = await http.bytes(
        url,
        { method: "POST", headers: { "xi-api-key": key, Accept: "audio/*" }, json: body },
        { fallbackType: "audio/mpeg" },
      );
      if (audio.bytes.byteLength === 0) throw noContent();
      return { kind: "media", mediaType: "audio", files: [format.startsWith("pcm_") ? pcmToWav(audio, format) : audio] };
    },
  };
}

/** pcm_{rate}: signed 16-bit little-endian mono samples → a playable WAV file. */
export function pcmToWav(pcm: MediaBytes, format: string): MediaBytes {
  const rate = Number(format.split("_")[1]) || 24_000;
  const header = Buffer.alloc(44);
  header.write("RIFF", 0, "ascii");
  header.writeUInt32LE(36 + pcm.bytes.byteLength, 4);
  header.write("WAVE", 8, "ascii");
  header.write("fmt ", 12, "ascii");
  header.writeUInt32LE(16, 16); // fmt chunk size
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(rate, 24);
  header.writeUInt32LE(rate * 2, 28); // byte rate
  header.writeUInt16LE(2, 32); // block align
  header.writeUInt16LE(16, 34); // bits per sample
  header.write("data", 36, "ascii");
  header.writeUInt32LE(pcm.bytes.byteLength, 40);
  return { bytes: Buffer.concat([header, pcm.bytes]), contentType: "audio/wav" };
}

export const elevenLabsEngine = createElevenLabsEngine();
