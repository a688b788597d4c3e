import { compilePlan } from "../../domain/agent/compilePlan";
import { agentPlanSchema } from "../../domain/agent/plan";
import type { PlannerAnswer, PlannerInput } from "../../domain/agent/planner";
import type { Db } from "../db/client";
import type { loadCanvas } from "../services/canvasService";
import { creditBalance } from "../services/creditLedger";
import type { AgentPlanner } from "./planners";

/** A planner that has not answered in this long is given up on (the chat says so): 8 turns of a local model fit. */
const PLANNER_TIME_LIMIT_MS = 300_000;

export type CheckedAnswer = PlannerAnswer & { error?: string };

/** The planner's answer, or what went wrong as the answer (shown red in the chat); never a thrown 500. */
export async function answerOf(planner: AgentPlanner, input: PlannerInput, onText: (delta: string) => void): Promise<CheckedAnswer> {
  const signal = AbortSignal.timeout(PLANNER_TIME_LIMIT_MS);
  try {
    return await planner.plan(input, { signal, onText });
  } catch (err) {
    const reason = signal.aborted
      ? `${planner.name} did not answer within ${PLANNER_TIME_LIMIT_MS / 1000} s.`
      : err instanceof Error
        ? err.message
        : String(err);
    return { reply: `The agent could not answer: ${reason}`, plan: null, error: reason };
  }
}

/** What the stored answer carries: its plan checked against the canvas as it is, with what it will cost. */
export async function answerMetadata(
  db: Db,
  userId: string,
  answer: CheckedAnswer,
  canvas: Awaited<ReturnType<typeof loadCanvas>>,
  planner: string,
) {
  if (answer.error) return { planner, error: answer.error };
  if (!answer.plan) return { planner };
  const checked = agentPlanSchema.safeParse(answer.plan);
  if (!checked.success) return { planner, error: `The plan could not be used: ${checked.error.issues[0]?.message ?? "it is not valid"}` };
  const compiled = compilePlan(checked.data, canvas, { now: Date.now() });
  if (!compiled.ok) return { planner, error: `The plan could not be used: ${compiled.error}` };
  const existing = new Set(canvas.nodes.map((n) => n.id));
  const credits = compiled.plan.credits;
  const balance = credits > 0 ? await creditBalance(db, userId) : 0;
  return {
    planner,
    plan: checked.data,
    planState: "proposed" as const,
    credits,
    ...(answer.scriptOffer ? { scriptOffer: answer.scriptOffer } : {}),
    nodeIds: compiled.plan.touchedNodeIds.filter((n) => existing.has(n)),
    ...(credits > balance
      ? { error: `This plan needs ${credits} credits and you have ${balance}. Insufficient credits. Please upgrade your plan.` }
      : {}),
  };
}
