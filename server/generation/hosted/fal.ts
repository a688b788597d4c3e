/**
 * fal.ai through its queue API (https://queue.fal.run): POST /{model id} → request_id with status_url,
 * response_url and cancel_url; poll the status (IN_QUEUE with queue_position, IN_PROGRESS with logs,
 * COMPLETED); GET the response and download the files it names. Auth: `Authorization: Key {FAL_KEY}`.
 */
import type { Engine, EngineRequest, EngineResult } from "../engine";
import { type EngineTiming, gaveUp, providerClient, timing, trimSlash } from "./http";
import { buildInput, outputType } from "./inputs";
import { findFileUrls, lastLine, percentFromLogs, progressReport } from "./outputs";
import { type Classifier, missingKey, noContent } from "./providerErrors";

export const FAL_BASE_URL = "https://queue.fal.run";
const NAME = "fal.ai";

const FAL_DEFAULTS: EngineTiming = { pollIntervalMs: 1_000, maxPollIntervalMs: 5_000, requestTimeoutMs: 60_000, jobTimeoutMs: 20 * 60_000 };

interface FalQueued {
  request_id: string;
  status_url?: string;
  response_url?: string;
  cancel_url?: string;
}

interface FalStatus {
  status: "IN_QUEUE" | "IN_PROGRESS" | "COMPLETED" | "FAILED" | "CANCELED" | "CANCELLED" | string;
  queue_position?: number;
  logs?: { message?: string }[] | null;
  error?: unknown;
}

/** fal locks an account whose balance ran out with a 403 "User is locked. Reason: Exhausted balance". */
const classify: Classifier = (status, body) =>
  status === 403 && /exhausted balance|top up your balance/i.test(JSON.stringify(body ?? "")) ? "credit" : undefined;

/** Status and result live under owner/alias without the endpoint's sub-path (fal-ai/flux/dev → fal-ai/flux). */
const appPath = (modelId: string) => modelId.split("/").slice(0, 2).join("/");

/** What a queue call needs from a run: its key and base URL, its signal and where progress goes. */
export type FalCall = Pick<EngineRequest, "credentials" | "signal" | "onProgress">;

/**
 * Submits one input to an endpoint of fal's queue, follows it to COMPLETED and answers fal's response with the
 * client that fetched it (so files it names are downloaded under the same signal and limits). Engines and the
 * LoRA trainer share it.
 */
export async function falQueueCall(call: FalCall, endpoint: string, input: Record<string, unknown>, t: EngineTiming) {
  const key = call.credentials.apiKey;
  if (!key) throw missingKey(NAME);
  const base = trimSlash(call.credentials.baseUrl ?? FAL_BASE_URL);
  const http = providerClient({ name: NAME, signal: call.signal, timeoutMs: t.requestTimeoutMs, secrets: [key], classify });
  const headers = { Authorization: `Key ${key}` };

  call.onProgress({ message: "Submitting to fal.ai…" });
  const queued = await http.json<FalQueued>(`${base}/${endpoint}`, { method: "POST", headers, json: input });
  if (!queued.request_id) throw http.failed("no request id in the queue's answer");
  const requestBase = `${base}/${appPath(endpoint)}/requests/${queued.request_id}`;
  const statusUrl = new URL(queued.status_url ?? `${requestBase}/status`);
  statusUrl.searchParams.set("logs", "1");

  try {
    await http.poll(
      async () => {
        const status = await http.json<FalStatus>(statusUrl.toString(), { headers });
        switch (status.status) {
          case "COMPLETED":
            if (status.error) throw http.failed(status.error);
            return status;
          case "IN_QUEUE":
            call.onProgress({ message: `In queue (${status.queue_position ?? 0} ahead)` });
            return undefined;
          case "IN_PROGRESS": {
            const logs = (status.logs ?? []).map((l) => l.message ?? "");
            call.onProgress(progressReport(percentFromLogs(logs), lastLine(logs) ?? "Generating…"));
            return undefined;
          }
          case "FAILED":
          case "CANCELED":
          case "CANCELLED":
            throw http.failed(status.error ?? status.status.toLowerCase());
          default:
            return undefined;
        }
      },
      { intervalMs: t.pollIntervalMs, maxIntervalMs: t.maxPollIntervalMs, deadlineMs: t.jobTimeoutMs },
    );
  } catch (err) {
    // A job we stopped waiting for would still be billed: ask fal to drop it (only works while queued).
    if (gaveUp(err)) void http.bestEffort(queued.cancel_url ?? `${requestBase}/cancel`, { method: "PUT", headers });
    throw err;
  }

  const answer = await http.json<Record<string, unknown>>(queued.response_url ?? requestBase, { headers });
  return { answer, http };
}

/** The fal engine, which also makes single queue calls for tools that are not model runs (the LoRA trainer). */
export interface FalEngine extends Engine {
  /** One queue call with this engine's timing; `longJob` allows up to an hour (training). */
  queueCall(
    call: FalCall,
    endpoint: string,
    input: Record<string, unknown>,
    options?: { longJob?: boolean },
  ): ReturnType<typeof falQueueCall>;
}

export const isFalEngine = (engine: Engine | undefined): engine is FalEngine =>
  typeof (engine as FalEngine | undefined)?.queueCall === "function";

export function createFalEngine(overrides: Partial<EngineTiming> = {}): FalEngine {
  const t = timing(FAL_DEFAULTS, overrides);
  return {
    provider: "fal",
    queueCall: (call, endpoint, input, options = {}) =>
      falQueueCall(call, endpoint, input, options.longJob ? { ...t, jobTimeoutMs: Math.max(t.jobTimeoutMs, 60 * 60_000) } : t),
    async run(request: EngineRequest): Promise<EngineResult> {
      const { answer, http } = await falQueueCall(request, request.model.id, await buildInput(request), t);
      const kind = outputType(request.model);
      if (kind === "text") {
        const text = typeof answer.output === "string" ? answer.output : typeof answer.text === "string" ? answer.text : "";
        if (!text) throw noContent();
        return { kind: "text", texts: [text] };
      }
      const urls = findFileUrls(answer, kind);
      if (urls.length === 0) throw noContent();
      request.onProgress({ percent: 100, message: "Downloading result…" });
      const files = await Promise.all(urls.map((url) => http.download(url)));
      return { kind: "media", mediaType: kind, files };
    },
  };
}

export const falEngine = createFalEngine();
