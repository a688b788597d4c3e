import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { ANIMATIC_MESSAGES, animaticRequestSchema } from "../../domain/animatic/api";
import { SHOT_LIST_MESSAGES } from "../../domain/shotlists/messages";
import { requireUser } from "../auth/session";
import { parse } from "../validation";
import type { AnimaticStartDeps } from "./animaticRun";
import { animaticJob, estimateAnimatic, requestAnimatic } from "./animaticService";

const listParams = z.object({ id: z.uuid({ error: SHOT_LIST_MESSAGES.notFound }) });
const jobParams = z.object({ jobId: z.uuid({ error: ANIMATIC_MESSAGES.notFound }) });

/** Make animatic: start a render of a shot list or one of its scenes, estimate it, and follow it. */
export function registerAnimaticRoutes(app: FastifyInstance, deps: AnimaticStartDeps) {
  app.post("/api/shot-lists/:id/animatic", async (request, reply) => {
    const caller = requireUser(request);
    const { id } = parse(listParams, request.params);
    const body = parse(animaticRequestSchema, request.body ?? {});
    const job = await requestAnimatic(deps, caller.id, id, body);
    reply.status(202);
    return job;
  });

  app.post("/api/shot-lists/:id/animatic/estimate", async (request) => {
    const caller = requireUser(request);
    const { id } = parse(listParams, request.params);
    return estimateAnimatic(deps, caller.id, id, parse(animaticRequestSchema, request.body ?? {}));
  });

  app.get("/api/animatics/:jobId", async (request) => {
    const caller = requireUser(request);
    const { jobId } = parse(jobParams, request.params);
    return animaticJob(deps.db, caller.id, jobId);
  });
}
