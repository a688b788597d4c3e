/**
 * ElevenLabs' text-to-speech endpoint, as documented: POST /v1/text-to-speech/{voice_id}?output_format=…
 * with `xi-api-key`, JSON {text, model_id, voice_settings?, seed?}; answers audio/mpeg bytes (or raw PCM for
 * pcm_* formats). Errors are {detail: {status, message}}; a used-up quota is a 401 'quota_exceeded'.
 * Dubbing: POST /v1/dubbing (multipart: file, target_lang, source_lang, num_speakers, …) → {dubbing_id,
 * expected_duration_sec}; GET /v1/dubbing/{id} → status 'dubbing' then 'dubbed' (or 'failed' with error);
 * GET /v1/dubbing/{id}/audio/{lang} → the dubbed file (MP4 for a video source, MP3 for audio); DELETE drops it.
 */
import { type FakeServer, sendBytes, sendJson, startFakeServer } from "./fakeServer";
import type { IncomingMessage, ServerResponse } from "node:http";
import { sampleMp3, sampleMp4, samplePcm } from "./sampleMedia";

export interface ElevenLabsFakeOptions {
  key: string;
  /** Answer every call like an account whose character quota is used up. */
  quotaExceeded?: boolean;
}

/** A dubbing job as the fake received it: the form's fields and the uploaded file. */
export interface FakeDub {
  id: string;
  fields: Record<string, string>;
  file: { name: string; type: string; bytes: Buffer };
  polls: number;
  deleted: boolean;
}

export type ElevenLabsFake = FakeServer & { quotaExceeded: boolean; dubs: FakeDub[]; dubbingFails: string | null };

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
    async handle({ req, res, url, json, body: raw }) {
      if (url.pathname.startsWith("/v1/dubbing")) return dubbing(req, res, url, raw);
      const tts = /^\/v1\/text-to-speech\/([^/]+)$/.exec(url.pathname);
      if (!tts || req.method !== "POST") return false;
      if (fake?.quotaExceeded) {
        return sendJson(res, 401, {
          detail: { status: "quota_exceeded", message: "This request exceeds your quota of 10000. You have 0 credits remaining." },
        });
      }
      const body = json() as { text?: string };
      if (!body.text) return sendJson(res, 422, { detail: [{ loc: ["body", "text"], msg: "Field required", type: "missing" }] });
      const format = url.searchParams.get("output_format") ?? "mp3_44100_128";
      if (format.startsWith("pcm_")) return sendBytes(res, "application/octet-stream", samplePcm());
      return sendBytes(res, "audio/mpeg", sampleMp3(tts[1]));
    },
  });
  const dubs: FakeDub[] = [];
  fake = Object.assign(server, { quotaExceeded: options.quotaExceeded ?? false, dubs, dubbingFails: null as string | null });

  async function dubbing(req: IncomingMessage, res: ServerResponse, url: URL, body: Buffer) {
    if (url.pathname === "/v1/dubbing" && req.method === "POST") {
      const form = await new Request(url, {
        method: "POST",
        headers: req.headers as Record<string, string>,
        body: new Uint8Array(body),
      }).formData();
      const file = form.get("file");
      if (!(file instanceof Blob))
        return sendJson(res, 400, { detail: { status: "invalid_request", message: "Either file or source_url must be provided" } });
      if (!form.get("target_lang"))
        return sendJson(res, 422, { detail: [{ loc: ["body", "target_lang"], msg: "Field required", type: "missing" }] });
      const fields = Object.fromEntries([...form.entries()].filter(([, v]) => typeof v === "string")) as Record<string, string>;
      const dub: FakeDub = {
        id: `dub-${dubs.length + 1}`,
        fields,
        file: { name: (file as File).name, type: file.type, bytes: Buffer.from(await file.arrayBuffer()) },
        polls: 0,
        deleted: false,
      };
      dubs.push(dub);
      return sendJson(res, 200, { dubbing_id: dub.id, expected_duration_sec: 2 });
    }
    const one = /^\/v1\/dubbing\/([^/]+)(?:\/audio\/([^/]+))?$/.exec(url.pathname);
    const dub = one && dubs.find((d) => d.id === one[1] && !d.deleted);
    if (!one || !dub) return sendJson(res, 404, { detail: { status: "dubbing_not_found", message: "Dubbing not found" } });
    if (req.method === "DELETE" && !one[2]) {
      dub.deleted = true;
      return sendJson(res, 200, { status: "ok" });
    }
    if (req.method !== "GET") return false;
    if (!one[2]) {
      dub.polls += 1;
      if (fake?.dubbingFails)
        return sendJson(res, 200, {
          dubbing_id: dub.id,
          name: dub.fields.name,
          status: "failed",
          target_languages: [dub.fields.target_lang],
          error: fake.dubbingFails,
        });
      const status = dub.polls < 2 ? "dubbing" : "dubbed";
      return sendJson(res, 200, { dubbing_id: dub.id, name: dub.fields.name, status, target_languages: [dub.fields.target_lang] });
    }
    if (one[2] !== dub.fields.target_lang)
      return sendJson(res, 404, { detail: { status: "language_not_found", message: "Language not dubbed" } });
    return dub.file.type.startsWith("video/")
      ? sendBytes(res, "video/mp4", sampleMp4(`${dub.id}-${one[2]}`))
      : sendBytes(res, "audio/mpeg", sampleMp3(`${dub.id}-${one[2]}`));
  }
  return fake;
}
