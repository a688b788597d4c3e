/**
 * Ollama, or any OpenAI-compatible server (vLLM, LM Studio, llama.cpp server…), through
 * POST {base}/v1/chat/completions with stream: false → choices[0].message.content. The base URL is the
 * server's root (OLLAMA_URL, default http://127.0.0.1:11434) or its /v1 root; a key, when set, is sent as
 * `Bearer` for servers behind an auth proxy.
 */
import type { Engine, EngineRequest, EngineResult } from "../engine";
import { type EngineTiming, selfHostedClient, timing } from "./http";
import { buildInput, promptWithContext } from "./inputs";
import { noContent } from "./providerErrors";

export const OLLAMA_BASE_URL = "http://127.0.0.1:11434";
const NAME = "Ollama";
const DEFAULT_MODEL = "llama3.2";

// A local model may load for a while before its first token; the answer comes in one piece.
const DEFAULTS: EngineTiming = { pollIntervalMs: 0, maxPollIntervalMs: 0, requestTimeoutMs: 300_000, jobTimeoutMs: 300_000 };

interface ChatCompletion {
  choices?: { message?: { content?: string | null; refusal?: string | null }; finish_reason?: string }[];
}

/** `http://host:11434` and `http://host:8000/v1` both name the same API root. */
const chatUrl = (base: string) => `${base.endsWith("/v1") ? base : `${base}/v1`}/chat/completions`;

export function createOllamaEngine(overrides: Partial<EngineTiming> = {}): Engine {
  const t = timing(DEFAULTS, overrides);
  return {
    provider: "ollama",
    async run(request: EngineRequest): Promise<EngineResult> {
      const { key, base, http } = selfHostedClient(request, { name: NAME, defaultBaseUrl: OLLAMA_BASE_URL, timeoutMs: t.requestTimeoutMs });
      const input = await buildInput(request);

      const messages = [
        ...(typeof input.system === "string" && input.system.trim() ? [{ role: "system", content: input.system }] : []),
        { role: "user", content: promptWithContext(request) },
      ];
      const body: Record<string, unknown> = {
        model: typeof input.model === "string" && input.model.trim() ? input.model : DEFAULT_MODEL,
        messages,
        stream: false,
        seed: request.seed >>> 0,
      };
      for (const field of ["temperature", "max_tokens", "top_p"] as const) if (input[field] !== undefined) body[field] = input[field];

      request.onProgress({ message: `Writing with ${String(body.model)}…` });
      const answer = await http.json<ChatCompletion>(chatUrl(base), {
        method: "POST",
        headers: key ? { Authorization: `Bearer ${key}` } : {},
        json: body,
      });
      const message = answer.choices?.[0]?.message;
      const text = message?.content ?? "";
      if (!text.trim()) {
        if (message?.refusal) throw http.failed(message.refusal);
        throw noContent();
      }
      return { kind: "text", texts: [text] };
    },
  };
}

export const ollamaEngine = createOllamaEngine();
