/**
 * ElevenLabs dubbing (https://api.elevenlabs.io/v1/dubbing): POST a multipart form with the file and the
 * languages → {dubbing_id, expected_duration_sec}; poll GET /v1/dubbing/{id} until its status is 'dubbed'
 * (or 'failed', with an error); then GET /v1/dubbing/{id}/audio/{target_lang} answers the dubbed file: a
 * video for a video source, audio for audio. A job we stop waiting for is deleted so it is not kept.
 */
import type { EngineRequest, EngineResult } from "../engine";
import { type EngineTiming, gaveUp, type ProviderClient } from "./http";

/** Dubbing takes about as long as the clip or longer: poll gently, give up after half an hour. */
export const DUBBING_TIMING: EngineTiming = {
  pollIntervalMs: 3_000,
  maxPollIntervalMs: 15_000,
  requestTimeoutMs: 120_000,
  jobTimeoutMs: 30 * 60_000,
};

export const DUBBING_MODEL_ID = "elevenlabs/dubbing";

/** Form fields passed through as they are (booleans and numbers as text, as a multipart form has them). */
const PASSED = ["target_lang", "source_lang", "num_speakers", "drop_background_audio", "highest_resolution", "watermark"] as const;

interface DubbingStatus {
  dubbing_id?: string;
  status?: "dubbing" | "dubbed" | "failed" | string;
  error?: string | null;
}

export async function runDubbing(
  request: EngineRequest,
  http: ProviderClient,
  base: string,
  key: string,
  t: EngineTiming,
): Promise<EngineResult> {
  const { params } = request;
  const sourceUrl = typeof params.source_url === "string" ? params.source_url : "";
  if (!sourceUrl) throw http.failed("there is no video or audio to dub");
  const target = typeof params.target_lang === "string" ? params.target_lang : "";
  if (!target) throw http.failed("no language to dub into");
  const headers = { "xi-api-key": key };

  request.onProgress({ message: "Uploading to ElevenLabs…" });
  const source = await request.readMedia(sourceUrl);
  const isVideo = source.contentType.startsWith("video/");
  const form = new FormData();
  form.append(
    "file",
    new Blob([new Uint8Array(source.bytes)], { type: source.contentType }),
    `source.${source.contentType.split("/")[1]?.split(";")[0] || (isVideo ? "mp4" : "mp3")}`,
  );
  form.append("name", "Reelgraph dub");
  for (const field of PASSED) {
    const value = params[field];
    if (value !== undefined && value !== null && value !== "") form.append(field, String(value));
  }
  const created = await http.json<{ dubbing_id?: string; expected_duration_sec?: number }>(`${base}/v1/dubbing`, {
    method: "POST",
    headers,
    body: form,
  });
  const id = created.dubbing_id;
  if (!id) throw http.failed("no dubbing id in the answer");
  const expectedMs = Math.max(1, created.expected_duration_sec ?? 0) * 1000;
  const started = Date.now();

  try {
    await http.poll(
      async () => {
        const status = await http.json<DubbingStatus>(`${base}/v1/dubbing/${encodeURIComponent(id)}`, { headers });
        if (status.status === "dubbed") return status;
        if (status.status === "failed") throw http.failed(status.error || "dubbing failed");
        // ElevenLabs gives an expected duration, not progress: show the time passed against it, never 100%.
        const percent = Math.min(95, Math.round(((Date.now() - started) / expectedMs) * 100));
        request.onProgress({ percent, message: "Dubbing…" });
        return undefined;
      },
      { intervalMs: t.pollIntervalMs, maxIntervalMs: t.maxPollIntervalMs, deadlineMs: t.jobTimeoutMs },
    );
  } catch (err) {
    if (gaveUp(err)) void http.bestEffort(`${base}/v1/dubbing/${encodeURIComponent(id)}`, { method: "DELETE", headers });
    throw err;
  }

  request.onProgress({ percent: 100, message: "Downloading the dub…" });
  const dubbed = await http.bytes(
    `${base}/v1/dubbing/${encodeURIComponent(id)}/audio/${encodeURIComponent(target)}`,
    { headers },
    { fallbackType: isVideo ? "video/mp4" : "audio/mpeg" },
  );
  if (dubbed.bytes.byteLength === 0) throw http.failed("the dubbed file was empty");
  return { kind: "media", mediaType: dubbed.contentType.startsWith("video/") ? "video" : "audio", files: [dubbed] };
}
