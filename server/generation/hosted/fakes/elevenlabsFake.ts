/**
 * ElevenLabs' text-to-speech endpoint, as documented: POST /v1/text-to-speech/{voice_id}?output_format=…
 * with `xi-api-key`, JSON {text, model_id, voice_settings?, seed?}; answers audio/mpeg bytes (or raw PCM for
 * pcm_* formats). Errors are {detail: {status, message}}; a used-up quota is a 401 'quota_exceeded'.
 */
import { type FakeServer, sendBytes, sendJson, startFakeServer } from "./fakeServer";
import { sampleMp3, samplePcm } from "./sampleMedia";

export interface ElevenLabsFakeOptions {
  key: string;
  /** Answer every call like an account whose character quota is used up. */
  quotaExceeded?: boolean;
}

export type ElevenLabsFake = FakeServer & { quotaExceeded: boolean };

const ERRORS: Record<number, unknown> = {
  401: { detail: { status: "invalid_api_key", message: "Invalid API key" } },
  402: { detail: { status: "payment_required", message: "Your subscription has no remaining credits." } },
  404: { detail: { status: "voice_not_found", message: "A voice with the voice_id was not found." } },
  429: { detail: { status: "too_many_concurrent_requests", message: "Too many concurrent requests." } },
};

export async function startElevenLabsFake(options: ElevenLabsFakeOptions): Promise<ElevenLabsFake> {
  let fake: ElevenLabsFake | undefined;
  const server = await startFakeServer({
    errorBody: (status) => ERRORS[status] ?? { detail: { status: "internal_error", message: "Internal server error" } },
    authorized: (req) => req.headers["xi-api-key"] === options.key,
    handle({ req, res, url, json }) {
      const tts = /^\/v1\/text-to-speech\/([^/]+)$/.exec(url.pathname);
      if (!tts || req.method !== "POST") return false;
      if (fake?.quotaExceeded) {
        return sendJson(res, 401, { detail: { status: "quota_exceeded", message: "This request exceeds your quota of 10000. You have 0 credits remaining." } });
      }
      const body = json() as { text?: string };
      if (!body.text) return sendJson(res, 422, { detail: [{ loc: ["body", "text"], msg: "Field required", type: "missing" }] });
      const format = url.searchParams.get("output_format") ?? "mp3_44100_128";
      if (format.startsWith("pcm_")) return sendBytes(res, "application/octet-stream", samplePcm());
      return sendBytes(res, "audio/mpeg", sampleMp3(tts[1]));
    },
  });
  fake = Object.assign(server, { quotaExceeded: options.quotaExceeded ?? false });
  return fake;
}
