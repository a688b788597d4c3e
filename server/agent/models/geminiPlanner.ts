/**
 * The planner for the Gemini API's function calling: POST {base}/models/{model}:streamGenerateContent
 * ?alt=sse, key in `x-goog-api-key`, with `tools: [{functionDeclarations}]` and the system prompt as
 * `systemInstruction`. Each event is a GenerateContentResponse: text parts stream to onText (thought
 * summaries do not), `functionCall` parts are the calls. The model's parts go back into the history as they
 * came (with any thoughtSignature, which thinking models need), and the calls are answered with
 * `functionResponse` parts.
 */
import { AGENT_TOOLS, agentToolJsonSchema } from "../../../domain/agent/agentTools";
import type { PlannerInput } from "../../../domain/agent/planner";
import { ProviderError } from "../../generation/engine";
import type { Classifier } from "../../generation/hosted/providerErrors";
import { decodeJsonTextFields, geminiParametersOf } from "./geminiSchema";
import { postForEvents, type ModelService } from "./modelHttp";
import type { ModelPlanner, PlanOptions } from "./modelPlanner";
import { firstMessage, systemPrompt } from "./systemPrompt";
import { MAX_MODEL_TURNS, runToolLoop, type ModelConversation, type ModelTurn, type ToolCall, type ToolLoopOptions } from "./toolLoop";

export const GEMINI_BASE_URL = "https://generativelanguage.googleapis.com/v1beta";
const SERVICE = "Gemini";

export interface GeminiPlannerConfig extends ToolLoopOptions {
  model: string;
  apiKey: string;
  baseUrl?: string;
  fetch?: typeof fetch;
  turnTimeoutMs?: number;
}

/** Google answers a bad key with 400 INVALID_ARGUMENT, reason API_KEY_INVALID, not 401. */
const classify: Classifier = (status, body) =>
  status === 400 && /API_KEY_INVALID|API key not valid/.test(JSON.stringify(body ?? "")) ? "auth" : undefined;

interface Part {
  text?: string;
  thought?: boolean;
  thoughtSignature?: string;
  functionCall?: { id?: string; name?: string; args?: Record<string, unknown> };
  functionResponse?: { id?: string; name: string; response: Record<string, unknown> };
}

interface Content {
  role: "user" | "model";
  parts: Part[];
}

interface GenerateContentResponse {
  candidates?: { content?: { parts?: Part[] }; finishReason?: string; finishMessage?: string }[];
  promptFeedback?: { blockReason?: string };
  error?: { message?: string };
}

const DECLARATIONS = AGENT_TOOLS.map((t) => {
  const { schema, jsonTextPaths } = geminiParametersOf(agentToolJsonSchema(t));
  const empty = Object.keys((schema.properties as object | undefined) ?? {}).length === 0;
  return { declaration: { name: t.name, description: t.description, ...(empty ? {} : { parameters: schema }) }, jsonTextPaths };
});
const JSON_TEXT_PATHS = new Map(AGENT_TOOLS.map((t, i) => [t.name as string, DECLARATIONS[i]!.jsonTextPaths]));

/** Finish reasons that mean the model stopped on its own, with whatever it said. */
const NORMAL_ENDS = new Set([undefined, "STOP", "MAX_TOKENS", "FINISH_REASON_UNSPECIFIED"]);

/** `models/gemini-2.5-flash` and our catalogue's `google/gemini-2.5-flash` both name `gemini-2.5-flash`. */
export const geminiModelName = (model: string) => model.replace(/^(models\/|google\/)/, "");

