/**
 * The rule-based planner: reads a film maker's request and answers with a plan, offline and in a
 * few milliseconds, with no model. Each intent it understands lives in intents/; the first whose words match
 * and that finds what it needs on the canvas answers. Text on the canvas and in scripts is only ever used as
 * material (a prompt, a line to say), never read for what to do: only the request picks the intent.
 */
import { AGENT_MESSAGES } from "../messages";
import type { PlannerAnswer, PlannerInput } from "../planner";
import { INTENTS } from "./intents";
import type { IntentContext } from "./intents/intent";
import { noPlan, notUnderstood } from "./replies";
import { parseRequest } from "./requestText";

export function planOffline(input: PlannerInput): PlannerAnswer {
  const req = parseRequest(input.request);
  if (!req.text) return noPlan(AGENT_MESSAGES.empty);
  const ctx: IntentContext = { input, req };
  for (const intent of INTENTS) {
    if (!intent.matches(req)) continue;
    try {
      const answer = intent.plan(ctx);
      if (answer) return answer;
    } catch (err) {
      // A plan the schema refuses is this planner's bug: say so rather than fail the chat.
      return noPlan(
        `I could not put that plan together (${err instanceof Error ? err.message.slice(0, 200) : "unknown error"}). Try saying it another way.`,
      );
    }
  }
  return notUnderstood();
}

/** Which intent answers a request (for tests and the eval's report). */
export function intentOf(input: PlannerInput): string | null {
  const req = parseRequest(input.request);
  const ctx: IntentContext = { input, req };
  for (const intent of INTENTS) if (intent.matches(req) && intent.plan(ctx)) return intent.name;
  return null;
}
