/**
 * The agent's chat as its routes ask for it, with the access check inside: every member reads the chat;
 * editors ask, report on an applied plan's runs and settle a plan. Each stored message is published to the
 * project's other tabs and members.
 */
import type { z } from "zod";
import type { AgentMessage, agentRequestSchema, planOutcomeSchema, runReportSchema } from "../../domain/agent/messages";
import { collaborationMessages } from "../../domain/realtime";
import type { Db } from "../db/client";
import { notFound } from "../errors";
import { authorizeProject } from "../policies/projectPolicy";
import type { RealtimeHub } from "../realtime/hub";
import { loadCanvas } from "../services/canvasService";
import { addAgentMessage, addRunReport, listAgentMessages, settlePlan } from "./agentMessageStore";
import { fillBlocks } from "../../domain/agent/fillBlocks";
import type { StudioChoices } from "../../domain/workflowFile/compatibility";
import { blocksForAgent } from "../library/libraryService";
import { answerMetadata, answerOf } from "./plannerAnswer";
import { plannerInput, screenplaysOf, shotListsOf } from "./plannerInput";
import { ruleBasedPlanner, type AgentPlanner } from "./planners";
import { writeOfferedScript } from "./scriptOfferService";

export interface AgentDeps {
  db: Db;
  hub: RealtimeHub;
  /** The planner for this user's request: a configured model, else the rule-based planner. */
  plannerFor?(userId: string): Promise<AgentPlanner>;
  /** What this user can run here, for the missing-model check of a library block the plan inserts. */
  studioChoices?(userId: string): Promise<StudioChoices>;
}

/** Who hears an answer as it is made: opened once the caller may ask, then told the question and the model's text. */
export interface AnswerListener {
  open(): void;
  send(event: "user" | "delta", data: unknown): void;
}

const publish = (hub: RealtimeHub, projectId: string, message: AgentMessage) =>
  hub.publish(projectId, collaborationMessages.agent(message));

/** A project's chat, oldest first, for a caller who may view the project. */
export async function agentChat(db: Db, userId: string, projectId: string): Promise<AgentMessage[]> {
  await authorizeProject(db, userId, projectId, "view");
  return listAgentMessages(db, projectId);
}

/** Stores an editor's question, asks the planner and stores its answer (the plan checked against the canvas). */
export async function askAgent(
  deps: AgentDeps,
  caller: { id: string; name: string },
  projectId: string,
  request: z.output<typeof agentRequestSchema>,
  listener?: AnswerListener,
): Promise<[question: AgentMessage, answer: AgentMessage]> {
  const { db, hub } = deps;
  await authorizeProject(db, caller.id, projectId, "edit");
  listener?.open();
  const question = await addAgentMessage(db, {
    projectId,
    userId: caller.id,
    type: "user",
    content: request.content,
    author: caller.name,
    metadata: { nodeIds: [...new Set([...request.selectedNodeIds, ...request.contextNodeIds])] },
  });
  await publish(hub, projectId, question);
  listener?.send("user", question);

  // What the planner reads, read together.
  const [canvas, planner, scripts, shotLists, blocks] = await Promise.all([
    loadCanvas(db, projectId),
    deps.plannerFor?.(caller.id) ?? ruleBasedPlanner,
    screenplaysOf(db, projectId),
    shotListsOf(db, projectId),
    blocksForAgent(db, caller.id),
  ]);
  const input = plannerInput(
    request,
    canvas,
    scripts,
    shotLists,
    blocks.map(({ summary: b }) => ({ name: b.name, description: b.description, inputs: b.inputs, outputs: b.outputs })),
  );
  // A block the plan names is the asker's own, put into the plan here (the browser has no library to read).
  const planned = await answerOf(planner, input, (delta) => listener?.send("delta", { text: delta }));
  const insertsBlock = planned.plan?.steps.some((s) => s.op === "insert-block");
  const answer = fillBlocks(
    planned,
    blocks.map((b) => ({ name: b.summary.name, subgraph: b.subgraph })),
    insertsBlock ? await deps.studioChoices?.(caller.id) : undefined,
  );
  const metadata = await answerMetadata(db, caller.id, answer, canvas, planner.name);
  const stored = await addAgentMessage(db, { projectId, userId: caller.id, type: "agent", content: answer.reply, metadata });
  await publish(hub, projectId, stored);
  return [question, stored];
}

/** The 'Finished' message of an applied plan's runs (404 when the message is not an applied plan here). */
export async function reportAgentRuns(
  deps: AgentDeps,
  userId: string,
  projectId: string,
  messageId: string,
  report: z.output<typeof runReportSchema>,
): Promise<AgentMessage> {
  await authorizeProject(deps.db, userId, projectId, "edit");
  const message = await addRunReport(deps.db, projectId, messageId, userId, report);
  if (!message) throw notFound("There is no applied plan to report on");
  await publish(deps.hub, projectId, message);
  return message;
}

/** Records what became of an answer's plan (applied, cancelled, failed, then undone). */
export async function settleAgentPlan(
  deps: AgentDeps,
  userId: string,
  projectId: string,
  messageId: string,
  outcome: z.output<typeof planOutcomeSchema>,
): Promise<AgentMessage> {
  await authorizeProject(deps.db, userId, projectId, "edit");
  const message = await settlePlan(deps.db, projectId, messageId, outcome);
  await publish(deps.hub, projectId, message);
  return message;
}

/** "Write into a script": the scene the answer offered becomes a new script, once (published when it is made). */
export async function writeAgentScript(
  deps: AgentDeps,
  userId: string,
  projectId: string,
  messageId: string,
): Promise<{ message: AgentMessage; scriptId: string; created: boolean }> {
  const written = await writeOfferedScript(deps.db, userId, projectId, messageId);
  if (written.created) await publish(deps.hub, projectId, written.message);
  return written;
}
