/**
 * The Gemini API (v1beta) as documented, key in `x-goog-api-key`: models/{m}:generateContent,
 * models/{m}:predict (Imagen: predictions[].bytesBase64Encoded), models/{m}:predictLongRunning (Veo: an
 * operation polled at GET /v1beta/{name} until done, with generatedSamples[].video.uri pointing at
 * /v1beta/files/{id}:download?alt=media, which also needs the key). Errors are {error: {code, message,
 * status}}; a bad key is 400 INVALID_ARGUMENT with reason API_KEY_INVALID.
 */
import { type FakeServer, sendBytes, sendJson, startFakeServer } from "./fakeServer";
import { sampleMp4, samplePng } from "./sampleMedia";

interface VeoJob {
  id: string;
  model: string;
  body: Record<string, unknown>;
  polls: number;
}

export interface GoogleFakeOptions {
  key: string;
  pollsToComplete?: number;
}

export type GoogleFake = FakeServer & { veoJobs: VeoJob[] };

const STATUS: Record<number, string> = {
  400: "INVALID_ARGUMENT",
  402: "FAILED_PRECONDITION",
  403: "PERMISSION_DENIED",
  404: "NOT_FOUND",
  429: "RESOURCE_EXHAUSTED",
  500: "INTERNAL",
};
const MESSAGES: Record<number, string> = {
  429: "Resource has been exhausted (e.g. check quota).",
  500: "An internal error has occurred. Please retry or report in https://developers.generativeai.google/guide/troubleshooting",
};

/** Google's error body for a status, as the Gemini API sends it (a bad key is a 400 with API_KEY_INVALID). */
export function googleErrorBody(code: number) {
  if (code === 400) {
    return {
      error: {
        code,
        message: "API key not valid. Please pass a valid API key.",
        status: "INVALID_ARGUMENT",
        details: [{ "@type": "type.googleapis.com/google.rpc.ErrorInfo", reason: "API_KEY_INVALID", domain: "googleapis.com" }],
      },
    };
  }
  return { error: { code, message: MESSAGES[code] ?? "The service is currently unavailable.", status: STATUS[code] ?? "UNAVAILABLE" } };
}

export async function startGoogleFake(options: GoogleFakeOptions): Promise<GoogleFake> {
  const veoJobs: VeoJob[] = [];
  const pollsToComplete = options.pollsToComplete ?? 3;

  const server = await startFakeServer({
    errorBody: googleErrorBody,
    unauthorizedStatus: 400,
    authorized: (req) => req.headers["x-goog-api-key"] === options.key,
    handle({ req, res, url, origin, json }) {
      const call = /^\/v1beta\/models\/([^/:]+):(generateContent|predict|predictLongRunning)$/.exec(url.pathname);
      if (call && req.method === "POST") {
        const [, model, method] = call;
        const body = json();
        if (method === "generateContent") {
          const parts = body.contents[0].parts as { text?: string; inlineData?: unknown }[];
          const images = parts.filter((p) => p.inlineData).length;
          return sendJson(res, 200, {
            candidates: [
              {
                content: {
                  role: "model",
                  parts: [{ text: "thinking…", thought: true }, { text: `FADE IN: ${parts[0]?.text} (${images} images)` }],
                },
                finishReason: "STOP",
              },
            ],
            usageMetadata: { promptTokenCount: 5, candidatesTokenCount: 7 },
            modelVersion: model,
          });
        }
        if (method === "predict") {
          const count = Number(body.parameters?.sampleCount ?? 1);
          return sendJson(res, 200, {
            predictions: Array.from({ length: count }, (_, i) => ({
              bytesBase64Encoded: samplePng(`imagen-${i}`).toString("base64"),
              mimeType: "image/png",
            })),
          });
        }
        const job: VeoJob = { id: `op-${veoJobs.length + 1}`, model: model!, body, polls: 0 };
        veoJobs.push(job);
        return sendJson(res, 200, { name: `models/${model}/operations/${job.id}` });
      }
      const operation = /^\/v1beta\/models\/([^/]+)\/operations\/([^/]+)$/.exec(url.pathname);
      const job = operation && veoJobs.find((j) => j.id === operation[2] && j.model === operation[1]);
      if (job && req.method === "GET") {
        job.polls += 1;
        const name = `models/${job.model}/operations/${job.id}`;
        if (job.polls < pollsToComplete) return sendJson(res, 200, { name });
        return sendJson(res, 200, {
          name,
          done: true,
          response: {
            "@type": "type.googleapis.com/google.ai.generativelanguage.v1beta.PredictLongRunningResponse",
            generateVideoResponse: { generatedSamples: [{ video: { uri: `${origin}/v1beta/files/${job.id}:download?alt=media` } }] },
          },
        });
      }
      const file = /^\/v1beta\/files\/([^/:]+):download$/.exec(url.pathname);
      if (file && req.method === "GET") return sendBytes(res, "video/mp4", sampleMp4(file[1]));
      return false;
    },
  });

  return Object.assign(server, { veoJobs });
}
