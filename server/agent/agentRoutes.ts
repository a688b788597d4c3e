import { collaborationMessages } from "../../domain/realtime";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { agentNodeView } from "../../domain/agent/canvasView";
import { compilePlan } from "../../domain/agent/compilePlan";
import { agentRequestSchema, planOutcomeSchema, runReportSchema, type AgentMessage } from "../../domain/agent/messages";
import { agentPlanSchema } from "../../domain/agent/plan";
import type { PlannerAnswer, PlannerInput } from "../../domain/agent/planner";
import { scriptView } from "../../domain/agent/scriptView";
import { shotListView } from "../../domain/agent/shotListView";
import { normalizeShotListDocument } from "../../domain/shotlists/normalize";
import { projectIdSchema } from "../../domain/projects";
import type { ScreenplayElement } from "../../domain/screenplay/elements";
import { requireUser } from "../auth/session";
import type { Db } from "../db/client";
import { scripts, shotLists } from "../db/schema";
import { parse } from "../validation";
import { authorizeProject } from "../policies/projectPolicy";
import type { RealtimeHub } from "../realtime/hub";
import { loadCanvas } from "../services/canvasService";
import { creditBalance } from "../services/creditLedger";
import { addAgentMessage, addRunReport, listAgentMessages, settlePlan } from "./agentService";
import { notFound } from "../errors";
import { ruleBasedPlanner, type AgentPlanner } from "./planners";
import { writeOfferedScript } from "./scriptOfferService";

const projectParams = z.object({ id: projectIdSchema });
const messageParams = z.object({ id: projectIdSchema, messageId: z.uuid({ error: "Message not found" }) });

/** A planner that has not answered in this long is given up on (the chat says so): 8 turns of a local model fit. */
const PLANNER_TIME_LIMIT_MS = 300_000;

export interface AgentRouteDeps {
  /** The planner for this user's request: a configured model, else the rule-based planner. */
  plannerFor?(userId: string): Promise<AgentPlanner>;
}

/**
 * The agent's chat (issue 12). Every member reads it; editors ask. An answer carries a plan that the browser
 * applies through the canvas commands as one `agent` undo step, and reports back (outcome). Answers stream
 * as server-sent events when the request accepts them: `user` (the stored question), `delta` (a model's
 * text as it comes), then `agent` (the stored answer).
 */
