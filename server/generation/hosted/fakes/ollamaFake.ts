/**
 * Ollama's OpenAI-compatible endpoint, as documented: POST /v1/chat/completions {model, messages, stream:
 * false, …} → a chat.completion with choices[0].message.content. An unknown model is a 404 "model … not
 * found, try pulling it first". With `key` set it plays a server behind an auth proxy (Bearer required).
 */
import { type FakeServer, sendJson, startFakeServer } from "./fakeServer";

export interface OllamaFakeOptions {
  /** When set, requests need `Authorization: Bearer {key}`. */
  key?: string;
  /** Models this server has pulled. */
  models?: string[];
}

export type OllamaFake = FakeServer;

const ERRORS: Record<number, unknown> = {
  401: { error: { message: "unauthorized", type: "invalid_request_error", param: null, code: null } },
  429: {
    error: { message: "server busy, please try again. maximum pending requests exceeded", type: "api_error", param: null, code: null },
  },
};

export async function startOllamaFake(options: OllamaFakeOptions = {}): Promise<OllamaFake> {
  const models = options.models ?? ["llama3.2"];
  return startFakeServer({
    errorBody: (status) => ERRORS[status] ?? { error: { message: `status ${status}`, type: "api_error", param: null, code: null } },
    authorized: options.key ? (req) => req.headers.authorization === `Bearer ${options.key}` : undefined,
    handle({ req, res, url, json }) {
      if (req.method !== "POST" || url.pathname !== "/v1/chat/completions") return false;
      const body = json() as { model: string; messages: { role: string; content: string }[] };
      if (!models.includes(body.model)) {
        return sendJson(res, 404, {
          error: { message: `model "${body.model}" not found, try pulling it first`, type: "api_error", param: null, code: null },
        });
      }
      const user = body.messages.filter((m) => m.role === "user").at(-1)?.content ?? "";
      const system = body.messages.find((m) => m.role === "system")?.content;
      return sendJson(res, 200, {
        id: "chatcmpl-1",
        object: "chat.completion",
        created: 1_700_000_000,
        model: body.model,
        system_fingerprint: "fp_ollama",
        choices: [
          {
            index: 0,
            message: { role: "assistant", content: `${system ? `[${system}] ` : ""}${user} — and the tide came in.` },
            finish_reason: "stop",
          },
        ],
        usage: { prompt_tokens: 12, completion_tokens: 8, total_tokens: 20 },
      });
    },
  });
}
