/**
 * fal's queue API, as documented: POST https://queue.fal.run/{model id} answers request_id with
 * status_url / response_url / cancel_url under the app's owner/alias; the status walks IN_QUEUE (with
 * queue_position) → IN_PROGRESS (with logs when ?logs=1) → COMPLETED; GET response_url gives the model's
 * output with file URLs on fal's CDN (here /files/…, no key needed). Key: `Authorization: Key …`.
 */
import { type FakeServer, sendBytes, sendJson, startFakeServer } from "./fakeServer";
import { sampleGlb, sampleMp4, samplePng } from "./sampleMedia";

interface FalJob {
  id: string;
  app: string;
  modelId: string;
  input: Record<string, unknown>;
  polls: number;
  cancelled: boolean;
}

export interface FalFakeOptions {
  key: string;
  /** Status polls before COMPLETED (Infinity: never completes). */
  pollsToComplete?: number;
  /** The result endpoint fails like a failed model run (fal answers the error with a status and detail). */
  resultError?: { status: number; body: unknown };
  /** Jobs whose result fails like a model run that broke (500), chosen per job (the ledger chaos run: 30%). */
  fails?: (job: { id: string; modelId: string; input: Record<string, unknown> }) => boolean;
}

export type FalFake = FakeServer & { jobs: FalJob[]; files: Map<string, { type: string; bytes: Buffer }> };

const ERRORS: Record<number, unknown> = {
  401: { detail: "No user found for Key ID and Secret" },
  402: { detail: "Insufficient balance" },
  403: { detail: "User is locked. Reason: Exhausted balance. Top up your balance at fal.ai/dashboard/billing." },
  404: { detail: "Not Found" },
  429: { detail: "Too many requests" },
};

const kindOf = (modelId: string) =>
  /try-?on/.test(modelId)
    ? "image"
    : /rodin|trellis|hunyuan3d|tripo/.test(modelId)
      ? "3d"
      : /video|kling|luma|hailuo|omnihuman|vace|lipsync/.test(modelId)
        ? "video"
        : "image";

export async function startFalFake(options: FalFakeOptions): Promise<FalFake> {
  const jobs: FalJob[] = [];
  const files = new Map<string, { type: string; bytes: Buffer }>();
  const pollsToComplete = options.pollsToComplete ?? 3;

  const server = await startFakeServer({
    errorBody: (status) => ERRORS[status] ?? { detail: "Internal Server Error" },
    authorized: (req, url) => url.pathname.startsWith("/files/") || req.headers.authorization === `Key ${options.key}`,
    handle({ req, res, url, origin, json }) {
      const files_ = /^\/files\/(.+)$/.exec(url.pathname);
      if (files_ && req.method === "GET") {
        const file = files.get(files_[1]!);
        if (!file) return false;
        return sendBytes(res, file.type, file.bytes);
      }
      const request = /^\/(.+?)\/requests\/([^/]+)(\/status|\/cancel)?$/.exec(url.pathname);
      if (request) {
        const job = jobs.find((j) => j.id === request[2] && j.app === request[1]);
        if (!job) return false;
        const base = `${origin}/${job.app}/requests/${job.id}`;
        if (request[3] === "/cancel" && req.method === "PUT") {
          job.cancelled = true;
          return sendJson(res, 202, { status: "CANCELLATION_REQUESTED" });
        }
        if (request[3] === "/status" && req.method === "GET") {
          job.polls += 1;
          const logs = url.searchParams.get("logs") === "1";
          if (job.polls === 1) return sendJson(res, 202, { status: "IN_QUEUE", queue_position: 1, response_url: base });
          if (job.polls < pollsToComplete || job.cancelled) {
            return sendJson(res, 202, {
              status: "IN_PROGRESS",
              response_url: base,
              logs: logs
                ? [
                    { message: "Loading weights", level: "INFO", timestamp: "2025-01-01T00:00:00Z" },
                    { message: " 40%|████      | 11/28 [00:02<00:03]", level: "INFO", timestamp: "2025-01-01T00:00:01Z" },
                  ]
                : null,
            });
          }
          return sendJson(res, 200, { status: "COMPLETED", response_url: base, logs: null });
        }
        if (!request[3] && req.method === "GET") {
          if (options.resultError) return sendJson(res, options.resultError.status, options.resultError.body);
          if (options.fails?.(job)) return sendJson(res, 500, { detail: "Internal Server Error" });
          return sendJson(res, 200, resultFor(job, origin));
        }
        return false;
      }
      if (req.method === "POST") {
        const modelId = url.pathname.slice(1);
        const app = modelId.split("/").slice(0, 2).join("/");
        const job: FalJob = { id: `req-${jobs.length + 1}`, app, modelId, input: json(), polls: 0, cancelled: false };
        jobs.push(job);
        const base = `${origin}/${app}/requests/${job.id}`;
        return sendJson(res, 200, {
          request_id: job.id,
          response_url: base,
          status_url: `${base}/status`,
          cancel_url: `${base}/cancel`,
          queue_position: 0,
        });
      }
      return false;
    },
  });

  function resultFor(job: FalJob, origin: string) {
    const kind = kindOf(job.modelId);
    const put = (name: string, type: string, bytes: Buffer) => {
      files.set(name, { type, bytes });
      return { url: `${origin}/files/${name}`, content_type: type, file_name: name, file_size: bytes.byteLength };
    };
    if (/lora.*training/.test(job.modelId)) {
      // fal's trainers answer the weights and the training config as files.
      return {
        diffusers_lora_file: put(`${job.id}.safetensors`, "application/octet-stream", Buffer.from(`safetensors:${job.id}`)),
        config_file: put(
          `${job.id}-config.json`,
          "application/json",
          Buffer.from(JSON.stringify({ trigger_word: job.input.trigger_word ?? null })),
        ),
      };
    }
    if (kind === "video") return { video: put(`${job.id}.mp4`, "video/mp4", sampleMp4(job.id)) };
    if (kind === "3d") {
      return {
        model_mesh: put(`${job.id}.glb`, "application/octet-stream", sampleGlb(job.id)),
        textures: [put(`${job.id}-albedo.png`, "image/png", samplePng(`${job.id}-albedo`))],
      };
    }
    const count = Number(job.input.num_images ?? 1);
    const images = Array.from({ length: count }, (_, i) => ({
      ...put(`${job.id}-${i}.png`, "image/png", samplePng(`${job.id}-${i}`)),
      width: 1,
      height: 1,
    }));
    return { images, seed: job.input.seed ?? 1, prompt: job.input.prompt, has_nsfw_concepts: images.map(() => false) };
  }

  return Object.assign(server, { jobs, files });
}
