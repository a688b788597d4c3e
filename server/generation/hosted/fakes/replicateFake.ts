/**
 * Replicate's HTTP API, as documented: POST /v1/models/{owner}/{name}/predictions {input} → 201 with a
 * prediction (id, status 'starting', urls.get, urls.cancel); GET /v1/predictions/{id} walks starting →
 * processing (logs with a tqdm bar) → succeeded with `output` as a list of file URLs (served here under
 * /files/, like replicate.delivery). POST urls.cancel cancels. Errors are problem details {title, detail, status}.
 */
import { bearer, type FakeServer, sendBytes, sendJson, startFakeServer } from "./fakeServer";
import { samplePng } from "./sampleMedia";

interface ReplicateJob {
  id: string;
  model: string;
  input: Record<string, unknown>;
  polls: number;
  canceled: boolean;
}

export interface ReplicateFakeOptions {
  key: string;
  pollsToComplete?: number;
  /** The prediction ends 'failed' with this error instead of succeeding. */
  failWithError?: string;
}

export type ReplicateFake = FakeServer & { jobs: ReplicateJob[] };

const ERRORS: Record<number, { title: string; detail: string }> = {
  401: { title: "Unauthenticated", detail: "You did not pass a valid authentication token" },
  402: {
    title: "Insufficient credit",
    detail: "You have insufficient credit to run this model. Go to https://replicate.com/account/billing#billing to purchase credit.",
  },
  404: { title: "Not found", detail: "The requested resource could not be found." },
  429: { title: "Request was throttled", detail: "Request was throttled. Expected available in 1 second." },
};

export async function startReplicateFake(options: ReplicateFakeOptions): Promise<ReplicateFake> {
  const jobs: ReplicateJob[] = [];
  const files = new Map<string, Buffer>();
  const pollsToComplete = options.pollsToComplete ?? 3;
  const auth = bearer(options.key);

  const server = await startFakeServer({
    errorBody: (status) => ({ ...(ERRORS[status] ?? { title: "Internal Server Error", detail: "Something went wrong" }), status }),
    authorized: (req, url) => url.pathname.startsWith("/files/") || auth(req),
    handle({ req, res, url, origin, json }) {
      const file = /^\/files\/(.+)$/.exec(url.pathname);
      if (file && req.method === "GET") {
        const bytes = files.get(file[1]!);
        return bytes ? sendBytes(res, "image/png", bytes) : false;
      }
      const create = /^\/v1\/models\/([^/]+\/[^/]+)\/predictions$/.exec(url.pathname);
      if (create && req.method === "POST") {
        const job: ReplicateJob = { id: `p${jobs.length + 1}`, model: create[1]!, input: json().input, polls: 0, canceled: false };
        jobs.push(job);
        return sendJson(res, 201, view(job, origin));
      }
      const get = /^\/v1\/predictions\/([^/]+)(\/cancel)?$/.exec(url.pathname);
      const job = get && jobs.find((j) => j.id === get[1]);
      if (!job) return false;
      if (get![2] && req.method === "POST") {
        job.canceled = true;
        return sendJson(res, 200, view(job, origin));
      }
      job.polls += 1;
      return sendJson(res, 200, view(job, origin));
    },
  });

  function view(job: ReplicateJob, origin: string) {
    const urls = {
      get: `${origin}/v1/predictions/${job.id}`,
      cancel: `${origin}/v1/predictions/${job.id}/cancel`,
      stream: `${origin}/stream/${job.id}`,
    };
    const common = { id: job.id, model: job.model, version: "hidden", input: job.input, urls, created_at: "2025-01-01T00:00:00Z" };
    if (job.canceled) return { ...common, status: "canceled", output: null, error: null, logs: "" };
    if (job.polls === 0) return { ...common, status: "starting", output: null, error: null, logs: "" };
    if (job.polls < pollsToComplete)
      return { ...common, status: "processing", output: null, error: null, logs: "Using seed: 42\n 50%|█████     | 2/4 [00:00<00:00]" };
    if (options.failWithError) return { ...common, status: "failed", output: null, error: options.failWithError, logs: "" };
    const count = Number(job.input.num_outputs ?? 1);
    const output = Array.from({ length: count }, (_, i) => {
      const name = `${job.id}-out-${i}.png`;
      files.set(name, samplePng(name));
      return `${origin}/files/${name}`;
    });
    return { ...common, status: "succeeded", output, error: null, logs: "100%|██████████| 4/4", metrics: { predict_time: 0.5 } };
  }

  return Object.assign(server, { jobs });
}
