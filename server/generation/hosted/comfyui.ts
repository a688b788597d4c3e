/**
 * A self-hosted ComfyUI server (COMFYUI_URL, default http://127.0.0.1:8188), through its own API:
 * img2img first uploads the input with POST /upload/image; the checkpoint defaults to the server's first
 * (GET /object_info/CheckpointLoaderSimple); POST /prompt {prompt: graph, client_id} queues the workflow;
 * progress arrives on the WebSocket /ws?clientId= as `progress` {value, max}; GET /history/{prompt_id}
 * gives the outputs, fetched with GET /view?filename=…&subfolder=…&type=output. A key, when set, is sent as
 * `Bearer` (servers behind an auth proxy).
 */
import { guardedLookup } from "../../net/pinnedFetch";
import { randomUUID } from "node:crypto";
import WebSocket from "ws";
import type { Engine, EngineRequest, EngineResult, ProgressReport } from "../engine";
import { buildComfyGraph, checkpointsIn, type ComfyGraph } from "./comfyWorkflow";
import { abortReason, displayUrl, type EngineTiming, gaveUp, type ProviderClient, selfHostedClient, sleep, timing } from "./http";
import { buildInput } from "./inputs";
import { describe, noContent } from "./providerErrors";

const COMFYUI_BASE_URL = "http://127.0.0.1:8188";
const NAME = "ComfyUI";

const DEFAULTS: EngineTiming = { pollIntervalMs: 1_000, maxPollIntervalMs: 5_000, requestTimeoutMs: 60_000, jobTimeoutMs: 30 * 60_000 };

interface ComfyImage {
  filename: string;
  subfolder?: string;
  type?: string;
}

interface HistoryEntry {
  outputs?: Record<string, { images?: ComfyImage[] }>;
  status?: { status_str?: string; completed?: boolean; messages?: [string, Record<string, unknown>][] };
}

const num = (v: unknown, fallback: number) => (typeof v === "number" && Number.isFinite(v) ? v : fallback);
const str = (v: unknown, fallback: string) => (typeof v === "string" && v.trim() ? v : fallback);

export function createComfyUIEngine(overrides: Partial<EngineTiming> = {}): Engine {
  const t = timing(DEFAULTS, overrides);
  return {
    provider: "comfyui",
    async run(request: EngineRequest): Promise<EngineResult> {
      const { key, base, http } = selfHostedClient(request, {
        name: NAME,
        defaultBaseUrl: COMFYUI_BASE_URL,
        timeoutMs: t.requestTimeoutMs,
        explain,
      });
      const headers: Record<string, string> = key ? { Authorization: `Bearer ${key}` } : {};
      const input = await buildInput(request, { keepMediaUrls: true });

      const image = typeof input.image === "string" ? await uploadInput(request, http, base, headers, input.image) : undefined;
      const checkpoint = str(input.ckpt_name, "") || (await firstCheckpoint(http, base, headers));

      const graph = buildComfyGraph({
        checkpoint,
        prompt: str(input.prompt, request.prompt),
        negative: str(input.negative_prompt, ""),
        seed: num(input.seed, request.seed >>> 0),
        steps: num(input.steps, 25),
        cfg: num(input.cfg, 7),
        sampler: str(input.sampler_name, "euler"),
        scheduler: str(input.scheduler, "normal"),
        width: num(input.width, 1024),
        height: num(input.height, 1024),
        batchSize: num(input.batch_size, 1),
        image,
        denoise: num(input.denoise, 0.75),
      });

      // Listen before queueing so no progress or completion message is missed.
      const clientId = randomUUID();
      const live = await openLiveUpdates(base, clientId, headers, graph, request, Math.min(t.requestTimeoutMs, 5_000));
      try {
        const queued = await http.json<{ prompt_id?: string }>(`${base}/prompt`, {
          method: "POST",
          headers,
          json: { prompt: graph, client_id: clientId },
        });
        const promptId = queued.prompt_id;
        if (!promptId) throw http.failed("no prompt id in the answer");
        live.follow(promptId);
        request.onProgress({ message: "Queued on ComfyUI…" });

        let entry: HistoryEntry;
        try {
          entry = await http.poll(
            async () => {
              const history = await http.json<Record<string, HistoryEntry>>(`${base}/history/${encodeURIComponent(promptId)}`, { headers });
              const found = history[promptId];
              if (!found) return undefined;
              if (found.status?.status_str === "error") throw http.failed(executionError(found) ?? "the workflow failed");
              return found.status?.completed === false ? undefined : found;
            },
            { intervalMs: t.pollIntervalMs, maxIntervalMs: t.maxPollIntervalMs, deadlineMs: t.jobTimeoutMs, wait: live.wait },
          );
        } catch (err) {
          if (gaveUp(err)) {
            // Take it off the queue if it is waiting, and stop it if it is the one running now.
            void http.bestEffort(`${base}/queue`, { method: "POST", headers, json: { delete: [promptId] } });
            void http.bestEffort(`${base}/interrupt`, { method: "POST", headers, json: { prompt_id: promptId } });
          }
          throw err;
        }

        const images = savedImages(entry);
        if (images.length === 0) throw noContent();
        request.onProgress({ percent: 100, message: "Fetching images…" });
        const files = await Promise.all(
          images.map((img) => {
            const query = new URLSearchParams({ filename: img.filename, subfolder: img.subfolder ?? "", type: img.type ?? "output" });
            return http.download(`${base}/view?${query}`, { headers, fallbackType: "image/png" });
          }),
        );
        return { kind: "media", mediaType: "image", files };
      } finally {
        live.close();
      }
    },
  };
}

