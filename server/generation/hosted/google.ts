/**
 * The Gemini API (https://generativelanguage.googleapis.com/v1beta), key in `x-goog-api-key`:
 * - Gemini text: POST models/{model}:generateContent → candidates[].content.parts[].text;
 * - Imagen 4: POST models/{model}:predict {instances:[{prompt}], parameters} → predictions[].bytesBase64Encoded;
 * - Veo: POST models/{model}:predictLongRunning → an operation {name}; GET /v1beta/{name} until done, then
 *   response.generateVideoResponse.generatedSamples[].video.uri, downloaded with the key (Google's own host).
 */
import type { Engine, EngineRequest, EngineResult, MediaBytes } from "../engine";
import { type EngineTiming, providerClient, type ProviderClient, timing, trimSlash } from "./http";
import { asStrings, buildInput, inlineMedia, outputType, promptWithContext } from "./inputs";
import { findFileUrls } from "./outputs";
import { type Classifier, missingKey, noContent } from "./providerErrors";

const GOOGLE_BASE_URL = "https://generativelanguage.googleapis.com/v1beta";
const NAME = "Google";

const DEFAULTS: EngineTiming = { pollIntervalMs: 5_000, maxPollIntervalMs: 15_000, requestTimeoutMs: 300_000, jobTimeoutMs: 20 * 60_000 };

/** Our catalogue ids → the Gemini API's model names. */
const MODEL_NAMES: Record<string, string> = {
  "google/gemini-2.5-flash": "gemini-2.5-flash",
  "google/gemini-2.5-pro": "gemini-2.5-pro",
  "google/imagen-4": "imagen-4.0-generate-001",
  "google/imagen-4-ultra": "imagen-4.0-ultra-generate-001",
  "google/imagen-4-fast": "imagen-4.0-fast-generate-001",
  "google/veo-2": "veo-2.0-generate-001",
  "google/veo-3": "veo-3.0-generate-001",
  "google/veo-3-fast": "veo-3.0-fast-generate-001",
};

/** Google answers a bad key with 400 INVALID_ARGUMENT, reason API_KEY_INVALID, not 401. */
const classify: Classifier = (status, body) =>
  status === 400 && /API_KEY_INVALID|API key not valid/.test(JSON.stringify(body ?? "")) ? "auth" : undefined;

type Call = { http: ProviderClient; base: string; headers: Record<string, string>; model: string; timing: EngineTiming };

