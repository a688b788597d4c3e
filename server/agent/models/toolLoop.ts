import { answerToolCall, plannerAnswerOf, startPlanBuild, type PlanBuild } from "../../../domain/agent/agentTools";
import type { PlannerAnswer, PlannerInput } from "../../../domain/agent/planner";
import type { Model } from "../../../domain/generation/modelTypes";
import type { ToolDefinition } from "../../../domain/tools/catalogue";

/**
 * The tool loop every model planner runs: the model takes a turn, its tool calls are answered
 * (agentTools.ts checks each one; a refused call changes nothing and the model reads why), and so on until
 * it calls `finish` or runs out of turns. The adapters only speak their service's wire format.
 */

/** Model turns a request may take before the planner answers with what was built. */
export const MAX_MODEL_TURNS = 8;

export interface ToolCall {
  /** The service's id for the call (OpenAI's tool_call_id; Gemini's functionCall.id, or one we made). */
  id: string;
  name: string;
  /** The arguments as JSON text, as the model wrote them. */
  arguments: string;
}

export interface ModelTurn {
  /** What the model said besides its calls (already streamed to onText). */
  text: string;
  calls: ToolCall[];
  /** Set when the service says the model's call could not be read (Gemini's MALFORMED_FUNCTION_CALL). */
  problem?: string;
}

export interface ToolResult {
  call: ToolCall;
  text: string;
  ok: boolean;
}

/** One conversation in a service's wire format; it keeps its own history. */
export interface ModelConversation {
  /** Sends the history and reads the model's next turn (remembering it). */
  next(): Promise<ModelTurn>;
  /** Answers every call of the last turn. */
  answer(results: ToolResult[]): void;
  /** Adds a message from us (a reminder to use the tools). */
  say(text: string): void;
}

export interface ToolLoopOptions {
  maxTurns?: number;
  catalogue?: { models?: readonly Model[]; tools?: readonly ToolDefinition[] };
}

const REMINDER =
  "Use the tools: build the plan with them and call finish with a short summary. To answer without changing anything, call finish with your answer.";

export async function runToolLoop(
  planner: string,
  input: PlannerInput,
  conversation: ModelConversation,
  options: ToolLoopOptions = {},
): Promise<PlannerAnswer> {
  const maxTurns = options.maxTurns ?? MAX_MODEL_TURNS;
  let build: PlanBuild = startPlanBuild(input, options.catalogue);
  let reminded = false;
  for (let turn = 1; turn <= maxTurns; turn += 1) {
    const { text, calls, problem } = await conversation.next();
    if (calls.length === 0) {
      if (problem && turn < maxTurns) {
        conversation.say(`${problem} Call the tool again with arguments that fit its parameters.`);
        continue;
      }
      // A model that talks instead of calling is reminded once; after that its words are the answer.
      if (!reminded && turn < maxTurns) {
        reminded = true;
        conversation.say(REMINDER);
        continue;
      }
      return plannerAnswerOf(build, text.trim() || `${planner} answered without a plan.`);
    }
    const results: ToolResult[] = [];
    for (const call of calls) {
      // A finish sent with calls that were refused would describe steps the plan does not have.
      const refused = results.filter((r) => !r.ok).length;
      if (call.name === "finish" && refused > 0) {
        results.push({
          call,
          ok: false,
          text: `Error: Not finished: ${refused === 1 ? "a call" : `${refused} calls`} before finish in this turn ${refused === 1 ? "was" : "were"} refused. Correct ${refused === 1 ? "it" : "them"}, then call finish again.`,
        });
        continue;
      }
      const answer = answerToolCall(build, call.name, call.arguments);
      build = answer.build;
      results.push({ call, text: answer.text, ok: answer.ok });
    }
    if (build.summary !== null) return plannerAnswerOf(build);
    conversation.answer(results);
  }
  if (build.steps.length > 0) {
    return plannerAnswerOf(
      build,
      `${planner} stopped after ${maxTurns} turns without finishing, so this plan may be incomplete (${build.steps.length} steps). Check it before applying.`,
    );
  }
  throw new Error(`${planner} did not finish a plan within ${maxTurns} turns. Try a shorter or clearer request.`);
}
