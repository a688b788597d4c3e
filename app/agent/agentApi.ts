import type { AgentMessage, AgentRequest, PlanOutcome, RunReport } from "../../domain/agent/messages";
import { SseParser } from "../../domain/serverSentEvents";
import { api, ApiError } from "../api/client";

const messagesPath = (projectId: string) => `/api/projects/${projectId}/agent/messages`;

export async function listAgentMessages(projectId: string): Promise<AgentMessage[]> {
  return (await api<{ messages: AgentMessage[] }>("GET", messagesPath(projectId))).messages;
}

export interface AskEvents {
  /** The question as stored. */
  onQuestion(message: AgentMessage): void;
  /** A model's words as they come. */
  onText(delta: string): void;
}

/**
 * Asks the agent; resolves with the stored answer. The answer streams as server-sent events (`user`,
 * `delta`…, `agent`, or `error`); a refusal before the stream opens (400, 403) is an ApiError as usual.
 */
export async function askAgent(projectId: string, body: AgentRequest, events: AskEvents): Promise<AgentMessage> {
  let res: Response;
  try {
    res = await fetch(messagesPath(projectId), {
      method: "POST",
      credentials: "same-origin",
      headers: { "content-type": "application/json", accept: "text/event-stream" },
      body: JSON.stringify(body),
    });
  } catch {
    throw new ApiError(0, "network", "Can't reach the studio server. Check your connection and try again.");
  }
  if (!res.ok || !res.body) {
    const data = (await res.json().catch(() => ({}))) as { error?: string; code?: string };
    throw new ApiError(res.status, data.code ?? "error", data.error ?? `Request failed (${res.status})`);
  }
  let answer: AgentMessage | null = null;
  let failure: string | null = null;
  for await (const { event, data } of serverSentEvents(res.body)) {
    if (event === "user") events.onQuestion(data as AgentMessage);
    else if (event === "delta") events.onText((data as { text: string }).text);
    else if (event === "agent") answer = data as AgentMessage;
    else if (event === "error") failure = (data as { error: string }).error;
  }
  if (!answer) throw new ApiError(500, "error", failure ?? "The agent could not answer. Please try again.");
  return answer;
}

export async function reportPlanOutcome(projectId: string, messageId: string, outcome: PlanOutcome): Promise<AgentMessage> {
  return (await api<{ message: AgentMessage }>("POST", `${messagesPath(projectId)}/${messageId}/outcome`, outcome)).message;
}

/** "Write into a script": the server writes the scene the answer offered into a new script, once. */
export async function writeOfferedScript(projectId: string, messageId: string): Promise<{ message: AgentMessage; scriptId: string }> {
  return api<{ message: AgentMessage; scriptId: string }>("POST", `${messagesPath(projectId)}/${messageId}/write-script`);
}

/** A plan's runs have all settled: the server writes the chat's 'Finished' message. */
export async function reportRuns(projectId: string, messageId: string, report: RunReport): Promise<AgentMessage> {
  return (await api<{ message: AgentMessage }>("POST", `${messagesPath(projectId)}/${messageId}/report`, report)).message;
}

/** A text/event-stream body as its events, each `data` parsed as JSON (the studio sends JSON). */
async function* serverSentEvents(body: ReadableStream<Uint8Array>): AsyncGenerator<{ event: string; data: unknown }> {
  const reader = body.pipeThrough(new TextDecoderStream() as unknown as TransformStream<Uint8Array, string>).getReader();
  const parser = new SseParser();
  for (;;) {
    const { value, done } = await reader.read();
    for (const e of done ? parser.end() : parser.push(value ?? "")) yield { event: e.event, data: JSON.parse(e.data) };
    if (done) return;
  }
}
