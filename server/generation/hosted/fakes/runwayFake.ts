/**
 * Runway's developer API, as documented: every call needs `Authorization: Bearer` and `X-Runway-Version`;
 * POST /v1/image_to_video and /v1/character_performance answer {id}; GET /v1/tasks/{id} walks PENDING →
 * RUNNING (progress 0–1) → SUCCEEDED with `output` URLs (served here under /files/, like Runway's signed CDN
 * links), or FAILED with failure/failureCode; DELETE /v1/tasks/{id} cancels. Errors are {error}.
 */
import { type FakeServer, sendBytes, sendJson, startFakeServer } from "./fakeServer";
import { sampleMp4 } from "./sampleMedia";

interface RunwayJob {
  id: string;
  path: string;
  body: Record<string, unknown>;
  polls: number;
  deleted: boolean;
}

export interface RunwayFakeOptions {
  key: string;
  version: string;
  pollsToComplete?: number;
  failure?: { failure: string; failureCode: string };
}

export type RunwayFake = FakeServer & { jobs: RunwayJob[] };

const ERRORS: Record<number, unknown> = {
  400: { error: "Missing or invalid X-Runway-Version header." },
  401: { error: "Incorrect API key provided." },
  402: { error: "You do not have enough credits to run this task." },
  404: { error: "Not found." },
  429: { error: "You have exceeded the rate limit." },
};

export async function startRunwayFake(options: RunwayFakeOptions): Promise<RunwayFake> {
  const jobs: RunwayJob[] = [];
  const pollsToComplete = options.pollsToComplete ?? 3;

  const server = await startFakeServer({
    errorBody: (status) => ERRORS[status] ?? { error: "An unexpected error occurred." },
    authorized: (req, url) => url.pathname.startsWith("/files/") || req.headers.authorization === `Bearer ${options.key}`,
    handle({ req, res, url, origin, json }) {
      const file = /^\/files\/(task-\d+)\.mp4$/.exec(url.pathname);
      if (file && req.method === "GET") return sendBytes(res, "video/mp4", sampleMp4(file[1]));
      if (req.headers["x-runway-version"] !== options.version) return sendJson(res, 400, ERRORS[400]);
      if (req.method === "POST" && (url.pathname === "/v1/image_to_video" || url.pathname === "/v1/character_performance")) {
        const job: RunwayJob = { id: `task-${jobs.length + 1}`, path: url.pathname, body: json(), polls: 0, deleted: false };
        jobs.push(job);
        return sendJson(res, 200, { id: job.id });
      }
      const task = /^\/v1\/tasks\/([^/]+)$/.exec(url.pathname);
      const job = task && jobs.find((j) => j.id === task[1] && !j.deleted);
      if (!job) return false;
      if (req.method === "DELETE") {
        job.deleted = true;
        res.writeHead(204).end();
        return;
      }
      job.polls += 1;
      const common = { id: job.id, createdAt: "2025-01-01T00:00:00.000Z" };
      if (job.polls === 1) return sendJson(res, 200, { ...common, status: "PENDING" });
      if (job.polls < pollsToComplete) return sendJson(res, 200, { ...common, status: "RUNNING", progress: 0.5 });
      if (options.failure) return sendJson(res, 200, { ...common, status: "FAILED", ...options.failure });
      return sendJson(res, 200, { ...common, status: "SUCCEEDED", output: [`${origin}/files/${job.id}.mp4?_jwt=signed`] });
    },
  });

  return Object.assign(server, { jobs });
}