/** POST /upload/image puts the input into ComfyUI's input folder; LoadImage then names it. */
async function uploadInput(
  request: EngineRequest,
  http: ProviderClient,
  base: string,
  headers: Record<string, string>,
  url: string,
): Promise<string> {
  request.onProgress({ message: "Uploading the input image…" });
  const media = await request.readMedia(url);
  const form = new FormData();
  const name = `reelgraph-${randomUUID()}.${media.contentType.split("/")[1] ?? "png"}`;
  form.append("image", new Blob([new Uint8Array(media.bytes)], { type: media.contentType }), name);
  form.append("type", "input");
  form.append("overwrite", "true");
  const uploaded = await http.json<{ name: string; subfolder?: string }>(`${base}/upload/image`, { method: "POST", headers, body: form });
  return uploaded.subfolder ? `${uploaded.subfolder}/${uploaded.name}` : uploaded.name;
}

/** The server's first checkpoint, for runs that did not choose one. */
async function firstCheckpoint(http: ProviderClient, base: string, headers: Record<string, string>): Promise<string> {
  const info = await http.json<unknown>(`${base}/object_info/CheckpointLoaderSimple`, { headers });
  const first = checkpointsIn(info)[0];
  if (!first) throw http.failed("the server has no checkpoint in models/checkpoints");
  return first;
}

/** Saved outputs in node order; 'temp' previews are not results. */
function savedImages(entry: HistoryEntry): ComfyImage[] {
  return Object.keys(entry.outputs ?? {})
    .sort((a, b) => Number(a) - Number(b))
    .flatMap((node) => entry.outputs?.[node]?.images ?? [])
    .filter((img) => (img.type ?? "output") === "output");
}

/** A refused workflow: ComfyUI's summary plus what each node objected to ("ckpt_name: 'x' not in list"). */
function explain(body: unknown): string {
  const answer = body as {
    error?: { message?: string };
    node_errors?: Record<string, { class_type?: string; errors?: { details?: string; message?: string }[] }>;
  } | null;
  if (!answer || typeof answer !== "object" || !answer.error) return describe(body);
  const nodes = Object.values(answer.node_errors ?? {}).flatMap((n) =>
    (n.errors ?? []).map((e) => `${n.class_type ?? "node"}: ${e.details || e.message || "invalid"}`),
  );
  return [answer.error.message, ...nodes].filter(Boolean).join(" — ");
}

