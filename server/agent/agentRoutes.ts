import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import { agentRequestSchema, planOutcomeSchema, runReportSchema } from "../../domain/agent/messages";
import { projectIdSchema } from "../../domain/projects";
import { requireUser } from "../auth/session";
import type { Db } from "../db/client";
import type { RealtimeHub } from "../realtime/hub";
import { parse } from "../validation";
import { type AgentDeps, agentChat, askAgent, reportAgentRuns, settleAgentPlan, writeAgentScript } from "./agentService";

const projectParams = z.object({ id: projectIdSchema });
const messageParams = z.object({ id: projectIdSchema, messageId: z.uuid({ error: "Message not found" }) });

export type AgentRouteDeps = Pick<AgentDeps, "plannerFor" | "studioChoices">;

/**
 * The agent's chat. Every member reads it; editors ask. An answer carries a plan that the browser applies
 * through the canvas commands as one `agent` undo step, and reports back (outcome). Answers stream as
 * server-sent events when the request accepts them: `user` (the stored question), `delta` (a model's text as
 * it comes), then `agent` (the stored answer).
 */
export function registerAgentRoutes(app: FastifyInstance, db: Db, hub: RealtimeHub, deps: AgentRouteDeps = {}) {
  const agent: AgentDeps = { db, hub, plannerFor: deps.plannerFor, studioChoices: deps.studioChoices };

  app.get("/api/projects/:id/agent/messages", async (request) => {
    const caller = requireUser(request);
    const { id } = parse(projectParams, request.params);
    return { messages: await agentChat(db, caller.id, id) };
  });

  app.post("/api/projects/:id/agent/messages", async (request, reply) => {
    const caller = requireUser(request);
    const { id } = parse(projectParams, request.params);
    const body = parse(agentRequestSchema, request.body ?? {});
    const stream = wantsEvents(request) ? eventStream(reply) : null;
    try {
      const messages = await askAgent(agent, caller, id, body, stream ?? undefined);
      if (!stream) return { messages };
      stream.end("agent", messages[1]);
    } catch (err) {
      // Once the stream is open the reply is ours: a failure ends it with an error event, never a hang.
      if (!stream?.isOpen) throw err;
      request.log.error(err);
      stream.end("error", { error: "The agent could not answer. Please try again." });
    }
  });

  app.post("/api/projects/:id/agent/messages/:messageId/report", async (request) => {
    const caller = requireUser(request);
    const { id, messageId } = parse(messageParams, request.params);
    const report = parse(runReportSchema, request.body ?? {});
    return { message: await reportAgentRuns(agent, caller.id, id, messageId, report) };
  });

  app.post("/api/projects/:id/agent/messages/:messageId/outcome", async (request) => {
    const caller = requireUser(request);
    const { id, messageId } = parse(messageParams, request.params);
    const outcome = parse(planOutcomeSchema, request.body ?? {});
    return { message: await settleAgentPlan(agent, caller.id, id, messageId, outcome) };
  });

  app.post("/api/projects/:id/agent/messages/:messageId/write-script", async (request, reply) => {
    const caller = requireUser(request);
    const { id, messageId } = parse(messageParams, request.params);
    const written = await writeAgentScript(agent, caller.id, id, messageId);
    reply.status(written.created ? 201 : 200);
    return { message: written.message, scriptId: written.scriptId };
  });
}

const wantsEvents = (request: FastifyRequest) => String(request.headers.accept ?? "").includes("text/event-stream");

/**
 * A server-sent event stream on the reply, opened when the service says the caller may ask (a refusal before
 * that is an ordinary error reply); the route then answers through it instead of returning a body.
 */
function eventStream(reply: FastifyReply) {
  let isOpen = false;
  const send = (event: string, data: unknown) => {
    if (!reply.raw.destroyed && !reply.raw.writableEnded) reply.raw.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  };
  return {
    get isOpen() {
      return isOpen;
    },
    open() {
      isOpen = true;
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
    },
    send,
    end(event: string, data: unknown) {
      send(event, data);
      if (!reply.raw.destroyed) reply.raw.end();
    },
  };
}
