/**
 * One thing the rule-based planner understands. `matches` reads only the words (cheap, no canvas);
 * `plan` looks at the canvas and answers, or returns null when on a closer look the request is something
 * else (the next intent is tried).
 */
import type { PlannerAnswer, PlannerInput } from "../../planner";
import type { ParsedRequest } from "../requestText";

export interface IntentContext {
  input: PlannerInput;
  req: ParsedRequest;
}

export interface Intent {
  name: string;
  matches(req: ParsedRequest): boolean;
  plan(ctx: IntentContext): PlannerAnswer | null;
}
