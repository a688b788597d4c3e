/**
 * Runway's API (https://api.dev.runwayml.com): POST /v1/image_to_video (Gen-4 Turbo) or
 * /v1/character_performance (Act Two) → {id}; poll GET /v1/tasks/{id} through PENDING / THROTTLED /
 * RUNNING (with progress 0–1) to SUCCEEDED with output URLs, or FAILED with failure and failureCode.
 * DELETE /v1/tasks/{id} cancels. Auth: `Bearer {RUNWAYML_API_SECRET}` plus the `X-Runway-Version` header.
 */
import type { Engine, EngineRequest, EngineResult, GenerationContextItem } from "../engine";
import { type EngineTiming, gaveUp, providerClient, timing, trimSlash } from "./http";
import { buildInput, kindOfUrl } from "./inputs";
import { findFileUrls } from "./outputs";
import { missingKey, noContent } from "./providerErrors";

export const RUNWAY_BASE_URL = "https://api.dev.runwayml.com";
/** The API version this engine speaks; Runway requires it on every call. */
export const RUNWAY_API_VERSION = "2024-11-06";
const NAME = "Runway";

const DEFAULTS: EngineTiming = { pollIntervalMs: 2_000, maxPollIntervalMs: 8_000, requestTimeoutMs: 60_000, jobTimeoutMs: 20 * 60_000 };

interface RunwayTask {
  id: string;
  status: "PENDING" | "THROTTLED" | "RUNNING" | "SUCCEEDED" | "FAILED" | "CANCELLED" | string;
  progress?: number;
  output?: string[];
  failure?: string;
  failureCode?: string;
}

/** Our catalogue id → Runway's endpoint and model name, and how the input object is shaped. */
const ROUTES: Record<
  string,
  { path: string; model: string; shape: (input: Record<string, unknown>, request: EngineRequest) => Record<string, unknown> }
> = {
  "runway/gen4-turbo": { path: "/v1/image_to_video", model: "gen4_turbo", shape: (input) => input },
  "runway/act-two": {
    path: "/v1/character_performance",
    model: "act_two",
    shape: (input, request) => ({
      ...input,
      // Act Two takes typed assets: the character may be an image or a video, the reference is a video.
      character: {
        type: assetType(String(input.character ?? ""), String(request.params.character ?? ""), request.context),
        uri: input.character,
      },
      reference: { type: "video", uri: input.reference },
    }),
  },
};

/** image or video for an asset: from its data URI or extension, else from the connected node it came from. */
function assetType(uri: string, original: string, context: GenerationContextItem[]): "image" | "video" {
  const kind = kindOfUrl(uri) ?? kindOfUrl(original) ?? context.find((c) => c.url === original)?.type;
  return kind === "video" ? "video" : "image";
}

export function createRunwayEngine(overrides: Partial<EngineTiming> = {}): Engine {
  const t = timing(DEFAULTS, overrides);
  return {
    provider: "runway",
    async run(request: EngineRequest): Promise<EngineResult> {
      const key = request.credentials.apiKey;
      if (!key) throw missingKey(NAME);
      const route = ROUTES[request.model.id];
      if (!route) throw new Error(`No Runway route for ${request.model.id}`);
      const base = trimSlash(request.credentials.baseUrl ?? RUNWAY_BASE_URL);
      const http = providerClient({ name: NAME, signal: request.signal, timeoutMs: t.requestTimeoutMs, secrets: [key] });
      const headers = { Authorization: `Bearer ${key}`, "X-Runway-Version": RUNWAY_API_VERSION };

      request.onProgress({ message: "Submitting to Runway…" });
      const body = { model: route.model, ...route.shape(await buildInput(request), request) };
      const created = await http.json<{ id?: string }>(`${base}${route.path}`, { method: "POST", headers, json: body });
      if (!created.id) throw http.failed("no task id in the answer");
      const taskUrl = `${base}/v1/tasks/${created.id}`;

      let task: RunwayTask;
      try {
        task = await http.poll(
          async () => {
            const current = await http.json<RunwayTask>(taskUrl, { headers });
            switch (current.status) {
              case "SUCCEEDED":
                return current;
              case "FAILED":
              case "CANCELLED":
                throw http.failed(current.failure ?? current.failureCode ?? current.status.toLowerCase());
              case "RUNNING":
                request.onProgress(
                  typeof current.progress === "number"
                    ? { percent: Math.round(Math.min(1, Math.max(0, current.progress)) * 100), message: "Generating video…" }
                    : { message: "Generating video…" },
                );
                return undefined;
              case "THROTTLED":
                request.onProgress({ message: "Waiting for a Runway slot…" });
                return undefined;
              default:
                request.onProgress({ message: "In queue…" });
                return undefined;
            }
          },
          { intervalMs: t.pollIntervalMs, maxIntervalMs: t.maxPollIntervalMs, deadlineMs: t.jobTimeoutMs },
        );
      } catch (err) {
        if (gaveUp(err)) void http.bestEffort(taskUrl, { method: "DELETE", headers });
        throw err;
      }

      const urls = findFileUrls(task.output ?? [], "video");
      if (urls.length === 0) throw noContent();
      request.onProgress({ percent: 100, message: "Downloading result…" });
      const files = await Promise.all(urls.map((url) => http.download(url, { fallbackType: "video/mp4" })));
      return { kind: "media", mediaType: "video", files };
    },
  };
}

export const runwayEngine = createRunwayEngine();