export function createGoogleEngine(overrides: Partial<EngineTiming> = {}): Engine {
  const t = timing(DEFAULTS, overrides);
  return {
    provider: "google",
    async run(request: EngineRequest): Promise<EngineResult> {
      const key = request.credentials.apiKey;
      if (!key) throw missingKey(NAME);
      const model = MODEL_NAMES[request.model.id] ?? request.model.id.replace(/^google\//, "");
      const base = trimSlash(request.credentials.baseUrl ?? GOOGLE_BASE_URL);
      const http = providerClient({ name: NAME, signal: request.signal, timeoutMs: t.requestTimeoutMs, secrets: [key], classify });
      const call: Call = { http, base, headers: { "x-goog-api-key": key }, model, timing: t };
      const kind = outputType(request.model);
      if (kind === "text") return gemini(request, call);
      if (kind === "video") return veo(request, call);
      return imagen(request, call);
    },
  };
}

interface GenerateContentAnswer {
  candidates?: { content?: { parts?: { text?: string; thought?: boolean }[] }; finishReason?: string }[];
  promptFeedback?: { blockReason?: string };
}

async function gemini(request: EngineRequest, { http, base, headers, model }: Call): Promise<EngineResult> {
  const input = await buildInput(request, { keepMediaUrls: true });
  const images = await Promise.all(asStrings(input.image).map((url) => inlineMedia(request, url)));
  const generationConfig: Record<string, unknown> = { seed: request.seed >>> 0 };
  for (const field of ["temperature", "topP", "maxOutputTokens"] as const)
    if (input[field] !== undefined) generationConfig[field] = input[field];
  const body: Record<string, unknown> = {
    contents: [{ role: "user", parts: [{ text: promptWithContext(request) }, ...images.map((inlineData) => ({ inlineData }))] }],
    generationConfig,
  };
  if (typeof input.systemInstruction === "string" && input.systemInstruction.trim()) {
    body.systemInstruction = { parts: [{ text: input.systemInstruction }] };
  }

  request.onProgress({ message: "Writing…" });
  const answer = await http.json<GenerateContentAnswer>(`${base}/models/${model}:generateContent`, { method: "POST", headers, json: body });
  if (answer.promptFeedback?.blockReason) throw http.failed(`the prompt was blocked (${answer.promptFeedback.blockReason})`);
  const candidate = answer.candidates?.[0];
  // Thought summaries are the model's scratch work, not the answer.
  const text = (candidate?.content?.parts ?? [])
    .filter((p) => !p.thought && typeof p.text === "string")
    .map((p) => p.text)
    .join("");
  if (!text.trim()) {
    if (candidate?.finishReason && candidate.finishReason !== "STOP")
      throw http.failed(`the answer was stopped (${candidate.finishReason})`);
    throw noContent();
  }
  return { kind: "text", texts: [text] };
}

interface PredictAnswer {
  predictions?: { bytesBase64Encoded?: string; mimeType?: string; raiFilteredReason?: string }[];
}

async function imagen(request: EngineRequest, { http, base, headers, model }: Call): Promise<EngineResult> {
  const { prompt, ...parameters } = await buildInput(request);
  request.onProgress({ message: "Generating with Imagen…" });
  const answer = await http.json<PredictAnswer>(`${base}/models/${model}:predict`, {
    method: "POST",
    headers,
    json: { instances: [{ prompt: prompt ?? request.prompt }], parameters },
  });
  const predictions = answer.predictions ?? [];
  const files: MediaBytes[] = predictions
    .filter((p) => p.bytesBase64Encoded)
    .map((p) => ({ bytes: Buffer.from(p.bytesBase64Encoded!, "base64"), contentType: p.mimeType ?? "image/png" }));
  if (files.length === 0) {
    const filtered = predictions.find((p) => p.raiFilteredReason)?.raiFilteredReason;
    if (filtered) throw http.failed(filtered);
    throw noContent();
  }
  return { kind: "media", mediaType: "image", files };
}

interface Operation {
  name?: string;
  done?: boolean;
  error?: { code?: number; message?: string };
  response?: { generateVideoResponse?: { generatedSamples?: { video?: { uri?: string } }[]; raiMediaFilteredReasons?: string[] } };
}

async function veo(request: EngineRequest, { http, base, headers, model, timing: t }: Call): Promise<EngineResult> {
  const { prompt, image, ...parameters } = await buildInput(request, { keepMediaUrls: true });
  const instance: Record<string, unknown> = { prompt: prompt ?? request.prompt };
  if (typeof image === "string") {
    const { data, mimeType } = await inlineMedia(request, image);
    instance.image = { bytesBase64Encoded: data, mimeType };
  }
  // Veo 3 takes exactly one people setting per mode: allow_all from text, allow_adult from an image.
  if (model.startsWith("veo-3")) parameters.personGeneration = instance.image ? "allow_adult" : "allow_all";

  request.onProgress({ message: "Submitting to Veo…" });
  const started = await http.json<Operation>(`${base}/models/${model}:predictLongRunning`, {
    method: "POST",
    headers,
    json: { instances: [instance], parameters },
  });
  if (!started.name) throw http.failed("no operation in the answer");

  const done = await http.poll(
    async () => {
      const op = await http.json<Operation>(`${base}/${started.name}`, { headers });
      if (!op.done) {
        request.onProgress({ message: "Generating video…" });
        return undefined;
      }
      if (op.error) throw http.failed(op.error.message ?? `error ${op.error.code}`);
      return op;
    },
    { intervalMs: t.pollIntervalMs, maxIntervalMs: t.maxPollIntervalMs, deadlineMs: t.jobTimeoutMs },
  );

  const result = done.response?.generateVideoResponse;
  const urls = findFileUrls(
    (result?.generatedSamples ?? []).map((s) => s.video?.uri),
    "video",
  );
  if (urls.length === 0) {
    const filtered = result?.raiMediaFilteredReasons?.[0];
    if (filtered) throw http.failed(filtered);
    throw noContent();
  }
  request.onProgress({ percent: 100, message: "Downloading result…" });
  // The file is served by the Gemini API itself and needs the key; never send the key anywhere else.
  const sameOrigin = (url: string) => new URL(url).origin === new URL(base).origin;
  const files = await Promise.all(
    urls.map((url) => http.download(url, { headers: sameOrigin(url) ? headers : {}, fallbackType: "video/mp4" })),
  );
  return { kind: "media", mediaType: "video", files };
}

export const googleEngine = createGoogleEngine();
