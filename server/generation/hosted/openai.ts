/**
 * OpenAI (https://api.openai.com/v1). gpt-image-1: POST /images/generations (JSON), or /images/edits
 * (multipart with image[] files) when reference images are connected; both answer data[].b64_json.
 * GPT-4o chat: the Responses API, POST /responses {model, input, instructions, temperature, top_p,
 * max_output_tokens}, the catalogue's parameter names. Auth: `Bearer {OPENAI_API_KEY}`.
 */
import type { Engine, EngineRequest, EngineResult, MediaBytes } from "../engine";
import { type EngineTiming, providerClient, type ProviderClient, timing, trimSlash } from "./http";
import { asStrings, buildInput, promptWithContext } from "./inputs";
import { type Classifier, missingKey, noContent } from "./providerErrors";

export const OPENAI_BASE_URL = "https://api.openai.com/v1";
const NAME = "OpenAI";

// Image generation is one long synchronous call (up to about two minutes at high quality).
const DEFAULTS: EngineTiming = { pollIntervalMs: 0, maxPollIntervalMs: 0, requestTimeoutMs: 300_000, jobTimeoutMs: 300_000 };

/** OpenAI answers a used-up balance with 429 'insufficient_quota' (images: 400 'billing_hard_limit_reached'). */
const classify: Classifier = (_status, body) => {
  const code = (body as { error?: { code?: string; type?: string } } | null)?.error;
  const tag = `${code?.code ?? ""} ${code?.type ?? ""}`;
  return /insufficient_quota|billing_hard_limit_reached/.test(tag) ? "credit" : undefined;
};

const IMAGE_FIELDS = ["n", "size", "quality", "background", "output_format"] as const;

interface ImagesAnswer {
  data?: { b64_json?: string; url?: string }[];
  output_format?: string;
}

interface ResponsesAnswer {
  status?: string;
  output?: { type?: string; content?: { type?: string; text?: string; refusal?: string }[] }[];
}

export function createOpenAIEngine(overrides: Partial<EngineTiming> = {}): Engine {
  const t = timing(DEFAULTS, overrides);
  return {
    provider: "openai",
    async run(request: EngineRequest): Promise<EngineResult> {
      const key = request.credentials.apiKey;
      if (!key) throw missingKey(NAME);
      const base = trimSlash(request.credentials.baseUrl ?? OPENAI_BASE_URL);
      const http = providerClient({ name: NAME, signal: request.signal, timeoutMs: t.requestTimeoutMs, secrets: [key], classify });
      const headers = { Authorization: `Bearer ${key}` };
      const model = request.model.id.replace(/^openai\//, "");
      return model.startsWith("gpt-image") ? image(request, http, base, headers, model) : chat(request, http, base, headers, model);
    },
  };
}

async function image(
  request: EngineRequest,
  http: ProviderClient,
  base: string,
  headers: Record<string, string>,
  model: string,
): Promise<EngineResult> {
  const input = await buildInput(request, { keepMediaUrls: true });
  const references = asStrings(input.image);
  const format = typeof input.output_format === "string" ? input.output_format : "png";
  request.onProgress({ message: references.length > 0 ? "Editing with GPT Image…" : "Generating with GPT Image…" });

  let answer: ImagesAnswer;
  if (references.length > 0) {
    // Edits take the images as files; 'moderation' is a generations-only field.
    const form = new FormData();
    form.append("model", model);
    form.append("prompt", String(input.prompt ?? request.prompt));
    for (const field of IMAGE_FIELDS) if (input[field] !== undefined) form.append(field, String(input[field]));
    const files = await Promise.all(references.map((url) => request.readMedia(url)));
    files.forEach((file, i) =>
      form.append(
        "image[]",
        new Blob([new Uint8Array(file.bytes)], { type: file.contentType }),
        `reference-${i + 1}.${extensionOf(file.contentType)}`,
      ),
    );
    answer = await http.json<ImagesAnswer>(`${base}/images/edits`, { method: "POST", headers, body: form });
  } else {
    const { image: _unused, ...fields } = input;
    answer = await http.json<ImagesAnswer>(`${base}/images/generations`, { method: "POST", headers, json: { model, ...fields } });
  }

  const contentType = `image/${answer.output_format ?? format}`;
  const files: MediaBytes[] = [];
  for (const item of answer.data ?? []) {
    if (item.b64_json) files.push({ bytes: Buffer.from(item.b64_json, "base64"), contentType });
    else if (item.url) files.push(await http.download(item.url, { fallbackType: contentType }));
  }
  if (files.length === 0) throw noContent();
  return { kind: "media", mediaType: "image", files };
}

async function chat(
  request: EngineRequest,
  http: ProviderClient,
  base: string,
  headers: Record<string, string>,
  model: string,
): Promise<EngineResult> {
  const input = await buildInput(request);
  const images = asStrings(input.image);
  const content = [
    { type: "input_text", text: promptWithContext(request) },
    ...images.map((url) => ({ type: "input_image", image_url: url })),
  ];
  const body: Record<string, unknown> = { model, input: [{ role: "user", content }] };
  for (const field of ["instructions", "temperature", "top_p", "max_output_tokens"] as const) {
    if (input[field] !== undefined) body[field] = input[field];
  }

  request.onProgress({ message: "Writing…" });
  const answer = await http.json<ResponsesAnswer>(`${base}/responses`, { method: "POST", headers, json: body });
  const parts = (answer.output ?? []).filter((o) => o.type === "message").flatMap((o) => o.content ?? []);
  const text = parts
    .filter((p) => p.type === "output_text")
    .map((p) => p.text ?? "")
    .join("");
  if (!text.trim()) {
    const refusal = parts.find((p) => p.type === "refusal")?.refusal;
    if (refusal) throw http.failed(refusal);
    throw noContent();
  }
  return { kind: "text", texts: [text] };
}

function extensionOf(contentType: string): string {
  const sub = contentType.split("/")[1] ?? "png";
  return sub === "jpeg" ? "jpg" : sub;
}

export const openAIEngine = createOpenAIEngine();
