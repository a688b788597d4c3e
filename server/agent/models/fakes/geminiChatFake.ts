/**
 * The Gemini API's function calling, as documented, for the planner's contract tests:
 * POST /v1beta/models/{model}:streamGenerateContent?alt=sse with the key in `x-goog-api-key` answers
 * `text/event-stream`, one GenerateContentResponse per `data:` line (events end with CRLF CRLF): text parts a
 * piece at a time, `functionCall` parts whole ({name, args} with a thoughtSignature on the first, as
 * thinking models send), the last event with `finishReason` and usage. A bad key is 400 INVALID_ARGUMENT
 * with reason API_KEY_INVALID; other errors are {error: {code, message, status}}.
 */
import { type FakeServer, startFakeServer } from "../../../generation/hosted/fakes/fakeServer";
import { googleErrorBody } from "../../../generation/hosted/fakes/googleFake";

export interface GeminiPart {
  text?: string;
  thought?: boolean;
  thoughtSignature?: string;
  functionCall?: { id?: string; name: string; args?: Record<string, unknown> };
  functionResponse?: { id?: string; name: string; response: { result?: string; error?: string } };
}

export interface GeminiRequest {
  systemInstruction?: { parts: { text: string }[] };
  contents: { role: "user" | "model"; parts: GeminiPart[] }[];
  tools?: { functionDeclarations: { name: string; description: string; parameters?: Record<string, unknown> }[] }[];
  toolConfig?: unknown;
}

export interface ScriptedGeminiTurn {
  text?: string[];
  /** A thought summary part (must not reach onText). */
  thought?: string;
  calls?: { name: string; args: Record<string, unknown>; id?: string }[];
  finishReason?: string;
  finishMessage?: string;
}

export type GeminiChatFake = FakeServer & { chats: { model: string; path: string; body: GeminiRequest }[] };

export async function startGeminiChatFake(options: {
  key: string;
  turn(request: GeminiRequest, index: number): ScriptedGeminiTurn;
}): Promise<GeminiChatFake> {
  const chats: GeminiChatFake["chats"] = [];
  const server = await startFakeServer({
    errorBody: googleErrorBody,
    unauthorizedStatus: 400,
    authorized: (req) => req.headers["x-goog-api-key"] === options.key,
    handle({ req, res, url, json }) {
      const call = /^\/v1beta\/models\/([^/:]+):streamGenerateContent$/.exec(url.pathname);
      if (!call || req.method !== "POST" || url.searchParams.get("alt") !== "sse") return false;
      const body = json() as GeminiRequest;
      chats.push({ model: call[1]!, path: req.url ?? "", body });
      const turn = options.turn(body, chats.length - 1);
      res.writeHead(200, { "Content-Type": "text/event-stream", "Content-Disposition": "attachment", "X-Content-Type-Options": "nosniff" });
      const send = (parts: GeminiPart[], last = false) =>
        res.write(
          `data: ${JSON.stringify({
            candidates: [
              {
                ...(parts.length ? { content: { parts, role: "model" } } : {}),
                index: 0,
                ...(last
                  ? { finishReason: turn.finishReason ?? "STOP", ...(turn.finishMessage ? { finishMessage: turn.finishMessage } : {}) }
                  : {}),
              },
            ],
            usageMetadata: { promptTokenCount: 120, candidatesTokenCount: 20, totalTokenCount: 140 },
            modelVersion: call[1],
            responseId: "resp-1",
          })}\r\n\r\n`,
        );
      if (turn.thought) send([{ text: turn.thought, thought: true }]);
      for (const piece of turn.text ?? []) send([{ text: piece }]);
      const calls = (turn.calls ?? []).map(
        (c, i): GeminiPart => ({
          functionCall: { ...(c.id ? { id: c.id } : {}), name: c.name, args: c.args },
          ...(i === 0 ? { thoughtSignature: `sig-${chats.length}` } : {}),
        }),
      );
      send(calls, true);
      res.end();
    },
  });
  return Object.assign(server, { chats });
}
