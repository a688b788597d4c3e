/**
 * The planner for OpenAI's chat completions with function calling, and for any server that speaks the same
 * API (Ollama, vLLM, LM Studio, llama.cpp server): POST {base}/chat/completions with `tools` and
 * `stream: true`. The answer streams as server-sent chunks: `delta.content` is text (passed on to onText as
 * it comes), `delta.tool_calls` arrive in pieces keyed by `index` (id and name first, then the arguments'
 * JSON a fragment at a time), and `data: [DONE]` ends it. Each call is answered with a `tool` message
 * carrying its `tool_call_id`.
 */
import { AGENT_TOOLS, agentToolJsonSchema } from "../../../domain/agent/agentTools";
import type { PlannerInput } from "../../../domain/agent/planner";
import type { Classifier } from "../../generation/hosted/providerErrors";
import { ProviderError } from "../../generation/engine";
import { postForEvents, type ModelService } from "./modelHttp";
import type { ModelPlanner, PlanOptions } from "./modelPlanner";
import { firstMessage, systemPrompt } from "./systemPrompt";
import { MAX_MODEL_TURNS, runToolLoop, type ModelConversation, type ModelTurn, type ToolCall, type ToolLoopOptions } from "./toolLoop";

export interface OpenAIPlannerConfig extends ToolLoopOptions {
  /** Shown in the chat ('OpenAI gpt-4o-mini', 'Ollama llama3.1'). */
  name: string;
  /** The service's name in failure messages ('OpenAI', 'Ollama'). */
  service: string;
  /** The API root that /chat/completions is under (https://api.openai.com/v1, http://host:11434/v1). */
  baseUrl: string;
  model: string;
  apiKey?: string;
  /** Shown when a self-hosted server cannot be reached. */
  where?: string;
  fetch?: typeof fetch;
  turnTimeoutMs?: number;
}

/** OpenAI answers a used-up balance with 429 'insufficient_quota': out of credit, not a rate limit. */
const classify: Classifier = (_status, body) => {
  const error = (body as { error?: { code?: string; type?: string } } | null)?.error;
  return /insufficient_quota/.test(`${error?.code ?? ""} ${error?.type ?? ""}`) ? "credit" : undefined;
};

type ChatMessage =
  | { role: "system" | "user"; content: string }
  | {
      role: "assistant";
      content: string | null;
      tool_calls?: { id: string; type: "function"; function: { name: string; arguments: string } }[];
    }
  | { role: "tool"; tool_call_id: string; content: string };

interface ToolCallDelta {
  index?: number;
  id?: string;
  function?: { name?: string; arguments?: string | Record<string, unknown> };
}

interface ChatChunk {
  choices?: {
    delta?: { content?: string | null; tool_calls?: ToolCallDelta[] };
    message?: { content?: string | null; tool_calls?: ToolCallDelta[] };
  }[];
  error?: { message?: string };
}

const TOOLS = AGENT_TOOLS.map((t) => ({
  type: "function" as const,
  function: { name: t.name, description: t.description, parameters: agentToolJsonSchema(t) },
}));

export function createOpenAIPlanner(config: OpenAIPlannerConfig): ModelPlanner {
  const maxTurns = config.maxTurns ?? MAX_MODEL_TURNS;
  const service: ModelService = {
    name: config.service,
    secrets: [config.apiKey],
    classify,
    ...(config.where ? { where: config.where } : {}),
    fetch: config.fetch ?? fetch,
    timeoutMs: config.turnTimeoutMs ?? 120_000,
  };
  const url = `${config.baseUrl.replace(/\/+$/, "")}/chat/completions`;
  const headers: Record<string, string> = config.apiKey ? { Authorization: `Bearer ${config.apiKey}` } : {};

  return {
    name: config.name,
    plan(input: PlannerInput, opts: PlanOptions = {}) {
      const messages: ChatMessage[] = [
        { role: "system", content: systemPrompt(maxTurns) },
        { role: "user", content: firstMessage(input) },
      ];
      let turn = 0;
      const conversation: ModelConversation = {
        async next() {
          turn += 1;
          const body = { model: config.model, messages, tools: TOOLS, tool_choice: "auto", stream: true };
          const answer = await readTurn(
            postForEvents(service, url, { headers, body, ...(opts.signal ? { signal: opts.signal } : {}) }),
            service.name,
            turn,
            opts.onText,
          );
          messages.push({
            role: "assistant",
            content: answer.text || null,
            ...(answer.calls.length
              ? {
                  tool_calls: answer.calls.map((c) => ({
                    id: c.id,
                    type: "function" as const,
                    function: { name: c.name, arguments: c.arguments },
                  })),
                }
              : {}),
          });
          return answer;
        },
        answer(results) {
          for (const r of results) messages.push({ role: "tool", tool_call_id: r.call.id, content: r.text });
        },
        say(text) {
          messages.push({ role: "user", content: text });
        },
      };
      return runToolLoop(config.name, input, conversation, { maxTurns, ...(config.catalogue ? { catalogue: config.catalogue } : {}) });
    },
  };
}

/** Assembles one streamed turn: text as it comes, tool calls from their pieces. */
async function readTurn(
  events: AsyncIterable<unknown>,
  service: string,
  turn: number,
  onText?: (delta: string) => void,
): Promise<ModelTurn> {
  let text = "";
  const calls: ToolCall[] = [];
  for await (const event of events) {
    const chunk = event as ChatChunk;
    if (chunk.error) throw new ProviderError(`${service} could not answer: ${chunk.error.message ?? "an error in the stream"}`);
    // A server that ignored `stream` answers with one whole message instead of deltas.
    const delta = chunk.choices?.[0]?.delta ?? chunk.choices?.[0]?.message;
    if (!delta) continue;
    if (typeof delta.content === "string" && delta.content) {
      text += delta.content;
      onText?.(delta.content);
    }
    (delta.tool_calls ?? []).forEach((piece, position) => {
      const slot = slotOf(calls, piece, position);
      calls[slot] ??= { id: "", name: "", arguments: "" };
      const call = calls[slot]!;
      if (piece.id) call.id = piece.id;
      if (piece.function?.name) call.name = piece.function.name;
      const args = piece.function?.arguments;
      // Some compatible servers send the arguments as an object rather than JSON text.
      if (args !== undefined) call.arguments += typeof args === "string" ? args : JSON.stringify(args);
    });
  }
  const complete = calls.filter(Boolean).map((c, i) => ({ ...c, id: c.id || `call_${turn}_${i}` }));
  return { text, calls: complete };
}

/**
 * Which call a piece belongs to: its `index` (OpenAI), else the call with its id, else a new call when it
 * brings a new id (servers that send each call whole without an index), else its place in the chunk.
 */
function slotOf(calls: ToolCall[], piece: ToolCallDelta, position: number): number {
  if (typeof piece.index === "number") return piece.index;
  if (piece.id) {
    const known = calls.findIndex((c) => c?.id === piece.id);
    return known >= 0 ? known : calls.length;
  }
  return position;
}
