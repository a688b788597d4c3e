/**
 * Replicate predictions (https://api.replicate.com/v1): POST /models/{owner}/{name}/predictions with
 * {input} → a prediction with urls.get / urls.cancel; poll urls.get through starting → processing →
 * succeeded | failed | canceled; the output is a file URL or a list of them. Auth: `Bearer {REPLICATE_API_TOKEN}`.
 */
import type { Engine, EngineRequest, EngineResult } from "../engine";
import { type EngineTiming, gaveUp, providerClient, timing, trimSlash } from "./http";
import { buildInput, outputType } from "./inputs";
import { findFileUrls, lastLine, percentFromLogs, progressReport } from "./outputs";
import { missingKey, noContent } from "./providerErrors";

export const REPLICATE_BASE_URL = "https://api.replicate.com/v1";
const NAME = "Replicate";

const DEFAULTS: EngineTiming = { pollIntervalMs: 1_000, maxPollIntervalMs: 5_000, requestTimeoutMs: 60_000, jobTimeoutMs: 20 * 60_000 };

interface Prediction {
  id: string;
  status: "starting" | "processing" | "succeeded" | "failed" | "canceled" | "aborted" | string;
  output?: unknown;
  error?: unknown;
  logs?: string | null;
  urls?: { get?: string; cancel?: string };
}

/** Our ids are 'replicate/{owner}/{name}'; Replicate's are '{owner}/{name}'. */
const replicateModel = (id: string) => id.replace(/^replicate\//, "");

export function createReplicateEngine(overrides: Partial<EngineTiming> = {}): Engine {
  const t = timing(DEFAULTS, overrides);
  return {
    provider: "replicate",
    async run(request: EngineRequest): Promise<EngineResult> {
      const key = request.credentials.apiKey;
      if (!key) throw missingKey(NAME);
      const base = trimSlash(request.credentials.baseUrl ?? REPLICATE_BASE_URL);
      const http = providerClient({ name: NAME, signal: request.signal, timeoutMs: t.requestTimeoutMs, secrets: [key] });
      const headers = { Authorization: `Bearer ${key}` };

      request.onProgress({ message: "Submitting to Replicate…" });
      const created = await http.json<Prediction>(`${base}/models/${replicateModel(request.model.id)}/predictions`, {
        method: "POST",
        headers,
        json: { input: await buildInput(request) },
      });
      if (!created.id) throw http.failed("no prediction id in the answer");
      const getUrl = created.urls?.get ?? `${base}/predictions/${created.id}`;
      const cancelUrl = created.urls?.cancel ?? `${base}/predictions/${created.id}/cancel`;

      let done: Prediction;
      try {
        done = await http.poll(
          async () => {
            const prediction = await http.json<Prediction>(getUrl, { headers });
            switch (prediction.status) {
              case "succeeded":
                return prediction;
              case "failed":
              case "canceled":
              case "aborted":
                throw http.failed(prediction.error ?? prediction.status);
              case "starting":
                request.onProgress({ message: "Starting the model…" });
                return undefined;
              default:
                request.onProgress(
                  progressReport(percentFromLogs(prediction.logs ?? ""), lastLine(prediction.logs ?? "") ?? "Generating…"),
                );
                return undefined;
            }
          },
          { intervalMs: t.pollIntervalMs, maxIntervalMs: t.maxPollIntervalMs, deadlineMs: t.jobTimeoutMs },
        );
      } catch (err) {
        // Replicate bills by the second: stop a prediction nobody waits for any more.
        if (gaveUp(err)) void http.bestEffort(cancelUrl, { method: "POST", headers });
        throw err;
      }

      const kind = outputType(request.model);
      if (kind === "text") {
        const text = Array.isArray(done.output) ? done.output.join("") : typeof done.output === "string" ? done.output : "";
        if (!text) throw noContent();
        return { kind: "text", texts: [text] };
      }
      const urls = findFileUrls(done.output, kind);
      if (urls.length === 0) throw noContent();
      request.onProgress({ percent: 100, message: "Downloading result…" });
      const files = await Promise.all(urls.map((url) => http.download(url)));
      return { kind: "media", mediaType: kind, files };
    },
  };
}

export const replicateEngine = createReplicateEngine();
