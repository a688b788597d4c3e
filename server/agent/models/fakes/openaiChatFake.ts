/**
 * OpenAI's chat completions with function calling, as documented, for the planner's contract tests:
 * POST /v1/chat/completions with `stream: true` answers `text/event-stream` chunks
 * (`chat.completion.chunk`): a first delta with the role, `delta.content` pieces, `delta.tool_calls` pieces
 * keyed by `index` (id, type and name first, then the arguments' JSON in fragments), a last chunk with
 * `finish_reason`, then `data: [DONE]`. Without `stream` it answers one `chat.completion`. Errors are
 * {error: {message, type, code}}. Ollama serves the same path; `ollamaStyle` sends each call whole, without
 * an index, as Ollama does.
 */
import type { ServerResponse } from "node:http";
import { bearer, type FakeServer, sendJson, startFakeServer } from "../../../generation/hosted/fakes/fakeServer";

export interface ChatRequest {
  model: string;
  messages: {
    role: string;
    content?: string | null;
    tool_call_id?: string;
    tool_calls?: { id: string; function: { name: string; arguments: string } }[];
  }[];
  tools?: { type: string; function: { name: string; description: string; parameters: Record<string, unknown> } }[];
  tool_choice?: unknown;
  stream?: boolean;
}

export interface ScriptedTurn {
  /** Text sent as content deltas, one piece per chunk. */
  text?: string[];
  calls?: { name: string; arguments: unknown; id?: string }[];
  /** A chunk that is not JSON, sent after the rest (a broken server). */
  garbage?: boolean;
}

export interface OpenAIChatFakeOptions {
  /** When set, requests need `Authorization: Bearer {key}`. */
  key?: string;
  /** The model's turn for the n-th request (0-based). */
  turn(request: ChatRequest, index: number): ScriptedTurn;
  ollamaStyle?: boolean;
}

export type OpenAIChatFake = FakeServer & { chats: ChatRequest[] };

const ERRORS: Record<number, unknown> = {
  401: {
    error: {
      message: "Incorrect API key provided: sk-bad***key. You can find your API key at https://platform.openai.com/account/api-keys.",
      type: "invalid_request_error",
      param: null,
      code: "invalid_api_key",
    },
  },
  429: { error: { message: "Rate limit reached for requests.", type: "requests", param: null, code: "rate_limit_exceeded" } },
};

export async function startOpenAIChatFake(options: OpenAIChatFakeOptions): Promise<OpenAIChatFake> {
  const chats: ChatRequest[] = [];
  const server = await startFakeServer({
    errorBody: (status) =>
      ERRORS[status] ?? {
        error: { message: "The server had an error while processing your request.", type: "server_error", param: null, code: null },
      },
    ...(options.key ? { authorized: bearer(options.key) } : {}),
    handle({ req, res, url, json }) {
      if (req.method !== "POST" || url.pathname !== "/v1/chat/completions") return false;
      const request = json() as ChatRequest;
      chats.push(request);
      const turn = options.turn(request, chats.length - 1);
      if (!request.stream) return sendJson(res, 200, whole(request.model, turn));
      stream(res, request.model, turn, options.ollamaStyle ?? false);
    },
  });
  return Object.assign(server, { chats });
}

const argsText = (args: unknown) => (typeof args === "string" ? args : JSON.stringify(args));

function whole(model: string, turn: ScriptedTurn) {
  const calls = (turn.calls ?? []).map((c, i) => ({
    id: c.id ?? `call_${i}`,
    type: "function",
    function: { name: c.name, arguments: argsText(c.arguments) },
  }));
  return {
    id: "chatcmpl-1",
    object: "chat.completion",
    created: 1_700_000_000,
    model,
    choices: [
      {
        index: 0,
        message: { role: "assistant", content: turn.text?.join("") ?? null, ...(calls.length ? { tool_calls: calls } : {}) },
        finish_reason: calls.length ? "tool_calls" : "stop",
      },
    ],
  };
}

function stream(res: ServerResponse, model: string, turn: ScriptedTurn, ollamaStyle: boolean) {
  res.writeHead(200, { "Content-Type": "text/event-stream", "Cache-Control": "no-cache", Connection: "keep-alive" });
  const chunk = (delta: unknown, finish: string | null = null) => ({
    id: "chatcmpl-1",
    object: "chat.completion.chunk",
    created: 1_700_000_000,
    model,
    system_fingerprint: "fp_fake",
    choices: [{ index: 0, delta, logprobs: null, finish_reason: finish }],
  });
  const events: unknown[] = [chunk({ role: "assistant", content: "", refusal: null })];
  for (const piece of turn.text ?? []) events.push(chunk({ content: piece }));
  (turn.calls ?? []).forEach((call, index) => {
    const id = call.id ?? `call_${Math.random().toString(36).slice(2, 10)}`;
    const args = argsText(call.arguments);
    if (ollamaStyle) {
      events.push(
        chunk({ role: "assistant", content: "", tool_calls: [{ id, type: "function", function: { name: call.name, arguments: args } }] }),
      );
      return;
    }
    events.push(chunk({ tool_calls: [{ index, id, type: "function", function: { name: call.name, arguments: "" } }] }));
    // The arguments come a few characters at a time, as OpenAI streams them.
    for (let i = 0; i < args.length; i += 7) events.push(chunk({ tool_calls: [{ index, function: { arguments: args.slice(i, i + 7) } }] }));
  });
  events.push(chunk({}, turn.calls?.length ? "tool_calls" : "stop"));
  // Each event is written in two pieces, so the planner must put lines split across reads back together.
  for (const event of events) {
    const text = `data: ${JSON.stringify(event)}\n\n`;
    const cut = Math.floor(text.length / 2);
    res.write(text.slice(0, cut));
    res.write(text.slice(cut));
  }
  if (turn.garbage) res.write("data: {not json\n\n");
  res.end("data: [DONE]\n\n");
}