export function createGeminiPlanner(config: GeminiPlannerConfig): ModelPlanner {
  const maxTurns = config.maxTurns ?? MAX_MODEL_TURNS;
  const model = geminiModelName(config.model);
  const service: ModelService = {
    name: SERVICE,
    secrets: [config.apiKey],
    classify,
    fetch: config.fetch ?? fetch,
    timeoutMs: config.turnTimeoutMs ?? 120_000,
  };
  const url = `${(config.baseUrl ?? GEMINI_BASE_URL).replace(/\/+$/, "")}/models/${encodeURIComponent(model)}:streamGenerateContent?alt=sse`;
  const headers = { "x-goog-api-key": config.apiKey };
  const name = `Gemini ${model}`;

  return {
    name,
    plan(input: PlannerInput, opts: PlanOptions = {}) {
      const contents: Content[] = [{ role: "user", parts: [{ text: firstMessage(input) }] }];
      const userSays = (part: Part) => {
        const last = contents.at(-1)!;
        if (last.role === "user") last.parts.push(part);
        else contents.push({ role: "user", parts: [part] });
      };
      let turn = 0;
      const conversation: ModelConversation = {
        async next() {
          turn += 1;
          const body = {
            systemInstruction: { parts: [{ text: systemPrompt(maxTurns) }] },
            contents,
            tools: [{ functionDeclarations: DECLARATIONS.map((d) => d.declaration) }],
            toolConfig: { functionCallingConfig: { mode: "AUTO" } },
          };
          const { answer, parts } = await readTurn(
            postForEvents(service, url, { headers, body, ...(opts.signal ? { signal: opts.signal } : {}) }),
            turn,
            opts.onText,
          );
          if (parts.length) contents.push({ role: "model", parts });
          return answer;
        },
        answer(results) {
          for (const r of results) {
            // Calls Gemini gave no id (older models) are answered by name alone; `gen_` ids are ours.
            userSays({
              functionResponse: {
                ...(r.call.id.startsWith("gen_") ? {} : { id: r.call.id }),
                name: r.call.name,
                response: r.ok ? { result: r.text } : { error: r.text },
              },
            });
          }
        },
        say(text) {
          userSays({ text });
        },
      };
      return runToolLoop(name, input, conversation, { maxTurns, ...(config.catalogue ? { catalogue: config.catalogue } : {}) });
    },
  };
}

/** Reads one streamed turn: its text, its calls, and its parts as the history must keep them. */
async function readTurn(
  events: AsyncIterable<unknown>,
  turn: number,
  onText?: (delta: string) => void,
): Promise<{ answer: ModelTurn; parts: Part[] }> {
  let text = "";
  const calls: ToolCall[] = [];
  const parts: Part[] = [];
  let finishReason: string | undefined;
  let finishMessage: string | undefined;
  for await (const event of events) {
    // Without alt=sse (or from a proxy) the stream may come as one JSON array of responses.
    for (const response of (Array.isArray(event) ? event : [event]) as GenerateContentResponse[]) {
      if (response.error) throw new ProviderError(`${SERVICE} could not answer: ${response.error.message ?? "an error in the stream"}`);
      if (response.promptFeedback?.blockReason)
        throw new ProviderError(`${SERVICE} refused the request (${response.promptFeedback.blockReason}).`);
      const candidate = response.candidates?.[0];
      if (!candidate) continue;
      finishReason = candidate.finishReason ?? finishReason;
      finishMessage = candidate.finishMessage ?? finishMessage;
      for (const part of candidate.content?.parts ?? []) {
        if (typeof part.text === "string" && !part.thought) {
          text += part.text;
          if (part.text) onText?.(part.text);
        }
        if (part.functionCall?.name) {
          const args = decodeJsonTextFields(part.functionCall.args ?? {}, JSON_TEXT_PATHS.get(part.functionCall.name) ?? []);
          calls.push({
            id: part.functionCall.id ?? `gen_${turn}_${calls.length}`,
            name: part.functionCall.name,
            arguments: JSON.stringify(args),
          });
        }
        keep(parts, part);
      }
    }
  }
  if (calls.length === 0 && finishReason === "MALFORMED_FUNCTION_CALL") {
    return {
      answer: {
        text,
        calls,
        problem: `Your last function call could not be read${finishMessage ? ` (${finishMessage.slice(0, 300)})` : ""}.`,
      },
      parts,
    };
  }
  if (calls.length === 0 && !text.trim() && !NORMAL_ENDS.has(finishReason))
    throw new ProviderError(`${SERVICE} stopped without an answer (${finishReason}).`);
  return { answer: { text, calls }, parts };
}

/** Adds a streamed part to the turn's history, joining plain text pieces so the history stays short. */
function keep(parts: Part[], part: Part) {
  const last = parts.at(-1);
  const plain = (p: Part) => typeof p.text === "string" && !p.functionCall && !p.thoughtSignature && !p.functionResponse;
  if (last && plain(last) && plain(part) && !!last.thought === !!part.thought) last.text += part.text!;
  else parts.push({ ...part });
}