export function registerAgentRoutes(app: FastifyInstance, db: Db, hub: RealtimeHub, deps: AgentRouteDeps = {}) {
  const publish = (projectId: string, message: AgentMessage) => hub.publish(projectId, collaborationMessages.agent(message));

  app.get("/api/projects/:id/agent/messages", async (request) => {
    const caller = requireUser(request);
    const { id } = parse(projectParams, request.params);
    await authorizeProject(db, caller.id, id, "view");
    return { messages: await listAgentMessages(db, id) };
  });

  app.post("/api/projects/:id/agent/messages", async (request, reply) => {
    const caller = requireUser(request);
    const { id } = parse(projectParams, request.params);
    const body = parse(agentRequestSchema, request.body ?? {});
    await authorizeProject(db, caller.id, id, "edit");
    const stream = wantsEvents(request) ? openEvents(reply) : null;

    try {
      const question = await addAgentMessage(db, {
        projectId: id,
        userId: caller.id,
        type: "user",
        content: body.content,
        author: caller.name,
        metadata: { nodeIds: [...new Set([...body.selectedNodeIds, ...body.contextNodeIds])] },
      });
      await publish(id, question);
      stream?.send("user", question);

      // What the planner reads, read together.
      const [canvas, planner, scripts, shotLists] = await Promise.all([
        loadCanvas(db, id),
        deps.plannerFor?.(caller.id) ?? ruleBasedPlanner,
        screenplaysOf(db, id),
        shotListsOf(db, id),
      ]);
      const onCanvas = new Set(canvas.nodes.map((n) => n.id));
      const input: PlannerInput = {
        request: body.content,
        canvas: { nodes: canvas.nodes.map(agentNodeView), edges: canvas.edges.map((e) => ({ source: e.source, target: e.target })) },
        selection: body.selectedNodeIds.filter((n) => onCanvas.has(n)),
        context: body.contextNodeIds.filter((n) => onCanvas.has(n)),
        scripts,
        shotLists,
      };
      const answer = await answerOf(planner, input, (delta) => stream?.send("delta", { text: delta }));
      const metadata = await answerMetadata(db, caller.id, answer, canvas, planner.name);
      const stored = await addAgentMessage(db, { projectId: id, userId: caller.id, type: "agent", content: answer.reply, metadata });
      await publish(id, stored);
      if (stream) return stream.end("agent", stored);
      return { messages: [question, stored] };
    } catch (err) {
      // Once the stream is open the reply is ours: a failure ends it with an error event, never a hang.
      if (!stream) throw err;
      request.log.error(err);
      stream.end("error", { error: "The agent could not answer. Please try again." });
    }
  });

  app.post("/api/projects/:id/agent/messages/:messageId/report", async (request) => {
    const caller = requireUser(request);
    const { id, messageId } = parse(messageParams, request.params);
    const report = parse(runReportSchema, request.body ?? {});
    await authorizeProject(db, caller.id, id, "edit");
    const message = await addRunReport(db, id, messageId, caller.id, report);
    if (!message) throw notFound("There is no applied plan to report on");
    await publish(id, message);
    return { message };
  });

  app.post("/api/projects/:id/agent/messages/:messageId/outcome", async (request) => {
    const caller = requireUser(request);
    const { id, messageId } = parse(messageParams, request.params);
    const outcome = parse(planOutcomeSchema, request.body ?? {});
    await authorizeProject(db, caller.id, id, "edit");
    const message = await settlePlan(db, id, messageId, outcome);
    await publish(id, message);
    return { message };
  });

  app.post("/api/projects/:id/agent/messages/:messageId/write-script", async (request, reply) => {
    const caller = requireUser(request);
    const { id, messageId } = parse(messageParams, request.params);
    const written = await writeOfferedScript(db, caller.id, id, messageId);
    if (written.created) await publish(id, written.message);
    reply.status(written.created ? 201 : 200);
    return { message: written.message, scriptId: written.scriptId };
  });
}

/** The planner's answer, or what went wrong as the answer (shown red in the chat); never a thrown 500. */
async function answerOf(
  planner: AgentPlanner,
  input: PlannerInput,
  onText: (delta: string) => void,
): Promise<PlannerAnswer & { error?: string }> {
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
async function answerMetadata(
  db: Db,
  userId: string,
  answer: PlannerAnswer & { error?: string },
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

/** The project's screenplays, as the agent reads them. */
async function screenplaysOf(db: Db, projectId: string) {
  const rows = await db
    .select({ id: scripts.id, name: scripts.name, elements: scripts.elements })
    .from(scripts)
    .where(and(eq(scripts.projectId, projectId), eq(scripts.fileType, "screenplay")));
  return rows.map((r) => scriptView(r.id, r.name, r.elements as ScreenplayElement[]));
}

/** The project's shot lists, as the agent reads them. */
async function shotListsOf(db: Db, projectId: string) {
  const rows = await db
    .select({ id: shotLists.id, name: shotLists.name, scenes: shotLists.scenes })
    .from(shotLists)
    .where(eq(shotLists.projectId, projectId));
  return rows.map((r) => shotListView(r.id, r.name, normalizeShotListDocument({ scenes: r.scenes }).scenes));
}

const wantsEvents = (request: FastifyRequest) => String(request.headers.accept ?? "").includes("text/event-stream");

/** A server-sent event stream on the reply (the route answers through it instead of returning a body). */
function openEvents(reply: FastifyReply) {
  reply.hijack();
  reply.raw.writeHead(200, {
    "content-type": "text/event-stream; charset=utf-8",
    "cache-control": "no-cache",
    "x-content-type-options": "nosniff",
    connection: "keep-alive",
  });
  // A browser that goes away mid-answer must not take the process with it: the answer is still stored and
  // published, so its other tabs and the other members see it.
  reply.raw.on("error", () => {});
  const send = (event: string, data: unknown) => {
    if (!reply.raw.destroyed && !reply.raw.writableEnded) reply.raw.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  };
  return {
    send,
    end(event: string, data: unknown) {
      send(event, data);
      if (!reply.raw.destroyed) reply.raw.end();
    },
  };
}
