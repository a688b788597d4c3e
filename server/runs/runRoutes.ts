/**
 * Graph runs over HTTP: `POST /api/projects/:id/runs` plans Run all, Run selected or Run from
 * here (dryRun: the confirmation's list and credits) or starts it; `POST /api/generations/run-from-here`
 * is the same run with scope "downstream", kept for its callers (the agent). `POST …/runs/per-shot` runs a
 * workflow for every shot (a lane each), and `POST …/runs/:runId/cancel` cancels one graph run (one lane).
 * And the user's own queue: `GET /api/queue`, pause, resume, cancel all waiting, and `PATCH /api/runs/:id`
 * (move, run next, retry).
 */
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { runFromHereBodySchema } from "../../domain/generation/api";
import { graphRunBodySchema, perShotRunBodySchema } from "../../domain/runs/api";
import { runIdParamsSchema, runPatchBodySchema } from "../../domain/runs/queue";
import { requireUser } from "../auth/session";
import { parse } from "../validation";
import type { RunDeps } from "./deps";
import type { RunEngine } from "./engine";
import { planGraphRun, startGraphRun } from "./graphRun";
import { cancelGraphRun, planPerShotRun, startPerShotRun } from "./perShotRun";
import { UserQueue } from "./userQueue";

const projectParams = z.object({ id: z.string().min(1).max(100) });
const runParams = projectParams.extend({ runId: z.uuid({ error: "This run was not found" }) });

export function registerGraphRunRoutes<D extends RunDeps>(app: FastifyInstance, engine: RunEngine<D>) {
  app.post("/api/projects/:id/runs", async (request, reply) => {
    const caller = requireUser(request);
    const { id } = parse(projectParams, request.params);
    const body = parse(graphRunBodySchema, request.body ?? {});
    if (body.dryRun) return { success: true, ...(await planGraphRun(engine, caller.id, id, body)).plan };
    return reply.code(202).send({ success: true, ...(await startGraphRun(engine, caller.id, id, body)) });
  });

  // For every shot: the workflow run once per shot, a lane each (perShotRun.ts).
  app.post("/api/projects/:id/runs/per-shot", async (request, reply) => {
    const caller = requireUser(request);
    const { id } = parse(projectParams, request.params);
    const body = parse(perShotRunBodySchema, request.body ?? {});
    if (body.dryRun) return { success: true, ...(await planPerShotRun(engine, caller.id, id, body)).plan };
    return reply.code(202).send({ success: true, ...(await startPerShotRun(engine, caller.id, id, body)) });
  });

  // Cancels one graph run (a shot's lane) and nothing else.
  app.post("/api/projects/:id/runs/:runId/cancel", async (request) => {
    const caller = requireUser(request);
    const { id, runId } = parse(runParams, request.params);
    return { success: true, cancelled: await cancelGraphRun(engine, caller.id, id, runId) };
  });

  app.post("/api/generations/run-from-here", async (request, reply) => {
    const caller = requireUser(request);
    const body = parse(runFromHereBodySchema, request.body ?? {});
    const started = await startGraphRun(engine, caller.id, body.projectId, { scope: "downstream", nodeIds: [body.nodeId] });
    const nodeIds = Object.keys(started.runIds);
    return reply.code(202).send({ success: true, chainId: started.runId, nodeIds });
  });

  const queue = new UserQueue(engine);
  app.get("/api/queue", async (request) => {
    const caller = requireUser(request);
    return { success: true, ...(await queue.list(caller.id)) };
  });
  app.post("/api/queue/pause", async (request) => {
    const caller = requireUser(request);
    await queue.pause(caller.id);
    return { success: true, paused: true };
  });
  app.post("/api/queue/resume", async (request) => {
    const caller = requireUser(request);
    await queue.resume(caller.id);
    return { success: true, paused: false };
  });
  app.post("/api/queue/cancel-waiting", async (request) => {
    const caller = requireUser(request);
    return { success: true, ...(await queue.cancelWaiting(caller.id)) };
  });
  app.patch("/api/runs/:id", async (request) => {
    const caller = requireUser(request);
    const { id } = parse(runIdParamsSchema, request.params);
    const body = parse(runPatchBodySchema, request.body ?? {});
    return { success: true, runId: await queue.patch(caller.id, id, body) };
  });
}