/** The execution_error message from a failed run's history. */
function executionError(entry: HistoryEntry): string | undefined {
  const error = entry.status?.messages?.find(([type]) => type === "execution_error")?.[1];
  if (!error) return undefined;
  const node = typeof error.node_type === "string" ? `${error.node_type}: ` : "";
  return `${node}${String(error.exception_message ?? "error").trim()}`;
}

interface LiveUpdates {
  follow(promptId: string): void;
  /** Waits up to `ms`, or less when the socket says our prompt finished. */
  wait(ms: number): Promise<void>;
  close(): void;
}

/**
 * ComfyUI's WebSocket: `progress` {value, max} drives the percentage, `executing` names the node at work,
 * and `executing` with node null / `execution_success` / `execution_error` end the run (the history is then
 * read at once). Without a socket (proxy, old server) polling alone still finishes the job.
 */
async function openLiveUpdates(
  base: string,
  clientId: string,
  headers: Record<string, string>,
  graph: ComfyGraph,
  request: EngineRequest,
  connectTimeoutMs: number,
): Promise<LiveUpdates> {
  let promptId: string | undefined;
  let finished = false;
  let wake: (() => void) | undefined;
  const report = (r: ProgressReport) => request.onProgress(r);

  const url = `${base.replace(/^http/, "ws")}/ws?clientId=${encodeURIComponent(clientId)}`;
  const socket = new WebSocket(url, {
    headers,
    handshakeTimeout: connectTimeoutMs,
    ...(request.credentials.publicOnly ? { lookup: guardedLookup() } : {}),
  });
  const opened = await new Promise<boolean>((resolve) => {
    socket.once("open", () => resolve(true));
    socket.once("error", () => resolve(false));
    socket.once("close", () => resolve(false));
  });

  socket.on("message", (data, isBinary) => {
    if (isBinary) return; // preview images
    let message: { type?: string; data?: Record<string, unknown> };
    try {
      message = JSON.parse(data.toString());
    } catch {
      return;
    }
    const d = message.data ?? {};
    if (promptId && typeof d.prompt_id === "string" && d.prompt_id !== promptId) return;
    switch (message.type) {
      case "progress": {
        const value = Number(d.value);
        const max = Number(d.max);
        if (max > 0) report({ percent: Math.round((Math.min(value, max) / max) * 100), message: "Sampling…" });
        break;
      }
      case "executing":
        if (d.node === null || d.node === undefined) {
          finished = true;
          wake?.();
        } else {
          const node = graph[String(d.node)];
          report({ message: node ? `Running ${node.class_type}…` : "Running…" });
        }
        break;
      case "execution_success":
      case "execution_error":
      case "execution_interrupted":
        finished = true;
        wake?.();
        break;
    }
  });
  socket.on("error", () => undefined); // a dropped socket only loses live progress; polling continues

  return {
    follow: (id) => {
      promptId = id;
    },
    wait(ms) {
      // Once finished, the history may trail the socket by a moment: re-check soon, not in a tight loop.
      if (finished) return sleep(Math.min(ms, 100), request.signal);
      const { signal } = request;
      if (signal.aborted) return Promise.reject(abortReason(signal));
      return new Promise<void>((resolve, reject) => {
        const settle = () => {
          clearTimeout(timer);
          signal.removeEventListener("abort", onAbort);
          wake = undefined;
        };
        const onAbort = () => {
          settle();
          reject(abortReason(signal));
        };
        const timer = setTimeout(() => {
          settle();
          resolve();
        }, ms);
        signal.addEventListener("abort", onAbort, { once: true });
        wake = () => {
          settle();
          resolve();
        };
      });
    },
    close: () => {
      if (opened) socket.close();
      else socket.terminate();
    },
  };
}

export const comfyUIEngine = createComfyUIEngine();
